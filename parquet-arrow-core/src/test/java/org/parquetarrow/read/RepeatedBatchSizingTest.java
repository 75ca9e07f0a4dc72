package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.AllocationListener;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.parquetarrow.ParquetException;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * A repeated leaf's batch buffers (its level arrays, the bitmap of its dense values and the sink's
 * value buffers) are sized from the entries per record of the batch before, and grown at most to
 * the batch's projection when a batch holds more: these tests read lists whose lengths jump up and
 * down between batches (every projection too small, then too large), across pages, row groups and
 * a parallel read's lanes, with every batch kept until the end, and compare with the table written
 * (a seeded generator's values, not the reader's); and they count a steady batch's allocations.
 */
class RepeatedBatchSizingTest {
  private static final int ROWS = 30_000;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @ParameterizedTest(name = "seed {0}, batches of {1}, {2} thread(s)")
  @CsvSource({
      "1, 1000, 1",
      "2, 4096, 1",
      "3, 777, 2",
      "4, 4096, 3",
      "5, 65536, 1"})
  void listsWhoseLengthsJumpBetweenBatchesReadAsWritten(long seed, int batchSize, int threads) throws Exception {
    Path file = dir.resolve("lists.parquet");
    Field element = new Field("element", FieldType.nullable(new ArrowType.Int(64, true)), null);
    Schema schema = new Schema(List.of(new Field("xs", FieldType.nullable(new ArrowType.List()), List.of(element))));
    List<VectorSchemaRoot> actual = new ArrayList<>();
    try (VectorSchemaRoot written = VectorSchemaRoot.create(schema, memory.allocator())) {
      fill((ListVector) written.getVector(0), new Random(seed));
      written.setRowCount(ROWS);
      // pages of a few thousand entries, three row groups: batches span page and row group ends
      WriterProperties small = WriterProperties.builder()
          .dataPageSize(16 << 10).rowGroupRows(11_000).build();
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, small)) {
        w.write(written);
      }
      try (ParquetFileReader reader = ParquetFileReader.open(file,
          ReadOptions.builder(memory.allocator()).batchSize(batchSize).parallelism(threads).build())) {
        assertTrue(reader.metadata().rowGroups().size() >= 3);
        // every batch stays alive to the end: a buffer reused or grown while a batch handed out
        // still refers to it would show as changed values here
        for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
          actual.add(b);
        }
      }
      Comparison c = ArrowAssertions.compareData(
          Batches.of(schema, List.of(written), new DictionaryProvider.MapDictionaryProvider()),
          Batches.of(schema, actual, new DictionaryProvider.MapDictionaryProvider()),
          CompareOptions.strict());
      assertTrue(c.same(), c::describe);
    } finally {
      actual.forEach(VectorSchemaRoot::close);
    }
  }

  /**
   * Lists in three stretches of rows: short (0–2 elements), long (20–60), short again (0–1), with
   * null lists, empty lists and null elements throughout; the stretches change inside batches and
   * pages.
   */
  private static void fill(ListVector lists, Random random) {
    lists.allocateNew();
    BigIntVector values = (BigIntVector) lists.addOrGetVector(
        FieldType.nullable(new ArrowType.Int(64, true))).getVector();
    int next = 0;
    for (int row = 0; row < ROWS; row++) {
      if (random.nextInt(11) == 0) {
        lists.setNull(row);
        continue;
      }
      lists.startNewValue(row);
      int n;
      if (row < 9_500) {
        n = random.nextInt(3);
      } else if (row < 21_300) {
        n = 20 + random.nextInt(41);
      } else {
        n = random.nextInt(2);
      }
      for (int j = 0; j < n; j++) {
        if (random.nextInt(9) == 0) {
          values.setNull(next);
        } else {
          values.setSafe(next, random.nextLong());
        }
        next++;
      }
      lists.endValue(row, n);
    }
    values.setValueCount(next);
    lists.setValueCount(ROWS);
  }

  /**
   * Once a batch has shown how many entries a record holds, the next batches' buffers are taken
   * once at their size: reading lists of six elements allocates, batch for batch, exactly as
   * many buffers as reading lists of one element (whose values fit the rows-sized buffers anyway).
   * Growing by doubling instead takes a new value buffer and bitmap at each doubling.
   */
  @Test
  void aSteadyBatchOfLongerListsAllocatesAsManyBuffersAsOneOfSingleElements() throws Exception {
    int[] one = steadyBatchAllocations(1);
    int[] six = steadyBatchAllocations(6);
    assertEquals(one.length, six.length);
    for (int i = 0; i < one.length; i++) {
      assertTrue(one[i] > 0);
      assertEquals(one[i], six[i], "allocations of steady batch " + (i + 2));
    }
  }

  /** The allocations of each batch after the first two, reading non-null lists of {@code length} ints. */
  private int[] steadyBatchAllocations(int length) throws Exception {
    int rows = 20_000;
    int batch = 2_000;
    Path file = dir.resolve("lists-of-" + length + ".parquet");
    Field element = new Field("element", FieldType.notNullable(new ArrowType.Int(32, true)), null);
    Schema schema = new Schema(List.of(new Field("xs", FieldType.notNullable(new ArrowType.List()), List.of(element))));
    try (VectorSchemaRoot written = VectorSchemaRoot.create(schema, memory.allocator())) {
      ListVector lists = (ListVector) written.getVector(0);
      lists.allocateNew();
      IntVector values = (IntVector) lists.getDataVector();
      int next = 0;
      for (int row = 0; row < rows; row++) {
        lists.startNewValue(row);
        for (int j = 0; j < length; j++) {
          values.setSafe(next, next);
          next++;
        }
        lists.endValue(row, length);
      }
      values.setValueCount(next);
      lists.setValueCount(rows);
      written.setRowCount(rows);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.builder().build())) {
        w.write(written);
      }
    }
    AtomicInteger allocations = new AtomicInteger();
    AllocationListener counting = new AllocationListener() {
      @Override
      public void onAllocation(long size) {
        allocations.incrementAndGet();
      }
    };
    List<Integer> counts = new ArrayList<>();
    try (BufferAllocator scan = memory.allocator().newChildAllocator("scan", counting, 0, Long.MAX_VALUE);
        ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.builder(scan).batchSize(batch).build())) {
      int expectedValue = 0;
      for (int b = 0; ; b++) {
        allocations.set(0);
        VectorSchemaRoot root = reader.readNextBatch();
        int allocated = allocations.get();
        if (root == null) {
          break;
        }
        try (root) {
          ListVector got = (ListVector) root.getVector(0);
          IntVector gotValues = (IntVector) got.getDataVector();
          assertEquals(batch * length, gotValues.getValueCount());
          for (int i = 0; i < gotValues.getValueCount(); i++) {
            assertEquals(expectedValue++, gotValues.get(i));
          }
        }
        if (b >= 2) {
          counts.add(allocated);
        }
      }
      assertEquals(rows * length, expectedValue);
    }
    return counts.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * A batch that outgrows its projection (short lists, then long ones) grows its buffers in one
   * step; when the caller's allocator refuses that, the read fails with the library's exception
   * naming the column, and nothing stays allocated.
   */
  @Test
  void aRefusedGrowthOfABatchFailsTypedAndLeavesNothing() throws Exception {
    Path file = dir.resolve("lists.parquet");
    Field element = new Field("element", FieldType.nullable(new ArrowType.Int(64, true)), null);
    Schema schema = new Schema(List.of(new Field("xs", FieldType.nullable(new ArrowType.List()), List.of(element))));
    try (VectorSchemaRoot written = VectorSchemaRoot.create(schema, memory.allocator())) {
      fill((ListVector) written.getVector(0), new Random(7));
      written.setRowCount(ROWS);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.builder().build())) {
        w.write(written);
      }
    }
    // room for the first batches of short lists, not for those of the long ones
    try (BufferAllocator tight = memory.allocator().newChildAllocator("tight", 0, 400_000)) {
      try (ParquetFileReader reader = ParquetFileReader.open(file,
          ReadOptions.builder(tight).batchSize(4_000).build())) {
        VectorSchemaRoot first = reader.readNextBatch();
        assertNotNull(first);
        first.close();
        ParquetException e = assertThrows(ParquetException.class, () -> {
          for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
            b.close();
          }
        });
        assertTrue(e.getMessage().contains("xs"), e::getMessage);
        // the growth of the dense values' bitmap or of the sink's values, not a batch's first buffers
        assertTrue(e.getMessage().contains("of values"), e::getMessage);
      }
      assertEquals(0, tight.getAllocatedMemory());
    }
  }
}
