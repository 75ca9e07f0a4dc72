package org.parquetarrow.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.parquetarrow.format.Repetition.OPTIONAL;
import static org.parquetarrow.format.Repetition.REPEATED;
import static org.parquetarrow.format.Repetition.REQUIRED;
import static org.parquetarrow.schema.El.group;
import static org.parquetarrow.schema.El.leaf;
import static org.parquetarrow.schema.El.root;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.SchemaElement;

/**
 * Structs, lists and maps. The Parquet schemas are those of corpus files (printed from their
 * footers) or of the examples in LogicalTypes.md; the expected Arrow schemas are Arrow C++'s
 * goldens ({@code arrow_schema} in {@code expected/*.json}) or, for the spec examples, the types the
 * spec text gives. Levels are worked out by hand from the counting rule.
 */
class NestedMappingTest {

  static SchemaMapping arrow(SchemaElement... elements) {
    return ArrowSchemaConverter.toArrow(El.schema(elements), null, ArrowReadOptions.defaults());
  }

  static String schema(SchemaElement... elements) {
    return arrow(elements).arrowSchema().toString();
  }

  static String corrupt(SchemaElement... elements) {
    return assertThrows(CorruptFileException.class, () -> arrow(elements)).getMessage();
  }

  private static final SchemaElement[] NESTED_LISTS = {
      root("spark_schema", 2),
      group("a", OPTIONAL, 1, ConvertedType.LIST),
      group("list", REPEATED, 1),
      group("element", OPTIONAL, 1, ConvertedType.LIST),
      group("list", REPEATED, 1),
      group("element", OPTIONAL, 1, ConvertedType.LIST),
      group("list", REPEATED, 1),
      leaf("element", OPTIONAL, PhysicalType.BYTE_ARRAY, ConvertedType.UTF8),
      leaf("b", REQUIRED, PhysicalType.INT32)};

  @Test
  void nestedListsFromSpark() {
    assertEquals("Schema<a: List<element: List<element: List<element: Utf8>>>, b: Int(32, true) not null>",
        schema(NESTED_LISTS));
  }

  @Test
  void levelsOfThreeNestedOptionalLists() {
    SchemaMapping m = arrow(NESTED_LISTS);
    FieldMapping a = m.fields().get(0);
    // a optional: 1; each list adds its repeated level (+1 def, +1 rep) and its optional element (+1 def)
    int[][] expected = {{1, 1, 2}, {3, 2, 4}, {5, 3, 6}};
    FieldMapping list = a;
    for (int[] e : expected) {
      assertEquals(FieldMapping.Kind.LIST, list.kind());
      assertEquals(e[0], list.definitionLevel());
      assertEquals(e[1], list.repetitionLevel());
      assertEquals(e[2], list.elementsDefinitionLevel());
      list = list.children().get(0);
    }
    assertEquals(FieldMapping.Kind.PRIMITIVE, list.kind());
    assertEquals(7, list.definitionLevel());
    assertEquals(3, list.repetitionLevel());
    assertEquals(-1, list.elementsDefinitionLevel());
    assertEquals(7, list.column().maxDefinitionLevel(), "the leaf's level is the column's max level");
    assertEquals(3, list.column().maxRepetitionLevel());
    assertSame(m.parquetSchema().column(0).node(), list.parquetNode());
    assertSame(m.parquetSchema().root().children().get(0), a.parquetNode());
    assertArrayEquals(new int[] {0}, a.leafColumns());
    FieldMapping b = m.fields().get(1);
    assertEquals(0, b.definitionLevel());
    assertEquals(0, b.repetitionLevel());
    assertArrayEquals(new int[] {1}, b.leafColumns());
    assertArrayEquals(new int[] {0, 1}, m.leafColumns());
  }

  @Test
  void impalaComplexTypesAllRequired() {
    String expected = "Schema<ID: Int(64, true) not null, Int_Array: List<element: Int(32, true) not null> not null, "
        + "int_array_array: List<element: List<element: Int(32, true) not null> not null> not null, "
        + "Int_Map: Map(false)<entries: Struct<key: Utf8 not null, value: Int(32, true) not null> not null> not null, "
        + "int_map_array: List<element: Map(false)<entries: Struct<key: Utf8 not null, value: Int(32, true) not null> "
        + "not null> not null> not null, nested_Struct: Struct<a: Int(32, true) not null, B: List<element: "
        + "Int(32, true) not null> not null, c: Struct<D: List<element: List<element: Struct<e: Int(32, true) not null, "
        + "f: Utf8 not null> not null> not null> not null> not null, G: Map(false)<entries: Struct<key: Utf8 not null, "
        + "value: Struct<h: Struct<i: List<element: FloatingPoint(DOUBLE) not null> not null> not null> not null> "
        + "not null> not null> not null>";
    assertEquals(expected, schema(
        root("org.apache.impala.ComplexTypesTbl", 6),
        leaf("ID", REQUIRED, PhysicalType.INT64),
        group("Int_Array", REQUIRED, 1, ConvertedType.LIST),
        group("list", REPEATED, 1),
        leaf("element", REQUIRED, PhysicalType.INT32),
        group("int_array_array", REQUIRED, 1, ConvertedType.LIST),
        group("list", REPEATED, 1),
        group("element", REQUIRED, 1, ConvertedType.LIST),
        group("list", REPEATED, 1),
        leaf("element", REQUIRED, PhysicalType.INT32),
        group("Int_Map", REQUIRED, 1, ConvertedType.MAP),
        group("map", REPEATED, 2, ConvertedType.MAP_KEY_VALUE),
        leaf("key", REQUIRED, PhysicalType.BYTE_ARRAY, ConvertedType.UTF8),
        leaf("value", REQUIRED, PhysicalType.INT32),
        group("int_map_array", REQUIRED, 1, ConvertedType.LIST),
        group("list", REPEATED, 1),
        group("element", REQUIRED, 1, ConvertedType.MAP),
        group("map", REPEATED, 2, ConvertedType.MAP_KEY_VALUE),
        leaf("key", REQUIRED, PhysicalType.BYTE_ARRAY, ConvertedType.UTF8),
        leaf("value", REQUIRED, PhysicalType.INT32),
        group("nested_Struct", REQUIRED, 4),
        leaf("a", REQUIRED, PhysicalType.INT32),
        group("B", REQUIRED, 1, ConvertedType.LIST),
        group("list", REPEATED, 1),
        leaf("element", REQUIRED, PhysicalType.INT32),
        group("c", REQUIRED, 1),
        group("D", REQUIRED, 1, ConvertedType.LIST),
        group("list", REPEATED, 1),
        group("element", REQUIRED, 1, ConvertedType.LIST),
        group("list", REPEATED, 1),
        group("element", REQUIRED, 2),
        leaf("e", REQUIRED, PhysicalType.INT32),
        leaf("f", REQUIRED, PhysicalType.BYTE_ARRAY, ConvertedType.UTF8),
        group("G", REQUIRED, 1, ConvertedType.MAP),
        group("map", REPEATED, 2, ConvertedType.MAP_KEY_VALUE),
        leaf("key", REQUIRED, PhysicalType.BYTE_ARRAY, ConvertedType.UTF8),
        group("value", REQUIRED, 1),
        group("h", REQUIRED, 1),
        group("i", REQUIRED, 1, ConvertedType.LIST),
        group("list", REPEATED, 1),
        leaf("element", REQUIRED, PhysicalType.DOUBLE)));
  }

  @Test
  void impalaMapsAllOptional() {
    SchemaMapping m = arrow(
        root("org.apache.impala.ComplexTypesTbl", 1),
        group("int_map", OPTIONAL, 1, ConvertedType.MAP),
        group("map", REPEATED, 2, ConvertedType.MAP_KEY_VALUE),
        leaf("key", REQUIRED, PhysicalType.BYTE_ARRAY, ConvertedType.UTF8),
        leaf("value", OPTIONAL, PhysicalType.INT32));
    // golden nullable.impala
    assertEquals("Schema<int_map: Map(false)<entries: Struct<key: Utf8 not null, value: Int(32, true)> not null>>",
        m.arrowSchema().toString());
    FieldMapping map = m.fields().get(0);
    assertEquals(FieldMapping.Kind.MAP, map.kind());
    assertEquals(1, map.definitionLevel());
    assertEquals(2, map.elementsDefinitionLevel());
    assertEquals(1, map.repetitionLevel());
    FieldMapping entries = map.children().get(0);
    assertEquals(FieldMapping.Kind.STRUCT, entries.kind());
    assertEquals(2, entries.definitionLevel());
    assertEquals(1, entries.repetitionLevel());
    assertEquals("map", entries.parquetNode().name());
    assertEquals(2, entries.children().get(0).definitionLevel(), "the required key is there with its entry");
    assertEquals(3, entries.children().get(1).definitionLevel());
    assertArrayEquals(new int[] {0, 1}, map.leafColumns());
  }

  @Test
  void sparkNestedMaps() {
    // golden nested_maps.snappy
    assertEquals("Schema<a: Map(false)<entries: Struct<key: Utf8 not null, value: Map(false)<entries: Struct<key: "
        + "Int(32, true) not null, value: Bool not null> not null>> not null>, b: Int(32, true) not null, "
        + "c: FloatingPoint(DOUBLE) not null>", schema(
        root("spark_schema", 3),
        group("a", OPTIONAL, 1, ConvertedType.MAP),
        group("key_value", REPEATED, 2),
        leaf("key", REQUIRED, PhysicalType.BYTE_ARRAY, ConvertedType.UTF8),
        group("value", OPTIONAL, 1, ConvertedType.MAP),
        group("key_value", REPEATED, 2),
        leaf("key", REQUIRED, PhysicalType.INT32),
        leaf("value", REQUIRED, PhysicalType.BOOLEAN),
        leaf("b", REQUIRED, PhysicalType.INT32),
        leaf("c", REQUIRED, PhysicalType.DOUBLE)));
  }

  @Test
  void mapWithoutValuesIsAListOfKeys() {
    // golden map_no_value (parquet-rs): the key-only map reads as a list, as in Arrow C++
    assertEquals("Schema<my_map: Map(false)<entries: Struct<key: Int(32, true) not null, value: Int(32, true)> "
        + "not null> not null, my_map_no_v: List<key: Int(32, true) not null> not null, "
        + "my_list: List<element: Int(32, true) not null> not null>", schema(
        root("schema", 3),
        group("my_map", REQUIRED, 1, LogicalType.MAP),
        group("key_value", REPEATED, 2),
        leaf("key", REQUIRED, PhysicalType.INT32),
        leaf("value", OPTIONAL, PhysicalType.INT32),
        group("my_map_no_v", REQUIRED, 1, LogicalType.MAP),
        group("key_value", REPEATED, 1),
        leaf("key", REQUIRED, PhysicalType.INT32),
        group("my_list", REQUIRED, 1, LogicalType.LIST),
        group("list", REPEATED, 1),
        leaf("element", REQUIRED, PhysicalType.INT32)));
  }

  @Test
  void oldTwoLevelListOfLists() {
    // golden old_list_structure (parquet-avro): rule 3, a two-level list inside a two-level list
    SchemaMapping m = arrow(
        root("my_record", 1),
        group("a", REQUIRED, 1, LogicalType.LIST),
        group("array", REPEATED, 1, LogicalType.LIST),
        leaf("array", REPEATED, PhysicalType.INT32));
    assertEquals("Schema<a: List<array: List<array: Int(32, true) not null> not null> not null>",
        m.arrowSchema().toString());
    FieldMapping outer = m.fields().get(0);
    FieldMapping inner = outer.children().get(0);
    FieldMapping leaf = inner.children().get(0);
    assertEquals(0, outer.definitionLevel());
    assertEquals(1, outer.elementsDefinitionLevel());
    assertEquals(1, outer.repetitionLevel());
    assertEquals(1, inner.definitionLevel());
    assertEquals(2, inner.elementsDefinitionLevel());
    assertEquals(2, inner.repetitionLevel());
    assertEquals(2, leaf.definitionLevel());
    assertEquals(2, leaf.repetitionLevel());
  }

  @Test
  void repeatedGroupWithoutAnnotation() {
    // golden repeated_no_annotation
    SchemaMapping m = arrow(
        root("user", 2),
        leaf("id", REQUIRED, PhysicalType.INT32),
        group("phoneNumbers", OPTIONAL, 1),
        group("phone", REPEATED, 2),
        leaf("number", REQUIRED, PhysicalType.INT64),
        leaf("kind", OPTIONAL, PhysicalType.BYTE_ARRAY, ConvertedType.UTF8));
    assertEquals("Schema<id: Int(32, true) not null, phoneNumbers: Struct<phone: List<phone: Struct<number: "
        + "Int(64, true) not null, kind: Utf8> not null> not null>>", m.arrowSchema().toString());
    FieldMapping phone = m.fields().get(1).children().get(0);
    assertEquals(FieldMapping.Kind.LIST, phone.kind());
    assertEquals(1, phone.definitionLevel(), "the list is there whenever phoneNumbers is");
    assertEquals(2, phone.elementsDefinitionLevel());
    assertEquals(1, phone.repetitionLevel());
    assertSame(phone.parquetNode(), phone.children().get(0).parquetNode(), "both come from the repeated group");
    assertEquals(3, phone.children().get(0).children().get(1).definitionLevel());
  }

  @Test
  void repeatedPrimitivesWithoutAnnotation() {
    // golden repeated_primitive_no_list
    SchemaMapping m = arrow(
        root("schema", 3),
        leaf("Int32_list", REPEATED, PhysicalType.INT32),
        leaf("String_list", REPEATED, PhysicalType.BYTE_ARRAY, ConvertedType.UTF8),
        group("group_of_lists", REQUIRED, 2),
        leaf("Int32_list_in_group", REPEATED, PhysicalType.INT32),
        leaf("String_list_in_group", REPEATED, PhysicalType.BYTE_ARRAY, ConvertedType.UTF8));
    assertEquals("Schema<Int32_list: List<Int32_list: Int(32, true) not null> not null, String_list: "
        + "List<String_list: Utf8 not null> not null, group_of_lists: Struct<Int32_list_in_group: "
        + "List<Int32_list_in_group: Int(32, true) not null> not null, String_list_in_group: "
        + "List<String_list_in_group: Utf8 not null> not null> not null>", m.arrowSchema().toString());
    FieldMapping list = m.fields().get(0);
    assertEquals(0, list.definitionLevel());
    assertEquals(1, list.elementsDefinitionLevel());
    assertEquals(1, list.repetitionLevel());
    assertEquals(1, list.children().get(0).definitionLevel());
  }

  @Test
  void threeLevelListsKeepTheWritersElementName() {
    // golden list_columns (parquet-cpp 1.5 wrote "item")
    assertEquals("Schema<int64_list: List<item: Int(64, true)>, utf8_list: List<item: Utf8>>", schema(
        root("schema", 2),
        group("int64_list", OPTIONAL, 1, LogicalType.LIST),
        group("list", REPEATED, 1),
        leaf("item", OPTIONAL, PhysicalType.INT64),
        group("utf8_list", OPTIONAL, 1, LogicalType.LIST),
        group("list", REPEATED, 1),
        leaf("item", OPTIONAL, PhysicalType.BYTE_ARRAY, LogicalType.STRING)));
  }

  @Test
  void structsWithFieldIds() {
    // golden blogs.parquet (protobuf): field ids on the struct and its children
    SchemaMapping m = arrow(
        root("org.apache.arrow.rust.example.Blog", 2),
        El.withFieldId(group("reply", OPTIONAL, 2), 1),
        El.withFieldId(leaf("reply_id", REQUIRED, PhysicalType.INT32), 1),
        El.withFieldId(leaf("next_id", OPTIONAL, PhysicalType.INT32), 2),
        El.withFieldId(leaf("blog_id", OPTIONAL, PhysicalType.INT64), 2));
    assertEquals("Schema<reply: Struct<reply_id: Int(32, true) not null, next_id: Int(32, true)>, "
        + "blog_id: Int(64, true)>", m.arrowSchema().toString());
    var reply = m.arrowSchema().getFields().get(0);
    assertEquals(Map.of("PARQUET:field_id", "1"), reply.getMetadata());
    assertEquals(Map.of("PARQUET:field_id", "2"), reply.getChildren().get(1).getMetadata());
    FieldMapping replyMapping = m.fields().get(0);
    assertEquals(1, replyMapping.definitionLevel());
    assertEquals(1, replyMapping.children().get(0).definitionLevel());
    assertEquals(2, replyMapping.children().get(1).definitionLevel());
  }

  // LogicalTypes.md, backward-compatibility rules for LIST, in the spec's own examples

  @Test
  void listRule1RepeatedPrimitive() {
    assertEquals("Schema<my_list: List<element: Int(32, true) not null>>", schema(
        root("m", 1),
        group("my_list", OPTIONAL, 1, LogicalType.LIST),
        leaf("element", REPEATED, PhysicalType.INT32)));
  }

  @Test
  void listRule2RepeatedGroupOfSeveralFields() {
    assertEquals("Schema<my_list: List<element: Struct<str: Utf8 not null, num: Int(32, true) not null> not null>>",
        schema(
            root("m", 1),
            group("my_list", OPTIONAL, 1, LogicalType.LIST),
            group("element", REPEATED, 2),
            leaf("str", REQUIRED, PhysicalType.BYTE_ARRAY, LogicalType.STRING),
            leaf("num", REQUIRED, PhysicalType.INT32)));
  }

  @Test
  void listRule3RepeatedGroupWithARepeatedField() {
    assertEquals("Schema<my_list: List<array: List<array: Int(32, true) not null> not null>>", schema(
        root("m", 1),
        group("my_list", OPTIONAL, 1, LogicalType.LIST),
        group("array", REPEATED, 1, LogicalType.LIST),
        leaf("array", REPEATED, PhysicalType.INT32)));
    // without the LIST annotation the repeated group is a struct whose field is a one-level list
    // (the spec's rule; Arrow C++ refuses this shape)
    assertEquals("Schema<my_list: List<foo: Struct<bar: List<bar: Int(32, true) not null> not null> not null>>",
        schema(
            root("m", 1),
            group("my_list", OPTIONAL, 1, LogicalType.LIST),
            group("foo", REPEATED, 1),
            leaf("bar", REPEATED, PhysicalType.INT32)));
  }

  @Test
  void listRule4ArrayAndTupleNames() {
    assertEquals("Schema<my_list: List<array: Struct<str: Utf8 not null> not null>>", schema(
        root("m", 1),
        group("my_list", OPTIONAL, 1, LogicalType.LIST),
        group("array", REPEATED, 1),
        leaf("str", REQUIRED, PhysicalType.BYTE_ARRAY, LogicalType.STRING)));
    assertEquals("Schema<my_list: List<my_list_tuple: Struct<str: Utf8 not null> not null>>", schema(
        root("m", 1),
        group("my_list", OPTIONAL, 1, LogicalType.LIST),
        group("my_list_tuple", REPEATED, 1),
        leaf("str", REQUIRED, PhysicalType.BYTE_ARRAY, LogicalType.STRING)));
  }

  @Test
  void listRule5ThreeLevels() {
    assertEquals("Schema<my_list: List<str: Utf8>>", schema(
        root("m", 1),
        group("my_list", OPTIONAL, 1, LogicalType.LIST),
        group("element", REPEATED, 1),
        leaf("str", OPTIONAL, PhysicalType.BYTE_ARRAY, LogicalType.STRING)));
    // the spec's misnamed example: still a nullable list of non-null strings
    assertEquals("Schema<my_list: List<str: Utf8 not null>>", schema(
        root("m", 1),
        group("my_list", OPTIONAL, 1, LogicalType.LIST),
        group("element", REPEATED, 1),
        leaf("str", REQUIRED, PhysicalType.BYTE_ARRAY, LogicalType.STRING)));
  }

  @Test
  void listElementsCanBeMapsAndStructs() {
    assertEquals("Schema<l: List<element: Struct<x: Int(32, true)>>>", schema(
        root("m", 1),
        group("l", OPTIONAL, 1, LogicalType.LIST),
        group("list", REPEATED, 1),
        group("element", OPTIONAL, 1),
        leaf("x", OPTIONAL, PhysicalType.INT32)));
  }

  // LogicalTypes.md, backward-compatibility rules for MAP

  @Test
  void mapFieldsAreFoundByPosition() {
    assertEquals("Schema<my_map: Map(false)<entries: Struct<str: Utf8 not null, num: Int(32, true) not null> "
        + "not null>>", schema(
        root("m", 1),
        group("my_map", OPTIONAL, 1, LogicalType.MAP),
        group("map", REPEATED, 2),
        leaf("str", REQUIRED, PhysicalType.BYTE_ARRAY, LogicalType.STRING),
        leaf("num", REQUIRED, PhysicalType.INT32)));
  }

  @Test
  void mapKeyValueOutsideAMapIsAMap() {
    assertEquals("Schema<my_map: Map(false)<entries: Struct<key: Utf8 not null, value: Int(32, true)> not null>>",
        schema(
            root("m", 1),
            group("my_map", OPTIONAL, 1, ConvertedType.MAP_KEY_VALUE),
            group("map", REPEATED, 2),
            leaf("key", REQUIRED, PhysicalType.BYTE_ARRAY, LogicalType.STRING),
            leaf("value", OPTIONAL, PhysicalType.INT32)));
  }

  @Test
  void optionalMapKeysAreAcceptedAsNonNullArrowKeys() {
    // incorrect_map_schema.parquet (Presto/Hive): Arrow C++ refuses it, arrow-rs reads it
    SchemaMapping m = arrow(
        root("hive_schema", 1),
        group("my_map", OPTIONAL, 1, LogicalType.MAP),
        group("key_value", REPEATED, 2, ConvertedType.MAP_KEY_VALUE),
        leaf("key", OPTIONAL, PhysicalType.BYTE_ARRAY, LogicalType.STRING),
        leaf("value", OPTIONAL, PhysicalType.BYTE_ARRAY, LogicalType.STRING));
    assertEquals("Schema<my_map: Map(false)<entries: Struct<key: Utf8 not null, value: Utf8> not null>>",
        m.arrowSchema().toString());
    FieldMapping key = m.fields().get(0).children().get(0).children().get(0);
    assertFalse(key.nullable());
    assertEquals(3, key.definitionLevel(), "below 3 the Parquet key is null: bad data for Arrow");
    assertEquals(2, m.fields().get(0).elementsDefinitionLevel());
  }

  @Test
  void variantGroupsAreStructsOfTheirFields() {
    assertEquals("Schema<v: Struct<metadata: Binary not null, value: Binary>>", schema(
        root("m", 1),
        group("v", OPTIONAL, 2, new LogicalType.VariantType(1)),
        leaf("metadata", REQUIRED, PhysicalType.BYTE_ARRAY),
        leaf("value", OPTIONAL, PhysicalType.BYTE_ARRAY)));
  }

  @Test
  void unrecognisedGroupAnnotationsAreIgnored() {
    assertEquals("Schema<g: Struct<x: Int(32, true)>>", schema(
        root("m", 1),
        group("g", OPTIONAL, 1, new LogicalType.Unrecognized(42)),
        leaf("x", OPTIONAL, PhysicalType.INT32)));
  }

  @Test
  void malformedListsAndMaps() {
    assertEquals("a LIST-annotated group must have exactly one child, has 2 [column l]", corrupt(
        root("m", 1),
        group("l", OPTIONAL, 2, LogicalType.LIST),
        leaf("a", REPEATED, PhysicalType.INT32),
        leaf("b", REPEATED, PhysicalType.INT32)));
    assertEquals("the child 'a' of a LIST-annotated group must be repeated, is OPTIONAL [column l]", corrupt(
        root("m", 1),
        group("l", OPTIONAL, 1, LogicalType.LIST),
        leaf("a", OPTIONAL, PhysicalType.INT32)));
    assertEquals("a LIST-annotated group must not be repeated (outside another two-level list) [column l]",
        corrupt(
            root("m", 1),
            group("l", REPEATED, 1, LogicalType.LIST),
            leaf("a", REPEATED, PhysicalType.INT32)));
    assertEquals("a MAP-annotated group must not be repeated [column mp]", corrupt(
        root("m", 1),
        group("mp", REPEATED, 1, LogicalType.MAP),
        group("kv", REPEATED, 2),
        leaf("k", REQUIRED, PhysicalType.INT32),
        leaf("v", REQUIRED, PhysicalType.INT32)));
    assertEquals("the key-value child 'kv' of a MAP-annotated group must be a group [column mp]", corrupt(
        root("m", 1),
        group("mp", OPTIONAL, 1, LogicalType.MAP),
        leaf("kv", REPEATED, PhysicalType.INT32)));
    assertEquals("the key-value child 'kv' of a MAP-annotated group must be repeated, is REQUIRED [column mp]",
        corrupt(
            root("m", 1),
            group("mp", OPTIONAL, 1, LogicalType.MAP),
            group("kv", REQUIRED, 2),
            leaf("k", REQUIRED, PhysicalType.INT32),
            leaf("v", REQUIRED, PhysicalType.INT32)));
    assertEquals("the key-value group 'kv' of a map must have a key and at most a value, has 3 fields [column mp]",
        corrupt(
            root("m", 1),
            group("mp", OPTIONAL, 1, LogicalType.MAP),
            group("kv", REPEATED, 3),
            leaf("k", REQUIRED, PhysicalType.INT32),
            leaf("v", REQUIRED, PhysicalType.INT32),
            leaf("w", REQUIRED, PhysicalType.INT32)));
    assertEquals("the map key 'k' must not be repeated [column mp.kv]", corrupt(
        root("m", 1),
        group("mp", OPTIONAL, 1, LogicalType.MAP),
        group("kv", REPEATED, 2),
        leaf("k", REPEATED, PhysicalType.INT32),
        leaf("v", REQUIRED, PhysicalType.INT32)));
    assertEquals("a MAP-annotated group must have exactly one child, has 2 [column mp]", corrupt(
        root("m", 1),
        group("mp", OPTIONAL, 2, LogicalType.MAP),
        leaf("k", REPEATED, PhysicalType.INT32),
        leaf("v", REPEATED, PhysicalType.INT32)));
  }

  @Test
  void scalarAnnotationsCannotAnnotateGroups() {
    assertEquals("logical type STRING cannot annotate a group [column g]", corrupt(
        root("m", 1),
        group("g", OPTIONAL, 1, LogicalType.STRING),
        leaf("x", OPTIONAL, PhysicalType.INT32)));
    assertEquals("converted type DATE cannot annotate a group [column g]", corrupt(
        root("m", 1),
        group("g", OPTIONAL, 1, ConvertedType.DATE),
        leaf("x", OPTIONAL, PhysicalType.INT32)));
  }

  @Test
  void errorsInNestedLeavesNameTheFullPath() {
    assertEquals("logical type STRING cannot annotate INT64 [column s.l.list.element]", corrupt(
        root("m", 1),
        group("s", OPTIONAL, 1),
        group("l", OPTIONAL, 1, LogicalType.LIST),
        group("list", REPEATED, 1),
        leaf("element", OPTIONAL, PhysicalType.INT64, LogicalType.STRING)));
  }

  @Test
  void vectorIsNotSupportedYet() {
    UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class, () -> arrow(
        root("m", 1),
        El.withVector(leaf("emb", Repetition.VECTOR, PhysicalType.FLOAT), 3)));
    assertEquals("VECTOR repetition", e.feature());
    assertEquals("'emb' uses VECTOR repetition (a draft of the format), which is not supported yet [column emb]",
        e.getMessage());
    UnsupportedFeatureException annotated = assertThrows(UnsupportedFeatureException.class, () -> arrow(
        root("m", 1),
        group("emb", REQUIRED, 1, LogicalType.VECTOR),
        El.withVector(group("list", Repetition.VECTOR, 1), 3),
        leaf("element", REQUIRED, PhysicalType.FLOAT)));
    assertEquals("VECTOR logical type", annotated.feature());
  }
}
