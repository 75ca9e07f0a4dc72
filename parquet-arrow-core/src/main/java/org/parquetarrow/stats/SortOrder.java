package org.parquetarrow.stats;

import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.schema.PrimitiveNode;

/**
 * The order a column's type-defined statistics follow (parquet-format's {@code ColumnOrder}
 * notes; Arrow C++ {@code GetSortOrder}): signed for numbers, decimals, dates and times; unsigned
 * byte-wise for strings, binary and unsigned integers; unknown for INT96 and intervals.
 *
 * <pre>{@code
 * SortOrder order = SortOrder.of(column.node()); // UNSIGNED for a utf8 column
 * }</pre>
 */
public enum SortOrder {
  /** Numbers, decimals, dates, times, timestamps, half floats: compared as signed values. */
  SIGNED,
  /** Strings, binary, fixed-size binary and unsigned integers: compared as unsigned bytes or values. */
  UNSIGNED,
  /** INT96, intervals and annotations this library does not know: min/max cannot be used. */
  UNKNOWN;

  /** The sort order of a leaf's statistics. */
  public static SortOrder of(PrimitiveNode node) {
    PhysicalType physical = node.physicalType();
    if (physical == PhysicalType.INT96 || node.convertedType() == ConvertedType.INTERVAL) {
      return UNKNOWN;
    }
    LogicalType logical = node.effectiveLogicalType();
    if (logical instanceof LogicalType.IntType i) {
      return i.isSigned() ? SIGNED : UNSIGNED;
    }
    if (logical instanceof LogicalType.DecimalType || logical instanceof LogicalType.Float16Type) {
      return SIGNED;
    }
    if (logical instanceof LogicalType.Unrecognized) {
      return UNKNOWN;
    }
    return switch (physical) {
      case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> UNSIGNED;
      default -> SIGNED;
    };
  }
}
