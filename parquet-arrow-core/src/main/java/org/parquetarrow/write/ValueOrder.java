package org.parquetarrow.write;

import org.parquetarrow.format.LogicalType;
import org.parquetarrow.schema.PrimitiveNode;
import org.parquetarrow.stats.SortOrder;

/**
 * How the values of a column compare for statistics and the column index: the column's {@link
 * SortOrder} (the one order core defines per type, which readers of statistics use too), told
 * apart by how values of its physical type compare in it. {@link #NONE}: the order is unknown
 * (INT96, INTERVAL, a logical type this library does not know), so no min/max is written.
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
    SortOrder order = SortOrder.of(node);
    if (order == SortOrder.UNKNOWN) {
      // parquet.thrift: min/max of a type whose order the reader does not know are ignored; the
      // writer leaves them out rather than write bounds no reader may use
      return NONE;
    }
    boolean unsigned = order == SortOrder.UNSIGNED;
    return switch (node.physicalType()) {
      case BOOLEAN -> BOOLEAN;
      case INT32, INT64 -> unsigned ? UNSIGNED : SIGNED;
      case FLOAT -> FLOAT;
      case DOUBLE -> DOUBLE;
      case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> unsigned ? UNSIGNED_BYTES
          : node.effectiveLogicalType() instanceof LogicalType.Float16Type ? FLOAT16 : SIGNED_BYTES;
      case INT96 -> NONE;
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
