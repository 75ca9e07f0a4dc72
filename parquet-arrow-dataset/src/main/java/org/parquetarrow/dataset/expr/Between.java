package org.parquetarrow.dataset.expr;

/**
 * {@code column between low and high}: {@code low <= column and column <= high}.
 *
 * @param column the column
 * @param low the smallest matching value
 * @param high the largest matching value
 */
public record Between(ColumnRef column, Literal low, Literal high) implements Expression {
  @Override
  public String toSql() {
    return column.toSql() + " between " + low.toSql() + " and " + high.toSql();
  }
}
