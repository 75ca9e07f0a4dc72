package org.parquetarrow.read.levels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.encoding.BinaryOutput.OffsetWidth;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/** Impossible level sequences raise CorruptFileException; nothing else escapes or is overrun. */
class MalformedLevelsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** list(true) > list(true) > leaf(true): max def 5, element def levels 2 (outer), 4 (inner). */
  private static final LevelPath NESTED = LevelPath.builder().list(true).list(true).leaf(true);

  @Test
  void recordStartingWithRepetition() {
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> NESTED.check(new int[] {5, 5}, new int[] {1, 0}, 0, 2));
    assertTrue(e.getMessage().contains("must be 0 but got 1"), e.getMessage());
    // also when the batch starts in the middle of an array
    assertThrows(CorruptFileException.class,
        () -> NESTED.check(new int[] {5, 5, 5}, new int[] {0, 2, 0}, 1, 2));
  }

  @Test
  void levelsAboveTheMaximumOrNegative() {
    assertThrows(CorruptFileException.class,
        () -> NESTED.check(new int[] {5, 6}, new int[] {0, 0}, 0, 2));
    assertThrows(CorruptFileException.class,
        () -> NESTED.check(new int[] {5, 5}, new int[] {0, 3}, 0, 2));
    assertThrows(CorruptFileException.class,
        () -> NESTED.check(new int[] {5, -1}, new int[] {0, 0}, 0, 2));
    assertThrows(CorruptFileException.class,
        () -> NESTED.check(new int[] {5, 5}, new int[] {0, -2}, 0, 2));
    LevelPath flat = LevelPath.builder().struct(true).leaf(true);
    assertThrows(CorruptFileException.class, () -> flat.check(new int[] {0, 3}, null, 0, 2));
  }

  @Test
  void repetitionIntoAListThatWasNotOpened() {
    // the outer list is empty (def 1), then an entry claims a second inner element
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> NESTED.check(new int[] {1, 5}, new int[] {0, 2}, 0, 2));
    assertTrue(e.getMessage().contains("level entry 1"), e.getMessage());
    // the inner list is null (def 2), then its "next element"
    assertThrows(CorruptFileException.class,
        () -> NESTED.check(new int[] {2, 5}, new int[] {0, 2}, 0, 2));
    // the outer list is null (def 0), then its "next element"
    assertThrows(CorruptFileException.class,
        () -> NESTED.check(new int[] {0, 3}, new int[] {0, 1}, 0, 2));
    // an entry that adds an element to the outer list while saying that list is empty
    assertThrows(CorruptFileException.class,
        () -> NESTED.check(new int[] {5, 1}, new int[] {0, 1}, 0, 2));
    // and the sound version of each passes
    NESTED.check(new int[] {4, 5, 2, 3}, new int[] {0, 2, 1, 1}, 0, 4);
  }

  @Test
  void assemblerChecksBeforeAllocating() {
    assertThrows(CorruptFileException.class, () -> PathAssembler.assemble(memory.allocator(),
        NESTED, new int[] {1, 5}, new int[] {0, 2}, 0, 2, OffsetWidth.INT32));
    assertEquals(0, memory.allocator().getAllocatedMemory());
  }

  /**
   * bad_data/ARROW-GH-45185.parquet (parquet-cpp-arrow 19.0.0-SNAPSHOT): a required LIST<INT32>
   * whose repetition levels begin with 1.
   */
  @Test
  void corpusFileWhoseFirstRecordStartsWithRepetition() {
    Path file = TestData.parquetTesting().resolve("bad_data/ARROW-GH-45185.parquet");
    byte[] bytes = CorpusLevels.read(file);
    FileMetaData meta = CorpusLevels.footer(bytes);
    CorpusLevels.Leaf leaf = CorpusLevels.leaves(meta).get(0);
    assertEquals(1, leaf.maxDef());
    assertEquals(1, leaf.maxRep());
    CorpusLevels.Levels levels =
        CorpusLevels.levels(bytes, meta.rowGroups().get(0).columns().get(0).metaData(), leaf);
    assertEquals(1, levels.rep()[0]);
    LevelPath path = LevelPath.builder().list(false).leaf(false);
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> path.check(levels.def(), levels.rep(), 0, levels.count()));
    assertTrue(e.getMessage().contains("must be 0 but got 1"), e.getMessage());
    assertThrows(CorruptFileException.class, () -> PathAssembler.assemble(memory.allocator(), path,
        levels.def(), levels.rep(), 0, levels.count(), OffsetWidth.INT32));
    RecordSplitter split = new RecordSplitter();
    split.startBatch(5);
    assertThrows(CorruptFileException.class, () -> split.take(levels.rep(), 0, levels.count()));
  }

  /**
   * Random garbage, in and out of range: the checker raises CorruptFileException or accepts, the
   * per-node functions (which do not check) stay within buffers sized for n slots.
   */
  @Test
  void garbageLevelsNeverEscapeTheirBuffers() {
    Random random = new Random(45185);
    List<LevelPath> paths = List.of(NESTED,
        LevelPath.builder().struct(true).list(false).struct(true).leaf(true),
        LevelPath.builder().map(true).leaf(true));
    for (int round = 0; round < 2000; round++) {
      LevelPath path = paths.get(round % paths.size());
      int n = random.nextInt(200);
      int[] def = new int[n];
      int[] rep = new int[n];
      for (int i = 0; i < n; i++) {
        def[i] = random.nextInt(10) == 0 ? random.nextInt() : random.nextInt(path.maxDefLevel() + 2);
        rep[i] = random.nextInt(10) == 0 ? random.nextInt() : random.nextInt(path.maxRepLevel() + 2);
      }
      try (AssembledPath a = PathAssembler.assemble(memory.allocator(), path, def, rep, 0, n,
          OffsetWidth.INT32)) {
        assertTrue(a.leaf().slotCount() <= n);
      } catch (CorruptFileException expected) {
        // the usual outcome
      }
      ArrowBuf offsets = Buffers.zeroed(memory.allocator(), 4L * (n + 1));
      ArrowBuf bits = Buffers.zeroed(memory.allocator(), (n + 7) / 8);
      try (offsets; bits) {
        for (LevelInfo node : path.nodes()) {
          SlotCounts c = node.kind() == LevelInfo.Kind.LIST
              ? NestedLevels.listOffsets(def, rep, 0, n, node, offsets, 0, OffsetWidth.INT32, bits, 0)
              : NestedLevels.slots(def, rep, 0, n, node, bits, 0);
          assertTrue(c.slotCount() <= n && c.elementCount() <= n && c.nullCount() >= 0);
        }
      }
    }
  }
}
