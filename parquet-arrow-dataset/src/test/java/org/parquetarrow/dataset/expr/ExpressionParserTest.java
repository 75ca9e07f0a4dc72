package org.parquetarrow.dataset.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.parquetarrow.dataset.expr.Expressions.and;
import static org.parquetarrow.dataset.expr.Expressions.col;
import static org.parquetarrow.dataset.expr.Expressions.or;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExpressionParserTest {

  @Test
  void parsesTheIssueExample() {
    Expression e =
        ExpressionParser.parse(
            "x > 5 and s in ('a', 'b') and d between date '2024-01-01' and date '2024-12-31'"
                + " and name like 'abc%' and y is not null");
    Expression expected =
        and(
            col("x").gt(5),
            col("s").in("a", "b"),
            col("d").between(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 31)),
            col("name").startsWith("abc"),
            col("y").isNotNull());
    assertEquals(expected, e);
  }

  @Test
  void precedenceIsNotThenAndThenOr() {
    assertEquals(
        or(col("a").eq(1), and(col("b").eq(2), new Not(col("c").eq(3)))),
        ExpressionParser.parse("a = 1 or b = 2 and not c = 3"));
    assertEquals(
        and(or(col("a").eq(1), col("b").eq(2)), col("c").eq(3)),
        ExpressionParser.parse("(a = 1 or b = 2) and c = 3"));
  }

  @Test
  void nestedAndQuotedNames() {
    assertEquals(ColumnRef.of("a", "b", "c").eq(1), ExpressionParser.parse("a.b.c = 1"));
    assertEquals(ColumnRef.of("my col", "x.y", "q\"t").eq(1),
        ExpressionParser.parse("\"my col\".\"x.y\".\"q\"\"t\" = 1"));
    assertEquals(ColumnRef.of("and").isNull(), ExpressionParser.parse("\"and\" IS NULL"));
  }

  @Test
  void literalsOfEveryKind() {
    assertEquals(col("x").eq(-5L), ExpressionParser.parse("x = -5"));
    assertEquals(col("x").eq(new BigDecimal("-1.50")), ExpressionParser.parse("x = -1.50"));
    assertEquals(col("x").eq(2.5e-3), ExpressionParser.parse("x = 2.5e-3"));
    assertEquals(col("x").eq(new BigDecimal("123456789012345678901234")),
        ExpressionParser.parse("x = 123456789012345678901234"));
    assertEquals(col("s").eq("it's"), ExpressionParser.parse("s = 'it''s'"));
    assertEquals(col("b").eq(true), ExpressionParser.parse("b = TRUE"));
    assertEquals(col("t").ge(LocalDateTime.of(2024, 3, 1, 12, 30, 5, 250_000_000)),
        ExpressionParser.parse("t >= timestamp '2024-03-01 12:30:05.25'"));
    assertEquals(col("x").eq(0.5), ExpressionParser.parse("x = .5e0"));
  }

  /** SQL's {@code where flag}: a boolean column alone is the comparison with true, in every place a predicate goes. */
  @Test
  void aColumnAloneIsComparedWithTrue() {
    assertEquals(col("b").eq(true), ExpressionParser.parse("b"));
    assertEquals(new Not(col("b").eq(true)), ExpressionParser.parse("not b"));
    assertEquals(and(col("b").eq(true), col("x").gt(1)), ExpressionParser.parse("b and x > 1"));
    assertEquals(or(col("x").gt(1), col("s.b").eq(true)), ExpressionParser.parse("x > 1 or s.b"));
    assertEquals(and(or(col("a").eq(true), col("b").eq(true)), new Not(col("c").eq(true))),
        ExpressionParser.parse("(a or b) and not c"));
    assertEquals(2, fails("b c").position(), "two names are still an error");
  }

  @Test
  void literalOnTheLeftIsTurnedAround() {
    assertEquals(col("x").gt(5), ExpressionParser.parse("5 < x"));
    assertEquals(col("x").le(5), ExpressionParser.parse("5 >= x"));
  }

  @Test
  void operatorSpellings() {
    assertEquals(col("x").ne(1), ExpressionParser.parse("x <> 1"));
    assertEquals(col("x").ne(1), ExpressionParser.parse("x != 1"));
    assertEquals(col("x").eq(1), ExpressionParser.parse("x == 1"));
  }

  @Test
  void notForms() {
    assertEquals(col("x").notIn(1, 2), ExpressionParser.parse("x not in (1, 2)"));
    assertEquals(new Not(col("x").between(1, 2)), ExpressionParser.parse("x NOT BETWEEN 1 AND 2"));
    assertEquals(new Not(col("s").startsWith("ab")), ExpressionParser.parse("s not like 'ab%'"));
    assertEquals(col("s").eq("ab"), ExpressionParser.parse("s like 'ab'"));
    assertEquals(col("s").startsWith("ab"), ExpressionParser.parse("starts_with(s, 'ab')"));
  }

  @Test
  void toSqlReadsBackToTheSameExpression() {
    for (String text :
        List.of(
            "x > 5 and s in ('a', 'b') or not (y is null)",
            "\"weird name\".z <= -3.25 and t = timestamp '2024-01-01 00:00:01'",
            "d between date '2024-01-01' and date '2024-12-31' and name like 'abc%'",
            "f < 1.0E300 and g not in (1, 2, 3)",
            "x in (1, null) or y not in (null) or z in (null, 'a')")) {
      Expression e = ExpressionParser.parse(text);
      assertEquals(e, ExpressionParser.parse(e.toSql()), text);
    }
  }

  @Test
  void nestingBeyondTheLimitIsRefusedNamingTheLimit() {
    // 2,000 parentheses (a 4 KB filter) and 100,000 nots overflowed the stack before the limit
    ExpressionParseException parens = fails("(".repeat(2000) + "x = 1" + ")".repeat(2000));
    assertEquals(256, parens.position(), "the 257th parenthesis is the first too many");
    assertTrue(parens.expected().contains("256") && parens.expected().contains("nesting limit"), parens.expected());

    ExpressionParseException nots = fails("not ".repeat(100_000) + "x = 1");
    assertEquals(256 * 4, nots.position());
    assertTrue(nots.getMessage().length() < 1_000, "the message shows a window, not 400 KB of filter");
    assertTrue(nots.getMessage().contains("nesting limit"), nots.getMessage());

    StringBuilder andOr = new StringBuilder();
    for (int i = 0; i < 5_000; i++) {
      andOr.append("x = ").append(i).append(i % 2 == 0 ? " and (" : " or (");
    }
    andOr.append("x = -1").append(")".repeat(5_000));
    assertTrue(fails(andOr.toString()).expected().contains("nesting limit"));
  }

  @Test
  void nestingUpToTheLimitParses() {
    assertEquals(col("x").eq(1), ExpressionParser.parse("(".repeat(256) + "x = 1" + ")".repeat(256)));
    Expression e = col("x").eq(1);
    for (int i = 0; i < 256; i++) {
      e = new Not(e);
    }
    assertEquals(e, ExpressionParser.parse("not ".repeat(256) + "x = 1"));
    // not and parentheses count together
    assertTrue(fails("not (".repeat(129) + "x = 1" + ")".repeat(129)).expected().contains("nesting limit"));
  }

  @Test
  void aLongFlatChainIsOneNodeNotNesting() {
    StringBuilder chain = new StringBuilder("x = 0");
    for (int i = 1; i < 100_000; i++) {
      chain.append(" or x = ").append(i);
    }
    Expression e = ExpressionParser.parse(chain.toString());
    assertTrue(e instanceof Or o && o.terms().size() == 100_000, "one or of 100,000 terms");
  }

  private static ExpressionParseException fails(String text) {
    return assertThrows(ExpressionParseException.class, () -> ExpressionParser.parse(text));
  }

  @Test
  void errorsPointAtTheBadToken() {
    ExpressionParseException e = fails("x > 5 and and y = 1");
    assertEquals(10, e.position());
    assertEquals("'and'", e.found());
    assertEquals("a column name", e.expected());
    assertTrue(e.getMessage().contains("position 10"), e.getMessage());

    e = fails("x > ");
    assertEquals(4, e.position());
    assertEquals("end of input", e.found());

    e = fails("x in (1, 2");
    assertEquals(10, e.position());
    assertTrue(e.expected().contains("')'"));

    e = fails("x = 'abc");
    assertEquals(4, e.position());

    e = fails("x = null");
    assertEquals(4, e.position());
    assertTrue(e.expected().contains("is null"));

    e = fails("x > y");
    assertEquals(4, e.position());

    // past a double's range: refused naming the literal, not read as infinity
    e = fails("x < 1e400");
    assertEquals(4, e.position());
    assertTrue(e.getMessage().contains("1e400") && e.expected().contains("double's range"), e.getMessage());
    e = fails("x > -1.5E309 or y = 1");
    assertTrue(e.expected().contains("-1.5E309"), e.getMessage());
    assertEquals(1e308, ((Literal) ((Comparison) ExpressionParser.parse("x < 1e308")).value()).value());

    e = fails("s like 'a_c%'");
    assertEquals(7, e.position());

    e = fails("d = date '2024-13-01'");
    assertEquals(9, e.position());

    e = fails("x = 1 y = 2");
    assertEquals(6, e.position());

    e = fails("x # 1");
    assertEquals(2, e.position());

    e = fails("x = 12abc");
    assertEquals(4, e.position());

    e = fails("(x = 1");
    assertEquals(6, e.position());

    e = fails("x = 1e");
    assertEquals(5, e.position());
  }

  @Test
  void literalsNoNumberSpellsReadBackFromTheirSql() {
    // Literal.toSql writes these as casts of strings; a pushed filter travels as that SQL
    for (double d : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
      Expression e = col("d").eq(d);
      Comparison back = (Comparison) ExpressionParser.parse(e.toSql());
      assertEquals(Double.valueOf(d), back.value().value(), e.toSql());
      assertEquals(e, back);
    }
    byte[] bytes = {0, (byte) 0xFF, 'a', '\\', 'x'};
    Expression blob = col("b").eq(bytes);
    Comparison back = (Comparison) ExpressionParser.parse(blob.toSql());
    assertEquals(java.util.Arrays.toString(bytes), java.util.Arrays.toString((byte[]) back.value().value()), blob.toSql());
    assertEquals(Double.valueOf(2.5), ((Comparison) ExpressionParser.parse("d = '2.5'::double")).value().value());
    assertEquals(Double.valueOf(Double.NaN), ((InList) ExpressionParser.parse("d in ('NaN'::FLOAT8, 1)")).values().get(0).value());
  }

  @Test
  void aCastToAnotherTypeOrOfAnythingElseIsNamed() {
    ExpressionParseException e = assertThrows(ExpressionParseException.class, () -> ExpressionParser.parse("x = '1'::INT"));
    assertTrue(e.getMessage().contains("DOUBLE or BLOB"), e.getMessage());
    e = assertThrows(ExpressionParseException.class, () -> ExpressionParser.parse("d = 'abc'::DOUBLE"));
    assertTrue(e.getMessage().contains("'nan'"), e.getMessage());
    e = assertThrows(ExpressionParseException.class, () -> ExpressionParser.parse("d = '1e400'::DOUBLE"));
    assertTrue(e.getMessage().contains("within range"), e.getMessage());
    e = assertThrows(ExpressionParseException.class, () -> ExpressionParser.parse("b = '\\xZZ'::BLOB"));
    assertTrue(e.getMessage().contains("hexadecimal"), e.getMessage());
    assertThrows(ExpressionParseException.class, () -> ExpressionParser.parse("x = 1::DOUBLE"));
  }
}
