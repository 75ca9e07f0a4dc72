package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * The residual filter on the vector layouts beyond plain strings and 64-bit numbers, against
 * DuckDB on the same values: large strings (64-bit offsets), string views (inline up to 12 bytes,
 * else in a data buffer), decimals of 19 to 38 digits in 128 and 256 bits, and a
 * dictionary-encoded string column (indices with nulls into a dictionary that holds a null and a
 * value no row uses). Decimals wider than DuckDB's 38 digits are checked against {@link
 * BigDecimal#compareTo}.
 */
class WideTypesFilterTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();

  private static final String[] S = {"a", "abcdefghijkl", "abcdefghijklm", "zzzzzzzzzzzzzzzzzzzz", "", "é-long-value-here", "abcdefghijklmnop"};
  private static final BigDecimal[] D = {
    new BigDecimal("12345678901234567890.123"), new BigDecimal("-12345678901234567890.123"), new BigDecimal("0.001"),
    new BigDecimal("-0.001"), new BigDecimal("9999999999999999999999999999.999"), new BigDecimal("18446744073709551616.000"),
    new BigDecimal("-18446744073709551616.000")};
  private static final String[] DICT = {"red", null, "green", "blue", "unused"};
  private static final int[] DICT_INDEX = {0, 2, 1, 3, 0, 2, 3};

  @Test
  void largeStringsViewsDecimalsAndDictionariesAgreeWithDuckDb() throws Exception {
    Field dictField = new Field("k", new FieldType(true, new ArrowType.Int(32, true),
        new DictionaryEncoding(7, false, new ArrowType.Int(32, true))), null);
    Schema bound = new Schema(List.of(
        Field.nullable("ls", ArrowType.LargeUtf8.INSTANCE),
        Field.nullable("vs", ArrowType.Utf8View.INSTANCE),
        Field.nullable("d128", new ArrowType.Decimal(38, 3, 128)),
        Field.nullable("d256", new ArrowType.Decimal(38, 3, 256)),
        Field.nullable("k", ArrowType.Utf8.INSTANCE)));
    int rows = S.length + 1; // the last row all null
    try (LargeVarCharVector ls = new LargeVarCharVector("ls", allocator.allocator());
        ViewVarCharVector vs = new ViewVarCharVector("vs", allocator.allocator());
        DecimalVector d128 = new DecimalVector("d128", allocator.allocator(), 38, 3);
        Decimal256Vector d256 = new Decimal256Vector("d256", allocator.allocator(), 38, 3);
        IntVector k = (IntVector) dictField.createVector(allocator.allocator());
        VarCharVector dict = new VarCharVector("k", allocator.allocator());
        Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      StringBuilder values = new StringBuilder();
      for (int r = 0; r < S.length; r++) {
        byte[] b = S[r].getBytes(StandardCharsets.UTF_8);
        ls.setSafe(r, b);
        vs.setSafe(r, b);
        d128.setSafe(r, D[r]);
        d256.setSafe(r, D[r]);
        k.setSafe(r, DICT_INDEX[r]);
        String kv = DICT[DICT_INDEX[r]] == null ? "NULL" : "'" + DICT[DICT_INDEX[r]] + "'";
        values.append(r == 0 ? "" : ", ").append("(").append(r).append(", '").append(S[r]).append("', ")
            .append(D[r].toPlainString()).append("::DECIMAL(38,3), ").append(kv).append(")");
      }
      values.append(", (").append(S.length).append(", NULL, NULL, NULL)");
      for (FieldVector v : List.<FieldVector>of(ls, vs, d128, d256, k)) {
        v.setValueCount(rows);
      }
      for (int i = 0; i < DICT.length; i++) {
        if (DICT[i] != null) {
          dict.setSafe(i, DICT[i].getBytes(StandardCharsets.UTF_8));
        }
      }
      dict.setValueCount(DICT.length);
      st.execute("CREATE TABLE t AS SELECT id, s AS ls, s AS vs, d AS d128, d AS d256, k FROM (VALUES " + values
          + ") v(id, s, d, k)");
      List<FieldVector> vectors = List.of(ls, vs, d128, d256, k);
      List<Field> fields = List.of(ls.getField(), vs.getField(), d128.getField(), d256.getField(), dictField);
      try (VectorSchemaRoot root = new VectorSchemaRoot(fields, new ArrayList<>(vectors), rows)) {
        Map<Long, FieldVector> dictionaries = Map.of(7L, dict);
        List<Object> stringLiterals = List.of("abcdefghijkl", "abcdefghijklm", "abcdefghijklz", "", "b", "é");
        List<Object> decimalLiterals = List.of(new BigDecimal("12345678901234567890.123"), new BigDecimal("12345678901234567890.1235"),
            new BigDecimal("-0.0005"), 0L, new BigDecimal("18446744073709551616"), new BigDecimal("-18446744073709551616"), 2.5,
            new BigDecimal("1e40"), new BigDecimal("-1e40"));
        int checked = 0;
        for (String col : List.of("ls", "vs", "k")) {
          for (Object lit : stringLiterals) {
            for (CompareOp op : CompareOp.values()) {
              checked += check(st, root, dictionaries, bound, ColumnRef.of(col).compare(op, lit));
            }
            checked += check(st, root, dictionaries, bound, ColumnRef.of(col).in(lit, "red"));
            checked += check(st, root, dictionaries, bound, ColumnRef.of(col).startsWith(lit.toString()).not());
          }
          checked += check(st, root, dictionaries, bound, ColumnRef.of(col).isNull());
        }
        for (String col : List.of("d128", "d256")) {
          for (Object lit : decimalLiterals) {
            for (CompareOp op : CompareOp.values()) {
              checked += check(st, root, dictionaries, bound, ColumnRef.of(col).compare(op, lit));
            }
            checked += check(st, root, dictionaries, bound, ColumnRef.of(col).in(lit, new BigDecimal("0.001")));
          }
        }
        assertTrue(checked > 200);
      }
    }
  }

  @Test
  void decimalsBeyondDuckDbsPrecisionCompareAsNumbers() throws Exception {
    BigDecimal[] values = {new BigDecimal("1" + "0".repeat(58) + ".25"), new BigDecimal("-" + "9".repeat(60) + ".99"),
      new BigDecimal("340282366920938463463374607431768211456.00"), new BigDecimal("-340282366920938463463374607431768211457.00"),
      new BigDecimal("0.00"), new BigDecimal("-0.01")};
    Schema schema = new Schema(List.of(Field.nullable("d", new ArrowType.Decimal(62, 2, 256))));
    BigDecimal[] literals = {new BigDecimal("340282366920938463463374607431768211456"), new BigDecimal("-0.005"),
      new BigDecimal("1e58"), new BigDecimal("1e70"), BigDecimal.ZERO, new BigDecimal("-340282366920938463463374607431768211456.5")};
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator.allocator())) {
      Decimal256Vector d = (Decimal256Vector) root.getVector("d");
      d.allocateNew();
      for (int r = 0; r < values.length; r++) {
        d.setSafe(r, values[r]);
      }
      d.setNull(values.length);
      root.setRowCount(values.length + 1);
      for (BigDecimal lit : literals) {
        for (CompareOp op : CompareOp.values()) {
          TriBits bits = new FilterEvaluator(ExpressionBinder.bind(ColumnRef.of("d").compare(op, lit), schema)).evaluate(root);
          for (int r = 0; r < values.length; r++) {
            assertEquals(FilterEvaluator.holds(op, values[r].compareTo(lit)), bits.isTrue(r), values[r] + " " + op + " " + lit);
            assertEquals(!FilterEvaluator.holds(op, values[r].compareTo(lit)), bits.isFalse(r));
          }
          assertTrue(!bits.isTrue(values.length) && !bits.isFalse(values.length), "null stays unknown");
        }
      }
    }
  }

  private static int check(Statement st, VectorSchemaRoot root, Map<Long, FieldVector> dictionaries, Schema bound,
      Expression e) throws Exception {
    TriBits bits = new FilterEvaluator(ExpressionBinder.bind(e, bound)).evaluate(root, dictionaries);
    List<Integer> ours = new ArrayList<>();
    for (int r = 0; r < root.getRowCount(); r++) {
      if (bits.isTrue(r)) {
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
    return 1;
  }
}
