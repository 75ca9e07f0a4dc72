package org.parquetarrow.schema;

import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.TimeUnit;

/**
 * The two compatibility tables of the format's {@code LogicalTypes.md}: how a legacy
 * {@link ConvertedType} reads as a {@link LogicalType} (backward compatibility), and which converted
 * type a writer adds beside a logical type (forward compatibility).
 *
 * <pre>{@code
 * LogicalType t = LogicalTypes.fromConvertedType(ConvertedType.TIMESTAMP_MILLIS, null, null);
 * // TimestampType[isAdjustedToUTC=true, unit=MILLIS]
 * ConvertedType c = LogicalTypes.toConvertedType(new LogicalType.IntType(16, false)); // UINT_16
 * }</pre>
 */
public final class LogicalTypes {
  private LogicalTypes() {}

  /**
   * The logical type a legacy converted type stands for, or {@code null} for none (also for
   * {@code INTERVAL}, which has no logical-type counterpart).
   *
   * @param scale     the element's legacy scale (decimals; absent means 0)
   * @param precision the element's legacy precision (decimals; absent reads as 0, which is invalid)
   */
  public static LogicalType fromConvertedType(ConvertedType type, Integer scale, Integer precision) {
    if (type == null) {
      return null;
    }
    return switch (type) {
      case UTF8 -> LogicalType.STRING;
      case MAP, MAP_KEY_VALUE -> LogicalType.MAP;
      case LIST -> LogicalType.LIST;
      case ENUM -> LogicalType.ENUM;
      case DECIMAL -> new LogicalType.DecimalType(scale == null ? 0 : scale, precision == null ? 0 : precision);
      case DATE -> LogicalType.DATE;
      // the legacy time and timestamp annotations are defined as UTC-normalised
      case TIME_MILLIS -> new LogicalType.TimeType(true, TimeUnit.MILLIS);
      case TIME_MICROS -> new LogicalType.TimeType(true, TimeUnit.MICROS);
      case TIMESTAMP_MILLIS -> new LogicalType.TimestampType(true, TimeUnit.MILLIS);
      case TIMESTAMP_MICROS -> new LogicalType.TimestampType(true, TimeUnit.MICROS);
      case UINT_8 -> new LogicalType.IntType(8, false);
      case UINT_16 -> new LogicalType.IntType(16, false);
      case UINT_32 -> new LogicalType.IntType(32, false);
      case UINT_64 -> new LogicalType.IntType(64, false);
      case INT_8 -> new LogicalType.IntType(8, true);
      case INT_16 -> new LogicalType.IntType(16, true);
      case INT_32 -> new LogicalType.IntType(32, true);
      case INT_64 -> new LogicalType.IntType(64, true);
      case JSON -> LogicalType.JSON;
      case BSON -> LogicalType.BSON;
      case INTERVAL -> null;
    };
  }

  /** The converted type a writer must write beside {@code type}, or {@code null} when there is none. */
  public static ConvertedType toConvertedType(LogicalType type) {
    if (type == null) {
      return null;
    }
    if (type instanceof LogicalType.StringType) {
      return ConvertedType.UTF8;
    } else if (type instanceof LogicalType.MapType) {
      return ConvertedType.MAP;
    } else if (type instanceof LogicalType.ListType) {
      return ConvertedType.LIST;
    } else if (type instanceof LogicalType.EnumType) {
      return ConvertedType.ENUM;
    } else if (type instanceof LogicalType.DecimalType) {
      return ConvertedType.DECIMAL;
    } else if (type instanceof LogicalType.DateType) {
      return ConvertedType.DATE;
    } else if (type instanceof LogicalType.TimeType t) {
      return switch (t.unit()) {
        case MILLIS -> ConvertedType.TIME_MILLIS;
        case MICROS -> ConvertedType.TIME_MICROS;
        case NANOS -> null;
      };
    } else if (type instanceof LogicalType.TimestampType t) {
      // written for local timestamps too: old readers have no other way to know they are timestamps
      return switch (t.unit()) {
        case MILLIS -> ConvertedType.TIMESTAMP_MILLIS;
        case MICROS -> ConvertedType.TIMESTAMP_MICROS;
        case NANOS -> null;
      };
    } else if (type instanceof LogicalType.IntType i) {
      return intConvertedType(i);
    } else if (type instanceof LogicalType.JsonType) {
      return ConvertedType.JSON;
    } else if (type instanceof LogicalType.BsonType) {
      return ConvertedType.BSON;
    }
    return null;
  }

  private static ConvertedType intConvertedType(LogicalType.IntType i) {
    return switch (i.bitWidth()) {
      case 8 -> i.isSigned() ? ConvertedType.INT_8 : ConvertedType.UINT_8;
      case 16 -> i.isSigned() ? ConvertedType.INT_16 : ConvertedType.UINT_16;
      case 32 -> i.isSigned() ? ConvertedType.INT_32 : ConvertedType.UINT_32;
      case 64 -> i.isSigned() ? ConvertedType.INT_64 : ConvertedType.UINT_64;
      default -> null;
    };
  }

  /** A short human-readable name for messages, e.g. {@code TIMESTAMP(MICROS, utc)}. */
  static String describe(LogicalType type) {
    if (type instanceof LogicalType.DecimalType d) {
      return "DECIMAL(" + d.precision() + "," + d.scale() + ")";
    } else if (type instanceof LogicalType.TimeType t) {
      return "TIME(" + t.unit() + (t.isAdjustedToUTC() ? ", utc)" : ", local)");
    } else if (type instanceof LogicalType.TimestampType t) {
      return "TIMESTAMP(" + t.unit() + (t.isAdjustedToUTC() ? ", utc)" : ", local)");
    } else if (type instanceof LogicalType.IntType i) {
      return "INT(" + i.bitWidth() + (i.isSigned() ? ", signed)" : ", unsigned)");
    } else if (type instanceof LogicalType.NullType) {
      return "UNKNOWN";
    } else if (type instanceof LogicalType.Unrecognized u) {
      return "unrecognised logical type #" + u.unionFieldId();
    }
    String simple = type.getClass().getSimpleName();
    return simple.endsWith("Type") ? simple.substring(0, simple.length() - 4).toUpperCase() : simple;
  }
}
