package org.parquetarrow.dataset.prune;

/**
 * What metadata tells about one column over a set of rows. {@code min} and {@code max} are
 * bounds in the domain's form ({@code null} when unknown): every non-null, non-NaN value lies
 * between them. They are the real smallest / largest value only when marked exact (truncated
 * statistics are bounds but not values).
 *
 * @param domain how values compare
 * @param min lower bound, or {@code null}
 * @param max upper bound, or {@code null}
 * @param minExact whether {@code min} is a value that occurs
 * @param maxExact whether {@code max} is a value that occurs
 * @param nullCount number of nulls, or -1 when unknown
 * @param rowCount number of rows (&gt; 0 unless the set is empty)
 * @param nanPossible whether a NaN may hide among the values (floating point without a zero
 *     {@code nan_count})
 * @param onlyNaN whether every non-null value is NaN (IEEE 754 total order: NaN bounds and NaN
 *     counts); {@code min} and {@code max} are then {@code null}
 */
record ColumnBounds(
    ValueDomain domain,
    Object min,
    Object max,
    boolean minExact,
    boolean maxExact,
    long nullCount,
    long rowCount,
    boolean nanPossible,
    boolean onlyNaN) {

  /** A column every row of which is null (absent from a file, or a null partition value). */
  static ColumnBounds allNull(ValueDomain domain, long rowCount) {
    return new ColumnBounds(domain, null, null, false, false, rowCount, rowCount, false, false);
  }

  /** A column holding the single value {@code value} in every row (a partition value). */
  static ColumnBounds constant(ValueDomain domain, Object value, long rowCount) {
    return new ColumnBounds(domain, value, value, true, true, 0, rowCount, false, false);
  }

  /** Whether min and max are both known. */
  boolean hasMinMax() {
    return min != null && max != null;
  }

  /** Whether every row is known to be null. */
  boolean allNulls() {
    return nullCount >= 0 && nullCount >= rowCount;
  }

  /** Whether no row is known to be null. */
  boolean noNulls() {
    return nullCount == 0;
  }
}
