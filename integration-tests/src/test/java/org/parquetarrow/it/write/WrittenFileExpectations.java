package org.parquetarrow.it.write;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.duckdb.DuckDBResultSet;
import org.parquetarrow.it.peers.Table;

/**
 * What a peer returns for a file our writer made from a {@link Table}, where the peer's type
 * system differs from Arrow's. Arrow C++ needs no entry: it restores every Arrow type from the
 * stored {@code ARROW:schema}.
 */
final class WrittenFileExpectations {
  private WrittenFileExpectations() {}

  /**
   * DuckDB (2.0) reads by Parquet type and hands its own types out as Arrow: TIME(MILLIS) becomes
   * its microsecond TIME, TIMESTAMP(MILLIS, UTC) its microsecond TIMESTAMPTZ; FLOAT16 is widened
   * to FLOAT; TIME(NANOS) is cut to microseconds; a decimal beyond its 38 digits is read as a DOUBLE
   * that is not always the nearest to the decimal, so {@code dec60} is left out; a FIXED_LEN_BYTE_ARRAY without
   * annotation is a BLOB. Nullability is not compared ({@code assertSameData}).
   */
  static Table duckDb(Table t) {
    t = t.replace("time_ms", Field.nullable("time_ms", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
        map(t.column("time_ms"), v -> ((Number) v).longValue() * 1_000L));
    t = t.replace("ts_ms_utc", Field.nullable("ts_ms_utc", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
        map(t.column("ts_ms_utc"), v -> ((Number) v).longValue() * 1_000L));
    t = t.replace("f16", Field.nullable("f16", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
        map(t.column("f16"), v -> Float16.toFloat((Short) v)));
    t = t.replace("time_ns", Field.nullable("time_ns", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
        map(t.column("time_ns"), v -> Math.floorDiv(((Number) v).longValue(), 1_000L)));
    t = t.select(n -> !n.equals("dec60"));
    t = t.replace("fsb", Field.nullable("fsb", ArrowType.Binary.INSTANCE), t.column("fsb"));
    t = t.replace("uuid", Field.nullable("uuid", ArrowType.Binary.INSTANCE), t.column("uuid"));
    return t;
  }

  /** DuckDB reading the columns of {@code expected} from {@code file}, as Arrow batches. */
  static ArrowReader duckDbRead(Connection c, Path file, Table expected, BufferAllocator allocator) throws SQLException {
    StringBuilder columns = new StringBuilder();
    for (Field f : expected.fields()) {
      columns.append(columns.length() == 0 ? "" : ", ").append('"').append(f.getName()).append('"');
    }
    Statement s = c.createStatement();
    DuckDBResultSet rs = (DuckDBResultSet) s.executeQuery("SELECT " + columns + " FROM read_parquet('" + file + "')");
    return (ArrowReader) rs.arrowExportStream(allocator, 1000);
  }

  private static List<Object> map(List<Object> values, Function<Object, Object> f) {
    List<Object> out = new ArrayList<>(values.size());
    for (Object v : values) {
      out.add(v == null ? null : f.apply(v));
    }
    return out;
  }
}
