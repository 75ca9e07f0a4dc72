package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * A list column whose single page holds far more level entries than the reader decodes at once,
 * read whole, in small batches and with rows skipped: the values are those written (a seeded
 * random table; the seed is in the test name).
 */
class LargeRepeatedPageTest {
  private static final int ROWS = 40_000;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @ParameterizedTest(name = "seed {0}, batches of {1}, rows {2}")
  @CsvSource(delimiter = ';', value = {
      "1; 100000; 0 40000",
      "2; 997; 0 40000",
      "3; 5000; 3 9 20000 20001 39990 40000",
      "4; 64; 17000 17100 30000 35000"})
  void readsWhatWasWritten(long seed, int batchSize, String bounds) throws Exception {
    Path file = dir.resolve("lists.parquet");
    Field element = new Field("element", FieldType.nullable(new ArrowType.Int(64, true)), null);
    Schema schema = new Schema(List.of(new Field("xs", FieldType.nullable(new ArrowType.List()), List.of(element))));
    String[] parts = bounds.split(" ");
    long[] pairs = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      pairs[i] = Long.parseLong(parts[i]);
    }
    RowSelection rows = RowSelection.fromRanges(pairs);
    List<VectorSchemaRoot> expected = new ArrayList<>();
    List<VectorSchemaRoot> actual = new ArrayList<>();
    try (VectorSchemaRoot written = VectorSchemaRoot.create(schema, memory.allocator())) {
      fill((ListVector) written.getVector(0), new Random(seed));
      written.setRowCount(ROWS);
      WriterProperties one = WriterProperties.builder()
          .dataPageSize(64 << 20).dataPageRowLimit(1 << 20).rowGroupRows(1 << 20).build();
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, one)) {
        w.write(written);
      }
      for (int i = 0; i < rows.rangeCount(); i++) {
        expected.add(written.slice((int) rows.rangeStart(i), (int) (rows.rangeEnd(i) - rows.rangeStart(i))));
      }
      try (ParquetFileReader reader = ParquetFileReader.open(file,
          ReadOptions.builder(memory.allocator()).batchSize(batchSize).rowSelection(0, rows).build())) {
        assertEquals(1, reader.metadata().rowGroups().size());
        var chunk = reader.metadata().rowGroups().get(0).columns().get(0).metaData();
        assertTrue(chunk.numValues() > 65_536, "more level entries than one decoding window");
        assertTrue(chunk.encodingStats() == null
                || chunk.encodingStats().stream().mapToInt(e -> e.count()).sum() <= 2,
            "one data page (and perhaps a dictionary page)");
        for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
          actual.add(b);
        }
        Comparison c = ArrowAssertions.compareData(
            Batches.of(schema, expected, new DictionaryProvider.MapDictionaryProvider()),
            Batches.of(reader.arrowSchema(), actual, new DictionaryProvider.MapDictionaryProvider()),
            CompareOptions.strict());
        assertTrue(c.same(), c::describe);
      }
    } finally {
      expected.forEach(VectorSchemaRoot::close);
      actual.forEach(VectorSchemaRoot::close);
    }
  }

  /** Null lists, empty lists and lists of up to 8 elements, some null: about 4 entries a row. */
  private static void fill(ListVector lists, Random random) {
    lists.allocateNew();
    BigIntVector values = (BigIntVector) lists.addOrGetVector(
        FieldType.nullable(new ArrowType.Int(64, true))).getVector();
    int next = 0;
    for (int row = 0; row < ROWS; row++) {
      int kind = random.nextInt(10);
      if (kind == 0) {
        lists.setNull(row);
        continue;
      }
      lists.startNewValue(row);
      int n = kind == 1 ? 0 : random.nextInt(9);
      for (int j = 0; j < n; j++) {
        if (random.nextInt(7) == 0) {
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
}
