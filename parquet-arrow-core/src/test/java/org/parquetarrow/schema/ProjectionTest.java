package org.parquetarrow.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.parquetarrow.format.Repetition.OPTIONAL;
import static org.parquetarrow.format.Repetition.REPEATED;
import static org.parquetarrow.format.Repetition.REQUIRED;
import static org.parquetarrow.schema.El.group;
import static org.parquetarrow.schema.El.leaf;
import static org.parquetarrow.schema.El.root;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.parquetarrow.format.KeyValue;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;

class ProjectionTest {

  /** Columns: 0 id, 1 s.a, 2 s.b.c, 3 s.d, 4 tags.list.element, 5 mp.key_value.key, 6 ...value.x, 7 ...value.y */
  private static SchemaMapping mapping() {
    return ArrowSchemaConverter.toArrow(El.schema(
        root("m", 4),
        leaf("id", REQUIRED, PhysicalType.INT64),
        group("s", OPTIONAL, 3),
        leaf("a", OPTIONAL, PhysicalType.INT32),
        group("b", OPTIONAL, 1),
        leaf("c", OPTIONAL, PhysicalType.BYTE_ARRAY),
        leaf("d", REQUIRED, PhysicalType.DOUBLE),
        group("tags", OPTIONAL, 1, LogicalType.LIST),
        group("list", REPEATED, 1),
        leaf("element", OPTIONAL, PhysicalType.BYTE_ARRAY, LogicalType.STRING),
        group("mp", OPTIONAL, 1, LogicalType.MAP),
        group("key_value", REPEATED, 2),
        leaf("key", REQUIRED, PhysicalType.BYTE_ARRAY, LogicalType.STRING),
        group("value", OPTIONAL, 2),
        leaf("x", OPTIONAL, PhysicalType.INT32),
        leaf("y", OPTIONAL, PhysicalType.INT32)), List.of(new KeyValue("k", "v")), ArrowReadOptions.defaults());
  }

  @Test
  void oneTopLevelLeaf() {
    SchemaMapping p = mapping().project(0);
    assertEquals("Schema<id: Int(64, true) not null>(metadata: {k=v})", p.arrowSchema().toString());
    assertArrayEquals(new int[] {0}, p.leafColumns());
  }

  @Test
  void oneLeafOfAStructKeepsTheStructWithThatChildAlone() {
    SchemaMapping full = mapping();
    SchemaMapping p = full.project(2);
    assertEquals("Schema<s: Struct<b: Struct<c: Binary>>>", p.arrowSchema().toString().replace("(metadata: {k=v})", ""));
    FieldMapping c = p.fields().get(0).children().get(0).children().get(0);
    assertEquals(3, c.definitionLevel(), "levels stay those of the file");
    assertSame(full.parquetSchema().column(2).node(), c.parquetNode());
    assertSame(full.parquetSchema(), p.parquetSchema());
    assertArrayEquals(new int[] {2}, p.leafColumns());
  }

  @Test
  void projectionByPathKeepsSchemaOrder() {
    SchemaMapping p = mapping().project(List.of(List.of("s", "d"), List.of("id")));
    assertEquals("Schema<id: Int(64, true) not null, s: Struct<d: FloatingPoint(DOUBLE) not null>>(metadata: {k=v})",
        p.arrowSchema().toString());
    assertArrayEquals(new int[] {0, 3}, p.leafColumns());
  }

  @Test
  void listsKeepTheirShape() {
    assertEquals("Schema<tags: List<element: Utf8>>(metadata: {k=v})", mapping().project(4).arrowSchema().toString());
  }

  @Test
  void mapsKeepTheirKeyAndTheSelectedValue() {
    SchemaMapping valueX = mapping().project(6);
    assertEquals("Schema<mp: Map(false)<entries: Struct<key: Utf8 not null, value: Struct<x: Int(32, true)>> "
        + "not null>>(metadata: {k=v})", valueX.arrowSchema().toString());
    assertArrayEquals(new int[] {5, 6}, valueX.leafColumns());
    SchemaMapping keyOnly = mapping().project(5);
    assertEquals("Schema<mp: Map(false)<entries: Struct<key: Utf8 not null, value: Struct<x: Int(32, true), "
        + "y: Int(32, true)>> not null>>(metadata: {k=v})", keyOnly.arrowSchema().toString());
    assertArrayEquals(new int[] {5, 6, 7}, keyOnly.leafColumns());
  }

  @Test
  void projectingEverythingOrNothing() {
    SchemaMapping all = mapping().project(0, 1, 2, 3, 4, 5, 6, 7);
    assertEquals(mapping().arrowSchema(), all.arrowSchema());
    SchemaMapping none = mapping().project();
    assertEquals(0, none.arrowSchema().getFields().size());
    assertEquals(Map.of("k", "v"), none.arrowSchema().getCustomMetadata());
  }

  @Test
  void unknownColumnsAreRefused() {
    assertEquals("no column 8 (the schema has 8)",
        assertThrows(IllegalArgumentException.class, () -> mapping().project(8)).getMessage());
    assertEquals("no leaf column at [s, b]",
        assertThrows(IllegalArgumentException.class, () -> mapping().project(List.of(List.of("s", "b")))).getMessage());
  }

  @Test
  void dictionaryIdsAreRenumberedAfterProjection() {
    ArrowReadOptions options = ArrowReadOptions.builder().dictionaryColumns(Set.of("a", "b")).build();
    SchemaMapping m = ArrowSchemaConverter.toArrow(El.schema(root("m", 2),
        leaf("a", OPTIONAL, PhysicalType.BYTE_ARRAY), leaf("b", OPTIONAL, PhysicalType.BYTE_ARRAY)), null, options);
    assertEquals(1, m.arrowSchema().getFields().get(1).getDictionary().getId());
    assertEquals(new DictionaryEncoding(0, false, new ArrowType.Int(32, true)),
        m.project(1).arrowSchema().getFields().get(0).getDictionary());
  }

  /** A struct-backed extension type, as a user might register. */
  static final class PointType extends ArrowType.ExtensionType {
    @Override
    public ArrowType storageType() {
      return ArrowType.Struct.INSTANCE;
    }

    @Override
    public String extensionName() {
      return "test.point";
    }

    @Override
    public boolean extensionEquals(ExtensionType other) {
      return other instanceof PointType;
    }

    @Override
    public String serialize() {
      return "";
    }

    @Override
    public ArrowType deserialize(ArrowType storageType, String serializedData) {
      return this;
    }

    @Override
    public FieldVector getNewVector(String name, FieldType fieldType, BufferAllocator allocator) {
      throw new UnsupportedOperationException("schema-only test type");
    }
  }

  @Test
  void anExtensionStructLosingChildrenFallsBackToItsStorage() {
    Field x = new Field("x", FieldType.notNullable(new ArrowType.Int(32, true)), null);
    Field y = new Field("y", FieldType.notNullable(new ArrowType.Int(32, true)), null);
    Schema origin = new Schema(List.of(new Field("p", FieldType.nullable(new PointType()), List.of(x, y))));
    ParquetSchema parquet = El.schema(root("m", 1), group("p", OPTIONAL, 2),
        leaf("x", REQUIRED, PhysicalType.INT32), leaf("y", REQUIRED, PhysicalType.INT32));
    SchemaMapping m = ArrowSchemaConverter.toArrow(parquet, origin, Map.of(), ArrowReadOptions.defaults());
    assertEquals(new PointType(), m.arrowSchema().getFields().get(0).getType());
    assertEquals(new PointType(), m.project(0, 1).arrowSchema().getFields().get(0).getType());
    assertEquals(ArrowType.Struct.INSTANCE, m.project(1).arrowSchema().getFields().get(0).getType());
  }
}
