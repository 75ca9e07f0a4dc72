package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import org.apache.arrow.vector.table.Row;
import org.apache.arrow.vector.table.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * DuckDB as the peer for the one-call reads and counts: on the random hive dataset of {@link
 * RandomHiveDataset}, {@code ParquetFiles.countRows} equals DuckDB's {@code count(*)} and {@code
 * ParquetFiles.readTable} returns the rows DuckDB's {@code SELECT ... WHERE} does, for random
 * filters (the same SQL text on both sides), and the first rows of a limited read are DuckDB's
 * first rows in file order.
 */
class CountAndReadDuckDbTest {
  private static final Logger LOG = LoggerFactory.getLogger(CountAndReadDuckDbTest.class);
  private static final long SEED = 1726;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @BeforeEach
  void writeDataset() {
    RandomHiveDataset.write(memory.allocator(), dir, new Random(SEED));
  }

  private String source() {
    return "read_parquet('" + dir.toAbsolutePath() + "/**/*.parquet', hive_partitioning = true, union_by_name = true)";
  }

  private static String key(Object p, Object k, Object s) {
    return p + "|" + k + "|" + s;
  }

  private List<String> ours(Expression filter, long limit) {
    TableReadOptions.Builder b = TableReadOptions.builder().columns("p", "k", "s").filter(filter);
    if (limit >= 0) {
      b.limit(limit);
    }
    List<String> out = new ArrayList<>();
    try (Table t = ParquetFiles.readTable(dir.toString(), b.build(), memory.allocator())) {
      for (Row r : t) {
        out.add(key(r.isNull("p") ? null : r.getBigInt("p"), r.isNull("k") ? null : r.getBigInt("k"),
            r.isNull("s") ? null : r.getVarCharObj("s")));
      }
    }
    return out;
  }

  private static List<String> duckDb(Statement st, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        Object p = rs.getObject(1);
        Object k = rs.getObject(2);
        out.add(key(p == null ? null : ((Number) p).longValue(), k == null ? null : ((Number) k).longValue(), rs.getString(3)));
      }
    }
    return out;
  }

  @Test
  void countsAndRowsAgreeWithDuckDbForRandomFilters() throws SQLException {
    Random r = new Random(SEED);
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      int fromMetadata = 0;
      for (int n = 0; n < 60; n++) {
        Expression filter = RandomHiveDataset.filter(r, 3);
        String where = filter.toSql();
        long expected;
        try (ResultSet rs = st.executeQuery("SELECT count(*) FROM " + source() + " WHERE " + where)) {
          rs.next();
          expected = rs.getLong(1);
        }
        RowCount count = ParquetFiles.countRows(dir.toString(), TableReadOptions.builder().filter(filter).build(),
            memory.allocator());
        assertEquals(expected, count.rows(), where);
        fromMetadata += count.rowGroupsFromMetadata();

        List<String> want = duckDb(st, "SELECT p, k, s FROM " + source() + " WHERE " + where);
        List<String> got = ours(filter, -1);
        Collections.sort(want);
        Collections.sort(got);
        assertEquals(want, got, where);
      }
      LOG.info("60 random filters agree with DuckDB; {} row groups were counted from metadata alone", fromMetadata);
    }
  }

  @Test
  void aLimitedReadGivesDuckDbsFirstRowsInFileOrder() throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      for (String where : List.of("s like 'a%'", "k > 1000 and p >= 1", "i is null")) {
        List<String> want = duckDb(st, "SELECT p, k, s FROM " + source() + " WHERE " + where
            + " ORDER BY filename, file_row_number LIMIT 25");
        assertEquals(want, ours(org.parquetarrow.dataset.expr.ExpressionParser.parse(where), 25), where);
      }
    }
  }
}
