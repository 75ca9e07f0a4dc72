package org.parquetarrow.read.levels;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Test fixture: the Arrow structure of every node of a {@link LevelPath} for one batch of records, made by
 * {@link PathAssembler}. Owns one reference to each buffer until {@link #close()}.
 *
 * <pre>{@code
 * try (AssembledPath a = PathAssembler.assemble(allocator, path, def, rep, 0, n, OffsetWidth.INT32)) {
 *   AssembledNode leaf = a.leaf();
 *   leaf.validity().getReferenceManager().retain();   // keep it past close() for a vector
 * }
 * }</pre>
 */
final class AssembledPath implements AutoCloseable {
  private final LevelPath path;
  private final List<AssembledNode> nodes;
  private boolean closed;

  AssembledPath(LevelPath path, List<AssembledNode> nodes) {
    this.path = path;
    this.nodes = List.copyOf(nodes);
  }

  public LevelPath path() {
    return path;
  }

  /** The nodes, outermost first, matching {@link LevelPath#nodes()}. */
  public List<AssembledNode> nodes() {
    return nodes;
  }

  public AssembledNode node(int index) {
    return nodes.get(index);
  }

  public AssembledNode leaf() {
    return nodes.get(nodes.size() - 1);
  }

  /** The number of non-null leaf values: how many dense values the value decoder must supply. */
  public int leafValueCount() {
    return leaf().counts().validCount();
  }

  /** Releases this object's reference to every buffer. Idempotent. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (AssembledNode n : nodes) {
      release(n.validity());
      release(n.offsets());
    }
  }

  private static void release(ArrowBuf buf) {
    if (buf != null) {
      buf.close();
    }
  }
}
