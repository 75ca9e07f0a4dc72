package org.parquetarrow.spark;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.schema.FieldMapping;
import org.parquetarrow.schema.SchemaMapping;

/**
 * Arrow types as Spark SQL types, as Spark's own Parquet reader types the same Parquet columns:
 * unsigned integers widen to the next signed type (uint64 to {@code decimal(20,0)}), float16 to
 * float, timestamps with a zone (and INT96 ones, which Spark writes as instants) to {@code
 * TimestampType}, those without to {@code TimestampNTZType}, large, view and fixed-size forms to
 * their plain ones. Types Spark has no counterpart for raise {@link UnmappableTypeException}.
 *
 * <pre>{@code
 * StructType t = SparkTypes.toSpark(dataset.schema(), SparkTypes.int96Paths(dataset.files().get(0).mapping()));
 * }</pre>
 */
public final class SparkTypes {
  private SparkTypes() {}

  /** The Spark schema of an Arrow schema; {@code int96Paths} are dotted paths of INT96 leaves. */
  public static StructType toSpark(Schema schema, Set<String> int96Paths) {
    List<StructField> fields = new ArrayList<>();
    for (Field f : schema.getFields()) {
      fields.add(field(f, f.getName(), int96Paths));
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  /** The Spark type of one Arrow field found at dotted path {@code path}. */
  public static DataType toSpark(Field field, String path, Set<String> int96Paths) {
    ArrowType t = field.getType();
    return switch (t.getTypeID()) {
      case Null -> DataTypes.NullType;
      case Bool -> DataTypes.BooleanType;
      case Int -> {
        DecimalType unscaled = unscaledDecimal(field, path);
        yield unscaled != null ? unscaled : integer((ArrowType.Int) t);
      }
      case FloatingPoint -> ((ArrowType.FloatingPoint) t).getPrecision() == FloatingPointPrecision.DOUBLE
          ? DataTypes.DoubleType : DataTypes.FloatType;
      case Decimal -> decimal((ArrowType.Decimal) t, path);
      case Utf8, LargeUtf8, Utf8View -> DataTypes.StringType;
      case Binary, LargeBinary, BinaryView, FixedSizeBinary -> DataTypes.BinaryType;
      case Date -> DataTypes.DateType;
      case Timestamp -> ((ArrowType.Timestamp) t).getTimezone() != null || int96Paths.contains(path)
          ? DataTypes.TimestampType : DataTypes.TimestampNTZType;
      case Struct -> {
        List<StructField> children = new ArrayList<>();
        for (Field c : field.getChildren()) {
          children.add(field(c, path + "." + c.getName(), int96Paths));
        }
        yield new StructType(children.toArray(new StructField[0]));
      }
      case List, LargeList, ListView, LargeListView, FixedSizeList -> {
        Field element = field.getChildren().get(0);
        yield new ArrayType(toSpark(element, path + "." + element.getName(), int96Paths), element.isNullable());
      }
      case Map -> {
        Field entries = field.getChildren().get(0);
        Field key = entries.getChildren().get(0);
        Field value = entries.getChildren().get(1);
        String base = path + "." + entries.getName() + ".";
        yield new MapType(toSpark(key, base + key.getName(), int96Paths),
            toSpark(value, base + value.getName(), int96Paths), value.isNullable());
      }
      default -> throw new UnmappableTypeException(path, t.toString(), "Spark SQL has no such type");
    };
  }

  private static StructField field(Field f, String path, Set<String> int96Paths) {
    return new StructField(f.getName(), toSpark(f, path, int96Paths), f.isNullable(), Metadata.empty());
  }

  private static DataType integer(ArrowType.Int t) {
    if (t.getIsSigned()) {
      return switch (t.getBitWidth()) {
        case 8 -> DataTypes.ByteType;
        case 16 -> DataTypes.ShortType;
        case 32 -> DataTypes.IntegerType;
        default -> DataTypes.LongType;
      };
    }
    return switch (t.getBitWidth()) {
      case 8 -> DataTypes.ShortType;
      case 16 -> DataTypes.IntegerType;
      case 32 -> DataTypes.LongType;
      default -> DataTypes.createDecimalType(20, 0);
    };
  }

  /**
   * The decimal type of a signed integer field holding unscaled decimal values (its field metadata
   * under {@link ArrowReadOptions#DECIMAL_PRECISION_KEY} and {@link ArrowReadOptions#DECIMAL_SCALE_KEY},
   * see {@link ArrowReadOptions.IntDecimalPolicy#UNSCALED}), or {@code null} for a plain integer.
   *
   * @throws UnmappableTypeException when the metadata is no decimal that the integer's width holds
   */
  static DecimalType unscaledDecimal(Field field, String path) {
    String precision = field.getMetadata().get(ArrowReadOptions.DECIMAL_PRECISION_KEY);
    if (precision == null || !(field.getType() instanceof ArrowType.Int i) || !i.getIsSigned()) {
      return null;
    }
    String scale = field.getMetadata().get(ArrowReadOptions.DECIMAL_SCALE_KEY);
    int maxDigits = i.getBitWidth() == 32 ? 9 : i.getBitWidth() == 64 ? 18 : 0;
    try {
      int p = Integer.parseInt(precision);
      int s = scale == null ? 0 : Integer.parseInt(scale);
      if (p >= 1 && p <= maxDigits && s >= 0 && s <= p) {
        return DataTypes.createDecimalType(p, s);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UnmappableTypeException(path, field.getType().toString(), "its decimal metadata (precision " + precision
        + ", scale " + scale + ") is no decimal of at most " + maxDigits + " digits");
  }

  private static DataType decimal(ArrowType.Decimal t, String path) {
    if (t.getPrecision() > DecimalType.MAX_PRECISION()) {
      throw new UnmappableTypeException(path, t.toString(),
          "Spark decimals hold at most " + DecimalType.MAX_PRECISION() + " digits");
    }
    return DataTypes.createDecimalType(t.getPrecision(), t.getScale());
  }

  /**
   * Dotted Arrow paths of the INT96 columns of a file: Spark writes its {@code TimestampType} as
   * INT96 by default, and reads those back as instants although Parquet marks no zone on them.
   */
  public static Set<String> int96Paths(SchemaMapping mapping) {
    Set<String> out = new HashSet<>();
    for (FieldMapping f : mapping.fields()) {
      collectInt96(f, f.name(), out);
    }
    return out;
  }

  private static void collectInt96(FieldMapping f, String path, Set<String> out) {
    if (f.isLeaf()) {
      if (f.column() != null && f.column().physicalType() == PhysicalType.INT96) {
        out.add(path);
      }
      return;
    }
    for (FieldMapping c : f.children()) {
      collectInt96(c, path + "." + c.name(), out);
    }
  }
}
