package org.parquetarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.parquetarrow.format.Repetition.OPTIONAL;
import static org.parquetarrow.format.Repetition.REPEATED;
import static org.parquetarrow.format.Repetition.REQUIRED;
import static org.parquetarrow.schema.El.group;
import static org.parquetarrow.schema.El.leaf;
import static org.parquetarrow.schema.El.root;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.KeyValue;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.SchemaElement;

/**
 * The stored {@code ARROW:schema} restores what Parquet cannot say, where it is compatible with the
 * Parquet schema (Arrow C++'s {@code ApplyOriginalMetadata}); cases checked against goldens where
 * the corpus has them.
 */
class StoredSchemaTest {

  private static SchemaMapping read(Schema stored, SchemaElement... elements) {
    return read(List.of(new KeyValue("ARROW:schema", ArrowSchemaCodec.encode(stored))), elements);
  }

  private static SchemaMapping read(List<KeyValue> kv, SchemaElement... elements) {
    return ArrowSchemaConverter.toArrow(El.schema(elements), kv, ArrowReadOptions.defaults());
  }

  private static Schema schema(Field... fields) {
    return new Schema(Arrays.asList(fields));
  }

  private static Field f(String name, ArrowType type) {
    return new Field(name, FieldType.nullable(type), null);
  }

  private static Field f(String name, ArrowType type, Field... children) {
    return new Field(name, FieldType.nullable(type), Arrays.asList(children));
  }

  private static ArrowType only(SchemaMapping m) {
    return m.arrowSchema().getFields().get(0).getType();
  }

  private static final SchemaElement[] UTF8 = {root("m", 1), leaf("s", OPTIONAL, PhysicalType.BYTE_ARRAY, LogicalType.STRING)};
  private static final SchemaElement[] BINARY = {root("m", 1), leaf("s", OPTIONAL, PhysicalType.BYTE_ARRAY)};

  @Test
  void dictionaryOfStringsAsInTheArrow17100Golden() {
    SchemaMapping m = read(List.of(new KeyValue("ARROW:schema", ArrowSchemaCodecTest.ARROW_17100)),
        root("schema", 4),
        leaf("col1", OPTIONAL, PhysicalType.INT32, new LogicalType.IntType(8, true)),
        leaf("col2", OPTIONAL, PhysicalType.BYTE_ARRAY, LogicalType.STRING),
        leaf("col3", OPTIONAL, PhysicalType.DOUBLE),
        leaf("col4", OPTIONAL, PhysicalType.BYTE_ARRAY, LogicalType.STRING));
    Field col4 = m.arrowSchema().getFields().get(3);
    assertEquals(new DictionaryEncoding(0, false, new ArrowType.Int(32, true)), col4.getDictionary());
    assertEquals(ArrowType.Utf8.INSTANCE, col4.getType());
    assertEquals(ArrowType.Utf8.INSTANCE, m.fields().get(3).storageType());
    assertEquals(Map.of(), m.arrowSchema().getCustomMetadata(), "the golden has no schema metadata");
  }

  @Test
  void dictionariesOfOtherTypesAreNotRestoredAsInArrowCpp() {
    Field dict = new Field("n", new FieldType(true, new ArrowType.Int(32, true),
        new DictionaryEncoding(3, false, new ArrowType.Int(8, true))), null);
    SchemaMapping m = read(schema(dict), root("m", 1), leaf("n", OPTIONAL, PhysicalType.INT32));
    assertNull(m.arrowSchema().getFields().get(0).getDictionary());
  }

  @Test
  void largeAndViewStringsAndBinaries() {
    assertEquals(ArrowType.LargeUtf8.INSTANCE, only(read(schema(f("s", ArrowType.LargeUtf8.INSTANCE)), UTF8)));
    assertEquals(ArrowType.Utf8View.INSTANCE, only(read(schema(f("s", ArrowType.Utf8View.INSTANCE)), UTF8)));
    assertEquals(ArrowType.LargeBinary.INSTANCE, only(read(schema(f("s", ArrowType.LargeBinary.INSTANCE)), BINARY)));
    assertEquals(ArrowType.BinaryView.INSTANCE, only(read(schema(f("s", ArrowType.BinaryView.INSTANCE)), BINARY)));
    SchemaMapping large = read(schema(f("s", ArrowType.LargeUtf8.INSTANCE)), UTF8);
    assertEquals(ArrowType.Utf8.INSTANCE, large.fields().get(0).storageType(), "the reader widens offsets");
    // incompatible: a stored large_binary does not turn a utf8 column into binary
    assertEquals(ArrowType.Utf8.INSTANCE, only(read(schema(f("s", ArrowType.LargeBinary.INSTANCE)), UTF8)));
  }

  @Test
  void timeZonesReplaceUtcOnly() {
    SchemaElement[] utc = {root("m", 1), leaf("t", OPTIONAL, PhysicalType.INT64,
        new LogicalType.TimestampType(true, org.parquetarrow.format.TimeUnit.MICROS))};
    SchemaElement[] local = {root("m", 1), leaf("t", OPTIONAL, PhysicalType.INT64,
        new LogicalType.TimestampType(false, org.parquetarrow.format.TimeUnit.MICROS))};
    Schema paris = schema(f("t", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Paris")));
    assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Paris"), only(read(paris, utc)));
    assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), only(read(paris, local)),
        "a local Parquet timestamp stays local");
    // the zone applies with the Parquet unit when units differ (Arrow C++)
    Schema nanos = schema(f("t", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "+07:00")));
    assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+07:00"), only(read(nanos, utc)));
  }

  @Test
  void secondsDatesAndTimesComeBack() {
    SchemaElement[] millisTs = {root("m", 1), leaf("t", OPTIONAL, PhysicalType.INT64,
        new LogicalType.TimestampType(true, org.parquetarrow.format.TimeUnit.MILLIS))};
    assertEquals(new ArrowType.Timestamp(TimeUnit.SECOND, "UTC"),
        only(read(schema(f("t", new ArrowType.Timestamp(TimeUnit.SECOND, "UTC"))), millisTs)));
    SchemaElement[] date = {root("m", 1), leaf("d", OPTIONAL, PhysicalType.INT32, LogicalType.DATE)};
    assertEquals(new ArrowType.Date(DateUnit.MILLISECOND),
        only(read(schema(f("d", new ArrowType.Date(DateUnit.MILLISECOND))), date)));
    SchemaElement[] time = {root("m", 1), leaf("t", OPTIONAL, PhysicalType.INT32,
        new LogicalType.TimeType(true, org.parquetarrow.format.TimeUnit.MILLIS))};
    assertEquals(new ArrowType.Time(TimeUnit.SECOND, 32),
        only(read(schema(f("t", new ArrowType.Time(TimeUnit.SECOND, 32))), time)));
  }

  @Test
  void durationsStoredAsInt64() {
    SchemaMapping m = read(schema(f("d", new ArrowType.Duration(TimeUnit.MILLISECOND))),
        root("m", 1), leaf("d", OPTIONAL, PhysicalType.INT64));
    assertEquals(new ArrowType.Duration(TimeUnit.MILLISECOND), only(m));
    assertEquals(new ArrowType.Int(64, true), m.fields().get(0).storageType());
    // but not over an annotated column
    assertEquals(new ArrowType.Int(64, false), only(read(schema(f("d", new ArrowType.Duration(TimeUnit.SECOND))),
        root("m", 1), leaf("d", OPTIONAL, PhysicalType.INT64, new LogicalType.IntType(64, false)))));
  }

  @Test
  void decimalWidths() {
    SchemaElement[] d = {root("m", 1),
        El.withLength(leaf("d", OPTIONAL, PhysicalType.FIXED_LEN_BYTE_ARRAY, new LogicalType.DecimalType(2, 10)), 5)};
    assertEquals(new ArrowType.Decimal(10, 2, 256), only(read(schema(f("d", new ArrowType.Decimal(10, 2, 256))), d)));
    // another precision is not the same decimal
    assertEquals(new ArrowType.Decimal(10, 2, 128), only(read(schema(f("d", new ArrowType.Decimal(12, 2, 256))), d)));
  }

  @Test
  void unsignedIntsWrittenAsInt64ByFormat1() {
    assertEquals(new ArrowType.Int(32, false), only(read(schema(f("u", new ArrowType.Int(32, false))),
        root("m", 1), leaf("u", OPTIONAL, PhysicalType.INT64))));
  }

  private static final SchemaElement[] INT_LIST = {root("m", 1),
      group("l", OPTIONAL, 1, LogicalType.LIST), group("list", REPEATED, 1),
      leaf("element", OPTIONAL, PhysicalType.INT32)};

  @Test
  void listFlavoursAndElementNames() {
    Field item = f("item", new ArrowType.Int(32, true));
    SchemaMapping large = read(schema(f("l", ArrowType.LargeList.INSTANCE, item)), INT_LIST);
    assertEquals("Schema<l: LargeList<item: Int(32, true)>>", large.arrowSchema().toString());
    assertEquals(FieldMapping.Kind.LARGE_LIST, large.fields().get(0).kind());
    SchemaMapping fixed = read(schema(f("l", new ArrowType.FixedSizeList(3), item)), INT_LIST);
    assertEquals("Schema<l: FixedSizeList(3)<item: Int(32, true)>>", fixed.arrowSchema().toString());
    assertEquals(FieldMapping.Kind.FIXED_SIZE_LIST, fixed.fields().get(0).kind());
    assertEquals(FieldMapping.Kind.LIST_VIEW,
        read(schema(f("l", ArrowType.ListView.INSTANCE, item)), INT_LIST).fields().get(0).kind());
    assertEquals(FieldMapping.Kind.LARGE_LIST_VIEW,
        read(schema(f("l", ArrowType.LargeListView.INSTANCE, item)), INT_LIST).fields().get(0).kind());
    // levels are the Parquet ones whatever the flavour
    assertEquals(2, large.fields().get(0).elementsDefinitionLevel());
  }

  @Test
  void nestedTypesAreRestoredInsideListsStructsAndMaps() {
    Field key = new Field("k", FieldType.notNullable(ArrowType.LargeUtf8.INSTANCE), null);
    Field value = f("v", new ArrowType.Duration(TimeUnit.NANOSECOND));
    Field entries = new Field("pairs", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(key, value));
    Field map = new Field("mp", FieldType.nullable(new ArrowType.Map(true)), List.of(entries));
    Field struct = f("s", ArrowType.Struct.INSTANCE, f("x", ArrowType.LargeBinary.INSTANCE));
    SchemaMapping m = read(schema(map, struct),
        root("m", 2),
        group("mp", OPTIONAL, 1, LogicalType.MAP), group("key_value", REPEATED, 2),
        leaf("key", REQUIRED, PhysicalType.BYTE_ARRAY, LogicalType.STRING),
        leaf("value", OPTIONAL, PhysicalType.INT64),
        group("s", OPTIONAL, 1),
        leaf("x", OPTIONAL, PhysicalType.BYTE_ARRAY));
    assertEquals("Schema<mp: Map(true)<pairs: Struct<k: LargeUtf8 not null, v: Duration(NANOSECOND)> not null>, "
        + "s: Struct<x: LargeBinary>>", m.arrowSchema().toString());
  }

  @Test
  void incompatibleNestingIsLeftAlone() {
    // stored struct over a Parquet list: the list stays, its element is not touched
    SchemaMapping m = read(schema(f("l", ArrowType.Struct.INSTANCE, f("element", ArrowType.LargeUtf8.INSTANCE))),
        INT_LIST);
    assertEquals("Schema<l: List<element: Int(32, true)>>", m.arrowSchema().toString());
  }

  @Test
  void uuidAndOtherExtensionTypes() {
    SchemaElement[] uuid = {root("m", 2),
        El.withLength(leaf("u", OPTIONAL, PhysicalType.FIXED_LEN_BYTE_ARRAY, LogicalType.UUID), 16),
        leaf("g", OPTIONAL, PhysicalType.BYTE_ARRAY)};
    Map<String, String> geo = new LinkedHashMap<>();
    geo.put("ARROW:extension:name", "geoarrow.wkb");
    geo.put("ARROW:extension:metadata", "{}");
    Schema stored = schema(f("u", UuidType.INSTANCE),
        new Field("g", new FieldType(true, ArrowType.Binary.INSTANCE, null, geo), null));
    SchemaMapping m = read(stored, uuid);
    assertSame(UuidType.INSTANCE, m.arrowSchema().getFields().get(0).getType());
    assertEquals(new ArrowType.FixedSizeBinary(16), m.fields().get(0).storageType());
    // golden unknown-logical-type: an unregistered extension comes back as its storage + metadata
    assertEquals(geo, m.arrowSchema().getFields().get(1).getMetadata());
    assertEquals(ArrowType.Binary.INSTANCE, m.arrowSchema().getFields().get(1).getType());
  }

  @Test
  void fieldMetadataIsRestoredButTheParquetFieldIdWins() {
    Field stored = new Field("a", new FieldType(true, new ArrowType.Int(32, true), null,
        Map.of("PARQUET:field_id", "99", "comment", "hello")), null);
    SchemaMapping m = read(schema(stored), root("m", 1),
        El.withFieldId(leaf("a", OPTIONAL, PhysicalType.INT32), 5));
    assertEquals(Map.of("PARQUET:field_id", "5", "comment", "hello"), m.arrowSchema().getFields().get(0).getMetadata());
    // restored even when the types are incompatible, as in Arrow C++
    Field other = new Field("a", new FieldType(true, ArrowType.Utf8.INSTANCE, null, Map.of("comment", "x")), null);
    SchemaMapping n = read(schema(other), root("m", 1), leaf("a", OPTIONAL, PhysicalType.INT32));
    assertEquals(new ArrowType.Int(32, true), only(n));
    assertEquals(Map.of("comment", "x"), n.arrowSchema().getFields().get(0).getMetadata());
  }

  @Test
  void theWritersExtensionTagReplacesOurs() {
    SchemaElement[] json = {root("m", 1), leaf("j", OPTIONAL, PhysicalType.BYTE_ARRAY, LogicalType.JSON)};
    Field tagged = new Field("j", new FieldType(true, ArrowType.Utf8.INSTANCE, null,
        Map.of("ARROW:extension:name", "arrow.json")), null);
    assertEquals(Map.of("ARROW:extension:name", "arrow.json"), read(schema(tagged), json).arrowSchema().getFields()
        .get(0).getMetadata());
    // a stored field without a tag keeps ours beside its own keys
    Field plain = new Field("j", new FieldType(true, ArrowType.Utf8.INSTANCE, null, Map.of("note", "n")), null);
    assertEquals(Map.of("ARROW:extension:name", "arrow.json", "ARROW:extension:metadata", "", "note", "n"),
        read(schema(plain), json).arrowSchema().getFields().get(0).getMetadata());
  }

  @Test
  void schemaMetadataIsTheStoredSchemasWhenApplied() {
    // golden crs-projjson: the file's other key ("projjson_epsg_5070") is not in the Arrow schema
    Schema stored = new Schema(List.of(f("s", ArrowType.Utf8.INSTANCE)), Map.of("origin", "arrow"));
    List<KeyValue> kv = List.of(new KeyValue("projjson_epsg_5070", "{...}"),
        new KeyValue("ARROW:schema", ArrowSchemaCodec.encode(stored)));
    assertEquals(Map.of("origin", "arrow"), read(kv, UTF8).arrowSchema().getCustomMetadata());
  }

  @Test
  void withoutStoredSchemaTheFileMetadataIsKept() {
    List<KeyValue> kv = new ArrayList<>();
    kv.add(new KeyValue("writer.model.name", "avro"));
    kv.add(new KeyValue("empty", null));
    assertEquals(Map.of("writer.model.name", "avro", "empty", ""), read(kv, UTF8).arrowSchema().getCustomMetadata());
  }

  @Test
  void aDamagedOrMismatchedStoredSchemaIsIgnored() {
    List<KeyValue> damaged = List.of(new KeyValue("a", "1"), new KeyValue("ARROW:schema", "garbage!"));
    SchemaMapping m = read(damaged, UTF8);
    assertEquals(ArrowType.Utf8.INSTANCE, only(m));
    assertEquals(Map.of("a", "1"), m.arrowSchema().getCustomMetadata());

    Schema twoFields = schema(f("s", ArrowType.LargeUtf8.INSTANCE), f("t", ArrowType.Utf8.INSTANCE));
    List<KeyValue> mismatched = List.of(new KeyValue("a", "1"),
        new KeyValue("ARROW:schema", ArrowSchemaCodec.encode(twoFields)));
    SchemaMapping n = read(mismatched, UTF8);
    assertEquals(ArrowType.Utf8.INSTANCE, only(n));
    assertEquals(Map.of("a", "1"), n.arrowSchema().getCustomMetadata());

    assertEquals(ArrowType.Utf8.INSTANCE, only(read(List.of(new KeyValue("ARROW:schema", null)), UTF8)));
  }

  @Test
  void theStoredSchemaCanBeIgnored() {
    ArrowReadOptions ignore = ArrowReadOptions.builder()
        .storedSchema(ArrowReadOptions.StoredSchemaPolicy.IGNORE).build();
    Schema stored = new Schema(List.of(f("s", ArrowType.LargeUtf8.INSTANCE)), Map.of("origin", "arrow"));
    List<KeyValue> kv = List.of(new KeyValue("x", "y"), new KeyValue("ARROW:schema", ArrowSchemaCodec.encode(stored)));
    SchemaMapping m = ArrowSchemaConverter.toArrow(El.schema(UTF8), kv, ignore);
    assertEquals(ArrowType.Utf8.INSTANCE, only(m));
    assertEquals(Map.of("x", "y"), m.arrowSchema().getCustomMetadata());
  }

  @Test
  void dictionaryIdsAreNumberedDepthFirst() {
    Field d1 = new Field("a", new FieldType(true, ArrowType.Utf8.INSTANCE,
        new DictionaryEncoding(40, false, new ArrowType.Int(32, true))), null);
    Field d2 = new Field("b", new FieldType(true, ArrowType.Binary.INSTANCE,
        new DictionaryEncoding(7, true, new ArrowType.Int(16, true))), null);
    SchemaMapping m = read(schema(d1, d2), root("m", 2),
        leaf("a", OPTIONAL, PhysicalType.BYTE_ARRAY, ConvertedType.UTF8),
        leaf("b", OPTIONAL, PhysicalType.BYTE_ARRAY));
    assertEquals(new DictionaryEncoding(0, false, new ArrowType.Int(32, true)),
        m.arrowSchema().getFields().get(0).getDictionary());
    assertEquals(new DictionaryEncoding(1, true, new ArrowType.Int(16, true)),
        m.arrowSchema().getFields().get(1).getDictionary());
  }
}
