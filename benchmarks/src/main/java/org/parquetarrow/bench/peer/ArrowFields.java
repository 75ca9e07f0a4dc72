package org.parquetarrow.bench.peer;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The Arrow field Arrow C++ gives each Parquet column of the benchmark files (no ARROW:schema in
 * them, so the Parquet types decide), so both peers fill the same kind of vectors. Covers the
 * types the benchmark data sets use; anything else is refused rather than guessed.
 */
final class ArrowFields {
  private ArrowFields() {}

  static Field of(Type type) {
    boolean nullable = !type.isRepetition(Type.Repetition.REQUIRED);
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    if (type.isPrimitive()) {
      return new Field(type.getName(), new FieldType(nullable, primitive(type.asPrimitiveType()), null), null);
    }
    GroupType group = type.asGroupType();
    if (logical instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      Type element = group.getType(0).asGroupType().getType(0);
      return new Field(type.getName(), new FieldType(nullable, ArrowType.List.INSTANCE, null), List.of(of(element)));
    }
    if (logical instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation) {
      GroupType entries = group.getType(0).asGroupType();
      Field entry = new Field(entries.getName(), FieldType.notNullable(ArrowType.Struct.INSTANCE),
          List.of(of(entries.getType(0)), of(entries.getType(1))));
      return new Field(type.getName(), new FieldType(nullable, new ArrowType.Map(false), null), List.of(entry));
    }
    if (logical != null) {
      throw new IllegalArgumentException("no Arrow mapping for group " + type);
    }
    List<Field> children = new ArrayList<>();
    for (Type child : group.getFields()) {
      children.add(of(child));
    }
    return new Field(type.getName(), new FieldType(nullable, ArrowType.Struct.INSTANCE, null), children);
  }

  private static ArrowType primitive(PrimitiveType type) {
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    switch (type.getPrimitiveTypeName()) {
      case BOOLEAN:
        return ArrowType.Bool.INSTANCE;
      case INT32:
        if (logical == null) {
          return new ArrowType.Int(32, true);
        }
        if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
          return new ArrowType.Date(DateUnit.DAY);
        }
        break;
      case INT64:
        if (logical == null) {
          return new ArrowType.Int(64, true);
        }
        if (logical instanceof TimestampLogicalTypeAnnotation ts
            && ts.getUnit() == LogicalTypeAnnotation.TimeUnit.MICROS) {
          return new ArrowType.Timestamp(TimeUnit.MICROSECOND, ts.isAdjustedToUTC() ? "UTC" : null);
        }
        if (logical instanceof DecimalLogicalTypeAnnotation d) {
          return new ArrowType.Decimal(d.getPrecision(), d.getScale(), 128);
        }
        break;
      case FLOAT:
        return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case DOUBLE:
        return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case BINARY:
        if (logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation) {
          return ArrowType.Utf8.INSTANCE;
        }
        return ArrowType.Binary.INSTANCE;
      default:
        break;
    }
    throw new IllegalArgumentException("no Arrow mapping for " + type);
  }
}
