package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.index.OffsetIndexReader;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Pruning proven by counts and bytes on one 10,000,000-row file written by our writer, sorted on
 * {@code id}. The layout is fixed by the writer settings, so every expected count below is worked
 * out by hand from it: row {@code r} holds {@code id = r}, {@code p = r % 1000} (int32) and {@code
 * x = r / 4.0}; row groups of 1,000,000 rows (10 of them); data pages of 125,000 rows in every
 * column (the row limit cuts before the 1 MiB byte limit: 125,000 plain int64 values are 1,000,000
 * bytes), uncompressed, no dictionary, with the column and offset index. So row group {@code g}
 * holds ids {@code [g * 1e6, (g + 1) * 1e6)} and its page {@code j} ids {@code [g * 1e6 + j *
 * 125000, g * 1e6 + (j + 1) * 125000)}.
 */
class SortedFilePruningProofTest {
  private static final long ROWS = 10_000_000;
  private static final int GROUP_ROWS = 1_000_000;
  private static final int PAGE_ROWS = 125_000;
  private static final int PAGES_PER_GROUP = GROUP_ROWS / PAGE_ROWS;

  @TempDir static Path dir;
  private static Path file;

  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();

  @BeforeAll
  static void writeSortedFile() throws IOException {
    file = dir.resolve("sorted.parquet");
    Schema schema = new Schema(List.of(
        new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        new Field("p", FieldType.notNullable(new ArrowType.Int(32, true)), null),
        new Field("x", FieldType.notNullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null)));
    WriterProperties props = WriterProperties.builder()
        .rowGroupRows(GROUP_ROWS)
        .dataPageRowLimit(PAGE_ROWS)
        .dataPageSize(1 << 20)
        .dictionary(false)
        .pageIndex(true)
        .build();
    int batch = 500_000;
    try (BufferAllocator a = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      IntVector p = (IntVector) root.getVector("p");
      Float8Vector x = (Float8Vector) root.getVector("x");
      root.getFieldVectors().forEach(v -> v.setInitialCapacity(batch));
      for (long start = 0; start < ROWS; start += batch) {
        root.allocateNew();
        for (int i = 0; i < batch; i++) {
          long r = start + i;
          id.set(i, r);
          p.set(i, (int) (r % 1000));
          x.set(i, r / 4.0);
        }
        root.setRowCount(batch);
        w.write(root);
      }
    }
  }

  private Dataset dataset() {
    return DatasetDiscovery.file(file, DiscoveryOptions.defaults());
  }

  /** The rows of a scan as "id,p,x", with the scan's metrics. */
  private record Result(List<String> rows, ScanMetrics metrics) {}

  private Result scan(String filter) throws IOException {
    List<String> rows = new ArrayList<>();
    ScanOptions options = ScanOptions.builder().filter(filter).parallelism(1).build();
    try (ScanReader r = Scanner.scan(dataset(), options, allocator.allocator())) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot b = r.getVectorSchemaRoot();
        BigIntVector id = (BigIntVector) b.getVector("id");
        IntVector p = (IntVector) b.getVector("p");
        Float8Vector x = (Float8Vector) b.getVector("x");
        for (int i = 0; i < b.getRowCount(); i++) {
          rows.add(id.get(i) + "," + p.get(i) + "," + x.get(i));
        }
      }
      return new Result(rows, r.metrics());
    }
  }

  private static String row(long r) {
    return r + "," + (r % 1000) + "," + (r / 4.0);
  }

  /**
   * Bytes read are the values of {@code pages} pages of each column (8 + 4 + 8 bytes a row,
   * plain, uncompressed) and, on top, no more than page headers and index metadata take.
   */
  private static void assertPageBytes(ScanMetrics m, int pages) {
    long values = (long) pages * PAGE_ROWS * (8 + 4 + 8);
    assertTrue(m.bytesRead() >= values && m.bytesRead() < values + (16 << 10),
        m.bytesRead() + " bytes read for " + pages + " pages a column (" + values + " bytes of values)");
  }

  @Test
  void theLayoutIsTheOneTheCountsAreWorkedOutFrom() throws IOException {
    // Guards the hand-worked counts below: were pages cut elsewhere, they would not hold.
    Dataset ds = dataset();
    var rowGroups = ds.files().get(0).footer().metadata().rowGroups();
    assertEquals(10, rowGroups.size());
    try (LocalInputFile in = LocalInputFile.open(file)) {
      for (var g : rowGroups) {
        assertEquals(GROUP_ROWS, g.numRows());
        for (var chunk : g.columns()) {
          OffsetIndex oi = OffsetIndexReader.read(in, chunk);
          assertEquals(PAGES_PER_GROUP, oi.pageLocations().size());
          for (int j = 0; j < PAGES_PER_GROUP; j++) {
            assertEquals((long) j * PAGE_ROWS, oi.pageLocations().get(j).firstRowIndex());
          }
        }
      }
    }
  }

  @Test
  void pointLookupReadsUnderTwoPercentOfTheFileAndReturnsExactlyTheRow() throws IOException {
    long key = 7_654_321;
    Result res = scan("id = " + key);
    assertEquals(List.of(row(key)), res.rows());

    long fileSize = Files.size(file);
    ScanMetrics m = res.metrics();
    assertTrue(m.bytesRead() * 50 < fileSize,
        "point lookup read " + m.bytesRead() + " bytes of a " + fileSize + "-byte file (2% is " + fileSize / 50 + ")");
    // Of 10 row groups only group 7 may hold the key; of its 8 pages only page 5 (7,625,000..7,749,999).
    PruningMetrics pm = m.pruning();
    assertEquals(10, pm.rowGroups());
    assertEquals(9, pm.rowGroupsPrunedByStatistics());
    assertEquals(PAGES_PER_GROUP, pm.pages());
    assertEquals(PAGES_PER_GROUP - 1, pm.pagesSkipped());
    assertEquals(1, m.rowGroupsRead());
    // Every column decodes just the one page covering the selected rows.
    assertEquals(PAGE_ROWS, m.rowsRead());
    // Pages 0..4 are stepped over; the reader stops after the last selected row, so 6 and 7 are
    // neither read nor counted.
    assertEquals(3L * 5, m.pagesSkippedReading());
    assertEquals(1, m.rowsOut());
    assertPageBytes(m, 1);
  }

  @Test
  void rangeWithinOneRowGroupSkipsTheOtherGroupsAndPages() throws IOException {
    // 2,400,000..2,699,999: row group 2, its pages 3 (2,375,000..), 4 and 5 (..2,749,999).
    Result res = scan("id >= 2400000 and id < 2700000");
    assertEquals(300_000, res.rows().size());
    assertEquals(row(2_400_000), res.rows().get(0));
    assertEquals(row(2_699_999), res.rows().get(299_999));
    ScanMetrics m = res.metrics();
    PruningMetrics pm = m.pruning();
    assertEquals(9, pm.rowGroupsPrunedByStatistics());
    assertEquals(8, pm.pages());
    assertEquals(5, pm.pagesSkipped());
    assertEquals(3L * PAGE_ROWS, m.rowsRead());
    assertEquals(3L * 3, m.pagesSkippedReading());
    assertPageBytes(m, 3);
  }

  @Test
  void rangeAcrossTwoRowGroupsKeepsThePagesOnEitherSideOfTheBoundary() throws IOException {
    // 2,990,000..3,130,000: page 7 of group 2 (2,875,000..2,999,999), pages 0 and 1 of group 3.
    Result res = scan("id between 2990000 and 3130000");
    assertEquals(140_001, res.rows().size());
    assertEquals(row(2_990_000), res.rows().get(0));
    assertEquals(row(3_130_000), res.rows().get(140_000));
    ScanMetrics m = res.metrics();
    PruningMetrics pm = m.pruning();
    assertEquals(10, pm.rowGroups());
    assertEquals(8, pm.rowGroupsPrunedByStatistics());
    assertEquals(2, m.rowGroupsRead());
    assertEquals(16, pm.pages());
    assertEquals(7 + 6, pm.pagesSkipped());
    assertEquals(3L * PAGE_ROWS, m.rowsRead());
    assertEquals(3L * 7, m.pagesSkippedReading());
    assertPageBytes(m, 3);
    assertEquals(140_001, m.rowsOut());
  }

  @Test
  void aConditionOnAnUnsortedColumnPrunesNothingYetStaysExact() throws IOException {
    // p = r % 1000 spans 0..999 in every page, so only the id range prunes; the p test is residual.
    Result res = scan("id between 5000000 and 5009999 and p = 123");
    List<String> expected = new ArrayList<>();
    for (long r = 5_000_000; r <= 5_009_999; r++) {
      if (r % 1000 == 123) {
        expected.add(row(r));
      }
    }
    assertEquals(expected, res.rows());
    assertEquals(9, res.metrics().pruning().rowGroupsPrunedByStatistics());
    assertEquals(PAGE_ROWS, res.metrics().rowsRead());
  }
}
