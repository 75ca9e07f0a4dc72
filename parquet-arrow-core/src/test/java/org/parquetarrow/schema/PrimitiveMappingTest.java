package org.parquetarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.parquetarrow.format.Repetition.OPTIONAL;
import static org.parquetarrow.format.Repetition.REQUIRED;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.EdgeInterpolationAlgorithm;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.SchemaElement;

/**
 * One leaf at a time: every physical type, logical type and legacy converted type. Expected types
 * are those of {@code LogicalTypes.md}, checked against Arrow C++'s goldens where the corpus has the
 * case (named in each test).
 */
class PrimitiveMappingTest {
  private static final ArrowReadOptions EXTENSIONS = ArrowReadOptions.builder()
      .extensionTypes(ArrowReadOptions.ExtensionTypePolicy.TYPES).build();
  private static final ArrowReadOptions PLAIN = ArrowReadOptions.builder()
      .extensionTypes(ArrowReadOptions.ExtensionTypePolicy.NONE).build();

  static Field field(SchemaElement leaf) {
    return field(leaf, ArrowReadOptions.defaults());
  }

  static Field field(SchemaElement leaf, ArrowReadOptions options) {
    SchemaMapping m = ArrowSchemaConverter.toArrow(El.schema(El.root("m", 1), leaf), null, options);
    return m.arrowSchema().getFields().get(0);
  }

  static ArrowType type(SchemaElement leaf) {
    return field(leaf).getType();
  }

  static String corrupt(SchemaElement leaf) {
    return assertThrows(CorruptFileException.class, () -> field(leaf)).getMessage();
  }

  private static SchemaElement lt(PhysicalType t, LogicalType lt) {
    return El.leaf("c", OPTIONAL, t, lt);
  }

  private static SchemaElement ct(PhysicalType t, ConvertedType ct) {
    return El.leaf("c", OPTIONAL, t, ct);
  }

  @Test
  void physicalTypesWithoutAnnotation() {
    // goldens: alltypes_plain (bool, int32, int64, float, double, binary strings, INT96),
    // fixed_length_byte_array (FixedSizeBinary(4))
    assertEquals(ArrowType.Bool.INSTANCE, type(El.leaf("c", OPTIONAL, PhysicalType.BOOLEAN)));
    assertEquals(new ArrowType.Int(32, true), type(El.leaf("c", OPTIONAL, PhysicalType.INT32)));
    assertEquals(new ArrowType.Int(64, true), type(El.leaf("c", OPTIONAL, PhysicalType.INT64)));
    assertEquals(new ArrowType.Timestamp(TimeUnit.NANOSECOND, null), type(El.leaf("c", OPTIONAL, PhysicalType.INT96)));
    assertEquals(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE),
        type(El.leaf("c", OPTIONAL, PhysicalType.FLOAT)));
    assertEquals(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
        type(El.leaf("c", OPTIONAL, PhysicalType.DOUBLE)));
    assertEquals(ArrowType.Binary.INSTANCE, type(El.leaf("c", OPTIONAL, PhysicalType.BYTE_ARRAY)));
    assertEquals(new ArrowType.FixedSizeBinary(4), type(El.flba("c", OPTIONAL, 4)));
  }

  @Test
  void nullabilityFollowsTheRepetition() {
    assertTrue(field(El.leaf("c", OPTIONAL, PhysicalType.INT32)).isNullable());
    assertFalse(field(El.leaf("c", REQUIRED, PhysicalType.INT32)).isNullable());
    assertEquals("c", field(El.leaf("c", REQUIRED, PhysicalType.INT32)).getName());
  }

  @Test
  void int96UnitIsAnOption() {
    ArrowReadOptions micros = ArrowReadOptions.builder().int96TimestampUnit(TimeUnit.MICROSECOND).build();
    assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null),
        field(El.leaf("c", OPTIONAL, PhysicalType.INT96), micros).getType());
  }

  @Test
  void integerLogicalTypes() {
    // golden alltypes-java: int8/int16 signed, uint8..uint64 unsigned
    for (int bits : new int[] {8, 16, 32}) {
      assertEquals(new ArrowType.Int(bits, true), type(lt(PhysicalType.INT32, new LogicalType.IntType(bits, true))));
      assertEquals(new ArrowType.Int(bits, false), type(lt(PhysicalType.INT32, new LogicalType.IntType(bits, false))));
    }
    assertEquals(new ArrowType.Int(64, true), type(lt(PhysicalType.INT64, new LogicalType.IntType(64, true))));
    assertEquals(new ArrowType.Int(64, false), type(lt(PhysicalType.INT64, new LogicalType.IntType(64, false))));
  }

  @Test
  void legacyIntegerConvertedTypes() {
    // golden ARROW-GH-43605: UINT_16 on INT32 reads as Int(16, false)
    Object[][] cases = {
        {ConvertedType.INT_8, PhysicalType.INT32, 8, true},
        {ConvertedType.INT_16, PhysicalType.INT32, 16, true},
        {ConvertedType.INT_32, PhysicalType.INT32, 32, true},
        {ConvertedType.INT_64, PhysicalType.INT64, 64, true},
        {ConvertedType.UINT_8, PhysicalType.INT32, 8, false},
        {ConvertedType.UINT_16, PhysicalType.INT32, 16, false},
        {ConvertedType.UINT_32, PhysicalType.INT32, 32, false},
        {ConvertedType.UINT_64, PhysicalType.INT64, 64, false},
    };
    for (Object[] c : cases) {
      assertEquals(new ArrowType.Int((int) c[2], (boolean) c[3]),
          type(ct((PhysicalType) c[1], (ConvertedType) c[0])), c[0].toString());
    }
  }

  @Test
  void integerAnnotationsMustFitThePhysicalType() {
    assertEquals("logical type INT(64, signed) cannot annotate INT32 [column c]",
        corrupt(lt(PhysicalType.INT32, new LogicalType.IntType(64, true))));
    assertEquals("logical type INT(8, unsigned) cannot annotate INT64 [column c]",
        corrupt(lt(PhysicalType.INT64, new LogicalType.IntType(8, false))));
    assertEquals("logical type INT(12, signed) cannot annotate INT32 [column c]",
        corrupt(lt(PhysicalType.INT32, new LogicalType.IntType(12, true))));
    assertEquals("converted type UINT_64 cannot annotate INT32 [column c]",
        corrupt(ct(PhysicalType.INT32, ConvertedType.UINT_64)));
  }

  @Test
  void dates() {
    assertEquals(new ArrowType.Date(DateUnit.DAY), type(lt(PhysicalType.INT32, LogicalType.DATE)));
    assertEquals(new ArrowType.Date(DateUnit.DAY), type(ct(PhysicalType.INT32, ConvertedType.DATE)));
    assertEquals("logical type DATE cannot annotate INT64 [column c]", corrupt(lt(PhysicalType.INT64, LogicalType.DATE)));
  }

  @Test
  void timesInEveryUnit() {
    // golden alltypes-java: TIME(MILLIS) -> Time(MILLISECOND, 32), TIME(NANOS) -> Time(NANOSECOND, 64)
    for (boolean utc : new boolean[] {true, false}) {
      assertEquals(new ArrowType.Time(TimeUnit.MILLISECOND, 32),
          type(lt(PhysicalType.INT32, new LogicalType.TimeType(utc, org.parquetarrow.format.TimeUnit.MILLIS))));
      assertEquals(new ArrowType.Time(TimeUnit.MICROSECOND, 64),
          type(lt(PhysicalType.INT64, new LogicalType.TimeType(utc, org.parquetarrow.format.TimeUnit.MICROS))));
      assertEquals(new ArrowType.Time(TimeUnit.NANOSECOND, 64),
          type(lt(PhysicalType.INT64, new LogicalType.TimeType(utc, org.parquetarrow.format.TimeUnit.NANOS))));
    }
    assertEquals(new ArrowType.Time(TimeUnit.MILLISECOND, 32), type(ct(PhysicalType.INT32, ConvertedType.TIME_MILLIS)));
    assertEquals(new ArrowType.Time(TimeUnit.MICROSECOND, 64), type(ct(PhysicalType.INT64, ConvertedType.TIME_MICROS)));
    assertEquals("logical type TIME(MILLIS, utc) cannot annotate INT64 [column c]",
        corrupt(lt(PhysicalType.INT64, new LogicalType.TimeType(true, org.parquetarrow.format.TimeUnit.MILLIS))));
    assertEquals("logical type TIME(MICROS, local) cannot annotate INT32 [column c]",
        corrupt(lt(PhysicalType.INT32, new LogicalType.TimeType(false, org.parquetarrow.format.TimeUnit.MICROS))));
  }

  @Test
  void timestampsInEveryUnitWithAndWithoutUtcAdjustment() {
    // golden alltypes-java: timestamp_ms (local) -> no zone, timestamptz_ms (utc) -> "UTC", same for ns
    Object[][] units = {
        {org.parquetarrow.format.TimeUnit.MILLIS, TimeUnit.MILLISECOND},
        {org.parquetarrow.format.TimeUnit.MICROS, TimeUnit.MICROSECOND},
        {org.parquetarrow.format.TimeUnit.NANOS, TimeUnit.NANOSECOND},
    };
    for (Object[] u : units) {
      org.parquetarrow.format.TimeUnit pu = (org.parquetarrow.format.TimeUnit) u[0];
      TimeUnit au = (TimeUnit) u[1];
      assertEquals(new ArrowType.Timestamp(au, "UTC"), type(lt(PhysicalType.INT64, new LogicalType.TimestampType(true, pu))));
      assertEquals(new ArrowType.Timestamp(au, null), type(lt(PhysicalType.INT64, new LogicalType.TimestampType(false, pu))));
    }
  }

  @Test
  void legacyTimestampsMeanUtcButTheLogicalTypeWins() {
    assertEquals(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"),
        type(ct(PhysicalType.INT64, ConvertedType.TIMESTAMP_MILLIS)));
    assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"),
        type(ct(PhysicalType.INT64, ConvertedType.TIMESTAMP_MICROS)));
    // alltypes-java's timestamp_ms: TIMESTAMP(MILLIS, local) with legacy TIMESTAMP_MILLIS beside it
    SchemaElement both = new SchemaElement(PhysicalType.INT64, null, OPTIONAL, "c", null,
        ConvertedType.TIMESTAMP_MILLIS, null, null, null,
        new LogicalType.TimestampType(false, org.parquetarrow.format.TimeUnit.MILLIS), null);
    assertEquals(new ArrowType.Timestamp(TimeUnit.MILLISECOND, null), type(both));
    assertEquals("logical type TIMESTAMP(MICROS, utc) cannot annotate INT32 [column c]",
        corrupt(lt(PhysicalType.INT32, new LogicalType.TimestampType(true, org.parquetarrow.format.TimeUnit.MICROS))));
  }

  @Test
  void decimalsOnEveryPhysicalType() {
    // goldens int32_decimal (4,2), int64_decimal (10,2), fixed_length_decimal FLBA(11) (25,2),
    // fixed_length_decimal_legacy FLBA(6) (13,2), byte_array_decimal (4,2): all Decimal(p, s, 128)
    assertEquals(new ArrowType.Decimal(4, 2, 128),
        type(El.withDecimal(ct(PhysicalType.INT32, ConvertedType.DECIMAL), 2, 4)));
    assertEquals(new ArrowType.Decimal(10, 2, 128),
        type(El.withDecimal(ct(PhysicalType.INT64, ConvertedType.DECIMAL), 2, 10)));
    assertEquals(new ArrowType.Decimal(25, 2, 128),
        type(El.withDecimal(El.withLength(ct(PhysicalType.FIXED_LEN_BYTE_ARRAY, ConvertedType.DECIMAL), 11), 2, 25)));
    assertEquals(new ArrowType.Decimal(13, 2, 128),
        type(El.withDecimal(El.withLength(ct(PhysicalType.FIXED_LEN_BYTE_ARRAY, ConvertedType.DECIMAL), 6), 2, 13)));
    assertEquals(new ArrowType.Decimal(4, 2, 128),
        type(El.withDecimal(ct(PhysicalType.BYTE_ARRAY, ConvertedType.DECIMAL), 2, 4)));
    // the logical type's precision and scale win over the legacy fields
    assertEquals(new ArrowType.Decimal(9, 3, 128), type(lt(PhysicalType.INT32, new LogicalType.DecimalType(3, 9))));
  }

  @Test
  void decimalsAbove38DigitsAreDecimal256() {
    assertEquals(new ArrowType.Decimal(38, 0, 128),
        type(El.withLength(lt(PhysicalType.FIXED_LEN_BYTE_ARRAY, new LogicalType.DecimalType(0, 38)), 16)));
    assertEquals(new ArrowType.Decimal(39, 5, 256),
        type(El.withLength(lt(PhysicalType.FIXED_LEN_BYTE_ARRAY, new LogicalType.DecimalType(5, 39)), 17)));
    assertEquals(new ArrowType.Decimal(76, 0, 256),
        type(lt(PhysicalType.BYTE_ARRAY, new LogicalType.DecimalType(0, 76))));
    UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class,
        () -> field(lt(PhysicalType.BYTE_ARRAY, new LogicalType.DecimalType(0, 77))));
    assertEquals("decimal precision 77", e.feature());
  }

  @Test
  void decimalPrecisionMustFitThePhysicalType() {
    // LogicalTypes.md: int32 for 1 <= precision <= 9, int64 up to 18,
    // fixed_len_byte_array(n) up to floor(log10(2^(8n-1) - 1)) digits: 4 bytes hold 9, 16 bytes 38
    assertEquals("DECIMAL(10,2) does not fit in INT32 (at most 9 digits) [column c]",
        corrupt(lt(PhysicalType.INT32, new LogicalType.DecimalType(2, 10))));
    assertEquals("DECIMAL(19,0) does not fit in INT64 (at most 18 digits) [column c]",
        corrupt(lt(PhysicalType.INT64, new LogicalType.DecimalType(0, 19))));
    assertEquals("DECIMAL(10,0) does not fit in FIXED_LEN_BYTE_ARRAY(4) (at most 9 digits) [column c]",
        corrupt(El.withLength(lt(PhysicalType.FIXED_LEN_BYTE_ARRAY, new LogicalType.DecimalType(0, 10)), 4)));
    assertEquals(new ArrowType.Decimal(9, 0, 128),
        type(El.withLength(lt(PhysicalType.FIXED_LEN_BYTE_ARRAY, new LogicalType.DecimalType(0, 9)), 4)));
    assertEquals("DECIMAL(39,0) does not fit in FIXED_LEN_BYTE_ARRAY(16) (at most 38 digits) [column c]",
        corrupt(El.withLength(lt(PhysicalType.FIXED_LEN_BYTE_ARRAY, new LogicalType.DecimalType(0, 39)), 16)));
  }

  @Test
  void decimalScaleAndPrecisionMustBeSane() {
    assertEquals("DECIMAL precision must be positive, is 0 [column c]",
        corrupt(ct(PhysicalType.INT32, ConvertedType.DECIMAL)));
    assertEquals("DECIMAL scale must be between 0 and the precision 4, is 5 [column c]",
        corrupt(lt(PhysicalType.INT32, new LogicalType.DecimalType(5, 4))));
    assertEquals("DECIMAL scale must be between 0 and the precision 4, is -1 [column c]",
        corrupt(lt(PhysicalType.INT32, new LogicalType.DecimalType(-1, 4))));
  }

  @Test
  void maxDecimalDigitsFollowsTheFormula() {
    // floor(log10(2^(8n-1) - 1)) worked out by hand: 127, 32767, 2147483647, 2^63-1
    assertEquals(2, PrimitiveTypeMapper.maxDecimalDigits(1));
    assertEquals(4, PrimitiveTypeMapper.maxDecimalDigits(2));
    assertEquals(9, PrimitiveTypeMapper.maxDecimalDigits(4));
    assertEquals(18, PrimitiveTypeMapper.maxDecimalDigits(8));
    assertEquals(38, PrimitiveTypeMapper.maxDecimalDigits(16));
    assertEquals(Integer.MAX_VALUE, PrimitiveTypeMapper.maxDecimalDigits(Integer.MAX_VALUE));
  }

  @Test
  void stringsAndOtherByteArrays() {
    // goldens: STRING -> Utf8 (binary_truncated_min_max), UTF8 -> Utf8 (datapage_v2)
    assertEquals(ArrowType.Utf8.INSTANCE, type(lt(PhysicalType.BYTE_ARRAY, LogicalType.STRING)));
    assertEquals(ArrowType.Utf8.INSTANCE, type(ct(PhysicalType.BYTE_ARRAY, ConvertedType.UTF8)));
    assertEquals(ArrowType.Binary.INSTANCE, type(lt(PhysicalType.BYTE_ARRAY, LogicalType.ENUM)));
    assertEquals(ArrowType.Binary.INSTANCE, type(ct(PhysicalType.BYTE_ARRAY, ConvertedType.ENUM)));
    assertEquals(ArrowType.Utf8.INSTANCE, type(lt(PhysicalType.BYTE_ARRAY, LogicalType.JSON)));
    assertEquals(ArrowType.Utf8.INSTANCE, type(ct(PhysicalType.BYTE_ARRAY, ConvertedType.JSON)));
    assertEquals(ArrowType.Binary.INSTANCE, type(lt(PhysicalType.BYTE_ARRAY, LogicalType.BSON)));
    assertEquals(ArrowType.Binary.INSTANCE, type(ct(PhysicalType.BYTE_ARRAY, ConvertedType.BSON)));
    assertEquals("logical type STRING cannot annotate INT32 [column c]", corrupt(lt(PhysicalType.INT32, LogicalType.STRING)));
    assertEquals("converted type UTF8 cannot annotate FIXED_LEN_BYTE_ARRAY(3) [column c]",
        corrupt(El.withLength(ct(PhysicalType.FIXED_LEN_BYTE_ARRAY, ConvertedType.UTF8), 3)));
  }

  @Test
  void jsonIsTaggedArrowJsonUnlessExtensionsAreOff() {
    Field f = field(lt(PhysicalType.BYTE_ARRAY, LogicalType.JSON));
    assertEquals(ArrowType.Utf8.INSTANCE, f.getType());
    assertEquals(Map.of("ARROW:extension:name", "arrow.json", "ARROW:extension:metadata", ""), f.getMetadata());
    assertEquals(Map.of(), field(lt(PhysicalType.BYTE_ARRAY, LogicalType.JSON), PLAIN).getMetadata());
  }

  @Test
  void float16() {
    // goldens float16_zeros_and_nans, alltypes-java: FloatingPoint(HALF)
    assertEquals(new ArrowType.FloatingPoint(FloatingPointPrecision.HALF),
        type(El.withLength(lt(PhysicalType.FIXED_LEN_BYTE_ARRAY, LogicalType.FLOAT16), 2)));
    assertEquals("FLOAT16 must annotate FIXED_LEN_BYTE_ARRAY(2), not FIXED_LEN_BYTE_ARRAY(4) [column c]",
        corrupt(El.withLength(lt(PhysicalType.FIXED_LEN_BYTE_ARRAY, LogicalType.FLOAT16), 4)));
    assertEquals("logical type FLOAT16 cannot annotate INT32 [column c]", corrupt(lt(PhysicalType.INT32, LogicalType.FLOAT16)));
  }

  @Test
  void uuidIsFixedSizeBinaryOrTheCanonicalExtensionType() {
    SchemaElement uuid = El.withLength(lt(PhysicalType.FIXED_LEN_BYTE_ARRAY, LogicalType.UUID), 16);
    assertEquals(new ArrowType.FixedSizeBinary(16), type(uuid));
    assertSame(UuidType.INSTANCE, field(uuid, EXTENSIONS).getType());
    assertEquals("UUID must annotate FIXED_LEN_BYTE_ARRAY(16), not FIXED_LEN_BYTE_ARRAY(8) [column c]",
        corrupt(El.withLength(lt(PhysicalType.FIXED_LEN_BYTE_ARRAY, LogicalType.UUID), 8)));
  }

  @Test
  void intervalIsTwelveBytes() {
    assertEquals(new ArrowType.FixedSizeBinary(12),
        type(El.withLength(ct(PhysicalType.FIXED_LEN_BYTE_ARRAY, ConvertedType.INTERVAL), 12)));
    assertEquals("INTERVAL must annotate FIXED_LEN_BYTE_ARRAY(12), not FIXED_LEN_BYTE_ARRAY(8) [column c]",
        corrupt(El.withLength(ct(PhysicalType.FIXED_LEN_BYTE_ARRAY, ConvertedType.INTERVAL), 8)));
    assertEquals("INTERVAL must annotate FIXED_LEN_BYTE_ARRAY(12), not INT64 [column c]",
        corrupt(ct(PhysicalType.INT64, ConvertedType.INTERVAL)));
  }

  @Test
  void unknownIsTheNullTypeOnAnyPhysicalType() {
    // golden null_list: the element annotated UNKNOWN reads as Null
    for (PhysicalType t : new PhysicalType[] {PhysicalType.INT32, PhysicalType.BYTE_ARRAY, PhysicalType.BOOLEAN}) {
      assertEquals(ArrowType.Null.INSTANCE, type(lt(t, LogicalType.UNKNOWN)));
    }
    SchemaMapping m = ArrowSchemaConverter.toArrow(
        El.schema(El.root("m", 1), lt(PhysicalType.INT32, LogicalType.UNKNOWN)), null, ArrowReadOptions.defaults());
    assertEquals(FieldMapping.Kind.NULL, m.fields().get(0).kind());
  }

  @Test
  void geospatialTypesAreBinaryAsInArrowCpp18() {
    // goldens geospatial/*: geometry and geography columns read as Binary, without metadata
    assertEquals(ArrowType.Binary.INSTANCE, type(lt(PhysicalType.BYTE_ARRAY, new LogicalType.GeometryType(null))));
    assertEquals(ArrowType.Binary.INSTANCE,
        type(lt(PhysicalType.BYTE_ARRAY, new LogicalType.GeographyType("OGC:CRS84", EdgeInterpolationAlgorithm.KARNEY))));
    assertTrue(field(lt(PhysicalType.BYTE_ARRAY, new LogicalType.GeometryType(null)), PLAIN).getMetadata().isEmpty());
  }

  @Test
  void geospatialTypesAreTaggedGeoArrowWithTheirCrsAndEdges() {
    Field geometry = field(lt(PhysicalType.BYTE_ARRAY, new LogicalType.GeometryType("srid:5070")));
    assertEquals(ArrowType.Binary.INSTANCE, geometry.getType());
    assertEquals(Map.of("ARROW:extension:name", "geoarrow.wkb", "ARROW:extension:metadata", "{\"crs\":\"srid:5070\"}"),
        geometry.getMetadata());
    assertEquals("{}", field(lt(PhysicalType.BYTE_ARRAY, new LogicalType.GeometryType(null)))
        .getMetadata().get("ARROW:extension:metadata"), "the default CRS is implied");
    Field geography = field(lt(PhysicalType.BYTE_ARRAY, new LogicalType.GeographyType(null, null)));
    assertEquals("{\"edges\":\"spherical\"}", geography.getMetadata().get("ARROW:extension:metadata"));
    Field quoted = field(lt(PhysicalType.BYTE_ARRAY,
        new LogicalType.GeographyType("a \"b\"\\c", EdgeInterpolationAlgorithm.VINCENTY)));
    assertEquals("{\"crs\":\"a \\\"b\\\"\\\\c\",\"edges\":\"vincenty\"}",
        quoted.getMetadata().get("ARROW:extension:metadata"));
  }

  @Test
  void unrecognisedLogicalTypesFallBackToThePhysicalType() {
    // golden unknown-logical-type: union member 2555 on BYTE_ARRAY reads as Binary
    assertEquals(ArrowType.Binary.INSTANCE, type(lt(PhysicalType.BYTE_ARRAY, new LogicalType.Unrecognized(2555))));
    assertEquals(new ArrowType.Int(64, true), type(lt(PhysicalType.INT64, new LogicalType.Unrecognized(99))));
  }

  @Test
  void nothingAnnotatesBooleansFloatsOrInt96() {
    assertEquals("logical type STRING cannot annotate BOOLEAN [column c]", corrupt(lt(PhysicalType.BOOLEAN, LogicalType.STRING)));
    assertEquals("logical type DATE cannot annotate FLOAT [column c]", corrupt(lt(PhysicalType.FLOAT, LogicalType.DATE)));
    assertEquals("converted type DECIMAL cannot annotate DOUBLE [column c]",
        corrupt(El.withDecimal(ct(PhysicalType.DOUBLE, ConvertedType.DECIMAL), 1, 5)));
    assertEquals("logical type TIMESTAMP(NANOS, utc) cannot annotate INT96 [column c]",
        corrupt(lt(PhysicalType.INT96, new LogicalType.TimestampType(true, org.parquetarrow.format.TimeUnit.NANOS))));
  }

  @Test
  void fieldIdsBecomeParquetFieldIdMetadata() {
    // golden binary.parquet: foo with field_id 1 has metadata PARQUET:field_id = "1"
    Field f = field(El.withFieldId(El.leaf("foo", OPTIONAL, PhysicalType.BYTE_ARRAY), 1));
    assertEquals(Map.of("PARQUET:field_id", "1"), f.getMetadata());
    assertTrue(field(El.leaf("foo", OPTIONAL, PhysicalType.BYTE_ARRAY)).getMetadata().isEmpty());
  }

  @Test
  void chosenStringColumnsReadAsDictionaries() {
    ArrowReadOptions options = ArrowReadOptions.builder().dictionaryColumns(Set.of("s", "n")).build();
    SchemaMapping m = ArrowSchemaConverter.toArrow(El.schema(El.root("m", 3),
        lt(PhysicalType.INT32, null), // unannotated "c": not chosen
        El.leaf("s", OPTIONAL, PhysicalType.BYTE_ARRAY, LogicalType.STRING),
        El.leaf("n", OPTIONAL, PhysicalType.INT32)), null, options);
    List<Field> fields = m.arrowSchema().getFields();
    assertNull(fields.get(0).getDictionary());
    assertEquals(new DictionaryEncoding(0, false, new ArrowType.Int(32, true)), fields.get(1).getDictionary());
    assertEquals(ArrowType.Utf8.INSTANCE, fields.get(1).getType(), "message form: the type is the value type");
    assertNull(fields.get(2).getDictionary(), "only strings and binaries are read as dictionaries");
    assertEquals(ArrowType.Utf8.INSTANCE, m.fields().get(1).storageType());
  }
}
