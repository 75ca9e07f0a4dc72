package org.parquetarrow.dataset.prune;

import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.schema.PrimitiveNode;

/**
 * The order a column's type-defined statistics follow (parquet-format's {@code ColumnOrder}
 * notes; Arrow C++ {@code GetSortOrder}): signed for numbers, decimals, dates and times; unsigned
 * byte-wise for strings, binary and unsigned integers; unknown for INT96 and intervals.
 */
enum SortOrder {
  SIGNED,
  UNSIGNED,
  UNKNOWN;

  static SortOrder of(PrimitiveNode node) {
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
