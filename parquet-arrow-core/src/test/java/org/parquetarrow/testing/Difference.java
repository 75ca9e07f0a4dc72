package org.parquetarrow.testing;

/**
 * One place where two Arrow data sets disagree.
 *
 * @param row global row index (over all batches) of the top-level row holding the difference;
 *     for a row-count difference, the first row only one side has
 * @param column path of the column: field names joined by dots, with {@code list} before the
 *     element of every list level, e.g. {@code a.list.element.b}; {@code <rows>} for a row-count
 *     difference
 * @param position where inside the row, with list indices, e.g. {@code a[2].b}
 * @param expected rendering of the expected value
 * @param actual rendering of the actual value
 */
public record Difference(long row, String column, String position, String expected, String actual) {
  @Override
  public String toString() {
    String where = position.equals(column) ? column : column + " at " + position;
    return "row " + row + ", " + where + ": expected " + expected + " but was " + actual;
  }
}
