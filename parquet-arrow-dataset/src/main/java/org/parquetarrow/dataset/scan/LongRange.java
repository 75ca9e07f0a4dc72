package org.parquetarrow.dataset.scan;

import java.util.List;
import org.parquetarrow.dataset.expr.Between;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.Literal;

/**
 * The comparisons ({@code <, <=, =, >=, >}) and {@code between}s of one column in its long
 * domain ({@link ColumnValues.Domain#LONG}) taken together: on a non-null row they all hold
 * exactly when the value lies in {@code [lo, hi]}, so one range test per row replaces one test
 * per bound. Literals with a fraction or beyond the column's values narrow the range as {@link
 * LongBound} says.
 *
 * <pre>{@code
 * LongRange r = LongRange.of(column, List.of(ge, lt));
 * if (r.empty()) ... else if (r.all()) ... else test Long.compareUnsigned(x - r.lo(), r.hi() - r.lo()) <= 0
 * }</pre>
 */
record LongRange(long lo, long hi, boolean empty) {
  /** The range of the values on which every one of {@code terms} (on {@code c}'s column) holds. */
  static LongRange of(ColumnValues c, List<Expression> terms) {
    Bounds b = new Bounds();
    for (Expression t : terms) {
      if (t instanceof Between between) {
        b.apply(c, CompareOp.GE, between.low());
        b.apply(c, CompareOp.LE, between.high());
      } else {
        Comparison cmp = (Comparison) t;
        b.apply(c, cmp.op(), cmp.value());
      }
    }
    return new LongRange(b.lo, b.hi, b.empty || b.lo > b.hi);
  }

  /** Whether every value lies in the range (no bound narrows it). */
  boolean all() {
    return !empty && lo == Long.MIN_VALUE && hi == Long.MAX_VALUE;
  }

  private static final class Bounds {
    long lo = Long.MIN_VALUE;
    long hi = Long.MAX_VALUE;
    boolean empty;

    void apply(ColumnValues c, CompareOp op, Literal literal) {
      LongBound b = LongBound.of(c, literal.value());
      if (b.kind() == LongBound.EXACT) {
        exact(op, b.value());
        return;
      }
      Boolean constant = b.constantFor(op);
      if (constant != null) {
        empty |= !constant;
      } else if (op == CompareOp.LT || op == CompareOp.LE) {
        // a fraction between value and value + 1: < and <= mean <= value, > and >= mean > value
        exact(CompareOp.LE, b.value());
      } else {
        exact(CompareOp.GT, b.value());
      }
    }

    private void exact(CompareOp op, long v) {
      switch (op) {
        case EQ -> {
          lo = Math.max(lo, v);
          hi = Math.min(hi, v);
        }
        case GE -> lo = Math.max(lo, v);
        case GT -> {
          if (v == Long.MAX_VALUE) {
            empty = true;
          } else {
            lo = Math.max(lo, v + 1);
          }
        }
        case LE -> hi = Math.min(hi, v);
        case LT -> {
          if (v == Long.MIN_VALUE) {
            empty = true;
          } else {
            hi = Math.min(hi, v - 1);
          }
        }
        case NE -> throw new IllegalArgumentException("!= is no range");
      }
    }
  }
}
