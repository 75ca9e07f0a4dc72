package org.parquetarrow.dataset.expr;

/**
 * A row filter: a tree of comparisons, {@code in}, {@code between}, null checks and {@code
 * starts_with} on columns, combined with {@code and}, {@code or} and {@code not}. Evaluation
 * follows SQL's three-valued logic: a comparison with a null value is unknown, and a row is kept
 * only when the whole filter is true.
 *
 * <pre>{@code
 * Expression f = Expressions.col("x").gt(5).and(Expressions.col("s").in("a", "b"));
 * Expression same = ExpressionParser.parse("x > 5 and s in ('a', 'b')");
 * }</pre>
 */
public sealed interface Expression
    permits Comparison, InList, Between, NullCheck, StartsWith, And, Or, Not {

  /** This filter in the SQL {@code WHERE} syntax {@link ExpressionParser} reads (and DuckDB runs). */
  String toSql();

  /** {@code this and other}. */
  default Expression and(Expression other) {
    return Expressions.and(this, other);
  }

  /** {@code this or other}. */
  default Expression or(Expression other) {
    return Expressions.or(this, other);
  }

  /** {@code not this}. */
  default Expression not() {
    return new Not(this);
  }
}
