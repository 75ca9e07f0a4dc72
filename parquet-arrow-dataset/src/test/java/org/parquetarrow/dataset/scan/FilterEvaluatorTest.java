package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * The residual filter's edge cases against DuckDB on the same values held in memory (no Parquet
 * statistics involved): NaN, infinities and signed zeros; unsigned 64-bit values above 2^63;
 * integers against fractions and out-of-range numbers; strings compared as UTF-8 bytes.
 */
class FilterEvaluatorTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();

  private static final double[] F = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, 1.5, -2.25};
  private static final BigInteger[] U = {BigInteger.ZERO, BigInteger.valueOf(5), BigInteger.ONE.shiftLeft(63),
      BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE), BigInteger.valueOf(Long.MAX_VALUE), BigInteger.ONE, BigInteger.TEN};
  private static final int[] I = {2, 3, -3, -2, 0, Integer.MAX_VALUE, Integer.MIN_VALUE};
  private static final String[] S = {"é", "e", "z", "", "😀", "ab", "a"};

  @Test
  void edgeCasesAgreeWithDuckDb() throws Exception {
    Schema schema = new Schema(List.of(
        Field.nullable("f", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        Field.nullable("u", new ArrowType.Int(64, false)),
        Field.nullable("i", new ArrowType.Int(32, true)),
        Field.nullable("s", ArrowType.Utf8.INSTANCE)));
    int rows = F.length + 1; // the last row all null
    List<Object[]> literals = List.of(
        new Object[] {"f", Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, 1.5, 2.0},
        new Object[] {"u", 0L, 5L, BigInteger.ONE.shiftLeft(63), BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE), new BigDecimal("5.5"), Long.MAX_VALUE},
        new Object[] {"i", new BigDecimal("2.5"), new BigDecimal("-2.5"), new BigDecimal("1000000000000000000000000000000.5"), new BigDecimal("-3000000000.5"), 3L, 2.0},
        new Object[] {"s", "é", "e", "😀", "", "a", "f"});
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator.allocator());
        Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      root.allocateNew();
      StringBuilder values = new StringBuilder();
      for (int r = 0; r < F.length; r++) {
        ((Float8Vector) root.getVector("f")).setSafe(r, F[r]);
        ((UInt8Vector) root.getVector("u")).setSafe(r, U[r].longValue());
        ((IntVector) root.getVector("i")).setSafe(r, I[r]);
        ((VarCharVector) root.getVector("s")).setSafe(r, S[r].getBytes(StandardCharsets.UTF_8));
        values.append(r == 0 ? "" : ", ").append("(").append(r).append(", '").append(F[r]).append("'::DOUBLE, ")
            .append(U[r]).append("::UBIGINT, ").append("(").append(I[r]).append(")::INTEGER, '").append(S[r]).append("')");
      }
      values.append(", (").append(F.length).append(", NULL, NULL, NULL, NULL)");
      root.setRowCount(rows);
      st.execute("CREATE TABLE t AS SELECT * FROM (VALUES " + values.toString().replace("'Infinity'", "'inf'")
          .replace("'-Infinity'", "'-inf'") + ") v(id, f, u, i, s)");
      int checked = 0;
      for (Object[] column : literals) {
        for (int k = 1; k < column.length; k++) {
          for (CompareOp op : CompareOp.values()) {
            Expression e = ColumnRef.of((String) column[0]).compare(op, column[k]);
            check(st, root, schema, e);
            check(st, root, schema, e.not());
            checked++;
          }
          check(st, root, schema, ColumnRef.of((String) column[0]).in(column[k], column[1]));
          check(st, root, schema, ColumnRef.of((String) column[0]).notIn(column[k], column[1]));
        }
      }
      check(st, root, schema, ColumnRef.of("s").startsWith("é"));
      check(st, root, schema, ColumnRef.of("s").startsWith("").not());
      check(st, root, schema, ColumnRef.of("f").between(-0.0, Double.POSITIVE_INFINITY));
      assertTrue(checked > 100);
    }
  }

  private static void check(Statement st, VectorSchemaRoot root, Schema schema, Expression e) throws Exception {
    TriBits bits = new FilterEvaluator(ExpressionBinder.bind(e, schema)).evaluate(root);
    List<Integer> ours = new ArrayList<>();
    for (int r = 0; r < root.getRowCount(); r++) {
      if ((bits.isTrue[r >>> 6] >>> r & 1) != 0) {
        ours.add(r);
      }
    }
    List<Integer> theirs = new ArrayList<>();
    try (ResultSet rs = st.executeQuery("SELECT id FROM t WHERE " + e.toSql() + " ORDER BY id")) {
      while (rs.next()) {
        theirs.add(rs.getInt(1));
      }
    }
    assertEquals(theirs, ours, e.toSql());
  }
}
