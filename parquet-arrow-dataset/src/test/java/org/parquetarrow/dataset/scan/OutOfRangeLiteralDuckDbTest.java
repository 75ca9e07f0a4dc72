package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.table.Row;
import org.apache.arrow.vector.table.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Literals no value of the column can equal: past 64 bits for an INT64 column, past 32 for an
 * INT32 one, negative or too large for unsigned columns, more scale than a decimal column holds.
 * DuckDB answers such comparisons (every non-null row, or none); so must we, with every comparison
 * operator, {@code in}, {@code not in}, {@code not} and {@code or}, on a file DuckDB wrote with
 * nulls in every column and several row groups (statistics pruning sees the literals too).
 */
class OutOfRangeLiteralDuckDbTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String[] OPS = {"=", "<>", "<", "<=", ">", ">="};
  private static final String[] TERMS = {
    "l %s 99999999999999999999", "l %s -99999999999999999999", "l %s 9223372036854775808",
    "i %s 3000000000", "i %s -3000000000",
    "u %s -1", "u %s 300",
    "ub %s -1", "ub %s 18446744073709551616",
    "q %s 0.055", "q %s 99999999999999999999.5",
  };
  private static final List<String> MORE = List.of(
      "l in (1, 99999999999999999999)", "l not in (99999999999999999999)", "l in (99999999999999999999)",
      "u in (-1, 3)", "u not in (-1, 3)", "ub in (18446744073709551616, 5)",
      "not (l > 99999999999999999999)", "l > 99999999999999999999 or l is null",
      "l < 99999999999999999999 and i > -3000000000 and u >= -1",
      "l between -99999999999999999999 and 99999999999999999999",
      "l between 99999999999999999999 and 199999999999999999999");

  @Test
  void outOfRangeLiteralsAnswerAsDuckDb() throws Exception {
    Path file = dir.resolve("t.parquet");
    List<String> filters = new ArrayList<>(MORE);
    for (String t : TERMS) {
      for (String op : OPS) {
        filters.add(String.format(t, op));
      }
    }
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      st.execute("COPY (SELECT r::INTEGER AS id,"
          + " CASE WHEN r % 7 = 0 THEN NULL ELSE (r * 7919 - 5000000) * 1000003 END::BIGINT AS l,"
          + " CASE WHEN r % 5 = 0 THEN NULL ELSE r * 3 - 1500 END::INTEGER AS i,"
          + " CASE WHEN r % 6 = 0 THEN NULL ELSE r % 256 END::UTINYINT AS u,"
          + " CASE WHEN r % 4 = 0 THEN NULL ELSE r * 1000000007 END::UBIGINT AS ub,"
          + " CASE WHEN r % 3 = 0 THEN NULL ELSE (r - 1000) / 100 END::DECIMAL(9,2) AS q"
          + " FROM range(3000) t(r)) TO '" + file + "' (FORMAT PARQUET, ROW_GROUP_SIZE 1000)");
      for (String where : filters) {
        List<Integer> want = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT id FROM read_parquet('" + file + "') WHERE " + where + " ORDER BY id")) {
          while (rs.next()) {
            want.add(rs.getInt(1));
          }
        }
        List<Integer> got = new ArrayList<>();
        TableReadOptions options = TableReadOptions.builder().columns("id").filter(where).batchSize(700).build();
        try (Table t = ParquetFiles.readTable(file.toString(), options, memory.allocator())) {
          for (Row r : t) {
            got.add(r.getInt("id"));
          }
        }
        got.sort(null);
        assertEquals(want, got, where);
      }
    }
  }
}
