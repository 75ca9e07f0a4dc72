package org.parquetarrow.dataset.scan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.dataset.expr.CompareOp;

/**
 * A bound literal in a column's long domain: exact, strictly between {@code value} and {@code
 * value + 1} (a fraction against whole numbers), or beyond every value the column can hold.
 */
record LongBound(int kind, long value) {
  static final int EXACT = 0;
  static final int FRACTION = 1;
  static final int ABOVE_ALL = 2;
  static final int BELOW_ALL = 3;
  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final BigDecimal UINT64_MAX = new BigDecimal(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE));

  static LongBound of(ColumnValues c, Object literal) {
    if (literal instanceof Boolean b) {
      return new LongBound(EXACT, b ? 1 : 0);
    }
    boolean unsigned = c.flippedUnsigned();
    if (literal instanceof Long l && !(c.type instanceof ArrowType.Decimal)) {
      return new LongBound(EXACT, unsigned ? l ^ Long.MIN_VALUE : l);
    }
    int beyond = beyondEveryNumber(literal);
    if (beyond >= 0) {
      return new LongBound(beyond, 0);
    }
    BigDecimal x = exactNumber(c, literal);
    if (c.type instanceof ArrowType.Decimal dec) {
      x = x.movePointRight(dec.getScale());
    }
    BigDecimal lo = unsigned ? BigDecimal.ZERO : LONG_MIN;
    BigDecimal hi = unsigned ? UINT64_MAX : LONG_MAX;
    if (x.compareTo(lo) < 0) {
      return new LongBound(BELOW_ALL, 0);
    }
    if (x.compareTo(hi) > 0) {
      return new LongBound(ABOVE_ALL, 0);
    }
    BigDecimal floor = x.setScale(0, RoundingMode.FLOOR);
    long v = floor.toBigInteger().longValue();
    if (unsigned) {
      v ^= Long.MIN_VALUE;
    }
    return new LongBound(floor.compareTo(x) == 0 ? EXACT : FRACTION, v);
  }

  /**
   * {@link #ABOVE_ALL} for NaN and +infinity (DuckDB puts NaN above every number), {@link
   * #BELOW_ALL} for -infinity, else -1.
   */
  static int beyondEveryNumber(Object literal) {
    if (literal instanceof Double d) {
      if (Double.isNaN(d) || d == Double.POSITIVE_INFINITY) {
        return ABOVE_ALL;
      }
      if (d == Double.NEGATIVE_INFINITY) {
        return BELOW_ALL;
      }
    }
    return -1;
  }

  /** A finite numeric literal exactly, as a decimal. */
  static BigDecimal exactNumber(ColumnValues c, Object literal) {
    if (literal instanceof Double d) {
      return new BigDecimal(d);
    } else if (literal instanceof Long l) {
      return BigDecimal.valueOf(l);
    } else if (literal instanceof BigDecimal d) {
      return d;
    }
    throw new UnsupportedFeatureException("scan", "literal " + literal + " against " + c.type);
  }

  /** For non-exact bounds: the comparison's value on every non-null row, or null if it varies. */
  Boolean constantFor(CompareOp op) {
    return constantFor(kind, op);
  }

  static Boolean constantFor(int kind, CompareOp op) {
    return switch (op) {
      case EQ -> false;
      case NE -> true;
      case LT, LE -> kind == FRACTION ? null : kind == ABOVE_ALL;
      case GT, GE -> kind == FRACTION ? null : kind == BELOW_ALL;
    };
  }
}
