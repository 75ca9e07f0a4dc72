package org.parquetarrow.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;

/**
 * The Parquet node of each Arrow field, following Arrow C++'s writer ({@code FieldToNode} in
 * {@code parquet/arrow/schema.cc}): three-level lists, maps with a {@code key_value} group of
 * {@code key} and {@code value}, unsigned integers as INT annotations, timestamps by format
 * version, field ids from {@code PARQUET:field_id} metadata.
 */
final class ArrowToParquetConverter {
  private static final String UUID_EXTENSION = "arrow.uuid";
  private static final String JSON_EXTENSION = "arrow.json";

  private final ArrowWriteOptions options;

  ArrowToParquetConverter(ArrowWriteOptions options) {
    this.options = options;
  }

  GroupNode convert(Schema schema) {
    List<SchemaNode> children = new ArrayList<>(schema.getFields().size());
    for (Field f : schema.getFields()) {
      children.add(node(f.getName(), f, f.getName(), 1));
    }
    return new GroupNode(options.rootName(), null, null, null, null, null, children);
  }

  private SchemaNode node(String name, Field field, String path, int depth) {
    if (depth > ParquetSchema.MAX_DEPTH) {
      throw new IllegalArgumentException("field " + path + " is nested deeper than " + ParquetSchema.MAX_DEPTH
          + " levels");
    }
    Repetition repetition = field.isNullable() ? Repetition.OPTIONAL : Repetition.REQUIRED;
    Integer fieldId = fieldId(field.getMetadata());
    ArrowType type = field.getType();
    String extension = field.getMetadata().get(PrimitiveTypeMapper.EXTENSION_NAME);
    if (type instanceof ArrowType.ExtensionType ext) {
      extension = ext.extensionName();
      type = ext.storageType();
    }
    if (UUID_EXTENSION.equals(extension) && type instanceof ArrowType.FixedSizeBinary f && f.getByteWidth() == 16) {
      return leaf(name, repetition, PhysicalType.FIXED_LEN_BYTE_ARRAY, 16, LogicalType.UUID, fieldId);
    }
    if (JSON_EXTENSION.equals(extension)
        && (type instanceof ArrowType.Utf8 || type instanceof ArrowType.LargeUtf8
        || type instanceof ArrowType.Utf8View)) {
      return leaf(name, repetition, PhysicalType.BYTE_ARRAY, null, LogicalType.JSON, fieldId);
    }
    // a dictionary field in message form carries its value type: Parquet dictionaries are encodings
    return switch (type.getTypeID()) {
      case Null -> {
        if (!field.isNullable()) {
          throw new IllegalArgumentException("field " + path + " has the Null type but is not nullable");
        }
        yield leaf(name, repetition, PhysicalType.INT32, null, LogicalType.UNKNOWN, fieldId);
      }
      case Bool -> leaf(name, repetition, PhysicalType.BOOLEAN, null, null, fieldId);
      case Int -> integer(name, repetition, (ArrowType.Int) type, fieldId);
      case FloatingPoint -> switch (((ArrowType.FloatingPoint) type).getPrecision()) {
        case HALF -> leaf(name, repetition, PhysicalType.FIXED_LEN_BYTE_ARRAY, 2, LogicalType.FLOAT16, fieldId);
        case SINGLE -> leaf(name, repetition, PhysicalType.FLOAT, null, null, fieldId);
        case DOUBLE -> leaf(name, repetition, PhysicalType.DOUBLE, null, null, fieldId);
      };
      case Utf8, LargeUtf8, Utf8View -> leaf(name, repetition, PhysicalType.BYTE_ARRAY, null, LogicalType.STRING,
          fieldId);
      case Binary, LargeBinary, BinaryView -> leaf(name, repetition, PhysicalType.BYTE_ARRAY, null, null, fieldId);
      case FixedSizeBinary -> leaf(name, repetition, PhysicalType.FIXED_LEN_BYTE_ARRAY,
          ((ArrowType.FixedSizeBinary) type).getByteWidth(), null, fieldId);
      case Decimal -> decimal(name, repetition, (ArrowType.Decimal) type, fieldId, path);
      case Date -> leaf(name, repetition, PhysicalType.INT32, null, LogicalType.DATE, fieldId);
      case Time -> time(name, repetition, (ArrowType.Time) type, fieldId);
      case Timestamp -> timestamp(name, repetition, (ArrowType.Timestamp) type, fieldId, path);
      // restored from the stored Arrow schema on reading
      case Duration -> leaf(name, repetition, PhysicalType.INT64, null, null, fieldId);
      case Struct -> struct(name, repetition, field, fieldId, path, depth);
      case List, LargeList, FixedSizeList, ListView, LargeListView -> list(name, repetition, field, fieldId, path,
          depth);
      case Map -> map(name, repetition, field, fieldId, path, depth);
      default -> throw new UnsupportedFeatureException("Arrow type " + type.getTypeID(),
          "field " + path + " has Arrow type " + type + ", which cannot be written to Parquet");
    };
  }

  private static PrimitiveNode leaf(String name, Repetition repetition, PhysicalType type, Integer length,
      LogicalType logical, Integer fieldId) {
    PrimitiveNode node = PrimitiveNode.of(name, repetition, type).withFieldId(fieldId);
    if (length != null) {
      node = node.withTypeLength(length);
    }
    return logical == null ? node : node.withLogicalType(logical);
  }

  private SchemaNode integer(String name, Repetition repetition, ArrowType.Int type, Integer fieldId) {
    int bits = type.getBitWidth();
    boolean signed = type.getIsSigned();
    if (bits == 64) {
      return leaf(name, repetition, PhysicalType.INT64, null, signed ? null : new LogicalType.IntType(64, false),
          fieldId);
    }
    if (bits == 32 && signed) {
      return leaf(name, repetition, PhysicalType.INT32, null, null, fieldId);
    }
    if (bits == 32 && options.version() == ParquetVersion.V1_0) {
      // format 1.0 readers know no unsigned 32-bit annotation: widen
      return leaf(name, repetition, PhysicalType.INT64, null, null, fieldId);
    }
    return leaf(name, repetition, PhysicalType.INT32, null, new LogicalType.IntType(bits, signed), fieldId);
  }

  private SchemaNode decimal(String name, Repetition repetition, ArrowType.Decimal type, Integer fieldId,
      String path) {
    if (type.getBitWidth() != 128 && type.getBitWidth() != 256) {
      // arrow-vector 19 has no vectors for them and cannot read them back from an IPC schema
      throw new UnsupportedFeatureException("Arrow type Decimal" + type.getBitWidth(),
          "field " + path + " has Arrow type " + type + "; only 128- and 256-bit decimals are supported");
    }
    int precision = type.getPrecision();
    LogicalType logical = new LogicalType.DecimalType(type.getScale(), precision);
    if (options.decimalEncoding() == ArrowWriteOptions.DecimalEncoding.INTEGER_WHEN_POSSIBLE && precision <= 18) {
      return leaf(name, repetition, precision <= 9 ? PhysicalType.INT32 : PhysicalType.INT64, null, logical,
          fieldId);
    }
    return leaf(name, repetition, PhysicalType.FIXED_LEN_BYTE_ARRAY, decimalBytes(precision), logical, fieldId);
  }

  /** The fewest bytes whose two's complement range holds every number of {@code precision} digits. */
  static int decimalBytes(int precision) {
    int bytes = 1;
    while (PrimitiveTypeMapper.maxDecimalDigits(bytes) < precision) {
      bytes++;
    }
    return bytes;
  }

  private static SchemaNode time(String name, Repetition repetition, ArrowType.Time type, Integer fieldId) {
    // Arrow times have no zone; Arrow C++ marks them UTC-adjusted
    return switch (type.getUnit()) {
      case SECOND, MILLISECOND -> leaf(name, repetition, PhysicalType.INT32, null,
          new LogicalType.TimeType(true, org.parquetarrow.format.TimeUnit.MILLIS), fieldId);
      case MICROSECOND -> leaf(name, repetition, PhysicalType.INT64, null,
          new LogicalType.TimeType(true, org.parquetarrow.format.TimeUnit.MICROS), fieldId);
      case NANOSECOND -> leaf(name, repetition, PhysicalType.INT64, null,
          new LogicalType.TimeType(true, org.parquetarrow.format.TimeUnit.NANOS), fieldId);
    };
  }

  private SchemaNode timestamp(String name, Repetition repetition, ArrowType.Timestamp type, Integer fieldId,
      String path) {
    if (options.timestampEncoding() == ArrowWriteOptions.TimestampEncoding.INT96) {
      return leaf(name, repetition, PhysicalType.INT96, null, null, fieldId);
    }
    boolean oldFormat = options.version() != ParquetVersion.V2_6;
    TimeUnit unit = type.getUnit();
    TimeUnit coerce = options.coerceTimestamps();
    if (coerce != null) {
      if (coerce == TimeUnit.SECOND || (oldFormat && coerce == TimeUnit.NANOSECOND)) {
        throw new UnsupportedFeatureException("timestamp unit " + coerce,
            "cannot coerce timestamps to " + coerce + " in format " + options.version() + " [field " + path + "]");
      }
      unit = coerce;
    } else if (unit == TimeUnit.SECOND) {
      unit = TimeUnit.MILLISECOND;
    } else if (unit == TimeUnit.NANOSECOND && oldFormat) {
      unit = TimeUnit.MICROSECOND;
    }
    boolean utc = type.getTimezone() != null && !type.getTimezone().isEmpty();
    org.parquetarrow.format.TimeUnit parquetUnit = switch (unit) {
      case MILLISECOND -> org.parquetarrow.format.TimeUnit.MILLIS;
      case MICROSECOND -> org.parquetarrow.format.TimeUnit.MICROS;
      default -> org.parquetarrow.format.TimeUnit.NANOS;
    };
    return leaf(name, repetition, PhysicalType.INT64, null, new LogicalType.TimestampType(utc, parquetUnit),
        fieldId);
  }

  private SchemaNode struct(String name, Repetition repetition, Field field, Integer fieldId, String path,
      int depth) {
    if (field.getChildren().isEmpty()) {
      throw new UnsupportedFeatureException("Arrow struct without fields",
          "field " + path + " is a struct without fields, which Parquet cannot store (add a field)");
    }
    List<SchemaNode> children = new ArrayList<>(field.getChildren().size());
    for (Field c : field.getChildren()) {
      children.add(node(c.getName(), c, path + "." + c.getName(), depth + 1));
    }
    return new GroupNode(name, repetition, null, null, fieldId, null, children);
  }

  private SchemaNode list(String name, Repetition repetition, Field field, Integer fieldId, String path,
      int depth) {
    if (field.getChildren().size() != 1) {
      throw new IllegalArgumentException("list field " + path + " must have one child, has "
          + field.getChildren().size());
    }
    Field value = field.getChildren().get(0);
    String elementName = options.listElementNaming() == ArrowWriteOptions.ListElementNaming.COMPLIANT
        ? "element" : value.getName();
    SchemaNode element = node(elementName, value, path + "." + value.getName(), depth + 2);
    GroupNode repeated = GroupNode.of("list", Repetition.REPEATED, element);
    return GroupNode.of(name, repetition, repeated).withLogicalType(LogicalType.LIST).withFieldId(fieldId);
  }

  private SchemaNode map(String name, Repetition repetition, Field field, Integer fieldId, String path,
      int depth) {
    if (field.getChildren().size() != 1 || field.getChildren().get(0).getChildren().size() != 2) {
      throw new IllegalArgumentException("map field " + path + " must have one entries struct of key and value");
    }
    Field entries = field.getChildren().get(0);
    Field key = entries.getChildren().get(0);
    Field value = entries.getChildren().get(1);
    SchemaNode keyNode = node("key", key, path + "." + key.getName(), depth + 2);
    // the format requires keys; Arrow map keys are never null anyway
    keyNode = required(keyNode);
    SchemaNode valueNode = node("value", value, path + "." + value.getName(), depth + 2);
    GroupNode keyValue = GroupNode.of("key_value", Repetition.REPEATED, keyNode, valueNode);
    return GroupNode.of(name, repetition, keyValue).withLogicalType(LogicalType.MAP).withFieldId(fieldId);
  }

  private static SchemaNode required(SchemaNode node) {
    if (node.repetition() == Repetition.REQUIRED) {
      return node;
    }
    if (node instanceof PrimitiveNode p) {
      return new PrimitiveNode(p.name(), Repetition.REQUIRED, p.physicalType(), p.typeLength(), p.logicalType(),
          p.convertedType(), p.scale(), p.precision(), p.fieldId(), p.vectorLength());
    }
    GroupNode g = (GroupNode) node;
    return new GroupNode(g.name(), Repetition.REQUIRED, g.logicalType(), g.convertedType(), g.fieldId(),
        g.vectorLength(), g.children());
  }

  /** The Parquet field id in Arrow field metadata; absent, malformed and negative ids are none. */
  static Integer fieldId(Map<String, String> metadata) {
    String value = metadata.get(FieldMappingBuilder.FIELD_ID_KEY);
    if (value == null) {
      return null;
    }
    try {
      int id = Integer.parseInt(value.trim());
      return id < 0 ? null : id;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
