package org.parquetarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.KeyValue;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.MetadataWriter;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.SchemaElement;
import org.parquetarrow.testing.TestData;

class ArrowToParquetTest {

  static Field f(String name, ArrowType type, Field... children) {
    return new Field(name, FieldType.nullable(type), Arrays.asList(children));
  }

  static Field req(String name, ArrowType type, Field... children) {
    return new Field(name, FieldType.notNullable(type), Arrays.asList(children));
  }

  static Field withMetadata(Field f, Map<String, String> metadata) {
    return new Field(f.getName(), new FieldType(f.isNullable(), f.getType(), f.getDictionary(), metadata),
        f.getChildren());
  }

  /** The Parquet element a single Arrow field becomes. */
  static SchemaElement element(Field field, ArrowWriteOptions options) {
    return ArrowSchemaConverter.toParquet(new Schema(List.of(field)), options).parquetSchema().toElements().get(1);
  }

  static SchemaElement element(Field field) {
    return element(field, ArrowWriteOptions.defaults());
  }

  /**
   * alltypes-java.parquet was written by Arrow C++ from Arrow Java vectors; rebuilding that Arrow
   * schema and converting it must give the very elements of its footer.
   */
  @Test
  void writesWhatArrowCppWroteForAlltypesJava() throws Exception {
    Field child = f("$data$", new ArrowType.Int(32, true));
    Schema arrow = new Schema(List.of(
        f("null", ArrowType.Null.INSTANCE),
        f("bool", ArrowType.Bool.INSTANCE),
        f("int8", new ArrowType.Int(8, true)),
        f("int16", new ArrowType.Int(16, true)),
        f("int32", new ArrowType.Int(32, true)),
        f("int64", new ArrowType.Int(64, true)),
        f("uint8", new ArrowType.Int(8, false)),
        f("uint16", new ArrowType.Int(16, false)),
        f("uint32", new ArrowType.Int(32, false)),
        f("uint64", new ArrowType.Int(64, false)),
        f("float16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)),
        f("float32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
        f("float64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        f("utf8", ArrowType.Utf8.INSTANCE),
        f("binary", ArrowType.Binary.INSTANCE),
        f("largeutf8", ArrowType.LargeUtf8.INSTANCE),
        f("largebinary", ArrowType.LargeBinary.INSTANCE),
        f("fixed_size_binary", new ArrowType.FixedSizeBinary(1)),
        f("date_ms", new ArrowType.Date(DateUnit.MILLISECOND)),
        f("time_ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
        f("timestamp_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
        f("timestamptz_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
        f("time_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
        f("timestamp_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
        f("timestamptz_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC")),
        f("duration", new ArrowType.Duration(TimeUnit.MILLISECOND)),
        f("decimal128", new ArrowType.Decimal(10, 2, 128)),
        f("decimal256", new ArrowType.Decimal(10, 2, 256)),
        f("list", ArrowType.List.INSTANCE, child),
        f("largelist", ArrowType.LargeList.INSTANCE, child),
        f("fixedsizelist", new ArrowType.FixedSizeList(2), child),
        f("struct", ArrowType.Struct.INSTANCE, req("int-child", new ArrowType.Int(32, true)))));
    // Arrow C++ stores decimals as FIXED_LEN_BYTE_ARRAY unless store_decimal_as_integer is set
    ArrowWriteOptions likeArrowCpp = ArrowWriteOptions.builder()
        .decimalEncoding(ArrowWriteOptions.DecimalEncoding.FIXED_LEN_BYTE_ARRAY).build();
    List<SchemaElement> ours = ArrowSchemaConverter.toParquet(arrow, likeArrowCpp).parquetSchema().toElements();
    FileMetaData peer = CorpusSchemaTest.footer(
        TestData.arrowTesting().resolve("data/parquet/alltypes-java.parquet"));
    List<SchemaElement> theirs = peer.schema();
    assertEquals(theirs.size(), ours.size());
    assertEquals(theirs.get(0).name(), ours.get(0).name());
    assertEquals(theirs.get(0).numChildren(), ours.get(0).numChildren());
    // the root's repetition is the one difference: Arrow C++ writes REQUIRED, the format says none
    assertEquals(Repetition.REQUIRED, theirs.get(0).repetitionType());
    assertNull(ours.get(0).repetitionType());
    for (int i = 1; i < theirs.size(); i++) {
      assertEquals(theirs.get(i), ours.get(i), "element " + i);
    }
  }

  @Test
  void integersFollowArrowCpp() {
    assertEquals(El.leaf("c", Repetition.OPTIONAL, PhysicalType.INT32), element(f("c", new ArrowType.Int(32, true))));
    assertEquals(El.leaf("c", Repetition.OPTIONAL, PhysicalType.INT64), element(f("c", new ArrowType.Int(64, true))));
    SchemaElement u32 = element(f("c", new ArrowType.Int(32, false)));
    assertEquals(new LogicalType.IntType(32, false), u32.logicalType());
    assertEquals(ConvertedType.UINT_32, u32.convertedType());
    assertEquals(PhysicalType.INT32, u32.type());
    // format 1.0 has no unsigned 32-bit annotation: a plain INT64
    ArrowWriteOptions v1 = ArrowWriteOptions.builder().version(ParquetVersion.V1_0).build();
    assertEquals(El.leaf("c", Repetition.OPTIONAL, PhysicalType.INT64), element(f("c", new ArrowType.Int(32, false)), v1));
    SchemaElement i8 = element(req("c", new ArrowType.Int(8, true)));
    assertEquals(Repetition.REQUIRED, i8.repetitionType());
    assertEquals(ConvertedType.INT_8, i8.convertedType());
  }

  @Test
  void timestampsByVersionAndCoercion() {
    Field nanos = f("t", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "Europe/Paris"));
    assertEquals(new LogicalType.TimestampType(true, org.parquetarrow.format.TimeUnit.NANOS), element(nanos).logicalType());
    assertNull(element(nanos).convertedType(), "no legacy annotation for nanoseconds");
    ArrowWriteOptions v24 = ArrowWriteOptions.builder().version(ParquetVersion.V2_4).build();
    SchemaElement micros = element(nanos, v24);
    assertEquals(new LogicalType.TimestampType(true, org.parquetarrow.format.TimeUnit.MICROS), micros.logicalType());
    assertEquals(ConvertedType.TIMESTAMP_MICROS, micros.convertedType());
    SchemaElement seconds = element(f("t", new ArrowType.Timestamp(TimeUnit.SECOND, null)));
    assertEquals(new LogicalType.TimestampType(false, org.parquetarrow.format.TimeUnit.MILLIS), seconds.logicalType());
    assertEquals(ConvertedType.TIMESTAMP_MILLIS, seconds.convertedType(), "local timestamps get the legacy type too");

    ArrowWriteOptions coerce = ArrowWriteOptions.builder().coerceTimestamps(TimeUnit.MILLISECOND).build();
    assertEquals(new LogicalType.TimestampType(true, org.parquetarrow.format.TimeUnit.MILLIS),
        element(nanos, coerce).logicalType());
    UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class, () -> element(nanos,
        ArrowWriteOptions.builder().version(ParquetVersion.V2_4).coerceTimestamps(TimeUnit.NANOSECOND).build()));
    assertEquals("cannot coerce timestamps to NANOSECOND in format V2_4 [field t]", e.getMessage());
    assertThrows(UnsupportedFeatureException.class,
        () -> element(nanos, ArrowWriteOptions.builder().coerceTimestamps(TimeUnit.SECOND).build()));

    ArrowWriteOptions int96 = ArrowWriteOptions.builder()
        .timestampEncoding(ArrowWriteOptions.TimestampEncoding.INT96).build();
    assertEquals(El.leaf("t", Repetition.OPTIONAL, PhysicalType.INT96), element(nanos, int96));
  }

  @Test
  void decimalsAsFixedLengthOrIntegers() {
    // DecimalSize: the fewest bytes whose two's complement holds the precision's digits
    int[][] sizes = {{1, 1}, {2, 1}, {3, 2}, {4, 2}, {5, 3}, {9, 4}, {10, 5}, {18, 8}, {19, 9}, {38, 16}, {39, 17},
        {76, 32}};
    for (int[] s : sizes) {
      assertEquals(s[1], ArrowToParquetConverter.decimalBytes(s[0]), "precision " + s[0]);
    }
    SchemaElement d = element(f("d", new ArrowType.Decimal(20, 3, 128)));
    assertEquals(PhysicalType.FIXED_LEN_BYTE_ARRAY, d.type());
    assertEquals(9, d.typeLength());
    assertEquals(ConvertedType.DECIMAL, d.convertedType());
    assertEquals(3, d.scale());
    assertEquals(20, d.precision());
    ArrowWriteOptions ints = ArrowWriteOptions.builder()
        .decimalEncoding(ArrowWriteOptions.DecimalEncoding.INTEGER_WHEN_POSSIBLE).build();
    assertEquals(PhysicalType.INT32, element(f("d", new ArrowType.Decimal(9, 3, 128)), ints).type());
    assertEquals(PhysicalType.INT64, element(f("d", new ArrowType.Decimal(18, 3, 128)), ints).type());
    assertEquals(PhysicalType.FIXED_LEN_BYTE_ARRAY, element(f("d", new ArrowType.Decimal(19, 3, 128)), ints).type());
    // the default, as Spark, DuckDB and arrow-rs write them; Arrow C++'s layout on request
    assertEquals(PhysicalType.INT64, element(f("d", new ArrowType.Decimal(10, 2, 256))).type());
    ArrowWriteOptions fixed = ArrowWriteOptions.builder()
        .decimalEncoding(ArrowWriteOptions.DecimalEncoding.FIXED_LEN_BYTE_ARRAY).build();
    SchemaElement d9 = element(f("d", new ArrowType.Decimal(9, 3, 128)), fixed);
    assertEquals(PhysicalType.FIXED_LEN_BYTE_ARRAY, d9.type());
    assertEquals(4, d9.typeLength());
    UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class,
        () -> element(f("d", new ArrowType.Decimal(9, 3, 64))));
    assertEquals("Arrow type Decimal64", e.feature());
  }

  @Test
  void listsMapsAndNames() {
    Field list = f("l", ArrowType.List.INSTANCE, f("item", ArrowType.Utf8.INSTANCE));
    List<SchemaElement> compliant = ArrowSchemaConverter.toParquet(new Schema(List.of(list))).parquetSchema().toElements();
    assertEquals(List.of(
        El.root("schema", 1),
        El.group("l", Repetition.OPTIONAL, 1, LogicalType.LIST),
        El.group("list", Repetition.REPEATED, 1),
        new SchemaElement(PhysicalType.BYTE_ARRAY, null, Repetition.OPTIONAL, "element", null, ConvertedType.UTF8, null,
            null, null, LogicalType.STRING, null)), compliant);
    ArrowWriteOptions arrowNames = ArrowWriteOptions.builder()
        .listElementNaming(ArrowWriteOptions.ListElementNaming.ARROW_FIELD_NAME).rootName("arrow_schema").build();
    List<SchemaElement> named = ArrowSchemaConverter.toParquet(new Schema(List.of(list)), arrowNames).parquetSchema()
        .toElements();
    assertEquals("arrow_schema", named.get(0).name());
    assertEquals("item", named.get(3).name());

    // a nullable Arrow key still becomes a required Parquet key
    Field entries = req("entries", ArrowType.Struct.INSTANCE, f("k", new ArrowType.Int(32, true)),
        f("v", ArrowType.Utf8.INSTANCE));
    Field map = req("m", new ArrowType.Map(false), entries);
    assertEquals(List.of(
        El.root("schema", 1),
        El.group("m", Repetition.REQUIRED, 1, LogicalType.MAP),
        El.group("key_value", Repetition.REPEATED, 2),
        El.leaf("key", Repetition.REQUIRED, PhysicalType.INT32),
        new SchemaElement(PhysicalType.BYTE_ARRAY, null, Repetition.OPTIONAL, "value", null, ConvertedType.UTF8, null,
            null, null, LogicalType.STRING, null)),
        ArrowSchemaConverter.toParquet(new Schema(List.of(map))).parquetSchema().toElements());
  }

  @Test
  void fieldIdsComeFromArrowMetadata() {
    Field withId = withMetadata(f("a", new ArrowType.Int(32, true)), Map.of("PARQUET:field_id", "17"));
    assertEquals(17, element(withId).fieldId());
    Field list = withMetadata(f("l", ArrowType.List.INSTANCE,
        withMetadata(f("x", ArrowType.Bool.INSTANCE), Map.of("PARQUET:field_id", "3"))), Map.of("PARQUET:field_id", "2"));
    List<SchemaElement> elements = ArrowSchemaConverter.toParquet(new Schema(List.of(list))).parquetSchema().toElements();
    assertEquals(2, elements.get(1).fieldId());
    assertNull(elements.get(2).fieldId());
    assertEquals(3, elements.get(3).fieldId());
    assertNull(element(withMetadata(f("a", ArrowType.Bool.INSTANCE), Map.of("PARQUET:field_id", "x"))).fieldId());
    assertNull(element(withMetadata(f("a", ArrowType.Bool.INSTANCE), Map.of("PARQUET:field_id", "-4"))).fieldId());
  }

  @Test
  void extensionsAndDictionaries() {
    SchemaElement uuid = element(f("u", UuidType.INSTANCE));
    assertEquals(LogicalType.UUID, uuid.logicalType());
    assertEquals(16, uuid.typeLength());
    Field json = withMetadata(f("j", ArrowType.Utf8.INSTANCE), Map.of("ARROW:extension:name", "arrow.json"));
    assertEquals(LogicalType.JSON, element(json).logicalType());
    assertEquals(ConvertedType.JSON, element(json).convertedType());
    Field other = withMetadata(f("g", ArrowType.Binary.INSTANCE), Map.of("ARROW:extension:name", "geoarrow.wkb"));
    assertEquals(El.leaf("g", Repetition.OPTIONAL, PhysicalType.BYTE_ARRAY), element(other));
    Field dict = new Field("d", new FieldType(true, ArrowType.Utf8.INSTANCE,
        new DictionaryEncoding(0, false, new ArrowType.Int(16, true))), null);
    assertEquals(LogicalType.STRING, element(dict).logicalType(), "a dictionary is written as its values");
  }

  @Test
  void unsupportedTypesNameTheFieldAndTheType() {
    Field union = f("u", new ArrowType.Union(UnionMode.Dense, new int[] {0}), f("i", new ArrowType.Int(32, true)));
    UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class,
        () -> ArrowSchemaConverter.toParquet(new Schema(List.of(f("s", ArrowType.Struct.INSTANCE, union)))));
    assertEquals("Arrow type Union", e.feature());
    assertEquals("field s.u has Arrow type Union(Dense, [0]), which cannot be written to Parquet", e.getMessage());
    assertEquals("Arrow type RunEndEncoded", assertThrows(UnsupportedFeatureException.class,
        () -> element(f("r", ArrowType.RunEndEncoded.INSTANCE, req("run_ends", new ArrowType.Int(32, true)),
            f("values", ArrowType.Utf8.INSTANCE)))).feature());
    for (IntervalUnit unit : IntervalUnit.values()) {
      assertEquals("Arrow type Interval", assertThrows(UnsupportedFeatureException.class,
          () -> element(f("i", new ArrowType.Interval(unit)))).feature());
    }
    assertEquals("field s is a struct without fields, which Parquet cannot store (add a field)",
        assertThrows(UnsupportedFeatureException.class, () -> element(f("s", ArrowType.Struct.INSTANCE))).getMessage());
    assertEquals("field n has the Null type but is not nullable",
        assertThrows(IllegalArgumentException.class, () -> element(req("n", ArrowType.Null.INSTANCE))).getMessage());
  }

  @Test
  void keyValueMetadataHoldsTheSchemaMetadataAndTheStoredSchema() {
    Schema arrow = new Schema(List.of(f("a", ArrowType.LargeUtf8.INSTANCE)), Map.of("pandas", "{}"));
    ParquetWriteSchema stored = ArrowSchemaConverter.toParquet(arrow);
    assertEquals(2, stored.keyValueMetadata().size());
    assertEquals(new KeyValue("pandas", "{}"), stored.keyValueMetadata().get(0));
    assertEquals("ARROW:schema", stored.keyValueMetadata().get(1).key());
    assertEquals(arrow, ArrowSchemaCodec.decode(stored.keyValueMetadata().get(1).value()).orElseThrow());

    ArrowWriteOptions omit = ArrowWriteOptions.builder()
        .arrowSchemaStorage(ArrowWriteOptions.ArrowSchemaStorage.OMIT).build();
    ParquetWriteSchema plain = ArrowSchemaConverter.toParquet(arrow, omit);
    assertEquals(List.of(new KeyValue("pandas", "{}")), plain.keyValueMetadata());
    // without it a reader sees the Parquet types only
    SchemaMapping back = ArrowSchemaConverter.toArrow(plain.parquetSchema(), plain.keyValueMetadata(),
        ArrowReadOptions.defaults());
    assertEquals(ArrowType.Utf8.INSTANCE, back.arrowSchema().getFields().get(0).getType());
  }

  /** Every Arrow type a writer accepts, nested in every way. */
  static Schema everyType() {
    Map<String, String> ext = new LinkedHashMap<>();
    ext.put("ARROW:extension:name", "my.ext");
    ext.put("ARROW:extension:metadata", "v1");
    Field key = req("k", ArrowType.Utf8.INSTANCE);
    Field tzValue = f("v", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "America/New_York"));
    List<Field> fields = List.of(
        f("null", ArrowType.Null.INSTANCE),
        req("bool", ArrowType.Bool.INSTANCE),
        f("i8", new ArrowType.Int(8, true)), f("i16", new ArrowType.Int(16, true)),
        f("i32", new ArrowType.Int(32, true)), f("i64", new ArrowType.Int(64, true)),
        f("u8", new ArrowType.Int(8, false)), f("u16", new ArrowType.Int(16, false)),
        f("u32", new ArrowType.Int(32, false)), f("u64", new ArrowType.Int(64, false)),
        f("f16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)),
        f("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
        f("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        f("utf8", ArrowType.Utf8.INSTANCE), f("large_utf8", ArrowType.LargeUtf8.INSTANCE),
        f("utf8_view", ArrowType.Utf8View.INSTANCE),
        f("binary", ArrowType.Binary.INSTANCE), f("large_binary", ArrowType.LargeBinary.INSTANCE),
        f("binary_view", ArrowType.BinaryView.INSTANCE), f("fixed", new ArrowType.FixedSizeBinary(7)),
        f("dec128", new ArrowType.Decimal(20, 4, 128)), f("dec256", new ArrowType.Decimal(50, 10, 256)),
        f("dec256_small", new ArrowType.Decimal(12, 2, 256)),
        f("date32", new ArrowType.Date(DateUnit.DAY)), f("date64", new ArrowType.Date(DateUnit.MILLISECOND)),
        f("time32_s", new ArrowType.Time(TimeUnit.SECOND, 32)), f("time32_ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
        f("time64_us", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
        f("time64_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
        f("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, null)),
        f("ts_s_tz", new ArrowType.Timestamp(TimeUnit.SECOND, "Asia/Tokyo")),
        f("ts_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
        f("ts_ms_utc", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
        f("ts_us", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
        f("ts_us_tz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+05:30")),
        f("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
        f("ts_ns_tz", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "Europe/Berlin")),
        f("dur_s", new ArrowType.Duration(TimeUnit.SECOND)), f("dur_ms", new ArrowType.Duration(TimeUnit.MILLISECOND)),
        f("dur_us", new ArrowType.Duration(TimeUnit.MICROSECOND)),
        f("dur_ns", new ArrowType.Duration(TimeUnit.NANOSECOND)),
        f("uuid", UuidType.INSTANCE),
        withMetadata(f("custom_ext", ArrowType.Binary.INSTANCE), ext),
        withMetadata(f("json", ArrowType.Utf8.INSTANCE), Map.of("ARROW:extension:name", "arrow.json")),
        new Field("dict", new FieldType(true, ArrowType.Utf8.INSTANCE,
            new DictionaryEncoding(0, true, new ArrowType.Int(8, true))), null),
        withMetadata(f("commented", new ArrowType.Int(16, true)), Map.of("comment", "hi", "PARQUET:field_id", "12")),
        f("struct", ArrowType.Struct.INSTANCE, req("a", ArrowType.LargeUtf8.INSTANCE),
            f("b", ArrowType.Struct.INSTANCE, f("c", new ArrowType.Duration(TimeUnit.SECOND)))),
        f("list", ArrowType.List.INSTANCE, f("item", new ArrowType.Date(DateUnit.MILLISECOND))),
        req("large_list", ArrowType.LargeList.INSTANCE,
            req("item", ArrowType.Struct.INSTANCE, f("x", ArrowType.BinaryView.INSTANCE))),
        f("fixed_list", new ArrowType.FixedSizeList(3), f("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))),
        f("list_view", ArrowType.ListView.INSTANCE, f("$data$", ArrowType.Utf8.INSTANCE)),
        f("large_list_view", ArrowType.LargeListView.INSTANCE, f("e", new ArrowType.Int(64, false))),
        f("list_of_lists", ArrowType.List.INSTANCE,
            f("item", ArrowType.LargeList.INSTANCE, f("item", new ArrowType.Decimal(40, 0, 256)))),
        f("map", new ArrowType.Map(true), req("entries", ArrowType.Struct.INSTANCE, key, tzValue)),
        f("map_of_lists", new ArrowType.Map(false), req("kv", ArrowType.Struct.INSTANCE,
            req("key", new ArrowType.Int(32, true)),
            f("value", ArrowType.LargeList.INSTANCE, f("item", ArrowType.LargeUtf8.INSTANCE)))),
        f("list_of_dict", ArrowType.List.INSTANCE, new Field("item", new FieldType(true, ArrowType.Binary.INSTANCE,
            new DictionaryEncoding(1, false, new ArrowType.Int(32, true))), null)));
    return new Schema(fields, Map.of("origin", "test", "pandas", "{\"columns\": []}"));
  }

  @Test
  void everyTypeRoundTripsExactly() {
    Schema arrow = everyType();
    ParquetWriteSchema written = ArrowSchemaConverter.toParquet(arrow);
    SchemaMapping back = ArrowSchemaConverter.toArrow(written.parquetSchema(), written.keyValueMetadata(),
        ArrowReadOptions.defaults());
    assertEquals(arrow, back.arrowSchema());
    assertEquals(arrow, written.mapping().arrowSchema(), "the writer's mapping describes the input");
  }

  @Test
  void everyTypeRoundTripsThroughFooterBytes() {
    Schema arrow = everyType();
    ParquetWriteSchema written = ArrowSchemaConverter.toParquet(arrow);
    FileMetaData md = new FileMetaData(2, written.parquetSchema().toElements(), 0, List.of(),
        written.keyValueMetadata(), "parquet-arrow", null, null, null);
    FileMetaData read = MetadataReader.readFileMetaData(ByteBuffer.wrap(MetadataWriter.toBytes(md)));
    assertEquals(arrow, ArrowSchemaConverter.toArrow(read).arrowSchema());
  }

  @Test
  void theWritersMappingTellsWhatEachColumnStores() {
    ParquetWriteSchema written = ArrowSchemaConverter.toParquet(everyType());
    Map<String, FieldMapping> byName = new LinkedHashMap<>();
    for (FieldMapping f : written.mapping().fields()) {
      byName.put(f.name(), f);
    }
    assertEquals(new ArrowType.Date(DateUnit.DAY), byName.get("date64").storageType());
    assertEquals(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), byName.get("ts_s_tz").storageType());
    assertEquals(new ArrowType.Int(64, true), byName.get("dur_ns").storageType());
    assertEquals(ArrowType.Utf8.INSTANCE, byName.get("dict").storageType());
    assertEquals(FieldMapping.Kind.LARGE_LIST, byName.get("large_list").kind());
    assertEquals(FieldMapping.Kind.MAP, byName.get("map").kind());
    assertEquals(FieldMapping.Kind.NULL, byName.get("null").kind());
    assertInstanceOf(UuidType.class, byName.get("uuid").type());
    assertEquals(written.parquetSchema().columnCount(), written.mapping().leafColumns().length);
    assertTrue(written.parquetSchema().findColumn("map.key_value.key").isPresent());
    assertFalse(written.parquetSchema().findColumn("map.entries.k").isPresent());
  }

  @Test
  void format1RoundTripsUint32() {
    Schema arrow = new Schema(List.of(f("u", new ArrowType.Int(32, false))));
    ParquetWriteSchema written = ArrowSchemaConverter.toParquet(arrow,
        ArrowWriteOptions.builder().version(ParquetVersion.V1_0).build());
    assertEquals(PhysicalType.INT64, written.parquetSchema().column(0).physicalType());
    assertEquals(arrow, ArrowSchemaConverter.toArrow(written.parquetSchema(), written.keyValueMetadata(),
        ArrowReadOptions.defaults()).arrowSchema());
  }
}
