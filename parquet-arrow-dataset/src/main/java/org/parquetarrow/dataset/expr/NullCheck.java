package org.parquetarrow.dataset.expr;

/**
 * {@code column is null} ({@code isNull}) or {@code column is not null}.
 *
 * @param column the column
 * @param isNull whether rows with a null match (else rows with a value)
 */
public record NullCheck(ColumnRef column, boolean isNull) implements Expression {
  @Override
  public String toSql() {
    return column.toSql() + (isNull ? " is null" : " is not null");
  }
}
