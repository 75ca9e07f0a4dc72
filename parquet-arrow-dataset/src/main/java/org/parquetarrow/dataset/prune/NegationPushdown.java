package org.parquetarrow.dataset.prune;

import java.util.ArrayList;
import java.util.List;
import org.parquetarrow.dataset.expr.And;
import org.parquetarrow.dataset.expr.Between;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.InList;
import org.parquetarrow.dataset.expr.Not;
import org.parquetarrow.dataset.expr.NullCheck;
import org.parquetarrow.dataset.expr.Or;
import org.parquetarrow.dataset.expr.StartsWith;

/**
 * Rewrites a filter so that {@code not} applies only to {@code starts_with}: {@code not (x > 5)}
 * becomes {@code x <= 5}, De Morgan for {@code and}/{@code or}, {@code between} becomes two
 * comparisons. Every rewrite keeps SQL's three-valued result row by row (a null stays unknown),
 * so metadata can then prune through negations instead of giving up on them.
 */
final class NegationPushdown {
  private NegationPushdown() {}

  static Expression apply(Expression e) {
    return push(e, false);
  }

  private static Expression push(Expression e, boolean negate) {
    if (e instanceof Comparison c) {
      return negate ? new Comparison(c.column(), c.op().negate(), c.value()) : c;
    }
    if (e instanceof InList in) {
      return negate ? new InList(in.column(), in.values(), !in.negated(), in.withNull()) : in;
    }
    if (e instanceof Between b) {
      return negate
          ? new Or(List.of(
              new Comparison(b.column(), CompareOp.LT, b.low()),
              new Comparison(b.column(), CompareOp.GT, b.high())))
          : new And(List.of(
              new Comparison(b.column(), CompareOp.GE, b.low()),
              new Comparison(b.column(), CompareOp.LE, b.high())));
    }
    if (e instanceof NullCheck n) {
      return negate ? new NullCheck(n.column(), !n.isNull()) : n;
    }
    if (e instanceof StartsWith s) {
      return negate ? new Not(s) : s;
    }
    if (e instanceof Not n) {
      return push(n.term(), !negate);
    }
    boolean isAnd = e instanceof And;
    List<Expression> terms = isAnd ? ((And) e).terms() : ((Or) e).terms();
    List<Expression> out = new ArrayList<>(terms.size());
    for (Expression t : terms) {
      out.add(push(t, negate));
    }
    return isAnd != negate ? new And(out) : new Or(out);
  }
}
