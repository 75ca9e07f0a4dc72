package org.parquetarrow.dataset.expr;

import java.util.Objects;

/**
 * {@code column op value}. A literal on the left in text ({@code 5 < x}) is turned around.
 *
 * @param column the column
 * @param op the operator
 * @param value the literal
 */
public record Comparison(ColumnRef column, CompareOp op, Literal value) implements Expression {
  public Comparison {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(op, "op");
    Objects.requireNonNull(value, "value");
  }

  @Override
  public String toSql() {
    return column.toSql() + " " + op.symbol() + " " + value.toSql();
  }
}
