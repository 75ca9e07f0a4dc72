package org.parquetarrow.dataset.expr;

/**
 * A filter does not fit a schema: an unknown column, a column of a type filters cannot compare,
 * or a literal that cannot be coerced to its column's type. The message names the column and
 * the literal.
 */
public final class ExpressionBindException extends IllegalArgumentException {
  private final String column;

  ExpressionBindException(String column, String message) {
    super(message);
    this.column = column;
  }

  /** The dotted path of the column at fault, or {@code null} for a filter that nests too deep. */
  public String column() {
    return column;
  }
}
