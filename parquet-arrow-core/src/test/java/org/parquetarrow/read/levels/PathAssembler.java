package org.parquetarrow.read.levels;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.encoding.BinaryOutput.OffsetWidth;
import org.parquetarrow.read.levels.LevelInfo.Kind;

/**
 * Test fixture: checks one batch of a leaf column's levels and builds the Arrow structure of every
 * node on its path into new buffers, calling {@link NestedLevels} (or {@link DefinitionLevels} for
 * a flat path) once per node, as the reader's assembly tree does, so that the level tests can state
 * each node's expected validity and offsets.
 *
 * <pre>{@code
 * LevelPath path = LevelPath.builder().struct(true).list(true).leaf(true);
 * try (AssembledPath a = PathAssembler.assemble(allocator, path, def, rep, 0, n, OffsetWidth.INT32)) {
 *   AssembledNode list = a.node(1);     // list.offsets(), list.validity(), list.slotCount()
 *   int values = a.leafValueCount();    // dense values to decode for the leaf
 * }
 * }</pre>
 */
final class PathAssembler {
  private PathAssembler() {}

  /**
   * Builds every node of {@code path} from level entries {@code [from, from + n)}, which must be
   * whole records.
   *
   * @param rep repetition levels; may be {@code null} for a flat path
   * @param listOffsets the offset width of every list node (large lists take {@code INT64})
   * @throws CorruptFileException if the levels fail {@link LevelPath#check}
   */
  static AssembledPath assemble(BufferAllocator allocator, LevelPath path, int[] def,
      int[] rep, int from, int n, OffsetWidth listOffsets) {
    Objects.requireNonNull(allocator, "allocator");
    Objects.requireNonNull(listOffsets, "listOffsets");
    path.check(def, rep, from, n);
    boolean flat = path.maxRepLevel() == 0;
    List<AssembledNode> nodes = new ArrayList<>(path.size());
    List<ArrowBuf> owned = new ArrayList<>();
    try {
      for (LevelInfo node : path.nodes()) {
        int slots = flat ? n : NestedLevels.countSlots(def, rep, from, n, node);
        ArrowBuf validity = zeroed(allocator, (slots + 7L) >>> 3, owned);
        SlotCounts counts;
        ArrowBuf offsets = null;
        if (flat) {
          int valid =
              DefinitionLevels.toValidity(def, from, n, node.validDefLevel(), validity, 0);
          counts = new SlotCounts(n, n - valid, 0);
        } else if (node.kind() == Kind.LIST) {
          int entryBytes = listOffsets == OffsetWidth.INT64 ? 8 : 4;
          offsets = zeroed(allocator, (slots + 1L) * entryBytes, owned);
          counts = NestedLevels.listOffsets(def, rep, from, n, node, offsets, 0, listOffsets,
              validity, 0);
        } else {
          // below the last list no entry continues a list, so the repetition levels add nothing
          int[] r = node.repLevel() == path.maxRepLevel() ? null : rep;
          counts = NestedLevels.slots(def, r, from, n, node, validity, 0);
        }
        nodes.add(new AssembledNode(node, counts, validity, offsets));
      }
    } catch (RuntimeException | Error e) {
      owned.forEach(ArrowBuf::close);
      throw e;
    }
    return new AssembledPath(path, nodes);
  }

  private static ArrowBuf zeroed(BufferAllocator allocator, long bytes, List<ArrowBuf> owned) {
    ArrowBuf buf = allocator.buffer(Math.max(bytes, 1));
    owned.add(buf);
    buf.setZero(0, buf.capacity());
    return buf;
  }
}
