package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.Goldens;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/**
 * Row selections read exactly the selected rows of the Arrow C++ golden, skipping rows inside
 * pages (flat and repeated columns) and, with an offset index, whole pages without decompressing
 * them.
 */
class RowSelectionReadTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @ParameterizedTest(name = "{0} rows {1} in batches of {2}")
  @CsvSource(delimiter = ';', value = {
      "data/alltypes_tiny_pages.parquet; 0 1; 100",
      "data/alltypes_tiny_pages.parquet; 5 17 3000 3003 7299 7300; 4",
      "data/alltypes_tiny_pages_plain.parquet; 1000 2500 6000 6001; 700",
      "data/alltypes_tiny_pages.parquet; 0 7300; 1000",
      "data/nested_lists.snappy.parquet; 1 2; 5",
      "data/nullable.impala.parquet; 1 3 5 7; 1",
      "data/nested_maps.snappy.parquet; 2 5; 2",
      "data/nonnullable.impala.parquet; 0 0; 10",
      "data/delta_binary_packed.parquet; 3 9 100 180; 50",
      "data/rle_boolean_encoding.parquet; 10 30 31 40; 8"})
  void readsTheSelectedRowsOfTheGolden(String name, String bounds, int batchSize) throws Exception {
    Path path = TestData.parquetTesting().resolve(name);
    String[] parts = bounds.trim().split(" ");
    long[] pairs = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      pairs[i] = Long.parseLong(parts[i]);
    }
    RowSelection rows = RowSelection.fromRanges(pairs);
    List<VectorSchemaRoot> expected = new ArrayList<>();
    List<VectorSchemaRoot> actual = new ArrayList<>();
    try (ArrowFileReader golden = Goldens.of(path).open(memory.allocator());
        ParquetFileReader reader = ParquetFileReader.open(path,
            ReadOptions.builder(memory.allocator()).batchSize(batchSize).rowSelection(0, rows).build())) {
      assertEquals(1, reader.metadata().rowGroups().size(), "one row group: the selection is its rows");
      long at = 0;
      while (golden.loadNextBatch()) {
        VectorSchemaRoot g = golden.getVectorSchemaRoot();
        for (int i = 0; i < rows.rangeCount(); i++) {
          long from = Math.max(at, rows.rangeStart(i));
          long to = Math.min(at + g.getRowCount(), rows.rangeEnd(i));
          if (from < to) {
            expected.add(g.slice((int) (from - at), (int) (to - from)));
          }
        }
        at += g.getRowCount();
      }
      long total = 0;
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        actual.add(b);
        total += b.getRowCount();
      }
      assertEquals(Math.min(rows.rowCount(), at), total);
      Comparison c = ArrowAssertions.compareData(
          Batches.of(golden.getVectorSchemaRoot().getSchema(), expected, new DictionaryProvider.MapDictionaryProvider()),
          Batches.of(reader.arrowSchema(), actual, new DictionaryProvider.MapDictionaryProvider()),
          CompareOptions.strict());
      assertTrue(c.same(), c::describe);
      // pages are skipped as the reader passes them: those before the last selected row
      if (name.contains("tiny_pages") && rows.rowCount() < 1000 && rows.rangeEnd(rows.rangeCount() - 1) > 7000) {
        assertTrue(reader.pagesSkipped() > 1000, "pages skipped: " + reader.pagesSkipped());
      }
    } finally {
      expected.forEach(VectorSchemaRoot::close);
      actual.forEach(VectorSchemaRoot::close);
    }
  }
}
