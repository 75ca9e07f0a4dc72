package org.parquetarrow.dataset.prune;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.parquetarrow.dataset.expr.And;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.InList;
import org.parquetarrow.dataset.expr.Not;
import org.parquetarrow.dataset.expr.NullCheck;
import org.parquetarrow.dataset.expr.Or;
import org.parquetarrow.dataset.expr.StartsWith;

/**
 * Which columns a bound filter names, for every pruning step: the columns to look up in a file,
 * and the column of one leaf term.
 */
final class FilterColumns {
  private FilterColumns() {}

  /** Every column {@code filter} names, in the order they first appear. */
  static Set<ColumnRef> of(Expression filter) {
    Set<ColumnRef> out = new LinkedHashSet<>();
    collect(filter, out);
    return out;
  }

  private static void collect(Expression e, Set<ColumnRef> out) {
    if (e instanceof Not n) {
      collect(n.term(), out);
    } else if (e instanceof And a) {
      a.terms().forEach(t -> collect(t, out));
    } else if (e instanceof Or o) {
      o.terms().forEach(t -> collect(t, out));
    } else {
      ColumnRef c = leaf(e);
      if (c != null) {
        out.add(c);
      }
    }
  }

  /**
   * The column of a leaf term (a comparison, {@code in}, {@code starts with}, a null check, or the
   * negation of one), else {@code null}.
   */
  static ColumnRef leaf(Expression e) {
    if (e instanceof NullCheck n) {
      return n.column();
    }
    return e instanceof Not n ? leaf(n.term()) : valueLeaf(e);
  }

  /**
   * As {@link #leaf}, but {@code null} for null checks: the column of a term that one non-null
   * value of the column decides.
   */
  static ColumnRef valueLeaf(Expression e) {
    if (e instanceof Comparison c) {
      return c.column();
    }
    if (e instanceof InList in) {
      return in.column();
    }
    if (e instanceof StartsWith s) {
      return s.column();
    }
    return e instanceof Not n ? valueLeaf(n.term()) : null;
  }

  /**
   * The one column every leaf of {@code e} names when no leaf is a null check (so each value of
   * that column decides {@code e} alone), else {@code null}.
   */
  static ColumnRef singleValueColumn(Expression e) {
    if (e instanceof And || e instanceof Or) {
      List<Expression> terms = e instanceof And a ? a.terms() : ((Or) e).terms();
      ColumnRef first = null;
      for (Expression t : terms) {
        ColumnRef c = singleValueColumn(t);
        if (c == null || (first != null && !first.equals(c))) {
          return null;
        }
        first = c;
      }
      return first;
    }
    return valueLeaf(e);
  }
}
