package org.parquetarrow.bench.dataset;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.parquetarrow.dataset.scan.ScanOptions.LateMaterialization;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The side facts of the dataset scan benchmark, one scan at a time outside JMH: that every reader
 * returns the same rows (count and {@link org.parquetarrow.bench.BatchDigest} checksum), and the
 * bytes each read: the process's {@code rchar} difference around the scan ({@link ProcessIo}) for
 * all three, parquet-arrow's own {@code ScanMetrics.bytesRead()} and DuckDB's own {@code EXPLAIN
 * ANALYZE} figures ("Data Read", row groups scanned); and a rough time (best of
 * three, rows only counted). Logs one markdown table.
 * Fails if two readers disagree.
 *
 * <pre>
 * java -Dbench.dir=/tmp/bench-data-dataset -cp benchmarks/target/benchmarks.jar \
 *     org.parquetarrow.bench.dataset.DatasetScanReport
 * </pre>
 */
public final class DatasetScanReport {
  private static final Logger LOG = LoggerFactory.getLogger(DatasetScanReport.class);

  private DatasetScanReport() {}

  /** A scan to report on. */
  private interface Scan {
    DatasetScans.Outcome run(DatasetScans.Consumer consumer) throws Exception;
  }

  public static void main(String[] args) throws Exception {
    Path dir = EventsDataset.ensure(Path.of(System.getProperty("bench.dir", "/tmp/bench-data-dataset")));
    long datasetBytes;
    try (Stream<Path> files = Files.walk(dir)) {
      datasetBytes = files.filter(p -> p.toString().endsWith(".parquet")).mapToLong(p -> p.toFile().length()).sum();
    }
    List<String> table = new ArrayList<>();
    table.add("| query | reader | rows | checksum | bytes read (rchar) | % of dataset | ScanMetrics.bytesRead | ms (best of 3) |");
    table.add("|---|---|---:|---|---:|---:|---:|---:|");
    try (BufferAllocator allocator = new RootAllocator();
        Connection duck1 = DatasetScans.duckDb(1);
        Connection duck2 = DatasetScans.duckDb(2)) {
      for (DatasetQuery q : DatasetQuery.values()) {
        DatasetScans.Outcome reference = null;
        String[] names = {"parquetArrow t=1", "parquetArrow t=1 late=NEVER", "parquetArrow t=1 late=ALWAYS",
          "parquetArrow t=2", "duckdb t=1", "duckdb t=2", "arrowCpp (1 decode thread)"};
        Scan[] scans = {
          consumer -> DatasetScans.parquetArrow(dir, q, 1, allocator, consumer),
          consumer -> DatasetScans.parquetArrow(dir, q, 1, LateMaterialization.NEVER, allocator, consumer),
          consumer -> DatasetScans.parquetArrow(dir, q, 1, LateMaterialization.ALWAYS, allocator, consumer),
          consumer -> DatasetScans.parquetArrow(dir, q, 2, allocator, consumer),
          consumer -> DatasetScans.duckDb(duck1, dir, q, allocator, consumer),
          consumer -> DatasetScans.duckDb(duck2, dir, q, allocator, consumer),
          consumer -> DatasetScans.arrowCpp(dir, q, allocator, consumer),
        };
        for (int i = 0; i < scans.length; i++) {
          scans[i].run(DatasetScans.Consumer.COUNT); // warm
          long before = ProcessIo.bytesRead();
          DatasetScans.Outcome o = scans[i].run(DatasetScans.Consumer.DIGEST);
          long read = ProcessIo.bytesRead() - before;
          long best = Long.MAX_VALUE;
          for (int k = 0; k < 3; k++) {
            long t0 = System.nanoTime();
            scans[i].run(DatasetScans.Consumer.COUNT);
            best = Math.min(best, System.nanoTime() - t0);
          }
          if (reference == null) {
            reference = o;
          } else if (o.rows() != reference.rows() || o.checksum() != reference.checksum()) {
            throw new IllegalStateException(names[i] + " returned " + o + " for " + q + ", parquetArrow " + reference);
          }
          table.add(String.format("| %s | %s | %d | %016x | %d | %.2f%% | %s | %d |", q, names[i], o.rows(), o.checksum(),
              read, 100.0 * read / datasetBytes, o.bytesRead() < 0 ? "" : Long.toString(o.bytesRead()), best / 1_000_000));
        }
      }
    }
    LOG.info("dataset {}: {} bytes in {} files\n{}", dir, datasetBytes, EventsDataset.FILES, String.join("\n", table));
    try (Connection duck = DatasetScans.duckDb(1)) {
      for (DatasetQuery q : DatasetQuery.values()) {
        LOG.info("DuckDB EXPLAIN ANALYZE, {}: {}", q, duckDbReadFigures(duck, dir, q));
      }
    }
  }

  /** The lines of DuckDB's {@code EXPLAIN ANALYZE} that say what it read. */
  private static String duckDbReadFigures(Connection c, Path dir, DatasetQuery q) throws Exception {
    List<String> out = new ArrayList<>();
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("EXPLAIN ANALYZE " + DatasetScans.duckDbSql(dir, q))) {
      while (rs.next()) {
        for (String line : rs.getString(2).split("\n")) {
          String t = line.replaceAll("[│╭╮╰╯─┌┐└┘]", " ").trim();
          if (t.startsWith("Data Read") || t.startsWith("Row Groups Scanned") || t.startsWith("Total Files Read")) {
            out.add(t.replaceAll("\\s+", " "));
          }
        }
      }
    }
    return String.join("; ", out);
  }
}
