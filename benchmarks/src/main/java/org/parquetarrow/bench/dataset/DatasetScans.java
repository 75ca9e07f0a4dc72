package org.parquetarrow.bench.dataset;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.dataset.source.Dataset;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;
import org.parquetarrow.bench.BatchDigest;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanOptions.LateMaterialization;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;

/**
 * One filtered scan of the {@link EventsDataset} by each reader, returning the {@link EventsDataset#COLUMNS}
 * of the matching rows as Arrow batches, each released before the next:
 *
 * <ul>
 *   <li>parquet-arrow: {@link Scanner} with {@code parallelism} threads;
 *   <li>DuckDB: {@code SELECT ... FROM read_parquet('dir/**&#47;*.parquet', hive_partitioning =
 *       true) WHERE ...} under {@code SET threads = n}, fetched as Arrow through {@code
 *       arrowExportStream};
 *   <li>Arrow C++: the arrow-dataset JNI scanner over the directory with a Substrait filter. The
 *       JNI leaves {@code ScanOptions::use_threads} false, so it decodes on one thread.
 * </ul>
 *
 * <pre>
 * Outcome r = DatasetScans.parquetArrow(dir, DatasetQuery.SELECTIVE, 1, allocator, Consumer.COUNT);
 * </pre>
 */
public final class DatasetScans {
  private static final int BATCH = 65_536;
  private static final NativeMemoryPool POOL = NativeMemoryPool.getDefault();

  /** What a scan returned, and the bytes it says it read ({@code -1} if it does not say). */
  public record Outcome(long rows, long checksum, long bytesRead) {}

  /**
   * What is done with each batch: {@link #DIGEST} hashes every value (to check readers agree), {@link
   * #COUNT} only counts rows and touches one value, so that timing measures the readers rather
   * than the hashing, which costs as much as a scan.
   */
  public enum Consumer {
    DIGEST,
    COUNT
  }

  /** Rows and a checksum of batches, per {@link Consumer}. */
  private static final class Sink {
    private final Consumer mode;
    private final BatchDigest digest = new BatchDigest();
    private long rows;
    private long touched;

    Sink(Consumer mode) {
      this.mode = mode;
    }

    void add(VectorSchemaRoot batch) {
      if (mode == Consumer.DIGEST) {
        digest.add(batch);
      } else {
        int n = batch.getRowCount();
        rows += n;
        if (n > 0) {
          touched += batch.getVector(0).getDataBuffer().getLong((long) (n - 1) * 8);
        }
      }
    }

    Outcome outcome(long bytesRead) {
      return mode == Consumer.DIGEST
          ? new Outcome(digest.rows(), digest.checksum(), bytesRead)
          : new Outcome(rows, touched, bytesRead);
    }
  }

  private DatasetScans() {}

  public static Outcome parquetArrow(Path dir, DatasetQuery q, int threads, BufferAllocator allocator, Consumer consumer) throws Exception {
    return parquetArrow(dir, q, threads, LateMaterialization.AUTO, allocator, consumer);
  }

  /** The scan with late materialisation decided by {@code late}. */
  public static Outcome parquetArrow(Path dir, DatasetQuery q, int threads, LateMaterialization late,
      BufferAllocator allocator, Consumer consumer) throws Exception {
    Sink digest = new Sink(consumer);
    ScanOptions options = ScanOptions.builder()
        .columns(EventsDataset.COLUMNS)
        .filter(q.where())
        .batchSize(BATCH)
        .parallelism(threads)
        .ordered(false)
        .lateMaterialization(late)
        .build();
    try (ScanReader r = Scanner.scan(DatasetDiscovery.directory(dir, DiscoveryOptions.defaults()), options, allocator)) {
      while (r.loadNextBatch()) {
        digest.add(r.getVectorSchemaRoot());
      }
      return digest.outcome(r.metrics().bytesRead());
    }
  }

  /** A DuckDB connection running {@code threads} threads; the caller closes it. */
  public static Connection duckDb(int threads) throws SQLException {
    Connection c = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement st = c.createStatement()) {
      st.execute("SET threads = " + threads);
    }
    return c;
  }

  public static String duckDbSql(Path dir, DatasetQuery q) {
    return "SELECT " + String.join(", ", EventsDataset.COLUMNS) + " FROM read_parquet('" + dir + "/**/*.parquet', "
        + "hive_partitioning = true) WHERE " + q.where();
  }

  public static Outcome duckDb(Connection c, Path dir, DatasetQuery q, BufferAllocator allocator, Consumer consumer) throws Exception {
    Sink digest = new Sink(consumer);
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(duckDbSql(dir, q));
        ArrowReader r = (ArrowReader) ((DuckDBResultSet) rs).arrowExportStream(allocator, BATCH)) {
      while (r.loadNextBatch()) {
        digest.add(r.getVectorSchemaRoot());
      }
    }
    return digest.outcome(-1);
  }

  public static Outcome arrowCpp(Path dir, DatasetQuery q, BufferAllocator allocator, Consumer consumer) throws Exception {
    Sink digest = new Sink(consumer);
    try (FileSystemDatasetFactory factory = new FileSystemDatasetFactory(
            allocator, POOL, FileFormat.PARQUET, dir.toUri().toString());
        Dataset dataset = factory.finish();
        org.apache.arrow.dataset.scanner.Scanner scanner = dataset.newScan(
            new org.apache.arrow.dataset.scanner.ScanOptions.Builder(BATCH)
                .columns(Optional.of(EventsDataset.COLUMNS.toArray(String[]::new)))
                .substraitFilter(SubstraitFilter.of(EventsDataset.schema(), q.substrait()))
                .build());
        ArrowReader r = scanner.scanBatches()) {
      while (r.loadNextBatch()) {
        digest.add(r.getVectorSchemaRoot());
      }
    }
    return digest.outcome(-1);
  }
}
