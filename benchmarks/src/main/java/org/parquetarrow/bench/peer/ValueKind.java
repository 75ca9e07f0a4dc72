package org.parquetarrow.bench.peer;

import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/** How one Parquet leaf's values land in its Arrow vector's buffers. */
enum ValueKind {
  INT32, INT64, DECIMAL_INT64, FLOAT, DOUBLE, BOOLEAN, BINARY;

  static ValueKind of(ColumnDescriptor column) {
    PrimitiveType type = column.getPrimitiveType();
    return switch (type.getPrimitiveTypeName()) {
      case INT32 -> INT32;
      case INT64 -> type.getLogicalTypeAnnotation() instanceof DecimalLogicalTypeAnnotation ? DECIMAL_INT64 : INT64;
      case FLOAT -> FLOAT;
      case DOUBLE -> DOUBLE;
      case BOOLEAN -> BOOLEAN;
      case BINARY -> BINARY;
      default -> throw new IllegalArgumentException("no copy loop for " + column);
    };
  }
}
