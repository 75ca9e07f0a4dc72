package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.ParquetException;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.ExpressionBindException;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Scans of a random hive-partitioned dataset against DuckDB running the same {@code WHERE} on the
 * same files, value by value; plus ordering, back-pressure, cancellation and errors, all checked
 * for leaks.
 */
class ScannerTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();
  @TempDir Path dir;
  private Dataset dataset;

  private static final List<String> COLUMNS = List.of("i", "k", "f", "g", "m", "d", "t", "s", "b", "p");

  @BeforeEach
  void writeDataset() {
    RandomHiveDataset.write(allocator.allocator(), dir, new Random(606));
    dataset = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
  }

  @Test
  void randomFiltersReturnExactlyWhatDuckDbReturns() throws Exception {
    Random r = new Random(2027);
    long matched = 0;
    long pruned = 0;
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      for (int n = 0; n < 150; n++) {
        Expression f = RandomHiveDataset.filter(r, 3);
        ScanOptions options = ScanOptions.builder()
            .filter(f)
            .batchSize(1 + r.nextInt(700))
            .parallelism(1 + r.nextInt(4))
            .ordered(r.nextBoolean())
            .memoryBudget(r.nextBoolean() ? 1 : 64L << 20)
            .build();
        List<String> theirs = duckDb(st, f.toSql());
        Collections.sort(theirs);
        for (ScanOptions.ReadingThread thread : ScanOptions.ReadingThread.values()) {
          List<String> ours = new ArrayList<>();
          ScanMetrics m;
          try (ScanReader reader = Scanner.scan(dataset, options.toBuilder().readingThread(thread).build(),
              allocator.allocator())) {
            while (reader.loadNextBatch()) {
              rows(reader.getVectorSchemaRoot(), ours);
            }
            m = reader.metrics();
          }
          Collections.sort(ours);
          assertRowsEqual(theirs, ours, thread + " " + f.toSql());
          assertEquals(theirs.size(), m.rowsOut(), f.toSql());
          assertEquals(m.rowsOut(), m.toMap().get("rows_out"));
          pruned += m.pruning().filesPruned() + m.pruning().rowGroupsPrunedByStatistics() + m.pagesSkippedReading();
        }
        matched += theirs.size();
      }
    }
    assertTrue(matched > 20_000, "rows compared: " + matched);
    assertTrue(pruned > 50, "pruning took part: " + pruned);
  }

  @Test
  void projectionOfFileAndPartitionColumnsAndMissingColumnAsNulls() throws Exception {
    ScanOptions options = ScanOptions.builder().columns("p", "g", "k").filter("k % 1 = 0 or k >= 0".replace("k % 1 = 0 or ", "")).build();
    List<String> ours = new ArrayList<>();
    try (ScanReader reader = Scanner.scan(dataset, options, allocator.allocator())) {
      assertEquals(List.of("p", "g", "k"), reader.getVectorSchemaRoot().getSchema().getFields().stream().map(x -> x.getName()).toList());
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int i = 0; i < root.getRowCount(); i++) {
          ours.add(render(root.getVector("g"), i) + "|" + render(root.getVector("k"), i) + "|" + render(root.getVector("p"), i));
        }
      }
    }
    List<String> theirs = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT g, k, p FROM " + source() + " WHERE k >= 0")) {
      while (rs.next()) {
        float g = rs.getFloat(1);
        String gs = rs.wasNull() ? "null" : Double.toString(g);
        long k = rs.getLong(2);
        String ks = rs.wasNull() ? "null" : Long.toString(k);
        long p = rs.getLong(3);
        theirs.add(gs + "|" + ks + "|" + (rs.wasNull() ? "null" : Long.toString(p)));
      }
    }
    Collections.sort(ours);
    Collections.sort(theirs);
    assertEquals(theirs, ours);
    assertTrue(ours.stream().anyMatch(s -> s.startsWith("null|") && s.endsWith("|null")), "the file without g reads it as nulls");
  }

  @Test
  void aCallersExecutorOfOneThreadServesAScanOfHigherParallelism() throws Exception {
    // a user's pool smaller than the scan's parallelism: the files queue on its one thread, and a
    // scan whose batches must wait for the caller (budget of one byte) still runs to its end
    List<String> serial = scanRows(ScanOptions.builder().filter("i > 0").batchSize(37).parallelism(1).build());
    ExecutorService one = Executors.newSingleThreadExecutor();
    try {
      for (boolean ordered : new boolean[] {true, false}) {
        List<String> got = scanRows(ScanOptions.builder().filter("i > 0").batchSize(37).parallelism(4)
            .executor(one).memoryBudget(1).ordered(ordered).build());
        if (!ordered) {
          Collections.sort(got);
        }
        List<String> expected = new ArrayList<>(serial);
        if (!ordered) {
          Collections.sort(expected);
        }
        assertEquals(expected, got, "ordered " + ordered);
      }
    } finally {
      one.shutdown();
    }
    assertFalse(serial.isEmpty());
  }

  @Test
  void orderedOutputIsFileOrderWhateverTheParallelism() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<String> serial = scanRows(ScanOptions.builder().filter("i > 0").batchSize(37).parallelism(1).build());
      for (int run = 0; run < 5; run++) {
        List<String> parallel = scanRows(ScanOptions.builder().filter("i > 0").batchSize(37).parallelism(4)
            .executor(pool).memoryBudget(run % 2 == 0 ? 1 : 1L << 30).build());
        assertEquals(serial, parallel);
      }
      // Files in dataset order, rows in file order: k rises within each file.
      List<String> ks = scanRows(ScanOptions.builder().columns("k").filter("k is not null").batchSize(50).parallelism(4).build());
      for (int i = 1; i < ks.size(); i++) {
        assertTrue(Long.parseLong(ks.get(i)) > Long.parseLong(ks.get(i - 1)), ks.get(i - 1) + " then " + ks.get(i));
      }
    } finally {
      pool.shutdown();
    }
  }

  @Test
  void unorderedOutputHoldsTheSameRows() throws Exception {
    List<String> ordered = scanRows(ScanOptions.builder().filter("s like 'a%'").batchSize(20).build());
    List<String> unordered = new ArrayList<>(scanRows(ScanOptions.builder().filter("s like 'a%'").batchSize(20).ordered(false).parallelism(4).build()));
    Collections.sort(unordered);
    List<String> sorted = new ArrayList<>(ordered);
    Collections.sort(sorted);
    assertEquals(sorted, unordered);
    assertFalse(ordered.isEmpty());
  }

  @Test
  void memoryBudgetBoundsTheBatchesInFlight() throws Exception {
    long budget = 64 * 1024;
    long largest = 0;
    try (ScanReader reader = Scanner.scan(dataset, ScanOptions.builder().batchSize(100).parallelism(4).memoryBudget(budget).build(),
        allocator.allocator())) {
      while (reader.loadNextBatch()) {
        Thread.sleep(2); // a slow consumer: readers must wait
        long size = 0;
        for (FieldVector v : reader.getVectorSchemaRoot().getFieldVectors()) {
          size += v.getBufferSize();
        }
        largest = Math.max(largest, size);
      }
      assertEquals(4 * RandomHiveDataset.ROWS, reader.metrics().rowsOut());
      assertTrue(reader.metrics().peakBytesInFlight() <= budget + largest,
          "peak " + reader.metrics().peakBytesInFlight() + " over budget " + budget + " + batch " + largest);
    }
  }

  @Test
  void prunedButUnfilteredBatchesHoldEveryMatchAndMore() throws Exception {
    List<String> exact = scanRows(ScanOptions.builder().filter("k between 100 and 130").build());
    List<String> loose = scanRows(ScanOptions.builder().filter("k between 100 and 130").exact(false).build());
    assertTrue(loose.containsAll(exact));
    assertTrue(loose.size() > exact.size(), loose.size() + " vs " + exact.size());
    // Pruning still applies: the page index keeps one 50-row page of file a, whose k is sorted.
    assertTrue(loose.size() <= 100, "rows " + loose.size());
  }

  @Test
  void cancellingMidScanStopsAndFreesEverything() throws Exception {
    try (ScanReader reader = Scanner.scan(dataset, ScanOptions.builder().batchSize(10).parallelism(4).ordered(false).memoryBudget(1).build(),
        allocator.allocator())) {
      assertTrue(reader.loadNextBatch());
      reader.cancel();
      assertFalse(reader.loadNextBatch());
      assertTrue(reader.isCancelled());
      assertTrue(reader.metrics().rowsOut() < 4 * RandomHiveDataset.ROWS);
    }
    // Closing without reading, and closing after a partial read, also free every buffer.
    try (ScanReader reader = Scanner.scan(dataset, ScanOptions.builder().batchSize(10).build(), allocator.allocator())) {
      assertTrue(reader.loadNextBatch());
    }
    Scanner.scan(dataset, ScanOptions.defaults(), allocator.allocator()).close();
  }

  @Test
  void aCorruptFileFailsTheScanWithItsName() throws Exception {
    Path victim = dir.resolve("p=1/b.parquet");
    // Overwrite the data pages after discovery read the footer: the scan meets the damage (the
    // file keeps its listed time, or the scan would refuse it as rewritten, see below).
    java.nio.file.attribute.FileTime listed = java.nio.file.Files.getLastModifiedTime(victim);
    try (RandomAccessFile f = new RandomAccessFile(victim.toFile(), "rw")) {
      byte[] junk = new byte[4000];
      new Random(1).nextBytes(junk);
      f.seek(4);
      f.write(junk);
    }
    java.nio.file.Files.setLastModifiedTime(victim, listed);
    for (boolean ordered : new boolean[] {true, false}) {
      for (ScanOptions.ReadingThread thread : ScanOptions.ReadingThread.values()) {
        ParquetException e = assertThrows(ParquetException.class, () -> {
          try (ScanReader reader = Scanner.scan(dataset, ScanOptions.builder().batchSize(50).ordered(ordered)
              .readingThread(thread).pruning(org.parquetarrow.dataset.prune.PruningOptions.NONE).build(),
              allocator.allocator())) {
            while (reader.loadNextBatch()) {
              // drain
            }
          }
        });
        assertTrue(e.getMessage().contains("b.parquet"), thread + ": " + e.getMessage());
      }
    }
  }

  @Test
  void aCorruptFileIsSkippedAndReportedWhenAsked() throws Exception {
    Path victim = dir.resolve("p=1/b.parquet");
    long otherRows = 0;
    for (var f : dataset.files()) {
      if (!f.path().equals(victim)) {
        otherRows += f.rowCount();
      }
    }
    // Damage the first data page after discovery read the footer: the scan meets it at once.
    java.nio.file.attribute.FileTime listed = java.nio.file.Files.getLastModifiedTime(victim);
    try (RandomAccessFile f = new RandomAccessFile(victim.toFile(), "rw")) {
      byte[] junk = new byte[4000];
      new Random(2).nextBytes(junk);
      f.seek(4);
      f.write(junk);
    }
    java.nio.file.Files.setLastModifiedTime(victim, listed);
    for (int run = 0; run < 4; run++) {
      boolean ordered = run % 2 == 0;
      ScanOptions.ReadingThread thread = ScanOptions.ReadingThread.values()[run / 2];
      try (ScanReader reader = Scanner.scan(dataset, ScanOptions.builder().batchSize(50).ordered(ordered).parallelism(2)
          .readingThread(thread).corruptFiles(org.parquetarrow.dataset.DiscoveryOptions.CorruptFilePolicy.SKIP)
          .pruning(org.parquetarrow.dataset.prune.PruningOptions.NONE).build(), allocator.allocator())) {
        long rows = 0;
        while (reader.loadNextBatch()) {
          rows += reader.getVectorSchemaRoot().getRowCount();
        }
        assertEquals(otherRows, rows);
        assertEquals(1, reader.skippedFiles().size());
        assertEquals(victim, reader.skippedFiles().get(0).path());
        assertTrue(reader.skippedFiles().get(0).error().getMessage().contains("b.parquet"),
            reader.skippedFiles().get(0).error().getMessage());
        assertEquals(1, reader.metrics().filesSkipped());
      }
    }
  }

  /** Threads now alive whose name says they read a scan's files. */
  private static long scanThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().startsWith("parquet-arrow-scan-")).count();
  }

  @Test
  void onTheCallingThreadNoReaderThreadIsStartedAndTheRowsAreTheSame() throws Exception {
    ScanOptions base = ScanOptions.builder().filter("i > 0 or s like 'a%'").batchSize(37).parallelism(3).build();
    List<String> readers;
    long before = scanThreads();
    try (ScanReader reader = Scanner.scan(dataset, base, allocator.allocator())) {
      assertTrue(reader.loadNextBatch());
      // the check below could fail: reader threads do show up under this name
      assertTrue(scanThreads() > before, "a scan with reader threads starts them");
    }
    readers = scanRows(base);
    long idle = scanThreads();
    List<String> caller = new ArrayList<>();
    try (ScanReader reader = Scanner.scan(dataset, base.toBuilder().readingThread(ScanOptions.ReadingThread.CALLER).build(),
        allocator.allocator())) {
      while (reader.loadNextBatch()) {
        rows(reader.getVectorSchemaRoot(), caller);
        assertTrue(scanThreads() <= idle, "a reader thread started on the calling thread's scan");
      }
      assertEquals(caller.size(), reader.metrics().rowsOut());
      assertEquals(4, reader.metrics().filesRead());
    }
    assertEquals(readers, caller, "file order, rows in file order, as an ordered scan");
    assertFalse(caller.isEmpty());
  }

  @Test
  void onTheCallingThreadLimitsCancelAndCloseMidScanFreeEverything() throws Exception {
    ScanOptions caller = ScanOptions.builder().batchSize(10).readingThread(ScanOptions.ReadingThread.CALLER).build();
    List<String> all = scanRows(caller.toBuilder().filter("k is not null").build());
    for (long limit : List.of(1L, 15L, 333L)) {
      assertEquals(all.subList(0, (int) limit), scanRows(caller.toBuilder().filter("k is not null").limit(limit).build()),
          "limit " + limit);
    }
    // cancelled from another thread between batches: the next call ends the scan
    try (ScanReader reader = Scanner.scan(dataset, caller, allocator.allocator())) {
      assertTrue(reader.loadNextBatch());
      Thread other = new Thread(reader::cancel);
      other.start();
      other.join();
      assertFalse(reader.loadNextBatch());
      assertTrue(reader.metrics().rowsOut() < 4 * RandomHiveDataset.ROWS);
    }
    // closed after part of a file, or before the first batch (the allocator checks for leaks)
    try (ScanReader reader = Scanner.scan(dataset, caller.toBuilder().filter("i > 0").build(), allocator.allocator())) {
      assertTrue(reader.loadNextBatch());
      assertTrue(reader.loadNextBatch());
    }
    Scanner.scan(dataset, caller, allocator.allocator()).close();
  }

  @Test
  void onTheCallingThreadAFileGoneAfterDiscoveryIsNamedAndTheScanStaysFailed() throws Exception {
    Path gone = dir.resolve("p=1/b.parquet");
    java.nio.file.Files.delete(gone);
    try (ScanReader reader = Scanner.scan(dataset, ScanOptions.builder().readingThread(ScanOptions.ReadingThread.CALLER)
        .pruning(org.parquetarrow.dataset.prune.PruningOptions.NONE).build(), allocator.allocator())) {
      ParquetException e = assertThrows(ParquetException.class, () -> {
        while (reader.loadNextBatch()) {
          // the files before it read fine
        }
      });
      assertTrue(e.getMessage().contains("b.parquet"), e.getMessage());
      ParquetException again = assertThrows(ParquetException.class, reader::loadNextBatch);
      assertEquals(e.getMessage(), again.getMessage());
    }
  }

  @Test
  void aFileRewrittenSinceDiscoveryIsRefusedNotReadWithItsOldFooter() throws Exception {
    Path victim = dir.resolve("p=1/b.parquet");
    Path other = dir.resolve("p=2/c.parquet");
    // another valid Parquet file in its place: its bytes under b's old footer would be a mix
    java.nio.file.Files.copy(other, victim, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    for (ScanOptions.ReadingThread thread : ScanOptions.ReadingThread.values()) {
      ParquetException e = assertThrows(ParquetException.class, () -> {
        try (ScanReader reader = Scanner.scan(dataset, ScanOptions.builder().readingThread(thread)
            .pruning(org.parquetarrow.dataset.prune.PruningOptions.NONE).build(), allocator.allocator())) {
          while (reader.loadNextBatch()) {
            // the files before it read fine
          }
        }
      });
      assertTrue(hasCause(e, org.parquetarrow.io.ObjectChangedException.class), thread + ": " + e);
      assertTrue(e.getMessage().contains("b.parquet"), e.getMessage());
    }
    // discovered again, it reads
    Dataset again = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
    try (ScanReader reader = Scanner.scan(again, ScanOptions.defaults(), allocator.allocator())) {
      while (reader.loadNextBatch()) {
        // drain
      }
    }
  }

  private static boolean hasCause(Throwable t, Class<? extends Throwable> type) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (type.isInstance(c)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void badColumnsAndFiltersAreNamed() {
    ExpressionBindException unknown = assertThrows(ExpressionBindException.class,
        () -> Scanner.scan(dataset, ScanOptions.builder().columns("k", "nope").build(), allocator.allocator()));
    assertTrue(unknown.getMessage().contains("nope"), unknown.getMessage());
    ExpressionBindException badLiteral = assertThrows(ExpressionBindException.class,
        () -> Scanner.scan(dataset, ScanOptions.builder().filter("d = 'soon'").build(), allocator.allocator()));
    assertTrue(badLiteral.getMessage().contains("d"), badLiteral.getMessage());
  }

  @Test
  void metricsCountFilesRowGroupsBytesAndRows() throws Exception {
    try (ScanReader reader = Scanner.scan(dataset, ScanOptions.builder().filter("p = 1 and k < 100300").build(), allocator.allocator())) {
      long rows = 0;
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
      ScanMetrics m = reader.metrics();
      assertEquals(4, m.pruning().files());
      assertEquals(3, m.pruning().filesPruned()); // p = 1 is one file; the null partition never equals
      assertEquals(1, m.filesRead());
      assertEquals(1, m.rowGroupsRead()); // k < 100300 is row 0..99 of b: the first row group
      assertTrue(m.bytesRead() > 0);
      assertEquals(rows, m.rowsOut());
      assertTrue(m.rowsRead() >= rows);
      for (String key : List.of("files", "files_pruned", "row_groups", "row_groups_pruned_by_statistics",
          "row_groups_pruned_by_dictionary", "row_groups_pruned_by_bloom_filter", "pages", "pages_skipped", "bytes_read", "rows_out")) {
        assertTrue(m.toMap().containsKey(key), key);
      }
    }
  }

  /** Equal lists, or a failure showing a few rows only one side has. */
  private static void assertRowsEqual(List<String> expected, List<String> actual, String what) {
    if (!expected.equals(actual)) {
      List<String> missing = new ArrayList<>(expected);
      missing.removeAll(actual);
      List<String> extra = new ArrayList<>(actual);
      extra.removeAll(expected);
      throw new AssertionError(what + ": " + expected.size() + " rows expected, " + actual.size() + " scanned; missing "
          + missing.subList(0, Math.min(5, missing.size())) + "; extra " + extra.subList(0, Math.min(5, extra.size())));
    }
  }

  private List<String> scanRows(ScanOptions options) throws IOException {
    List<String> out = new ArrayList<>();
    try (ScanReader reader = Scanner.scan(dataset, options, allocator.allocator())) {
      while (reader.loadNextBatch()) {
        rows(reader.getVectorSchemaRoot(), out);
      }
    }
    return out;
  }

  private String source() {
    return "read_parquet('" + dir.toAbsolutePath() + "/**/*.parquet', hive_partitioning = true, union_by_name = true)";
  }

  private List<String> duckDb(Statement st, String where) throws SQLException {
    List<String> out = new ArrayList<>();
    String sql = "SELECT i, k, f, g, m, d - DATE '1970-01-01', epoch_us(t), s, b, p FROM " + source() + " WHERE " + where;
    try (ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        StringBuilder sb = new StringBuilder();
        for (int col = 1; col <= 10; col++) {
          String v = switch (col) {
            case 3 -> Double.toString(rs.getDouble(col));
            case 4 -> Double.toString(rs.getFloat(col));
            case 5 -> rs.getBigDecimal(col) == null ? null : rs.getBigDecimal(col).toPlainString();
            case 8 -> rs.getString(col);
            case 9 -> Boolean.toString(rs.getBoolean(col));
            default -> Long.toString(rs.getLong(col));
          };
          sb.append(rs.wasNull() ? "null" : v).append('|');
        }
        out.add(sb.toString());
      }
    }
    return out;
  }

  private static void rows(VectorSchemaRoot root, List<String> out) {
    List<FieldVector> vectors = root.getFieldVectors();
    for (int i = 0; i < root.getRowCount(); i++) {
      StringBuilder sb = new StringBuilder();
      for (FieldVector v : vectors) {
        if (vectors.size() == 1) {
          sb.append(render(v, i));
        } else {
          sb.append(render(v, i)).append('|');
        }
      }
      out.add(sb.toString());
    }
  }

  private static String render(FieldVector v, int i) {
    if (v.isNull(i)) {
      return "null";
    }
    if (v instanceof IntVector x) {
      return Long.toString(x.get(i));
    }
    if (v instanceof BigIntVector x) {
      return Long.toString(x.get(i));
    }
    if (v instanceof Float8Vector x) {
      return Double.toString(x.get(i));
    }
    if (v instanceof Float4Vector x) {
      return Double.toString(x.get(i));
    }
    if (v instanceof DecimalVector x) {
      return x.getObject(i).toPlainString();
    }
    if (v instanceof DateDayVector x) {
      return Long.toString(x.get(i));
    }
    if (v instanceof TimeStampMicroVector x) {
      return Long.toString(x.get(i));
    }
    if (v instanceof VarCharVector x) {
      return new String(x.get(i), StandardCharsets.UTF_8);
    }
    if (v instanceof BitVector x) {
      return Boolean.toString(x.get(i) == 1);
    }
    throw new AssertionError("no rendering for " + v.getField());
  }
}
