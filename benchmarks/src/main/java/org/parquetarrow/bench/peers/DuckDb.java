package org.parquetarrow.bench.peers;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;
import org.parquetarrow.bench.BatchDigest;
import org.parquetarrow.bench.ScanResult;

/**
 * DuckDB (JDBC, in-process, in-memory database) as a reading and a writing peer, on one thread
 * ({@code SET threads = 1}).
 *
 * <ul>
 *   <li>{@link #scan}: {@code SELECT count(*), sum(hash(c1)), … FROM read_parquet(…)}, one hash
 *       per column, so every value of every column (nested ones included) is decoded; DuckDB
 *       computes aggregates on its own columnar vectors, so no conversion to Arrow is timed.
 *   <li>{@link #digest}: the same file exported as Arrow batches through the C data interface and
 *       fed to {@link BatchDigest}, untimed, to check that DuckDB sees the values the other
 *       readers see.
 *   <li>{@link #load} then {@link #write}: {@code COPY src TO … (FORMAT parquet, COMPRESSION …)}
 *       from a table in DuckDB's memory, its defaults otherwise.
 * </ul>
 *
 * <pre>
 * try (DuckDb db = DuckDb.open()) {
 *   long rows = db.scan(Path.of("numeric.parquet"), List.of("i32", "i64"));
 * }
 * </pre>
 */
public final class DuckDb implements AutoCloseable {
  private final Connection connection;

  private DuckDb(Connection connection) {
    this.connection = connection;
  }

  /** A fresh in-memory database limited to one thread. */
  public static DuckDb open() throws SQLException {
    Connection c = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement s = c.createStatement()) {
      s.execute("SET threads = 1");
    } catch (SQLException e) {
      c.close();
      throw e;
    }
    return new DuckDb(c);
  }

  /** Rows of {@code file}, after hashing every value of {@code columns} (the file's top-level columns). */
  public long scan(Path file, List<String> columns) throws SQLException {
    StringBuilder sql = new StringBuilder("SELECT count(*)");
    for (String c : columns) {
      sql.append(", sum(hash(").append(identifier(c)).append("))");
    }
    sql.append(" FROM read_parquet(").append(literal(file)).append(')');
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql.toString())) {
      if (!rs.next()) {
        throw new IllegalStateException("DuckDB returned no row for " + sql);
      }
      for (int i = 2; i <= columns.size() + 1; i++) {
        if (rs.getObject(i) == null && rs.getLong(1) > 0) {
          throw new IllegalStateException("DuckDB hashed no value of column " + columns.get(i - 2) + " of " + file);
        }
      }
      return rs.getLong(1);
    }
  }

  /** Every row of {@code file} as DuckDB exports it to Arrow, through {@link BatchDigest}. */
  public ScanResult digest(Path file, BufferAllocator allocator, int batchSize) throws Exception {
    BatchDigest digest = new BatchDigest();
    try (BufferAllocator scan = allocator.newChildAllocator("duckdb-export", 0, Long.MAX_VALUE)) {
      try (Statement s = connection.createStatement();
          ResultSet rs = s.executeQuery("SELECT * FROM read_parquet(" + literal(file) + ")");
          ArrowReader reader = (ArrowReader) rs.unwrap(DuckDBResultSet.class).arrowExportStream(scan, batchSize)) {
        while (reader.loadNextBatch()) {
          digest.add(reader.getVectorSchemaRoot());
        }
      }
      return new ScanResult(digest.rows(), digest.checksum(), scan.getPeakMemoryAllocation());
    }
  }

  /** Loads {@code file} into the table {@code src} (replacing it), the input of {@link #write}. */
  public void load(Path file) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("CREATE OR REPLACE TABLE src AS SELECT * FROM read_parquet(" + literal(file) + ")");
    }
  }

  /** Writes table {@code src} to {@code out} with {@code codec} (DuckDB's name: uncompressed, snappy, zstd…). */
  public void write(Path out, String codec) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("COPY src TO " + literal(out) + " (FORMAT parquet, COMPRESSION "
          + codec.toLowerCase(Locale.ROOT) + ")");
    }
  }

  /** Drops table {@code src}, releasing its memory. */
  public void unload() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("DROP TABLE IF EXISTS src");
    }
  }

  /** DuckDB's version string. */
  public String version() throws SQLException {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT version()")) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }

  private static String literal(Path file) {
    return "'" + file.toAbsolutePath().toString().replace("'", "''") + "'";
  }

  private static String identifier(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
