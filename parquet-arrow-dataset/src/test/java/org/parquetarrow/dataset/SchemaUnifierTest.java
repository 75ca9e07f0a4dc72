package org.parquetarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/** Unification rules, expected values from pyarrow's documented promote_options semantics. */
class SchemaUnifierTest {
  private static Field f(String name, ArrowType t, Field... children) {
    return new Field(name, FieldType.nullable(t), List.of(children));
  }

  private static Field req(String name, ArrowType t) {
    return new Field(name, FieldType.notNullable(t), null);
  }

  private static ArrowType widen(ArrowType a, ArrowType b) {
    return new SchemaUnifier(TypePromotion.PERMISSIVE)
        .add("a", new Schema(List.of(f("c", a)))).add("b", new Schema(List.of(f("c", b))))
        .result().getFields().get(0).getType();
  }

  private static final ArrowType I8 = new ArrowType.Int(8, true);
  private static final ArrowType U8 = new ArrowType.Int(8, false);
  private static final ArrowType I32 = new ArrowType.Int(32, true);
  private static final ArrowType I64 = new ArrowType.Int(64, true);
  private static final ArrowType U64 = new ArrowType.Int(64, false);
  private static final ArrowType F32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
  private static final ArrowType F64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);

  @Test
  void permissiveWidening() {
    assertEquals(I64, widen(I32, I64));
    assertEquals(new ArrowType.Int(16, true), widen(I8, U8));
    assertEquals(F64, widen(I32, F32));
    assertEquals(F32, widen(I8, F32));
    assertEquals(F64, widen(F32, F64));
    // decimal(5,2) has 3 integer digits, decimal(7,4) 3: max 3 + max scale 4.
    assertEquals(new ArrowType.Decimal(7, 4, 128), widen(new ArrowType.Decimal(5, 2, 128), new ArrowType.Decimal(7, 4, 128)));
    // int32 needs 10 integer digits.
    assertEquals(new ArrowType.Decimal(12, 2, 128), widen(new ArrowType.Decimal(5, 2, 128), I32));
    assertEquals(ArrowType.LargeUtf8.INSTANCE, widen(ArrowType.Utf8.INSTANCE, ArrowType.LargeUtf8.INSTANCE));
    assertEquals(ArrowType.Binary.INSTANCE, widen(ArrowType.Utf8.INSTANCE, ArrowType.Binary.INSTANCE));
    assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"),
        widen(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")));
    assertEquals(I32, widen(ArrowType.Null.INSTANCE, I32));
  }

  @Test
  void incompatibleTypesNameBothSources() {
    for (ArrowType[] pair : new ArrowType[][] {
        {I64, U64},
        {I32, ArrowType.Utf8.INSTANCE},
        {new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)}}) {
      DatasetException e = assertThrows(DatasetException.class, () -> widen(pair[0], pair[1]));
      assertTrue(e.getMessage().contains("column c") && e.getMessage().contains(" in a ") && e.getMessage().contains(" in b"), e.getMessage());
    }
    assertThrows(DatasetException.class, () -> new SchemaUnifier(TypePromotion.EXACT)
        .add("a", new Schema(List.of(f("c", I32)))).add("b", new Schema(List.of(f("c", I64)))));
  }

  @Test
  void missingFieldsBecomeNullableAndStructsMergeByName() {
    Schema a = new Schema(List.of(req("id", I64), f("st", ArrowType.Struct.INSTANCE, req("x", I32))));
    Schema b = new Schema(List.of(f("st", ArrowType.Struct.INSTANCE, req("x", I64), req("y", F64)), req("z", I32)));
    Schema u = new SchemaUnifier(TypePromotion.PERMISSIVE).add("a", a).add("b", b).result();
    Schema expected = new Schema(List.of(
        f("id", I64),
        f("st", ArrowType.Struct.INSTANCE, req("x", I64), f("y", F64)),
        f("z", I32)));
    assertEquals(expected, u);
    Schema lists = new SchemaUnifier(TypePromotion.PERMISSIVE)
        .add("a", new Schema(List.of(f("l", ArrowType.List.INSTANCE, f("element", I32)))))
        .add("b", new Schema(List.of(f("l", ArrowType.List.INSTANCE, f("element", I64)))))
        .result();
    assertEquals(new Schema(List.of(f("l", ArrowType.List.INSTANCE, f("element", I64)))), lists);
  }
}
