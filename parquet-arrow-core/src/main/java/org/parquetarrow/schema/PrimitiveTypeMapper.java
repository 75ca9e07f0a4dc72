package org.parquetarrow.schema;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.EdgeInterpolationAlgorithm;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;

/**
 * The Arrow type of one leaf column, from its physical type and its logical (or legacy converted)
 * type, following Arrow C++ ({@code GetArrowType} in {@code parquet/arrow/schema_internal.cc}).
 * An annotation that cannot apply to the physical type (STRING on INT32, TIME(MILLIS) on INT64,
 * DECIMAL(12,2) on INT32, ...) is a corrupt file, as in Arrow C++; an annotation this library does
 * not know falls back to the physical type.
 */
final class PrimitiveTypeMapper {
  static final String EXTENSION_NAME = ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME;
  static final String EXTENSION_METADATA = ArrowType.ExtensionType.EXTENSION_METADATA_KEY_METADATA;

  /** The Arrow type of a leaf plus field metadata it needs (extension names), never {@code null}. */
  record LeafType(ArrowType type, Map<String, String> metadata) {}

  private final ArrowReadOptions options;

  PrimitiveTypeMapper(ArrowReadOptions options) {
    this.options = options;
  }

  LeafType map(ColumnDescriptor column) {
    return map(column.node(), column.dottedPath());
  }

  LeafType map(PrimitiveNode node, String path) {
    LogicalType logical = node.effectiveLogicalType();
    if (logical instanceof LogicalType.NullType) {
      return plain(ArrowType.Null.INSTANCE);
    }
    if (logical instanceof LogicalType.Unrecognized) {
      logical = null;
    }
    Map<String, String> metadata = Map.of();
    if (logical instanceof LogicalType.GeometryType || logical instanceof LogicalType.GeographyType) {
      // Arrow C++ 18 does not know these annotations and reads the physical type
      if (options.extensionTypes() != ArrowReadOptions.ExtensionTypePolicy.NONE
          && node.physicalType() == PhysicalType.BYTE_ARRAY) {
        metadata = geoArrowMetadata(logical);
      }
      logical = null;
    }
    if (node.logicalType() == null && node.convertedType() == ConvertedType.INTERVAL
        && (node.physicalType() != PhysicalType.FIXED_LEN_BYTE_ARRAY || node.typeLength() != 12)) {
      throw corrupt(path, "INTERVAL must annotate FIXED_LEN_BYTE_ARRAY(12), not " + physical(node));
    }
    ArrowType type = switch (node.physicalType()) {
      case BOOLEAN -> onlyPlain(node, logical, ArrowType.Bool.INSTANCE, path);
      case INT32 -> fromInt32(node, logical, path);
      case INT64 -> fromInt64(node, logical, path);
      case INT96 -> onlyPlain(node, logical, new ArrowType.Timestamp(options.int96TimestampUnit(), null), path);
      case FLOAT -> onlyPlain(node, logical, new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), path);
      case DOUBLE -> onlyPlain(node, logical, new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), path);
      case BYTE_ARRAY -> fromByteArray(node, logical, path);
      case FIXED_LEN_BYTE_ARRAY -> fromFixedLenByteArray(node, logical, path);
    };
    if (logical instanceof LogicalType.JsonType
        && options.extensionTypes() != ArrowReadOptions.ExtensionTypePolicy.NONE) {
      metadata = Map.of(EXTENSION_NAME, "arrow.json", EXTENSION_METADATA, "");
    }
    if (type instanceof ArrowType.Decimal d && options.intDecimals() == ArrowReadOptions.IntDecimalPolicy.UNSCALED
        && (node.physicalType() == PhysicalType.INT32 || node.physicalType() == PhysicalType.INT64)) {
      // checked as a decimal above; the values stay the stored integers
      return unscaledDecimal(node.physicalType() == PhysicalType.INT32 ? 32 : 64, d);
    }
    return new LeafType(type, metadata);
  }

  private static LeafType unscaledDecimal(int bits, ArrowType.Decimal d) {
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put(ArrowReadOptions.DECIMAL_PRECISION_KEY, Integer.toString(d.getPrecision()));
    metadata.put(ArrowReadOptions.DECIMAL_SCALE_KEY, Integer.toString(d.getScale()));
    return new LeafType(new ArrowType.Int(bits, true), metadata);
  }

  private static LeafType plain(ArrowType type) {
    return new LeafType(type, Map.of());
  }

  private static ArrowType onlyPlain(PrimitiveNode node, LogicalType logical, ArrowType type, String path) {
    if (logical != null) {
      throw cannotAnnotate(node, logical, path);
    }
    return type;
  }

  private static ArrowType fromInt32(PrimitiveNode node, LogicalType logical, String path) {
    if (logical == null) {
      return new ArrowType.Int(32, true);
    } else if (logical instanceof LogicalType.IntType i && i.bitWidth() <= 32) {
      checkBitWidth(node, i, path);
      return new ArrowType.Int(i.bitWidth(), i.isSigned());
    } else if (logical instanceof LogicalType.DateType) {
      return new ArrowType.Date(DateUnit.DAY);
    } else if (logical instanceof LogicalType.TimeType t && t.unit() == org.parquetarrow.format.TimeUnit.MILLIS) {
      return new ArrowType.Time(TimeUnit.MILLISECOND, 32);
    } else if (logical instanceof LogicalType.DecimalType d) {
      return decimal(node, d, 9, path);
    }
    throw cannotAnnotate(node, logical, path);
  }

  private static ArrowType fromInt64(PrimitiveNode node, LogicalType logical, String path) {
    if (logical == null) {
      return new ArrowType.Int(64, true);
    } else if (logical instanceof LogicalType.IntType i && i.bitWidth() == 64) {
      return new ArrowType.Int(64, i.isSigned());
    } else if (logical instanceof LogicalType.DecimalType d) {
      return decimal(node, d, 18, path);
    } else if (logical instanceof LogicalType.TimestampType t) {
      return new ArrowType.Timestamp(arrowUnit(t.unit()), t.isAdjustedToUTC() ? "UTC" : null);
    } else if (logical instanceof LogicalType.TimeType t && t.unit() != org.parquetarrow.format.TimeUnit.MILLIS) {
      return new ArrowType.Time(arrowUnit(t.unit()), 64);
    }
    throw cannotAnnotate(node, logical, path);
  }

  private ArrowType fromByteArray(PrimitiveNode node, LogicalType logical, String path) {
    if (logical == null || logical instanceof LogicalType.EnumType || logical instanceof LogicalType.BsonType) {
      return ArrowType.Binary.INSTANCE;
    } else if (logical instanceof LogicalType.StringType || logical instanceof LogicalType.JsonType) {
      return ArrowType.Utf8.INSTANCE;
    } else if (logical instanceof LogicalType.DecimalType d) {
      return decimal(node, d, Integer.MAX_VALUE, path);
    }
    throw cannotAnnotate(node, logical, path);
  }

  private ArrowType fromFixedLenByteArray(PrimitiveNode node, LogicalType logical, String path) {
    int length = node.typeLength();
    if (logical == null) {
      return new ArrowType.FixedSizeBinary(length);
    } else if (logical instanceof LogicalType.DecimalType d) {
      return decimal(node, d, maxDecimalDigits(length), path);
    } else if (logical instanceof LogicalType.Float16Type) {
      if (length != 2) {
        throw corrupt(path, "FLOAT16 must annotate FIXED_LEN_BYTE_ARRAY(2), not " + physical(node));
      }
      return new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
    } else if (logical instanceof LogicalType.UuidType) {
      if (length != 16) {
        throw corrupt(path, "UUID must annotate FIXED_LEN_BYTE_ARRAY(16), not " + physical(node));
      }
      return options.extensionTypes() == ArrowReadOptions.ExtensionTypePolicy.TYPES
          ? UuidType.INSTANCE
          : new ArrowType.FixedSizeBinary(16);
    }
    throw cannotAnnotate(node, logical, path);
  }

  private static void checkBitWidth(PrimitiveNode node, LogicalType.IntType i, String path) {
    int w = i.bitWidth();
    if (w != 8 && w != 16 && w != 32) {
      throw cannotAnnotate(node, i, path);
    }
  }

  private static ArrowType decimal(PrimitiveNode node, LogicalType.DecimalType d, int maxPrecision, String path) {
    int precision = d.precision();
    int scale = d.scale();
    if (precision < 1) {
      throw corrupt(path, "DECIMAL precision must be positive, is " + precision);
    }
    if (scale < 0 || scale > precision) {
      throw corrupt(path, "DECIMAL scale must be between 0 and the precision " + precision + ", is " + scale);
    }
    if (precision > maxPrecision) {
      throw corrupt(path, "DECIMAL(" + precision + "," + scale + ") does not fit in " + physical(node)
          + " (at most " + maxPrecision + " digits)");
    }
    if (precision > 76) {
      throw new UnsupportedFeatureException("decimal precision " + precision,
          "DECIMAL(" + precision + "," + scale + ") has more digits than Arrow's decimal256 holds (76) [column "
              + path + "]");
    }
    return new ArrowType.Decimal(precision, scale, precision <= 38 ? 128 : 256);
  }

  /** Digits a two's complement number of {@code bytes} bytes always holds: floor(log10(2^(8n-1) - 1)). */
  static int maxDecimalDigits(int bytes) {
    if (bytes >= 32) {
      // 32 bytes already hold 76 digits, more than any Arrow decimal: no need to compute huge powers
      return Integer.MAX_VALUE;
    }
    // floor(log10(m)) is m's digit count minus one
    return BigInteger.ONE.shiftLeft(8 * bytes - 1).subtract(BigInteger.ONE).toString().length() - 1;
  }

  static TimeUnit arrowUnit(org.parquetarrow.format.TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> TimeUnit.MILLISECOND;
      case MICROS -> TimeUnit.MICROSECOND;
      case NANOS -> TimeUnit.NANOSECOND;
    };
  }

  private static Map<String, String> geoArrowMetadata(LogicalType logical) {
    StringBuilder json = new StringBuilder("{");
    String crs = logical instanceof LogicalType.GeometryType g ? g.crs() : ((LogicalType.GeographyType) logical).crs();
    if (crs != null) {
      json.append("\"crs\":");
      appendJsonString(json, crs);
    }
    if (logical instanceof LogicalType.GeographyType g) {
      EdgeInterpolationAlgorithm algorithm = g.algorithm() == null ? EdgeInterpolationAlgorithm.SPHERICAL : g.algorithm();
      if (crs != null) {
        json.append(',');
      }
      json.append("\"edges\":");
      appendJsonString(json, algorithm.name().toLowerCase());
    }
    json.append('}');
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put(EXTENSION_NAME, "geoarrow.wkb");
    metadata.put(EXTENSION_METADATA, json.toString());
    return metadata;
  }

  private static void appendJsonString(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }

  private static String physical(PrimitiveNode node) {
    return node.physicalType() == PhysicalType.FIXED_LEN_BYTE_ARRAY
        ? "FIXED_LEN_BYTE_ARRAY(" + node.typeLength() + ")"
        : node.physicalType().name();
  }

  private static CorruptFileException cannotAnnotate(PrimitiveNode node, LogicalType logical, String path) {
    String what = node.logicalType() == null && node.convertedType() != null
        ? "converted type " + node.convertedType()
        : "logical type " + LogicalTypes.describe(logical);
    return corrupt(path, what + " cannot annotate " + physical(node));
  }

  static CorruptFileException corrupt(String path, String problem) {
    return new CorruptFileException(problem, ErrorLocation.UNKNOWN.withColumn(path), null);
  }
}
