package org.parquetarrow.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.stats.ColumnChunkStatistics;
import org.parquetarrow.stats.MinMaxStatus;

/**
 * Typed min/max of a file DuckDB writes: unsigned extremes, decimals on INT32, INT64 and
 * FIXED_LEN_BYTE_ARRAY, dates, times, timestamps with and without zone, strings. The expected
 * values are the ones inserted (each column holds exactly two: its min and its max), and the
 * integers and decimals are checked against DuckDB's own {@code parquet_metadata()} too.
 */
class TypedStatisticsVersusDuckDbIT {
  @TempDir Path dir;

  /** column, SQL of the two values, expected min, expected max. */
  private record Column(String name, String sql, Object min, Object max) {}

  private static final List<Column> COLUMNS = List.of(
      new Column("u8", "[0, 255]::UTINYINT[]", 0L, 255L),
      new Column("u8b", "[7, 200]::UTINYINT[]", 7L, 200L),
      new Column("u16", "[1, 65535]::USMALLINT[]", 1L, 65535L),
      new Column("u32", "[0, 4294967295]::UINTEGER[]", 0L, 4294967295L),
      new Column("u64", "[0, 18446744073709551615]::UBIGINT[]",
          BigInteger.ZERO, new BigInteger("18446744073709551615")),
      new Column("i64", "[-9223372036854775808, 9223372036854775807]::BIGINT[]", Long.MIN_VALUE, Long.MAX_VALUE),
      new Column("dec_int32", "[-12.34, 99.99]::DECIMAL(4,2)[]", new BigDecimal("-12.34"), new BigDecimal("99.99")),
      new Column("dec_int64", "[-1234567890.123, 0.001]::DECIMAL(18,3)[]",
          new BigDecimal("-1234567890.123"), new BigDecimal("0.001")),
      new Column("dec_fixed", "[-12345678901234567890.12345, 98765432109876543210.54321]::DECIMAL(38,5)[]",
          new BigDecimal("-12345678901234567890.12345"), new BigDecimal("98765432109876543210.54321")),
      new Column("d", "['1969-12-31', '2022-01-08']::DATE[]", LocalDate.of(1969, 12, 31), LocalDate.of(2022, 1, 8)),
      new Column("t", "['01:00:00', '23:59:59.999999']::TIME[]", LocalTime.of(1, 0), LocalTime.of(23, 59, 59, 999_999_000)),
      new Column("ts", "['1969-12-31 23:59:59.999999', '2023-11-14 22:13:20.123456']::TIMESTAMP[]",
          LocalDateTime.parse("1969-12-31T23:59:59.999999"), LocalDateTime.parse("2023-11-14T22:13:20.123456")),
      new Column("tstz", "['1969-12-31 23:59:59.999999+00', '2023-11-14 22:13:20.123456+00']::TIMESTAMPTZ[]",
          Instant.parse("1969-12-31T23:59:59.999999Z"), Instant.parse("2023-11-14T22:13:20.123456Z")),
      new Column("s", "['a', 'é']::VARCHAR[]", "a", "é"),
      new Column("f", "[-1.5, 2.25]::FLOAT[]", -1.5f, 2.25f),
      new Column("g", "[-1e300, 0.5]::DOUBLE[]", -1e300, 0.5));

  @Test
  void typedMinAndMaxAreTheValuesInserted() throws Exception {
    Path file = dir.resolve("duck.parquet");
    StringBuilder select = new StringBuilder();
    for (Column c : COLUMNS) {
      select.append(select.length() == 0 ? "" : ", ").append("unnest(").append(c.sql()).append(") AS ").append(c.name());
    }
    Map<String, String[]> duckStats = new HashMap<>();
    try (Connection conn = DriverManager.getConnection("jdbc:duckdb:");
        Statement st = conn.createStatement()) {
      st.execute("SET TimeZone = 'UTC'");
      st.execute("COPY (SELECT " + select + ") TO '" + file + "' (FORMAT parquet)");
      try (ResultSet rs = st.executeQuery(
          "SELECT path_in_schema, stats_min_value, stats_max_value FROM parquet_metadata('" + file + "')")) {
        while (rs.next()) {
          duckStats.put(rs.getString(1), new String[] {rs.getString(2), rs.getString(3)});
        }
      }
    }
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.builder(allocator).build())) {
      for (Column c : COLUMNS) {
        ColumnChunkStatistics s = ColumnChunkStatistics.of(reader, 0, c.name());
        assertEquals(MinMaxStatus.USABLE, s.minMaxStatus(), c.name() + ": " + s);
        assertEquals(Optional.of(c.min()), s.min(), c.name());
        assertEquals(Optional.of(c.max()), s.max(), c.name());
        if (c.min() instanceof Number && !(c.min() instanceof Float) && !(c.min() instanceof Double)) {
          String[] duck = duckStats.get(c.name());
          assertEquals(duck[0], text(s.min().orElseThrow()), c.name() + " against DuckDB's parquet_metadata");
          assertEquals(duck[1], text(s.max().orElseThrow()), c.name() + " against DuckDB's parquet_metadata");
        }
      }
    }
  }

  private static String text(Object v) {
    return v instanceof BigDecimal d ? d.toPlainString() : v.toString();
  }
}
