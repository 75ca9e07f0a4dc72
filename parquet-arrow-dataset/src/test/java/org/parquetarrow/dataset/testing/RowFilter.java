package org.parquetarrow.dataset.testing;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Function;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.StructVector;
import org.parquetarrow.dataset.expr.And;
import org.parquetarrow.dataset.expr.Between;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.InList;
import org.parquetarrow.dataset.expr.Literal;
import org.parquetarrow.dataset.expr.Not;
import org.parquetarrow.dataset.expr.NullCheck;
import org.parquetarrow.dataset.expr.Or;
import org.parquetarrow.dataset.expr.StartsWith;

/**
 * A row-at-a-time reference evaluator of bound filters with DuckDB's semantics (three-valued
 * logic; NaN equal to itself and above every number), written apart from the pruning code so
 * that tests can check pruning against it. Slow on purpose: it is an oracle, not a filter.
 */
public final class RowFilter {
  private RowFilter() {}

  /** The filter's value on one row: TRUE, FALSE or {@code null} (unknown). */
  public static Boolean eval(Expression e, Function<ColumnRef, Object> row) {
    if (e instanceof And a) {
      Boolean r = Boolean.TRUE;
      for (Expression t : a.terms()) {
        Boolean v = eval(t, row);
        if (Boolean.FALSE.equals(v)) {
          return false;
        }
        if (v == null) {
          r = null;
        }
      }
      return r;
    }
    if (e instanceof Or o) {
      Boolean r = Boolean.FALSE;
      for (Expression t : o.terms()) {
        Boolean v = eval(t, row);
        if (Boolean.TRUE.equals(v)) {
          return true;
        }
        if (v == null) {
          r = null;
        }
      }
      return r;
    }
    if (e instanceof Not n) {
      Boolean v = eval(n.term(), row);
      return v == null ? null : !v;
    }
    if (e instanceof NullCheck n) {
      return (row.apply(n.column()) == null) == n.isNull();
    }
    if (e instanceof Comparison c) {
      Object v = row.apply(c.column());
      if (v == null) {
        return null;
      }
      int cmp = compare(v, c.value());
      return switch (c.op()) {
        case EQ -> cmp == 0;
        case NE -> cmp != 0;
        case LT -> cmp < 0;
        case LE -> cmp <= 0;
        case GT -> cmp > 0;
        case GE -> cmp >= 0;
      };
    }
    if (e instanceof InList in) {
      Object v = row.apply(in.column());
      if (v == null) {
        return null;
      }
      boolean any = in.values().stream().anyMatch(l -> compare(v, l) == 0);
      if (!any && in.withNull()) {
        return null; // the value might be the list's null
      }
      return any != in.negated();
    }
    if (e instanceof Between b) {
      Object v = row.apply(b.column());
      if (v == null) {
        return null;
      }
      return compare(v, b.low()) >= 0 && compare(v, b.high()) <= 0;
    }
    StartsWith s = (StartsWith) e;
    Object v = row.apply(s.column());
    if (v == null) {
      return null;
    }
    byte[] bytes = (byte[]) v;
    byte[] prefix = s.prefix().getBytes(StandardCharsets.UTF_8);
    return bytes.length >= prefix.length && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
  }

  /** Whether the row matches (the filter is true). */
  public static boolean matches(Expression e, Function<ColumnRef, Object> row) {
    return Boolean.TRUE.equals(eval(e, row));
  }

  /** Compares a row value (as {@link #value} gives it) with a bound literal. */
  static int compare(Object v, Literal l) {
    Object lit = l.value();
    if (lit instanceof String str) {
      lit = str.getBytes(StandardCharsets.UTF_8);
    }
    if (v instanceof byte[] a) {
      return Arrays.compareUnsigned(a, (byte[]) lit);
    }
    if (v instanceof Boolean b) {
      return Boolean.compare(b, (Boolean) lit);
    }
    if (v instanceof Double || lit instanceof Double) {
      double x = ((Number) v).doubleValue();
      double y = ((Number) lit).doubleValue();
      if (Double.isNaN(x) || Double.isNaN(y)) {
        return Double.isNaN(x) ? (Double.isNaN(y) ? 0 : 1) : -1;
      }
      return Double.compare(x == 0 ? 0.0 : x, y == 0 ? 0.0 : y);
    }
    if (v instanceof BigDecimal || lit instanceof BigDecimal) {
      return toDecimal(v).compareTo(toDecimal(lit));
    }
    return Long.compare((Long) v, (Long) lit);
  }

  private static BigDecimal toDecimal(Object o) {
    return o instanceof BigDecimal d ? d : BigDecimal.valueOf((Long) o);
  }

  /**
   * The value of row {@code i} of {@code vector} in the form literals are bound to: longs for
   * integers, dates (days) and timestamps (their unit), doubles, decimals, bytes for strings and
   * binary, booleans; {@code null} for null.
   */
  public static Object value(FieldVector vector, int i) {
    if (vector.isNull(i)) {
      return null;
    }
    if (vector instanceof TimeStampVector t) {
      return t.get(i);
    }
    if (vector instanceof DateDayVector d) {
      return (long) d.get(i);
    }
    if (vector instanceof DateMilliVector d) {
      return d.get(i);
    }
    if (vector instanceof BaseIntVector b) {
      return b.getValueAsLong(i);
    }
    if (vector instanceof Float4Vector f) {
      return (double) f.get(i);
    }
    if (vector instanceof Float8Vector f) {
      return f.get(i);
    }
    if (vector instanceof Float2Vector f) {
      return (double) f.getValueAsFloat(i);
    }
    if (vector instanceof DecimalVector d) {
      return d.getObject(i);
    }
    if (vector instanceof BitVector b) {
      return b.get(i) == 1;
    }
    if (vector instanceof VarCharVector v) {
      return v.get(i);
    }
    if (vector instanceof VarBinaryVector v) {
      return v.get(i);
    }
    if (vector instanceof FixedSizeBinaryVector v) {
      return v.get(i);
    }
    throw new IllegalArgumentException("no oracle value for " + vector.getClass().getSimpleName());
  }

  /** The vector of {@code ref} in a batch, through structs. */
  public static FieldVector vector(org.apache.arrow.vector.VectorSchemaRoot root, ColumnRef ref) {
    FieldVector v = root.getVector(ref.path().get(0));
    for (int i = 1; i < ref.path().size(); i++) {
      v = (FieldVector) ((StructVector) v).getChild(ref.path().get(i));
    }
    return v;
  }
}
