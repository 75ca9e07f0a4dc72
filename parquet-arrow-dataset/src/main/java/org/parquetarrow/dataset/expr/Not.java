package org.parquetarrow.dataset.expr;

/**
 * The negation of a filter (unknown stays unknown).
 *
 * @param term the negated filter
 */
public record Not(Expression term) implements Expression {
  @Override
  public String toSql() {
    return "not (" + term.toSql() + ")";
  }
}
