package org.parquetarrow.dataset.scan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.parquetarrow.dataset.expr.And;
import org.parquetarrow.dataset.expr.Between;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.Expression;

/**
 * The terms of an {@code and} as {@link FilterEvaluator} runs them: nested {@code and}s
 * flattened; the comparisons and {@code between}s of one column gathered into one unit, which an
 * integer-like column tests as a single range ({@link LongRange}) in one pass over its values
 * instead of one pass per bound; the units run most selective first, by the share of the rows
 * given to each that it kept in the batches so far (a later unit looks only at the rows the ones
 * before left open, so the fewer those, the less it reads).
 *
 * <p>Shared by the threads of one scan: the shares are hints read and written without locking
 * (any order of the units gives the same rows), each an atomic int.
 *
 * <pre>{@code
 * Conjunction c = Conjunction.of(and);
 * for (int u : c.order()) { ... evaluate c.units().get(u) on the open rows ...; c.observe(u, open, kept); }
 * }</pre>
 */
final class Conjunction {
  /**
   * One step of the {@code and}: comparisons (other than {@code !=}) and {@code between}s of
   * {@code column}, or, with {@code column} null, one other term.
   */
  record Unit(ColumnRef column, List<Expression> terms) {
    boolean isRange() {
      return column != null;
    }
  }

  /** Share of the open rows a unit is taken to keep before it was measured, in thousandths. */
  private static final int UNMEASURED = 500;
  /** Open rows below which a unit's kept share is not recorded (too few to say anything). */
  private static final int MIN_OBSERVED = 256;

  private final List<Unit> units;
  /** Per unit, the smoothed share of the open rows it kept, in thousandths. */
  private final AtomicIntegerArray keptPermille;

  private Conjunction(List<Unit> units) {
    this.units = units;
    this.keptPermille = new AtomicIntegerArray(units.size());
    for (int i = 0; i < units.size(); i++) {
      keptPermille.set(i, UNMEASURED);
    }
  }

  static Conjunction of(And and) {
    List<Expression> terms = new ArrayList<>();
    flatten(and, terms);
    Map<List<String>, List<Expression>> byColumn = new LinkedHashMap<>();
    List<Unit> units = new ArrayList<>();
    for (Expression t : terms) {
      ColumnRef column = rangeColumn(t);
      if (column == null) {
        units.add(new Unit(null, List.of(t)));
      } else {
        List<Expression> same = byColumn.get(column.path());
        if (same == null) {
          same = new ArrayList<>();
          byColumn.put(column.path(), same);
          units.add(new Unit(column, same));
        }
        same.add(t);
      }
    }
    return new Conjunction(units.stream().map(u -> new Unit(u.column(), List.copyOf(u.terms()))).toList());
  }

  private static void flatten(Expression e, List<Expression> into) {
    if (e instanceof And a) {
      a.terms().forEach(t -> flatten(t, into));
    } else {
      into.add(e);
    }
  }

  /** The column a term bounds from one or both sides, or null for any other term. */
  private static ColumnRef rangeColumn(Expression t) {
    if (t instanceof Comparison c && c.op() != CompareOp.NE) {
      return c.column();
    }
    if (t instanceof Between b) {
      return b.column();
    }
    return null;
  }

  List<Unit> units() {
    return units;
  }

  /** The units' indices, those that kept the smallest share so far first (ties in written order). */
  int[] order() {
    int n = units.size();
    int[] share = new int[n];
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      share[i] = keptPermille.get(i);
      order[i] = i;
    }
    // insertion sort: a handful of units, and stable
    for (int i = 1; i < n; i++) {
      int u = order[i];
      int j = i - 1;
      while (j >= 0 && share[order[j]] > share[u]) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = u;
    }
    return order;
  }

  /** Records that unit {@code u}, given {@code open} rows, left {@code kept} of them not false. */
  void observe(int u, int open, int kept) {
    if (open < MIN_OBSERVED) {
      return;
    }
    int now = (int) (1000L * kept / open);
    keptPermille.set(u, (keptPermille.get(u) + now) >>> 1);
  }
}
