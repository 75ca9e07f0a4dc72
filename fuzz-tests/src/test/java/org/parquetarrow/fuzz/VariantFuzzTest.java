package org.parquetarrow.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.parquetarrow.ParquetException;
import org.parquetarrow.variant.Variant;
import org.parquetarrow.variant.VariantKind;

/**
 * Target (e): Variant decoding. The input is metadata directly followed by a value (the layout of
 * parquet-testing's {@code variant/*.bin} files, and the seeds); a value that {@link Variant#of}
 * accepts must then answer every accessor its kind allows, render as JSON, and equal itself.
 */
class VariantFuzzTest {
  @FuzzTest
  void variant(byte[] input) {
    Variant v;
    try {
      v = Variant.ofConcatenated(input);
    } catch (ParquetException expected) {
      return;
    }
    walk(v);
    v.toJson();
    if (!v.equals(v) || v.hashCode() != v.hashCode()) {
      throw new AssertionError("a variant does not equal itself: " + v.toJson());
    }
  }

  /** Every accessor the kind allows, down through objects and arrays. */
  private static void walk(Variant v) {
    VariantKind k = v.kind();
    switch (k) {
      case NULL -> v.isNull();
      case BOOLEAN -> v.getBoolean();
      case INT8, INT16, INT32, INT64, DATE, TIMESTAMP_TZ_MICROS, TIMESTAMP_NTZ_MICROS, TIME_NTZ_MICROS,
          TIMESTAMP_TZ_NANOS, TIMESTAMP_NTZ_NANOS -> v.getLong();
      case DECIMAL4, DECIMAL8, DECIMAL16 -> v.getDecimal();
      case FLOAT -> v.getFloat();
      case DOUBLE -> v.getDouble();
      case STRING -> v.getString();
      case BINARY -> v.getBinary();
      case UUID -> v.getUuid();
      case OBJECT -> {
        for (int i = 0; i < v.size(); i++) {
          String name = v.fieldName(i);
          walk(v.fieldValue(i));
          if (v.field(name) == null) {
            throw new AssertionError("field " + name + " listed but not found by name");
          }
        }
      }
      case ARRAY -> {
        for (int i = 0; i < v.size(); i++) {
          walk(v.element(i));
        }
      }
    }
    if (k.isExactNumeric()) {
      v.getDecimal();
    }
  }
}
