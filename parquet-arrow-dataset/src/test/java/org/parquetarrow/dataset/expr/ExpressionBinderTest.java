package org.parquetarrow.dataset.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

class ExpressionBinderTest {
  private static Field f(String name, ArrowType type, Field... children) {
    return new Field(name, FieldType.nullable(type), List.of(children));
  }

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              f("i", new ArrowType.Int(32, true)),
              f("u", new ArrowType.Int(64, false)),
              f("fl", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
              f("dec", new ArrowType.Decimal(9, 2, 128)),
              f("s", ArrowType.Utf8.INSTANCE),
              f("d", new ArrowType.Date(DateUnit.DAY)),
              f("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
              f("st", ArrowType.Struct.INSTANCE, f("inner", new ArrowType.Int(64, true))),
              f("l", ArrowType.List.INSTANCE, f("element", new ArrowType.Int(64, true)))));

  private static Literal boundLiteral(String text) {
    return ((Comparison) ExpressionBinder.bind(ExpressionParser.parse(text), SCHEMA)).value();
  }

  @Test
  void aFilterBuiltInJavaNestingTooDeepIsRefusedNotAStackOverflow() {
    Expression deep = Expressions.col("i").eq(1);
    for (int i = 0; i < 100_000; i++) {
      deep = i % 2 == 0 ? new Not(deep) : Expressions.or(deep, Expressions.col("i").eq(i));
    }
    Expression tooDeep = deep;
    // before: StackOverflowError in the binder
    ExpressionBindException e = assertThrows(ExpressionBindException.class, () -> ExpressionBinder.bind(tooDeep, SCHEMA));
    assertTrue(e.getMessage().contains("nesting limit"), e.getMessage());
    assertEquals(null, e.column());

    // the deepest filter the parser takes binds
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < ExpressionParser.MAX_DEPTH; i++) {
      text.append(i % 2 == 0 ? "i = 1 and (" : "i = 2 or (");
    }
    text.append("i = 3").append(")".repeat(ExpressionParser.MAX_DEPTH));
    ExpressionBinder.bind(ExpressionParser.parse("i = 0 or " + text), SCHEMA);
  }

  @Test
  void coercesToCanonicalValues() {
    assertEquals(7L, boundLiteral("i = 7").value());
    assertEquals(7L, boundLiteral("i = 7.0").value());
    assertEquals(new BigDecimal("7.5"), boundLiteral("i > 7.5").value());
    assertEquals(new BigDecimal("7.5"), boundLiteral("i > 7.5e0").value());
    assertEquals(-1L, boundLiteral("u = 18446744073709551615.0").value()); // 2^64-1 as its bits
    assertEquals((double) 0.1f, boundLiteral("fl = 0.1").value());
    assertEquals(0.1, boundLiteral("fl = 1.0e-1").value());
    assertEquals(new BigDecimal("1.5"), boundLiteral("dec > 1.5").value());
    // 2024-01-01 is day 19723 after 1970-01-01 (54 years, 13 of them leap: 54*365+13).
    assertEquals(19723L, boundLiteral("d = date '2024-01-01'").value());
    assertEquals(19723L, boundLiteral("d = '2024-01-01'").value());
    assertEquals(19723L * 86_400_000_000L + 1_500_000L, boundLiteral("ts = timestamp '2024-01-01 00:00:01.5'").value());
    assertEquals(19723L * 86_400_000_000L, boundLiteral("ts >= date '2024-01-01'").value());
    assertEquals(42L, boundLiteral("st.inner = '42'").value());
    assertEquals(new ArrowType.Int(64, true), boundLiteral("st.inner = 1").type());
  }

  /**
   * A whole number no value of an integer column can equal binds exactly, as a decimal (the
   * evaluator and the pruners then answer as DuckDB does: every non-null row or none); before, a
   * negative literal on an unsigned column and one past 64 bits were refused.
   */
  @Test
  void aWholeNumberOutsideTheColumnsRangeBindsExactly() {
    assertEquals(new java.math.BigDecimal("-1"), boundLiteral("u = -1").value());
    assertEquals(new java.math.BigDecimal("99999999999999999999"), boundLiteral("i > 99999999999999999999").value());
    assertEquals(new java.math.BigDecimal("-9223372036854775809"), boundLiteral("i > -9223372036854775809").value());
    assertEquals(Long.MAX_VALUE, boundLiteral("i <= 9223372036854775807").value());
  }

  private static ExpressionBindException fails(String text) {
    return assertThrows(ExpressionBindException.class, () -> ExpressionBinder.bind(ExpressionParser.parse(text), SCHEMA));
  }

  @Test
  void errorsNameTheColumnAndLiteral() {
    ExpressionBindException e = fails("nope = 1");
    assertEquals("nope", e.column());
    assertTrue(e.getMessage().contains("unknown column nope"), e.getMessage());

    e = fails("st.missing = 1");
    assertTrue(e.getMessage().contains("no field missing in st"), e.getMessage());

    // a typo in a nested segment, and a name in another case: the closest paths are offered
    e = fails("st.inenr = 1");
    assertTrue(e.getMessage().contains("(did you mean st.inner?)"), e.getMessage());
    e = fails("I = 1");
    assertTrue(e.getMessage().contains("(did you mean i? names are case-sensitive)"), e.getMessage());

    e = fails("s = 5");
    assertTrue(e.getMessage().contains("column s") && e.getMessage().contains("5"), e.getMessage());

    e = fails("i = 'seven'");
    assertTrue(e.getMessage().contains("'seven'") && e.getMessage().contains("column i"), e.getMessage());

    e = fails("d = 'yesterday'");
    assertTrue(e.getMessage().contains("'yesterday'"), e.getMessage());

    e = fails("l = 1");
    assertEquals("l", e.column());

    e = fails("i like 'a%'");
    assertTrue(e.getMessage().contains("string or binary"), e.getMessage());

    e = fails("i.x = 1");
    assertTrue(e.getMessage().contains("not a struct"), e.getMessage());
  }

  /**
   * A bound date, time or timestamp holds the column's integer; written back as SQL (as dictionary
   * pruning's explanation does) it reads and binds to the same filter. Threw a ClassCastException
   * for timestamps.
   */
  @Test
  void boundTemporalLiteralsWriteBackAsSql() {
    Schema s = new Schema(List.of(
        f("t", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
        f("tn", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
        f("d", new ArrowType.Date(DateUnit.DAY)),
        f("dm", new ArrowType.Date(DateUnit.MILLISECOND)),
        f("tm", new ArrowType.Time(TimeUnit.MILLISECOND, 32))));
    for (String text : List.of("t = timestamp '2024-01-01 00:15:00'", "tn < timestamp '1969-12-31 23:59:59.123456789'",
        "d >= date '1994-03-01'", "dm <= date '1960-02-29'", "tm > time '01:02:03.5'")) {
      Expression bound = ExpressionBinder.bind(ExpressionParser.parse(text), s);
      assertEquals(bound, ExpressionBinder.bind(ExpressionParser.parse(bound.toSql()), s), text + " as " + bound.toSql());
    }
    Expression d = ExpressionBinder.bind(ExpressionParser.parse("d >= date '1994-03-01'"), s);
    assertEquals("d >= date '1994-03-01'", d.toSql());
  }
}
