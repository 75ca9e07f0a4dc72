package org.parquetarrow.write;

/**
 * The column order, and with it the statistics rules, of FLOAT, DOUBLE and FLOAT16 columns.
 *
 * <pre>{@code
 * WriterProperties older = WriterProperties.builder().floatingPointOrder(FloatingPointOrder.TYPE_DEFINED_ORDER).build();
 * }</pre>
 */
public enum FloatingPointOrder {
  /**
   * parquet-format 2.13's {@code IEEE_754_TOTAL_ORDER} (the default, as parquet-java 1.18 writes):
   * bounds leave NaNs out and keep the sign of zeros ({@code -0.0 < +0.0}); a page or chunk whose
   * values are all NaN gets the standard NaN as both bounds, so the column index is still written;
   * {@code nan_count} and the column index's {@code nan_counts} say how many NaNs each holds.
   */
  IEEE_754_TOTAL_ORDER,
  /**
   * The older {@code TYPE_ORDER}, for readers that predate 2.13: a zero min is written as -0.0 and
   * a zero max as +0.0, and a chunk with a page of only NaNs gets no column index (its bounds
   * cannot be written). NaN counts are written as well; older readers skip them.
   */
  TYPE_DEFINED_ORDER
}
