package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * {@code is null} / {@code is not null} on list, map and struct columns (and a list inside a
 * struct) answer as DuckDB's {@code IS NULL} on the same file: only a null list is null, not an
 * empty list nor a list of nulls; a struct is null only itself, not when all its fields are. The
 * file, written by DuckDB, cycles through every such case over several row groups and batches.
 */
class NestedNullCheckDuckDbTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final List<String> FILTERS = List.of(
      "l is null", "l is not null", "not (l is null)", "m is null", "m is not null",
      "s is null", "s is not null", "s.inner is null", "s.inner is not null", "s.a is null",
      "l is null or s is null", "l is not null and m is null and id > 100");

  @Test
  void nullChecksOnNestedColumnsAgreeWithDuckDb() throws Exception {
    Path file = dir.resolve("nested.parquet");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      st.execute("COPY (SELECT r::INTEGER AS id,"
          + " CASE r % 4 WHEN 0 THEN NULL WHEN 1 THEN []::INTEGER[] WHEN 2 THEN [NULL, NULL]::INTEGER[]"
          + "   ELSE [r, NULL]::INTEGER[] END AS l,"
          + " CASE r % 3 WHEN 0 THEN NULL WHEN 1 THEN MAP {}::MAP(VARCHAR, INTEGER)"
          + "   ELSE MAP {'k': r}::MAP(VARCHAR, INTEGER) END AS m,"
          + " CASE r % 5 WHEN 0 THEN NULL WHEN 1 THEN {'a': NULL::INTEGER, 'inner': NULL::INTEGER[]}"
          + "   WHEN 2 THEN {'a': r::INTEGER, 'inner': []::INTEGER[]}"
          + "   ELSE {'a': NULL::INTEGER, 'inner': [NULL]::INTEGER[]} END AS s"
          + " FROM range(2500) t(r)) TO '" + file + "' (FORMAT PARQUET, ROW_GROUP_SIZE 1000)");
      for (String where : FILTERS) {
        List<Integer> want = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT id FROM read_parquet('" + file + "') WHERE " + where + " ORDER BY id")) {
          while (rs.next()) {
            want.add(rs.getInt(1));
          }
        }
        assertTrue(!want.isEmpty() && want.size() < 2500, where + " must keep some rows and not others");
        List<Integer> got = new ArrayList<>();
        TableReadOptions options = TableReadOptions.builder().columns("id").filter(where).batchSize(300).build();
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
