package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.ArrowValues;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * A row selection whose range ends exactly at a page end of a repeated column, followed by pages
 * the offset index lets the reader skip. Reading the range's last record looks at the next page
 * to see the record end, and that page is the one after the skipped pages: the reader must take
 * its row from the offset index. It used to count on from the end of the range, reading the wrong
 * rows or failing ("page starts at row 115 while the reader is at row 70"); found reading arrow-rs
 * files (ReaderVersusRustIT).
 */
class RowSelectionAfterSkippedPagesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @ParameterizedTest(name = "rows {0}")
  @CsvSource({"3 5 50 52", "0 5 40 45 95 100", "4 5 9 10 60 61", "3 5 52 53"})
  void selectedRowsAfterSkippedPagesAreTheRightOnes(String bounds) throws Exception {
    Field list = new Field("l", FieldType.nullable(ArrowType.List.INSTANCE),
        List.of(Field.nullable("element", new ArrowType.Int(64, true))));
    Field flat = Field.nullable("i", new ArrowType.Int(32, true));
    Schema schema = new Schema(List.of(list, flat));
    int rows = 100;
    List<Object> lists = new ArrayList<>();
    List<Object> ints = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      lists.add(i % 7 == 3 ? null : Arrays.asList((long) i, i % 3 == 0 ? null : (long) -i, (long) i * 10).subList(0, i % 4));
      ints.add(i);
    }
    String[] parts = bounds.split(" ");
    long[] pairs = Arrays.stream(parts).mapToLong(Long::parseLong).toArray();
    RowSelection selection = RowSelection.fromRanges(pairs);
    Path file = dir.resolve("pages.parquet");
    List<VectorSchemaRoot> expected = new ArrayList<>();
    List<VectorSchemaRoot> actual = new ArrayList<>();
    try (VectorSchemaRoot written = ArrowValues.root(memory.allocator(), schema, List.of(lists, ints))) {
      // five rows a page, offset index on: pages start at rows 0, 5, 10, ...
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema,
          WriterProperties.builder().dataPageRowLimit(5).dictionary(false).build())) {
        w.write(written);
      }
      for (int i = 0; i < selection.rangeCount(); i++) {
        expected.add(written.slice((int) selection.rangeStart(i), (int) (selection.rangeEnd(i) - selection.rangeStart(i))));
      }
      try (ParquetFileReader reader = ParquetFileReader.open(file,
          ReadOptions.builder(memory.allocator()).batchSize(100).rowSelection(0, selection).build())) {
        assertEquals(1, reader.metadata().rowGroups().size());
        for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
          actual.add(b);
        }
        Comparison c = ArrowAssertions.compareData(
            Batches.of(schema, expected, new DictionaryProvider.MapDictionaryProvider()),
            Batches.of(reader.arrowSchema(), actual, new DictionaryProvider.MapDictionaryProvider()),
            CompareOptions.strict());
        assertTrue(c.same(), c::describe);
        assertTrue(reader.pagesSkipped() > 0, "pages skipped: " + reader.pagesSkipped());
      }
    } finally {
      expected.forEach(VectorSchemaRoot::close);
      actual.forEach(VectorSchemaRoot::close);
    }
  }
}
