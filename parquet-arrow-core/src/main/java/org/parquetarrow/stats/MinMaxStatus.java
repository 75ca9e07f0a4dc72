package org.parquetarrow.stats;

/**
 * Whether a column chunk's min/max can be used, and if not, why: see {@link
 * ColumnChunkStatistics#minMaxStatus()}.
 */
public enum MinMaxStatus {
  /** Both bounds are present, trustworthy and decoded: {@code min()} and {@code max()} hold them. */
  USABLE,
  /** The chunk has no min/max (or no statistics at all), or has only one of the two. */
  ABSENT,
  /**
   * The column's sort order is unknown (INT96, INTERVAL, an annotation this library does not
   * know), or the file declares a column order this library does not know.
   */
  UNKNOWN_ORDER,
  /**
   * Only the deprecated {@code min}/{@code max} fields are present, which writers filled in
   * signed order, and the column does not sort signed (strings, binary, unsigned integers).
   */
  DEPRECATED_SIGNED_ORDER,
  /** The writer ({@code created_by}) is known to write wrong min/max for this column: see {@link StatisticsTrust}. */
  WRITER_BUG,
  /**
   * A bound is NaN, which no order of floating-point values used for statistics places (old
   * writers let one through): the bounds are ignored, as parquet.thrift asks of readers.
   */
  NAN_BOUND,
  /** The stored bytes are no value of the column (wrong length, invalid UTF-8, a time beyond a day). */
  UNDECODABLE;

  /**
   * Whether the stored bounds pass the checks of order and writer: {@link #USABLE}, and the bounds
   * that passed but are no value of the column ({@link #NAN_BOUND}, {@link #UNDECODABLE}), which a
   * caller comparing bytes in the column's order (rather than values) may still use.
   */
  public boolean ordered() {
    return this == USABLE || this == NAN_BOUND || this == UNDECODABLE;
  }
}
