package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.InList;
import org.parquetarrow.dataset.expr.Literal;

/**
 * Decimal literals against a column of unscaled integers ({@link UnscaledDecimals}): for every
 * stored integer u of a range (both signs, around the literal) and every comparison, the expression
 * on u must be true exactly when the decimal u / 10^scale compares so with the literal by {@link
 * BigDecimal#compareTo}; literals finer than the scale, beyond the integers' range, and IN lists
 * included. Every form is a comparison of the column itself, so a null column is null under each
 * (and under NOT), as SQL wants.
 */
class SparkDecimalLiteralTest {
  private static final ColumnRef COL = new ColumnRef(List.of("c"));
  private static final List<String> LITERALS = List.of("0.055", "-0.055", "1.00", "1", "2.999", "-2.999", "0", "0.005",
      "-1.5", "3.14159", "1E+30", "-1E+30", "21474836.47", "21474836.48", "-21474836.48", "-21474836.49",
      "92233720368547758.07", "92233720368547758.08");

  /** Our expression's value on a non-null stored integer u (the forms {@link UnscaledDecimals} makes). */
  private static boolean eval(Expression e, long u) {
    if (e instanceof Comparison c) {
      long v = ((Number) c.value().value()).longValue();
      int cmp = Long.compare(u, v);
      return switch (c.op()) {
        case EQ -> cmp == 0;
        case NE -> cmp != 0;
        case LT -> cmp < 0;
        case LE -> cmp <= 0;
        case GT -> cmp > 0;
        case GE -> cmp >= 0;
      };
    }
    InList in = (InList) e;
    return in.values().stream().map(Literal::value).anyMatch(v -> ((Number) v).longValue() == u);
  }

  private static boolean expected(CompareOp op, BigDecimal x, BigDecimal literal) {
    int cmp = x.compareTo(literal);
    return switch (op) {
      case EQ -> cmp == 0;
      case NE -> cmp != 0;
      case LT -> cmp < 0;
      case LE -> cmp <= 0;
      case GT -> cmp > 0;
      case GE -> cmp >= 0;
    };
  }

  private static long[] around(BigDecimal literal, int scale, int bits) {
    long max = bits == 32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
    long min = bits == 32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
    BigDecimal centre = literal.movePointRight(scale);
    long c = centre.compareTo(BigDecimal.valueOf(max)) > 0 ? max
        : centre.compareTo(BigDecimal.valueOf(min)) < 0 ? min : centre.longValue();
    long[] out = new long[41 + 4];
    for (int i = 0; i < 41; i++) {
      long v;
      try {
        v = Math.addExact(c, i - 20);
      } catch (ArithmeticException past) {
        v = c;
      }
      out[i] = Math.max(min, Math.min(max, v));
    }
    out[41] = min;
    out[42] = max;
    out[43] = 0;
    out[44] = -1;
    return out;
  }

  @Test
  void comparisonsAreExact() {
    for (int bits : new int[] {32, 64}) {
      for (int scale : new int[] {0, 2, 4}) {
        for (String lit : LITERALS) {
          BigDecimal literal = new BigDecimal(lit);
          for (CompareOp op : CompareOp.values()) {
            Expression e = UnscaledDecimals.compare(COL, op, literal, scale, bits);
            for (long u : around(literal, scale, bits)) {
              BigDecimal x = BigDecimal.valueOf(u, scale);
              assertEquals(expected(op, x, literal), eval(e, u),
                  "u=" + u + " scale " + scale + " " + bits + " bits: c " + op + " " + lit + " as " + e.toSql());
            }
          }
        }
      }
    }
  }

  @Test
  void inListsKeepTheValuesTheIntegersCanHold() {
    List<BigDecimal> values = List.of(new BigDecimal("0.055"), new BigDecimal("1.50"), new BigDecimal("-2"),
        new BigDecimal("1E+30"));
    Expression e = UnscaledDecimals.in(COL, values, 2, 64);
    for (long u = -300; u <= 300; u++) {
      BigDecimal x = BigDecimal.valueOf(u, 2);
      boolean want = values.stream().anyMatch(v -> v.compareTo(x) == 0);
      assertEquals(want, eval(e, u), "u=" + u + " in " + e.toSql());
    }
    Expression none = UnscaledDecimals.in(COL, List.of(new BigDecimal("0.055")), 2, 32);
    for (long u : new long[] {Integer.MIN_VALUE, -6, -5, 0, 5, 6, Integer.MAX_VALUE}) {
      assertEquals(false, eval(none, u), "no value at scale 2 equals 0.055: " + none.toSql());
    }
  }
}
