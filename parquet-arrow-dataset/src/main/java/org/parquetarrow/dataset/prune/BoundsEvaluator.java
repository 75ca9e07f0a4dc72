package org.parquetarrow.dataset.prune;

import java.util.function.Function;
import org.parquetarrow.dataset.expr.And;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.InList;
import org.parquetarrow.dataset.expr.Literal;
import org.parquetarrow.dataset.expr.Not;
import org.parquetarrow.dataset.expr.NullCheck;
import org.parquetarrow.dataset.expr.Or;
import org.parquetarrow.dataset.expr.StartsWith;

/**
 * Evaluates a bound filter, after {@link NegationPushdown}, against column bounds: the same
 * three-valued evaluation serves partitions, row-group statistics and column-index pages.
 *
 * <p>NaN follows the stricter of the engines we must agree with: DuckDB orders NaN above every
 * number (so {@code x > 5} is true for NaN), Arrow makes every comparison with NaN false. So when
 * NaN may be present, {@code >}, {@code >=} and {@code !=} cannot be ruled out from bounds, and
 * nothing is ever certain.
 */
final class BoundsEvaluator {
  private final Function<ColumnRef, ColumnBounds> source;

  /** {@code source} gives a column's bounds, or {@code null} when nothing is known. */
  BoundsEvaluator(Function<ColumnRef, ColumnBounds> source) {
    this.source = source;
  }

  /** Evaluates {@code e}, which must be bound and pushed down. */
  Truth evaluate(Expression e) {
    if (e instanceof And a) {
      Truth t = Truth.ALWAYS;
      for (Expression term : a.terms()) {
        t = t.and(evaluate(term));
        if (t == Truth.NEVER) {
          return t;
        }
      }
      return t;
    }
    if (e instanceof Or o) {
      Truth t = Truth.NEVER;
      for (Expression term : o.terms()) {
        t = t.or(evaluate(term));
        if (t == Truth.ALWAYS) {
          return t;
        }
      }
      return t;
    }
    if (e instanceof Not n) {
      return evaluate(n.term()).not();
    }
    if (e instanceof Comparison c) {
      ColumnBounds b = source.apply(c.column());
      return b == null ? Truth.MAYBE : compare(b, c.op(), c.value());
    }
    if (e instanceof InList in) {
      ColumnBounds b = source.apply(in.column());
      if (b == null) {
        return Truth.MAYBE;
      }
      if (in.negated() && in.withNull()) {
        return Truth.NEVER; // x <> null is unknown on every row, so the and of the <>s is never true
      }
      CompareOp op = in.negated() ? CompareOp.NE : CompareOp.EQ;
      Truth t = in.negated() ? Truth.ALWAYS : Truth.NEVER;
      for (Literal v : in.values()) {
        Truth one = compare(b, op, v);
        t = in.negated() ? t.and(one) : t.or(one);
      }
      // x in (..., null) is true exactly where one of the values matches: as without the null
      return t;
    }
    if (e instanceof NullCheck n) {
      ColumnBounds b = source.apply(n.column());
      if (b == null || b.rowCount() == 0) {
        return b == null ? Truth.MAYBE : Truth.NEVER;
      }
      if (n.isNull()) {
        return b.noNulls() ? Truth.NEVER : b.allNulls() ? Truth.ALWAYS : Truth.MAYBE;
      }
      return b.allNulls() ? Truth.NEVER : b.noNulls() ? Truth.ALWAYS : Truth.MAYBE;
    }
    if (e instanceof StartsWith s) {
      ColumnBounds b = source.apply(s.column());
      return b == null ? Truth.MAYBE : startsWith(b, s.prefix());
    }
    throw new IllegalArgumentException("evaluate a pushed-down filter, not " + e);
  }

  static Truth compare(ColumnBounds b, CompareOp op, Literal literal) {
    if (b.rowCount() == 0 || b.allNulls()) {
      return Truth.NEVER; // a comparison with null is never true
    }
    if (isNaN(literal.value())) {
      return nanLiteral(b, op);
    }
    if (b.onlyNaN()) {
      return onlyNaN(op);
    }
    if (!b.hasMinMax()) {
      return Truth.MAYBE;
    }
    ValueDomain dom = b.domain();
    Object v = dom.convert(literal.value());
    int vsMin;
    int vsMax;
    if (v != null && !(v instanceof Double d && d.isNaN())) {
      vsMin = dom.compare(v, b.min());
      vsMax = dom.compare(v, b.max());
    } else if (dom == ValueDomain.LONG && literal.value() instanceof java.math.BigDecimal x
        && b.min() instanceof Long lo && b.max() instanceof Long hi) {
      // a fraction between two whole values (5.5 against integers, noon against dates) or a
      // number beyond 64 bits: compared by value it never equals a bound
      vsMin = x.compareTo(java.math.BigDecimal.valueOf(lo));
      vsMax = x.compareTo(java.math.BigDecimal.valueOf(hi));
    } else {
      return Truth.MAYBE;
    }
    boolean nan = b.nanPossible();
    boolean certain = b.noNulls() && !nan;
    switch (op) {
      case EQ:
        if (vsMin < 0 || vsMax > 0) {
          return Truth.NEVER;
        }
        return certain && vsMin == 0 && vsMax == 0 && b.minExact() && b.maxExact() ? Truth.ALWAYS : Truth.MAYBE;
      case NE:
        if (!nan && vsMin == 0 && vsMax == 0 && b.minExact() && b.maxExact()) {
          return Truth.NEVER;
        }
        return b.noNulls() && (vsMin < 0 || vsMax > 0) ? Truth.ALWAYS : Truth.MAYBE;
      case LT:
        if (vsMin <= 0) {
          return Truth.NEVER;
        }
        return certain && vsMax > 0 ? Truth.ALWAYS : Truth.MAYBE;
      case LE:
        if (vsMin < 0) {
          return Truth.NEVER;
        }
        return certain && vsMax >= 0 ? Truth.ALWAYS : Truth.MAYBE;
      case GT:
        if (!nan && vsMax >= 0) {
          return Truth.NEVER;
        }
        return certain && vsMin < 0 ? Truth.ALWAYS : Truth.MAYBE;
      case GE:
        if (!nan && vsMax > 0) {
          return Truth.NEVER;
        }
        return certain && vsMin <= 0 ? Truth.ALWAYS : Truth.MAYBE;
      default:
        return Truth.MAYBE;
    }
  }

  /**
   * A comparison over values that are all NaN (or null): no engine has NaN equal to, below or at
   * most a number, so {@code =}, {@code <} and {@code <=} never hold; {@code >} and {@code >=} hold
   * in DuckDB (NaN above every number) but not in Arrow, and {@code !=} depends on the nulls.
   */
  private static Truth onlyNaN(CompareOp op) {
    return switch (op) {
      case EQ, LT, LE -> Truth.NEVER;
      default -> Truth.MAYBE;
    };
  }

  /**
   * A comparison with NaN ({@code x = 'nan'}, the NaN predicate), ruled out only where DuckDB
   * (NaN equal to itself, above every number) and Arrow (every comparison with NaN false) agree:
   * nothing is above NaN; {@code =} and {@code >=} need a NaN, so a zero NaN count rules them
   * out; {@code <} needs a number, which an only-NaN page or chunk lacks.
   */
  private static Truth nanLiteral(ColumnBounds b, CompareOp op) {
    if (isNaN(b.min()) || isNaN(b.max())) {
      return Truth.MAYBE; // a NaN partition value, which no count describes
    }
    return switch (op) {
      case GT -> Truth.NEVER;
      case EQ, GE -> b.nanPossible() ? Truth.MAYBE : Truth.NEVER;
      case LT -> b.onlyNaN() ? Truth.NEVER : Truth.MAYBE;
      default -> Truth.MAYBE;
    };
  }

  private static boolean isNaN(Object v) {
    return v instanceof Double d && d.isNaN() || v instanceof Float f && f.isNaN();
  }

  private static Truth startsWith(ColumnBounds b, String prefixText) {
    if (b.rowCount() == 0 || b.allNulls()) {
      return Truth.NEVER;
    }
    if (!b.hasMinMax() || b.domain() != ValueDomain.BYTES) {
      return Truth.MAYBE;
    }
    byte[] prefix = prefixText.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] min = (byte[]) b.min();
    byte[] max = (byte[]) b.max();
    // Every value with the prefix is >= the prefix; a bound above the prefix that does not share
    // it is above every such value.
    if (ValueDomain.compareUnsigned(max, prefix) < 0) {
      return Truth.NEVER;
    }
    if (!hasPrefix(min, prefix) && ValueDomain.compareUnsigned(min, prefix) > 0) {
      return Truth.NEVER;
    }
    return b.noNulls() && hasPrefix(min, prefix) && hasPrefix(max, prefix) ? Truth.ALWAYS : Truth.MAYBE;
  }

  private static boolean hasPrefix(byte[] value, byte[] prefix) {
    return value.length >= prefix.length
        && java.util.Arrays.equals(value, 0, prefix.length, prefix, 0, prefix.length);
  }
}
