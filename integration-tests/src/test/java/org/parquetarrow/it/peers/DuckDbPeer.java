package org.parquetarrow.it.peers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBResultSet;

/**
 * Writes a {@link Table} with DuckDB (JDBC, DuckDB 2.0): the rows enter DuckDB through its Arrow
 * import into a temporary table, and leave through {@code COPY ... TO (FORMAT parquet, ...)} once
 * per variant: every codec DuckDB writes (UNCOMPRESSED, SNAPPY, GZIP, ZSTD, BROTLI, LZ4 = LZ4_RAW),
 * {@code PARQUET_VERSION v2} (v2 data pages, DELTA encodings), small {@code ROW_GROUP_SIZE_BYTES}
 * (many row groups) and a tiny {@code DICTIONARY_SIZE_LIMIT} (no dictionary).
 *
 * <p>DuckDB's type system changes some columns on the way; {@link #expected(Table)} states what a
 * reader must return for DuckDB's Parquet types, column by column.
 */
public final class DuckDbPeer {
  private DuckDbPeer() {}

  public static final String NAME = "duckdb";

  /**
   * One COPY: its variant name, DuckDB options, the Parquet codec they produce, and whether
   * dictionary pages must appear ({@code null}: DuckDB decides per row group from the data).
   */
  public record Variant(String name, String options, String codec, Boolean dictionary) {}

  public static List<Variant> variants() {
    return List.of(
        new Variant("v1-uncompressed", "COMPRESSION uncompressed", "UNCOMPRESSED", true),
        new Variant("v1-snappy", "COMPRESSION snappy", "SNAPPY", true),
        new Variant("v2-gzip", "COMPRESSION gzip, PARQUET_VERSION v2", "GZIP", true),
        new Variant("v1-zstd-small-row-groups", "COMPRESSION zstd, COMPRESSION_LEVEL 9, ROW_GROUP_SIZE_BYTES 16384", "ZSTD", null),
        new Variant("v2-brotli", "COMPRESSION brotli, PARQUET_VERSION v2", "BROTLI", true),
        new Variant("v1-lz4raw-nodict", "COMPRESSION lz4, DICTIONARY_SIZE_LIMIT 1", "LZ4_RAW", false));
  }

  /** The columns DuckDB is given (those it can hold), before its own conversions. */
  static Table input(Table master) {
    return master.select(n -> !UNSUPPORTED.contains(n));
  }

  /**
   * Columns left out: float16 (DuckDB has no half float), decimal(60) (DuckDB stops at 38 digits),
   * INT96 (not reachable from an Arrow type).
   */
  static final List<String> UNSUPPORTED = List.of("f16", "dec60", "ts_int96");

  /**
   * What a reader must return for DuckDB's file of {@code master}. DuckDB 2.0 writes (checked by
   * {@code DuckDbPeerIT} against the file's schema): time(ms) as TIME(MICROS) and timestamp(ms, UTC)
   * as TIMESTAMP(MICROS, UTC), since its TIME and TIMESTAMPTZ are microsecond types; fixed-size
   * binaries (including {@code uuid}) as plain BYTE_ARRAY, since its BLOB has no width; and every
   * nested field OPTIONAL, so the required list element of {@code req_l} and the required struct
   * field {@code s_req.k} come back nullable.
   */
  public static Table expected(Table master) {
    Table t = input(master);
    t = t.replace("time_ms", Field.nullable("time_ms", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
        scaled(t.column("time_ms"), 1_000L));
    t = t.replace("ts_ms_utc", Field.nullable("ts_ms_utc", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
        scaled(t.column("ts_ms_utc"), 1_000L));
    t = t.replace("fsb", Field.nullable("fsb", ArrowType.Binary.INSTANCE), t.column("fsb"));
    t = t.replace("uuid", Field.nullable("uuid", ArrowType.Binary.INSTANCE), t.column("uuid"));
    t = t.replace("req_l", RandomTables.list("req_l", Field.nullable("element", RandomTables.INT32), false), t.column("req_l"));
    t = t.replace("s_req", RandomTables.struct("s_req", true, Field.nullable("k", RandomTables.INT32),
        Field.nullable("v", RandomTables.UTF8)), t.column("s_req"));
    return t;
  }

  private static List<Object> scaled(List<Object> values, long factor) {
    List<Object> out = new ArrayList<>(values.size());
    for (Object v : values) {
      out.add(v == null ? null : ((Number) v).longValue() * factor);
    }
    return out;
  }

  public static Connection connect() throws SQLException {
    Connection c = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement s = c.createStatement()) {
      s.execute("SET TimeZone = 'UTC'");
    }
    return c;
  }

  /** Every variant, written to {@code dir}. */
  public static List<PeerFile> write(Table master, Path dir, BufferAllocator allocator) throws Exception {
    Table in = input(master);
    Table expected = expected(master);
    List<PeerFile> files = new ArrayList<>();
    try (Connection c = connect()) {
      load(c, in, allocator);
      for (Variant v : variants()) {
        Path path = dir.resolve(NAME + "-" + v.name() + ".parquet");
        Files.deleteIfExists(path);
        try (Statement s = c.createStatement()) {
          s.execute("COPY peer_rows TO '" + path + "' (FORMAT parquet, " + v.options() + ")");
        }
        files.add(new PeerFile(NAME, v.name(), path, v.codec(), expected));
      }
    }
    return files;
  }

  /** Loads {@code table} into the DuckDB table {@code peer_rows}, row order kept. */
  static void load(Connection c, Table table, BufferAllocator allocator) throws SQLException, java.io.IOException {
    byte[] ipc = ArrowIpc.stream(List.of(table), allocator);
    try (ArrowStreamReader reader = ArrowIpc.reader(ipc, allocator);
        ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
      Data.exportArrayStream(allocator, reader, stream);
      c.unwrap(DuckDBConnection.class).registerArrowStream("peer_arrow", stream);
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE peer_rows AS SELECT * FROM peer_arrow");
      }
    }
  }

  /** DuckDB reading a Parquet file, its result handed out as Arrow batches. */
  public static ArrowReader read(Connection c, Path file, BufferAllocator allocator) throws SQLException {
    Statement s = c.createStatement();
    DuckDBResultSet rs = (DuckDBResultSet) s.executeQuery("SELECT * FROM read_parquet('" + file + "')");
    return (ArrowReader) rs.arrowExportStream(allocator, 1000);
  }
}
