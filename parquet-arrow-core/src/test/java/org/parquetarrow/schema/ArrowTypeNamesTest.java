package org.parquetarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/** The names are pyarrow's {@code str(type)}, as pyarrow 18 prints them (written down from its docs). */
class ArrowTypeNamesTest {
  private static Field f(String name, ArrowType type, Field... children) {
    return new Field(name, FieldType.nullable(type), List.of(children));
  }

  @Test
  void primitivesAsPyarrowPrintsThem() {
    assertEquals("int64", ArrowTypeNames.of(new ArrowType.Int(64, true)));
    assertEquals("uint8", ArrowTypeNames.of(new ArrowType.Int(8, false)));
    assertEquals("halffloat", ArrowTypeNames.of(new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)));
    assertEquals("float", ArrowTypeNames.of(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
    assertEquals("double", ArrowTypeNames.of(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
    assertEquals("decimal128(10, 2)", ArrowTypeNames.of(new ArrowType.Decimal(10, 2, 128)));
    assertEquals("decimal256(50, 0)", ArrowTypeNames.of(new ArrowType.Decimal(50, 0, 256)));
    assertEquals("date32[day]", ArrowTypeNames.of(new ArrowType.Date(DateUnit.DAY)));
    assertEquals("date64[ms]", ArrowTypeNames.of(new ArrowType.Date(DateUnit.MILLISECOND)));
    assertEquals("time32[s]", ArrowTypeNames.of(new ArrowType.Time(TimeUnit.SECOND, 32)));
    assertEquals("time64[ns]", ArrowTypeNames.of(new ArrowType.Time(TimeUnit.NANOSECOND, 64)));
    assertEquals("timestamp[us]", ArrowTypeNames.of(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)));
    assertEquals("timestamp[ms, tz=UTC]", ArrowTypeNames.of(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")));
    assertEquals("duration[ms]", ArrowTypeNames.of(new ArrowType.Duration(TimeUnit.MILLISECOND)));
    assertEquals("month_day_nano_interval", ArrowTypeNames.of(new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)));
    assertEquals("string", ArrowTypeNames.of(ArrowType.Utf8.INSTANCE));
    assertEquals("large_string", ArrowTypeNames.of(ArrowType.LargeUtf8.INSTANCE));
    assertEquals("binary", ArrowTypeNames.of(ArrowType.Binary.INSTANCE));
    assertEquals("fixed_size_binary[16]", ArrowTypeNames.of(new ArrowType.FixedSizeBinary(16)));
    assertEquals("bool", ArrowTypeNames.of(ArrowType.Bool.INSTANCE));
    assertEquals("null", ArrowTypeNames.of(ArrowType.Null.INSTANCE));
  }

  @Test
  void nestedFieldsWithTheirChildren() {
    assertEquals("list<item: string>", ArrowTypeNames.of(f("tags", ArrowType.List.INSTANCE, f("item", ArrowType.Utf8.INSTANCE))));
    assertEquals("large_list<item: int32>",
        ArrowTypeNames.of(f("l", ArrowType.LargeList.INSTANCE, f("item", new ArrowType.Int(32, true)))));
    assertEquals("fixed_size_list<item: int32>[3]",
        ArrowTypeNames.of(f("l", new ArrowType.FixedSizeList(3), f("item", new ArrowType.Int(32, true)))));
    Field notNull = new Field("b", FieldType.notNullable(new ArrowType.Int(32, true)), List.of());
    assertEquals("struct<a: string, b: int32 not null>",
        ArrowTypeNames.of(f("s", ArrowType.Struct.INSTANCE, f("a", ArrowType.Utf8.INSTANCE), notNull)));
    Field entries = new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE),
        List.of(new Field("key", FieldType.notNullable(ArrowType.Utf8.INSTANCE), List.of()),
            f("value", new ArrowType.Int(32, true))));
    assertEquals("map<string, int32>", ArrowTypeNames.of(f("m", new ArrowType.Map(false), entries)));
    Field dict = new Field("d", new FieldType(true, ArrowType.Utf8.INSTANCE,
        new DictionaryEncoding(0, false, new ArrowType.Int(32, true))), List.of());
    assertEquals("dictionary<values=string, indices=int32, ordered=0>", ArrowTypeNames.of(dict));
  }
}
