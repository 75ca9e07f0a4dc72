package org.parquetarrow.read;

import org.parquetarrow.CorruptFileException;
import org.parquetarrow.schema.ColumnDescriptor;

/** Bytes per value of each physical type as stored in PLAIN pages (0 for variable length). */
final class PhysicalWidths {
  private PhysicalWidths() {}

  static int of(ColumnDescriptor column) {
    return switch (column.physicalType()) {
      case BOOLEAN, BYTE_ARRAY -> 0;
      case INT32, FLOAT -> 4;
      case INT64, DOUBLE -> 8;
      case INT96 -> 12;
      case FIXED_LEN_BYTE_ARRAY -> {
        Integer n = column.node().typeLength();
        if (n == null || n < 1) {
          throw new CorruptFileException(
              "FIXED_LEN_BYTE_ARRAY column " + column.dottedPath() + " has type length " + n);
        }
        yield n;
      }
    };
  }
}
