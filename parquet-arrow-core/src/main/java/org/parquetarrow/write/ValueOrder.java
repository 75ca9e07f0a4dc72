package org.parquetarrow.write;

import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.schema.PrimitiveNode;

/**
 * How the values of a column compare for statistics and the column index (the spec's sort order
 * for each physical and logical type). {@link #NONE}: the order is undefined (INT96, INTERVAL), so
 * no min/max is written.
 */
enum ValueOrder {
  SIGNED,
  UNSIGNED,
  FLOAT,
  DOUBLE,
  BOOLEAN,
  /** Bytes compared as unsigned, lexicographically (strings, plain binary). */
  UNSIGNED_BYTES,
  /** Big-endian two's complement integers (decimals on binary). */
  SIGNED_BYTES,
  FLOAT16,
  NONE;

  static ValueOrder of(PrimitiveNode node) {
    LogicalType logical = node.effectiveLogicalType();
    PhysicalType type = node.physicalType();
    return switch (type) {
      case BOOLEAN -> BOOLEAN;
      case INT32, INT64 -> logical instanceof LogicalType.IntType i && !i.isSigned() ? UNSIGNED : SIGNED;
      case FLOAT -> FLOAT;
      case DOUBLE -> DOUBLE;
      case INT96 -> NONE;
      case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> {
        if (logical instanceof LogicalType.DecimalType) {
          yield SIGNED_BYTES;
        } else if (logical instanceof LogicalType.Float16Type) {
          yield FLOAT16;
        } else if (node.convertedType() == ConvertedType.INTERVAL) {
          yield NONE;
        }
        yield UNSIGNED_BYTES;
      }
      default -> NONE;
    };
  }

  /** Whether statistics count NaNs ({@code nan_count}): FLOAT, DOUBLE and FLOAT16 columns. */
  boolean hasNans() {
    return this == FLOAT || this == DOUBLE || this == FLOAT16;
  }

  /** Whether the legacy {@code min}/{@code max} fields (signed comparison) may carry the values too. */
  boolean legacyCompatible() {
    return this == SIGNED || this == FLOAT || this == DOUBLE || this == BOOLEAN;
  }
}
