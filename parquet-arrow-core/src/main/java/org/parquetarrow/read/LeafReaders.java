package org.parquetarrow.read;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.encoding.BinaryOutput;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.schema.FieldMapping;

/**
 * Builds the {@link LeafReader} of a leaf field, with the {@link ValueSink} of its physical type
 * and Arrow storage type: the one place that knows which physical type becomes which Arrow layout,
 * and with which conversion.
 */
final class LeafReaders {
  private LeafReaders() {}

  /**
   * The reader of {@code leaf}, producing {@code storageType}.
   *
   * @param keepLevels whether enclosing structs need the definition levels
   */
  static LeafReader create(
      FieldMapping leaf, ArrowType storageType, BufferAllocator allocator, boolean keepLevels) {
    return new LeafReader(leaf.column(), sink(leaf, storageType, allocator), allocator, keepLevels);
  }

  /** The value sink of {@code leaf}'s Arrow layout for {@code storageType}. */
  private static ValueSink sink(FieldMapping leaf, ArrowType storageType, BufferAllocator allocator) {
    ColumnDescriptor column = leaf.column();
    Field storage =
        new Field(leaf.name(), new FieldType(leaf.nullable(), storageType, null, null), null);
    PhysicalType physical = column.physicalType();
    if (physical == PhysicalType.BOOLEAN) {
      return new BooleanSink(storage, allocator);
    }
    if (physical == PhysicalType.BYTE_ARRAY && !(storageType instanceof ArrowType.Decimal)) {
      BinaryOutput.OffsetWidth width =
          storageType instanceof ArrowType.LargeUtf8 || storageType instanceof ArrowType.LargeBinary
              ? BinaryOutput.OffsetWidth.INT64
              : BinaryOutput.OffsetWidth.INT32;
      return new BinarySink(column, storage, width, allocator);
    }
    int targetWidth = byteWidth(storageType, column);
    FixedConversion conversion = conversion(column, storageType, targetWidth);
    return new FixedWidthSink(column, storage, targetWidth, conversion, allocator);
  }

  /**
   * The dictionary values of a {@link ReadFields#dictionaryLeaf dictionary leaf}: strings and
   * binaries, or fixed-width values converted as a plain read of the leaf converts them.
   */
  static DictionaryValues dictionaryValues(FieldMapping leaf, BufferAllocator allocator) {
    ColumnDescriptor column = leaf.column();
    if (column.physicalType() == PhysicalType.BYTE_ARRAY) {
      return new BinaryDictionaryValues(column.physicalType(), allocator);
    }
    ArrowType type = leaf.type();
    int targetWidth = byteWidth(type, column);
    return new FixedDictionaryValues(column, targetWidth, conversion(column, type, targetWidth), allocator);
  }

  /** The Arrow type holding a column's physical values as they are. */
  static ArrowType physicalStorage(ColumnDescriptor column) {
    return switch (column.physicalType()) {
      case BOOLEAN -> ArrowType.Bool.INSTANCE;
      case BYTE_ARRAY -> ArrowType.Binary.INSTANCE;
      default -> new ArrowType.FixedSizeBinary(PhysicalWidths.of(column));
    };
  }

  private static FixedConversion conversion(ColumnDescriptor column, ArrowType type, int targetWidth) {
    PhysicalType physical = column.physicalType();
    if (type instanceof ArrowType.Decimal) {
      return switch (physical) {
        case INT32 -> FixedConversion.INT32_TO_DECIMAL;
        case INT64 -> FixedConversion.INT64_TO_DECIMAL;
        default -> FixedConversion.BIG_ENDIAN_TO_DECIMAL;
      };
    }
    if (physical == PhysicalType.INT96) {
      if (type instanceof ArrowType.Timestamp t) {
        return FixedConversion.int96To(t.getUnit());
      }
      throw mismatch(column, type);
    }
    int physicalWidth = PhysicalWidths.of(column);
    if (physical == PhysicalType.INT32 && targetWidth == 1) {
      return FixedConversion.INT32_TO_8;
    }
    if (physical == PhysicalType.INT32 && targetWidth == 2) {
      return FixedConversion.INT32_TO_16;
    }
    if (physicalWidth != targetWidth) {
      throw mismatch(column, type);
    }
    return FixedConversion.NONE;
  }

  /** Bytes per value of a fixed-width Arrow type. */
  static int byteWidth(ArrowType type, ColumnDescriptor column) {
    if (type instanceof ArrowType.Int i) {
      return i.getBitWidth() / 8;
    }
    if (type instanceof ArrowType.FloatingPoint f) {
      return f.getPrecision() == FloatingPointPrecision.HALF
          ? 2
          : f.getPrecision() == FloatingPointPrecision.SINGLE ? 4 : 8;
    }
    if (type instanceof ArrowType.Decimal d) {
      return d.getBitWidth() / 8;
    }
    if (type instanceof ArrowType.Date d) {
      return d.getUnit() == DateUnit.DAY ? 4 : 8;
    }
    if (type instanceof ArrowType.Time t) {
      return t.getBitWidth() / 8;
    }
    if (type instanceof ArrowType.Timestamp || type instanceof ArrowType.Duration) {
      return 8;
    }
    if (type instanceof ArrowType.FixedSizeBinary b) {
      return b.getByteWidth();
    }
    throw mismatch(column, type);
  }

  private static UnsupportedFeatureException mismatch(ColumnDescriptor column, ArrowType type) {
    return new UnsupportedFeatureException(
        "reading " + column.physicalType() + " as " + type,
        "column " + column.dottedPath() + " of physical type " + column.physicalType()
            + " cannot be read as Arrow " + type);
  }
}
