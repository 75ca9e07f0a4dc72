package org.parquetarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.dataset.expr.Expressions;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.dataset.prune.RowGroupScan;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * DuckDB as the peer: filter text runs unchanged in DuckDB's {@code WHERE}, and for the dataset of
 * {@link WrittenDatasetTest} every row DuckDB returns for a filter (located by {@code filename}
 * and {@code file_row_number}) lies in a file, row group and row selection our pruning kept.
 */
class DuckDbAgreementTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();
  @TempDir Path dir;

  @BeforeEach
  void writeDataset() {
    WrittenDatasetTest.write(allocator.allocator(), dir.resolve("year=2023/part-0.parquet"), 0, true, false);
    WrittenDatasetTest.write(allocator.allocator(), dir.resolve("year=2024/part-0.parquet"), 1, false, false);
    WrittenDatasetTest.write(allocator.allocator(), dir.resolve("year=__HIVE_DEFAULT_PARTITION__/part-0.parquet"), 2, false, true);
  }

  @Test
  void issueSyntaxRunsUnchangedInDuckDb() throws SQLException {
    List<String> filters = List.of(
        "x > 5 and s in ('a', 'b') and d between date '2024-01-01' and date '2024-12-31' and name like 'abc%' and y is not null",
        "a.b.c = 1 and \"weird name\" <> 'it''s' and t >= timestamp '2024-01-01 10:00:00.5' and x = -5 and z = 1.25",
        "not (x < 5 or y is null) and s not in ('q') and x not between -1 and 2 and name not like 'zz%'",
        "starts_with(name, 'ab') and 5 < x and z <= 1.5e1 and b = true");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      for (String f : filters) {
        Expression e = ExpressionParser.parse(f);
        for (String text : List.of(f, e.toSql())) {
          try (ResultSet rs = st.executeQuery(
              "WITH t AS (SELECT 6 AS x, 'a' AS s, DATE '2024-06-01' AS d, 'abcd' AS name, 1 AS y,"
                  + " {'b': {'c': 1}} AS a, 'x' AS \"weird name\", TIMESTAMP '2024-06-01' AS t, 1.25 AS z, true AS b)"
                  + " SELECT count(*) FROM t WHERE " + text)) {
            assertTrue(rs.next());
            assertTrue(rs.getLong(1) <= 1, text);
          }
        }
      }
      // The first filter matches the row DuckDB was given: same answer as our text says.
      try (ResultSet rs = st.executeQuery(
          "WITH t AS (SELECT 6 AS x, 'a' AS s, DATE '2024-06-01' AS d, 'abcd' AS name, 1 AS y) SELECT count(*) FROM t WHERE "
              + filters.get(0))) {
        rs.next();
        assertEquals(1, rs.getLong(1));
      }
    }
  }

  private Map<String, Map<Integer, RowGroupScan>> kept(Dataset ds, Expression filter) {
    Map<String, Map<Integer, RowGroupScan>> out = new HashMap<>();
    for (FileScan f : ds.plan(filter, PruningOptions.ALL, new PruningMetrics())) {
      Map<Integer, RowGroupScan> groups = new HashMap<>();
      f.rowGroups().forEach(g -> groups.put(g.rowGroup(), g));
      out.put(f.file().path().toAbsolutePath().toString(), groups);
    }
    return out;
  }

  private void assertSound(Statement st, Dataset ds, String text) throws SQLException {
    Expression filter = ExpressionParser.parse(text);
    Map<String, Map<Integer, RowGroupScan>> kept = kept(ds, filter);
    String sql = "SELECT filename, file_row_number FROM read_parquet('" + dir.toAbsolutePath() + "/**/*.parquet',"
        + " hive_partitioning = true, union_by_name = true, filename = true, file_row_number = true) WHERE " + text;
    try (ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        String file = Path.of(rs.getString(1)).toAbsolutePath().toString();
        long row = rs.getLong(2);
        Map<Integer, RowGroupScan> groups = kept.get(file);
        assertTrue(groups != null, text + ": pruned file " + file + " holding row " + row);
        RowGroupScan g = groups.get((int) (row / 1000)); // row groups of 1,000 rows
        assertTrue(g != null && g.rows().contains(row % 1000), text + ": pruned row " + row + " of " + file);
      }
    }
  }

  @Test
  void everyRowDuckDbMatchesIsKept() throws SQLException {
    Dataset ds = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      try (ResultSet rs = st.executeQuery("SELECT count(*) FROM read_parquet('" + dir.toAbsolutePath()
          + "/**/*.parquet', hive_partitioning = true, union_by_name = true) WHERE year is null and x < 1000.5")) {
        rs.next();
        assertEquals(2001, rs.getLong(1), "DuckDB reads __HIVE_DEFAULT_PARTITION__ as null and x = i / 2");
      }
      for (String f : List.of(
          "id > 21000 and s in ('v00021002', 'v00030000') and year between 2023 and 2024 and s like 'v0002%' and x is null",
          "year is null and x < 1000.5",
          "id between 1000 and 2000 or s like 'v0004%'",
          "not (id < 39000) and year = 2024",
          "\"s\" = 'v00021000' or id = 1001",
          "x >= 4999.5 or year != 2023",
          "s >= 'v00040000' and s < 'v00040100'",
          "id in (0, 2, 40000, 59998) and not year = 2024")) {
        assertSound(st, ds, f);
      }
      Random random = new Random(6);
      for (int i = 0; i < 150; i++) {
        assertSound(st, ds, randomFilter(random, 3).toSql());
      }
    }
  }

  private static Expression randomFilter(Random r, int depth) {
    if (depth == 0 || r.nextInt(3) == 0) {
      return randomLeaf(r);
    }
    Expression a = randomFilter(r, depth - 1);
    Expression b = randomFilter(r, depth - 1);
    return switch (r.nextInt(3)) {
      case 0 -> Expressions.and(a, b);
      case 1 -> Expressions.or(a, b);
      default -> Expressions.not(a);
    };
  }

  private static Expression randomLeaf(Random r) {
    CompareOp op = CompareOp.values()[r.nextInt(CompareOp.values().length)];
    long id = r.nextInt(62_000) - 1000;
    return switch (r.nextInt(8)) {
      case 0 -> ColumnRef.of("id").compare(op, id);
      case 1 -> ColumnRef.of("s").compare(op, "v%08d".formatted(Math.max(0, id)));
      case 2 -> ColumnRef.of("x").compare(op, r.nextInt(10_000) / 2.0);
      case 3 -> ColumnRef.of("year").compare(op, 2022 + r.nextInt(4));
      case 4 -> ColumnRef.of("id").between(id, id + r.nextInt(3000));
      case 5 -> ColumnRef.of("s").startsWith("v000" + r.nextInt(7));
      case 6 -> r.nextBoolean() ? ColumnRef.of("x").isNull() : ColumnRef.of("year").isNotNull();
      default -> ColumnRef.of("id").in(id, id + 1, id + 2000);
    };
  }
}
