package org.parquetarrow.variant;

import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.schema.PrimitiveNode;

/**
 * The Parquet types a shredded {@code typed_value} may have (the table of
 * {@code VariantShredding.md}), each with the Variant primitive it becomes and the Arrow type the
 * reader decodes it to.
 */
enum ShreddedType {
  BOOLEAN(-1, 0),
  INT8(3, 1),
  INT16(4, 2),
  INT32(5, 4),
  INT64(6, 8),
  DOUBLE(7, 8),
  DECIMAL4(8, 4),
  DECIMAL8(9, 8),
  DECIMAL16(10, 16),
  DATE(11, 4),
  TIMESTAMP_TZ_MICROS(12, 8),
  TIMESTAMP_NTZ_MICROS(13, 8),
  FLOAT(14, 4),
  BINARY(15, -1),
  STRING(16, -1),
  TIME_NTZ_MICROS(17, 8),
  TIMESTAMP_TZ_NANOS(18, 8),
  TIMESTAMP_NTZ_NANOS(19, 8),
  UUID(20, 16);

  /** The Variant primitive type id (booleans have two). */
  final int variantId;
  /** Bytes of the Variant value's data, -1 for length-prefixed types. */
  final int size;

  ShreddedType(int variantId, int size) {
    this.variantId = variantId;
    this.size = size;
  }

  /** The shredded type of {@code p}, or {@code null} when the spec does not allow it. */
  static ShreddedType of(PrimitiveNode p) {
    LogicalType logical = p.effectiveLogicalType();
    return switch (p.physicalType()) {
      case BOOLEAN -> logical == null ? BOOLEAN : null;
      case INT32 -> {
        if (logical == null || isSignedInt(logical, 32)) {
          yield INT32;
        } else if (isSignedInt(logical, 8)) {
          yield INT8;
        } else if (isSignedInt(logical, 16)) {
          yield INT16;
        } else if (logical instanceof LogicalType.DecimalType d && d.precision() <= 9) {
          yield DECIMAL4;
        }
        yield logical instanceof LogicalType.DateType ? DATE : null;
      }
      case INT64 -> {
        if (logical == null || isSignedInt(logical, 64)) {
          yield INT64;
        } else if (logical instanceof LogicalType.DecimalType d && d.precision() <= 18) {
          yield DECIMAL8;
        } else if (logical instanceof LogicalType.TimeType t && !t.isAdjustedToUTC()
            && t.unit() == org.parquetarrow.format.TimeUnit.MICROS) {
          yield TIME_NTZ_MICROS;
        } else if (logical instanceof LogicalType.TimestampType t) {
          yield switch (t.unit()) {
            case MICROS -> t.isAdjustedToUTC() ? TIMESTAMP_TZ_MICROS : TIMESTAMP_NTZ_MICROS;
            case NANOS -> t.isAdjustedToUTC() ? TIMESTAMP_TZ_NANOS : TIMESTAMP_NTZ_NANOS;
            default -> null;
          };
        }
        yield null;
      }
      case FLOAT -> logical == null ? FLOAT : null;
      case DOUBLE -> logical == null ? DOUBLE : null;
      case BYTE_ARRAY -> {
        if (logical == null) {
          yield BINARY;
        } else if (logical instanceof LogicalType.StringType) {
          yield STRING;
        }
        yield logical instanceof LogicalType.DecimalType d && d.precision() <= 38 ? DECIMAL16 : null;
      }
      case FIXED_LEN_BYTE_ARRAY -> {
        Integer length = p.typeLength();
        if (logical instanceof LogicalType.UuidType && length != null && length == 16) {
          yield UUID;
        }
        yield logical instanceof LogicalType.DecimalType d && d.precision() <= 38 ? DECIMAL16 : null;
      }
      default -> null;
    };
  }

  private static boolean isSignedInt(LogicalType logical, int bits) {
    return logical instanceof LogicalType.IntType i && i.isSigned() && i.bitWidth() == bits;
  }

  /** Whether the reader's Arrow type for this column is the one this class knows how to read. */
  boolean matches(ArrowType t) {
    return switch (this) {
      case BOOLEAN -> t instanceof ArrowType.Bool;
      case INT8 -> t.equals(new ArrowType.Int(8, true));
      case INT16 -> t.equals(new ArrowType.Int(16, true));
      case INT32 -> t.equals(new ArrowType.Int(32, true));
      case INT64 -> t.equals(new ArrowType.Int(64, true));
      case FLOAT -> t instanceof ArrowType.FloatingPoint f && f.getPrecision()
          == org.apache.arrow.vector.types.FloatingPointPrecision.SINGLE;
      case DOUBLE -> t instanceof ArrowType.FloatingPoint f && f.getPrecision()
          == org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE;
      case DECIMAL4, DECIMAL8, DECIMAL16 -> t instanceof ArrowType.Decimal d && d.getBitWidth() == 128;
      case DATE -> t instanceof ArrowType.Date d && d.getUnit() == DateUnit.DAY;
      case TIME_NTZ_MICROS -> t instanceof ArrowType.Time tm && tm.getUnit() == TimeUnit.MICROSECOND;
      case TIMESTAMP_TZ_MICROS, TIMESTAMP_NTZ_MICROS -> t instanceof ArrowType.Timestamp ts
          && ts.getUnit() == TimeUnit.MICROSECOND && (ts.getTimezone() != null) == (this == TIMESTAMP_TZ_MICROS);
      case TIMESTAMP_TZ_NANOS, TIMESTAMP_NTZ_NANOS -> t instanceof ArrowType.Timestamp ts
          && ts.getUnit() == TimeUnit.NANOSECOND && (ts.getTimezone() != null) == (this == TIMESTAMP_TZ_NANOS);
      case BINARY -> t instanceof ArrowType.Binary;
      case STRING -> t instanceof ArrowType.Utf8;
      case UUID -> t instanceof ArrowType.FixedSizeBinary f && f.getByteWidth() == 16
          || t instanceof ArrowType.ExtensionType e && e.storageType() instanceof ArrowType.FixedSizeBinary f2
          && f2.getByteWidth() == 16;
    };
  }
}
