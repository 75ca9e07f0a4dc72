package org.parquetarrow.schema;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.SchemaElement;

/** Terse hand-made {@link SchemaElement}s for tests, written as the footer would hold them. */
final class El {
  private El() {}

  static SchemaElement root(String name, int children) {
    return new SchemaElement(null, null, null, name, children, null, null, null, null, null, null);
  }

  static SchemaElement group(String name, Repetition rep, int children) {
    return new SchemaElement(null, null, rep, name, children, null, null, null, null, null, null);
  }

  static SchemaElement group(String name, Repetition rep, int children, ConvertedType ct) {
    return new SchemaElement(null, null, rep, name, children, ct, null, null, null, null, null);
  }

  static SchemaElement group(String name, Repetition rep, int children, LogicalType lt) {
    return new SchemaElement(null, null, rep, name, children, LogicalTypes.toConvertedType(lt), null, null, null, lt,
        null);
  }

  static SchemaElement leaf(String name, Repetition rep, PhysicalType type) {
    return new SchemaElement(type, null, rep, name, null, null, null, null, null, null, null);
  }

  static SchemaElement flba(String name, Repetition rep, int length) {
    return new SchemaElement(PhysicalType.FIXED_LEN_BYTE_ARRAY, length, rep, name, null, null, null, null, null, null,
        null);
  }

  static SchemaElement leaf(String name, Repetition rep, PhysicalType type, ConvertedType ct) {
    return new SchemaElement(type, null, rep, name, null, ct, null, null, null, null, null);
  }

  /** A leaf with only a logical type (no legacy converted type), as some writers produce. */
  static SchemaElement leaf(String name, Repetition rep, PhysicalType type, LogicalType lt) {
    return new SchemaElement(type, null, rep, name, null, null, null, null, null, lt, null);
  }

  static SchemaElement withLength(SchemaElement e, Integer length) {
    return new SchemaElement(e.type(), length, e.repetitionType(), e.name(), e.numChildren(), e.convertedType(),
        e.scale(), e.precision(), e.fieldId(), e.logicalType(), e.vectorLength());
  }

  static SchemaElement withDecimal(SchemaElement e, Integer scale, Integer precision) {
    return new SchemaElement(e.type(), e.typeLength(), e.repetitionType(), e.name(), e.numChildren(),
        e.convertedType(), scale, precision, e.fieldId(), e.logicalType(), e.vectorLength());
  }

  static SchemaElement withFieldId(SchemaElement e, Integer id) {
    return new SchemaElement(e.type(), e.typeLength(), e.repetitionType(), e.name(), e.numChildren(),
        e.convertedType(), e.scale(), e.precision(), id, e.logicalType(), e.vectorLength());
  }

  static SchemaElement withVector(SchemaElement e, Integer vectorLength) {
    return new SchemaElement(e.type(), e.typeLength(), e.repetitionType(), e.name(), e.numChildren(),
        e.convertedType(), e.scale(), e.precision(), e.fieldId(), e.logicalType(), vectorLength);
  }

  static List<SchemaElement> list(SchemaElement... elements) {
    return new ArrayList<>(Arrays.asList(elements));
  }

  static ParquetSchema schema(SchemaElement... elements) {
    return ParquetSchema.fromElements(list(elements));
  }
}
