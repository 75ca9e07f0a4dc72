package org.parquetarrow.dataset.expr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Static factories for building filters in Java.
 *
 * <pre>{@code
 * import static org.parquetarrow.dataset.expr.Expressions.*;
 * Expression f = and(col("x").gt(5), or(col("s").eq("a"), col("a.b").isNull()));
 * }</pre>
 */
public final class Expressions {
  private Expressions() {}

  /** The column at a dotted path: {@code col("a.b")} is field {@code b} of struct {@code a}. */
  public static ColumnRef col(String dottedPath) {
    return new ColumnRef(Arrays.asList(dottedPath.split("\\.", -1)));
  }

  /** The literal of a Java value (see {@link Literal#of(Object)}). */
  public static Literal lit(Object value) {
    return Literal.of(value);
  }

  /** All of {@code terms}; nested {@code and}s are flattened. */
  public static Expression and(Expression... terms) {
    return combine(true, terms);
  }

  /** Any of {@code terms}; nested {@code or}s are flattened. */
  public static Expression or(Expression... terms) {
    return combine(false, terms);
  }

  public static Expression not(Expression term) {
    return new Not(term);
  }

  private static Expression combine(boolean and, Expression... terms) {
    List<Expression> flat = new ArrayList<>();
    for (Expression t : terms) {
      if (and && t instanceof And a) {
        flat.addAll(a.terms());
      } else if (!and && t instanceof Or o) {
        flat.addAll(o.terms());
      } else {
        flat.add(java.util.Objects.requireNonNull(t, "term"));
      }
    }
    if (flat.isEmpty()) {
      throw new IllegalArgumentException((and ? "and" : "or") + " needs at least one term");
    }
    if (flat.size() == 1) {
      return flat.get(0);
    }
    return and ? new And(flat) : new Or(flat);
  }
}
