package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.ColumnOrder;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.SchemaElement;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.format.TimeUnit;
import org.parquetarrow.schema.ParquetSchema;
import org.parquetarrow.spark.AggValue.Kind;
import org.parquetarrow.spark.AggregateTranslator.Agg;
import org.parquetarrow.spark.AggregateTranslator.Fn;
import org.parquetarrow.spark.AggregateTranslator.GroupKey;
import org.parquetarrow.spark.AggregateTranslator.Spec;

/**
 * The footer-or-scan decisions of {@link FooterAggregates} on hand-made footers (one optional leaf
 * {@code c}, statistics bytes written here by hand), the expected answers worked out by hand from
 * those statistics.
 */
class FooterAggregatesTest {
  private static final String CREATED_BY = "parquet-cpp-arrow version 15.0.0";
  private static final GroupKey PART = new GroupKey("part", DataTypes.IntegerType, -1, null, true);

  /** A leaf {@code c}: physical type, logical type (or null), FLBA length (or null), repetition. */
  record Leaf(PhysicalType type, LogicalType logical, Integer length, Repetition repetition) {}

  static Leaf optional(PhysicalType type, LogicalType logical) {
    return new Leaf(type, logical, null, Repetition.OPTIONAL);
  }

  static FooterAggregates.FileFooter file(Object part, Leaf leaf, List<RowGroup> groups, ColumnOrder order) {
    List<SchemaElement> schema = List.of(
        new SchemaElement(null, null, null, "schema", 1, null, null, null, null, null, null),
        new SchemaElement(leaf.type(), leaf.length(), leaf.repetition(), "c", null, null,
            leaf.logical() instanceof LogicalType.DecimalType d ? d.scale() : null,
            leaf.logical() instanceof LogicalType.DecimalType d ? d.precision() : null, null, leaf.logical(), null));
    long rows = groups.stream().mapToLong(RowGroup::numRows).sum();
    FileMetaData md = new FileMetaData(2, schema, rows, groups, null, CREATED_BY, order == null ? null : List.of(order),
        null, null);
    return new FooterAggregates.FileFooter("f" + part, part == null ? Map.of() : Map.of("part", part), md,
        ParquetSchema.fromElements(schema));
  }

  static FooterAggregates.FileFooter file(Object part, Leaf leaf, List<RowGroup> groups) {
    return file(part, leaf, groups, ColumnOrder.TYPE_DEFINED_ORDER);
  }

  static RowGroup group(PhysicalType type, long rows, Statistics stats) {
    ColumnMetaData meta = new ColumnMetaData(type, List.of(), List.of("c"), CompressionCodec.UNCOMPRESSED, rows, 0, 0,
        null, 4, null, null, stats, null, null, null, null, null);
    return new RowGroup(List.of(new ColumnChunk(null, 4, meta, null, null, null, null, null, null)), 0, rows, null, null,
        null, null);
  }

  static Statistics stats(Long nulls, byte[] min, byte[] max) {
    return new Statistics(null, null, nulls, null, max, min, null, null, null);
  }

  static byte[] i32(int v) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
  }

  static byte[] i64(long v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
  }

  static Spec spec(List<GroupKey> keys, DataType type, Fn... fns) {
    List<Agg> aggs = new ArrayList<>();
    for (Fn fn : fns) {
      AggValue arg = fn == Fn.COUNT_STAR ? null : new AggValue.Column(0, Kind.I64, type, "c");
      aggs.add(new Agg(fn, arg, fn == Fn.COUNT || fn == Fn.COUNT_STAR ? DataTypes.LongType : type, false));
    }
    return new Spec(new StructType().add("c", type), keys, aggs, new StructType(), "");
  }

  static final Spec COUNT_MIN_MAX_BY_PART = spec(List.of(PART), DataTypes.IntegerType, Fn.COUNT_STAR, Fn.COUNT, Fn.MIN,
      Fn.MAX);

  @Test
  void countsAndBoundsComeFromTheStatisticsAndAnAllNullGroupNeedsNoBounds() {
    Leaf int32 = optional(PhysicalType.INT32, null);
    FooterAggregates.Outcome o = FooterAggregates.answer(COUNT_MIN_MAX_BY_PART, false, List.of(
        file(0, int32, List.of(group(PhysicalType.INT32, 10, stats(2L, i32(-5), i32(7))),
            group(PhysicalType.INT32, 5, stats(5L, null, null)))),
        file(1, int32, List.of(group(PhysicalType.INT32, 4, stats(0L, i32(100), i32(200))))),
        file(0, int32, List.of(group(PhysicalType.INT32, 3, stats(1L, i32(-9), i32(6))))),
        file(2, int32, List.of()))); // an empty file: no group
    assertNull(o.refusal());
    List<Object[]> rows = o.answer().rows();
    assertEquals(2, rows.size());
    assertArrayEquals(new Object[] {0, 18L, 10L, BigInteger.valueOf(-9), BigInteger.valueOf(7)}, rows.get(0));
    assertArrayEquals(new Object[] {1, 4L, 4L, BigInteger.valueOf(100), BigInteger.valueOf(200)}, rows.get(1));
    assertEquals(4, o.answer().rowGroups());
  }

  @Test
  void whatTheFootersCannotAnswerIsLeftToScanRowGroupByRowGroup() {
    Leaf int32 = optional(PhysicalType.INT32, null);
    FooterAggregates.FileFooter mixed = file(0, int32, List.of(
        group(PhysicalType.INT32, 10, stats(2L, i32(-5), i32(7))),
        group(PhysicalType.INT32, 6, null), // no statistics: scanned
        group(PhysicalType.INT32, 4, stats(1L, i32(3), i32(40)))));
    FooterAggregates.FileFooter unknownNulls = file(1, int32, List.of(
        group(PhysicalType.INT32, 8, stats(null, i32(1), i32(2))))); // COUNT(c) needs the null count
    FooterAggregates.Outcome o = FooterAggregates.answer(COUNT_MIN_MAX_BY_PART, false, List.of(mixed, unknownNulls));
    assertNull(o.refusal());
    assertFalse(o.complete());
    // part 0 from row groups 0 and 2 only; part 1 has no row group answered, so no row of the footers
    List<Object[]> rows = o.answer().rows();
    assertEquals(1, rows.size());
    assertArrayEquals(new Object[] {0, 14L, 11L, BigInteger.valueOf(-5), BigInteger.valueOf(40)}, rows.get(0));
    assertEquals(2, o.answer().rowGroups());
    assertEquals(2, o.rest().size());
    assertEquals(mixed.location(), o.rest().get(0).location());
    assertEquals(java.util.BitSet.valueOf(new long[] {0b010}), o.rest().get(0).rowGroups());
    assertTrue(o.rest().get(0).why().contains("row group 1"), o.rest().get(0).why());
    assertEquals(java.util.BitSet.valueOf(new long[] {0b1}), o.rest().get(1).rowGroups());
    assertTrue(o.rest().get(1).why().contains("no null count"), o.rest().get(1).why());
  }

  @Test
  void aFileWhoseColumnTypeIsRefusedIsScannedWholeBesideTheAnswers() {
    FooterAggregates.FileFooter good = file(0, optional(PhysicalType.INT64, null),
        List.of(group(PhysicalType.INT64, 3, stats(0L, i64(4), i64(9)))));
    FooterAggregates.FileFooter unsigned = file(1, optional(PhysicalType.INT64, new LogicalType.IntType(64, false)),
        List.of(group(PhysicalType.INT64, 3, stats(0L, i64(1), i64(2))), group(PhysicalType.INT64, 2, stats(0L, i64(1), i64(2)))));
    FooterAggregates.Outcome o = FooterAggregates.answer(spec(List.of(PART), DataTypes.LongType, Fn.MIN), false,
        List.of(good, unsigned));
    assertEquals(1, o.answer().rowGroups());
    assertEquals(1, o.rest().size());
    assertEquals(java.util.BitSet.valueOf(new long[] {0b11}), o.rest().get(0).rowGroups());
    assertTrue(o.rest().get(0).why().contains("unsigned"), o.rest().get(0).why());
  }

  @Test
  void aGlobalAggregateOverNoRowsIsOneRowOfZeroAndNull() {
    FooterAggregates.Outcome o = FooterAggregates.answer(spec(List.of(), DataTypes.LongType, Fn.COUNT_STAR, Fn.MIN),
        false, List.of());
    assertArrayEquals(new Object[] {0L, null}, o.answer().rows().get(0));
  }

  @Test
  void int64AndFixedLengthDecimalsAreSignedIntegers() {
    Leaf int64 = optional(PhysicalType.INT64, new LogicalType.TimestampType(true, TimeUnit.MICROS));
    FooterAggregates.Outcome o = FooterAggregates.answer(
        spec(List.of(), DataTypes.TimestampType, Fn.MIN, Fn.MAX), false,
        List.of(file(null, int64, List.of(group(PhysicalType.INT64, 2, stats(0L, i64(-1L << 40), i64(1L << 50)))))));
    assertArrayEquals(new Object[] {BigInteger.valueOf(-1L << 40), BigInteger.valueOf(1L << 50)}, o.answer().rows().get(0));

    Leaf flba = new Leaf(PhysicalType.FIXED_LEN_BYTE_ARRAY, new LogicalType.DecimalType(2, 12), 5, Repetition.OPTIONAL);
    byte[] minus1 = {-1, -1, -1, -1, -1};
    byte[] big = {0x7f, 0, 0, 1, 0x2c};
    Spec decimals = spec(List.of(), DataTypes.createDecimalType(12, 2), Fn.MIN, Fn.MAX);
    o = FooterAggregates.answer(decimals, false,
        List.of(file(null, flba, List.of(group(PhysicalType.FIXED_LEN_BYTE_ARRAY, 2, stats(0L, minus1, big))))));
    assertArrayEquals(new Object[] {BigInteger.ONE.negate(), new BigInteger("7f0000012c", 16)}, o.answer().rows().get(0));

    // refused: a bound shorter than the type (truncated), a bound flagged inexact, the deprecated fields only
    assertRefused(decimals, file(null, flba, List.of(group(PhysicalType.FIXED_LEN_BYTE_ARRAY, 2,
        stats(0L, minus1, new byte[] {0x7f, 0, 0, 2})))), "truncated");
    assertRefused(decimals, file(null, flba, List.of(group(PhysicalType.FIXED_LEN_BYTE_ARRAY, 2,
        new Statistics(null, null, 0L, null, big, minus1, false, true, null)))), "inexact");
    assertRefused(decimals, file(null, flba, List.of(group(PhysicalType.FIXED_LEN_BYTE_ARRAY, 2,
        new Statistics(big, minus1, 0L, null, null, null, null, null, null)))), "truncated");
    // at another scale than Spark reads
    assertRefused(spec(List.of(), DataTypes.createDecimalType(12, 3), Fn.MIN), file(null, flba,
        List.of(group(PhysicalType.FIXED_LEN_BYTE_ARRAY, 2, stats(0L, minus1, big)))), "scale");
  }

  @Test
  void typesWhoseBoundsAreNotSparksValuesAreRefused() {
    Spec minLong = spec(List.of(), DataTypes.LongType, Fn.MIN);
    byte[] twelve = new byte[12];
    assertRefused(spec(List.of(), DataTypes.TimestampType, Fn.MIN), file(null, optional(PhysicalType.INT96, null),
        List.of(group(PhysicalType.INT96, 1, stats(0L, twelve, twelve)))), "INT96");
    assertRefused(minLong, file(null, optional(PhysicalType.INT32, new LogicalType.IntType(32, false)),
        List.of(group(PhysicalType.INT32, 1, stats(0L, i32(-1), i32(-1))))), "unsigned");
    assertRefused(spec(List.of(), DataTypes.TimestampType, Fn.MAX), file(null,
        optional(PhysicalType.INT64, new LogicalType.TimestampType(true, TimeUnit.MILLIS)),
        List.of(group(PhysicalType.INT64, 1, stats(0L, i64(1), i64(2))))), "MILLIS");
    assertRefused(spec(List.of(), DataTypes.TimestampType, Fn.MAX), file(null,
        optional(PhysicalType.INT64, new LogicalType.TimestampType(false, TimeUnit.NANOS)),
        List.of(group(PhysicalType.INT64, 1, stats(0L, i64(1), i64(2))))), "NANOS");
    assertRefused(spec(List.of(), DataTypes.StringType, Fn.MIN), file(null,
        optional(PhysicalType.BYTE_ARRAY, new LogicalType.StringType()),
        List.of(group(PhysicalType.BYTE_ARRAY, 1, stats(0L, new byte[] {'a'}, new byte[] {'b'})))), "BYTE_ARRAY");
    assertRefused(spec(List.of(), DataTypes.DoubleType, Fn.MIN), file(null, optional(PhysicalType.DOUBLE, null),
        List.of(group(PhysicalType.DOUBLE, 1, stats(0L, i64(1), i64(2))))), "DOUBLE");
    // but a string's null counts are exact
    FooterAggregates.Outcome o = FooterAggregates.answer(spec(List.of(), DataTypes.StringType, Fn.COUNT), false,
        List.of(file(null, optional(PhysicalType.BYTE_ARRAY, new LogicalType.StringType()),
            List.of(group(PhysicalType.BYTE_ARRAY, 7, stats(3L, new byte[] {'a'}, new byte[] {'b'}))))));
    assertArrayEquals(new Object[] {4L}, o.answer().rows().get(0));
  }

  @Test
  void missingOrUntrustedStatisticsAreRefused() {
    Leaf int32 = optional(PhysicalType.INT32, null);
    Spec minInt = spec(List.of(), DataTypes.IntegerType, Fn.MIN);
    assertRefused(minInt, file(null, int32, List.of(group(PhysicalType.INT32, 3, null))), "ABSENT");
    // bounds but no null count: not known to be all nulls, and the bounds are fine
    FooterAggregates.Outcome o = FooterAggregates.answer(minInt, false,
        List.of(file(null, int32, List.of(group(PhysicalType.INT32, 3, stats(null, i32(4), i32(5)))))));
    assertArrayEquals(new Object[] {BigInteger.valueOf(4)}, o.answer().rows().get(0));
    // no null count: no COUNT(c); a required column has none to count
    assertRefused(spec(List.of(), DataTypes.IntegerType, Fn.COUNT),
        file(null, int32, List.of(group(PhysicalType.INT32, 3, stats(null, i32(4), i32(5))))), "null count");
    o = FooterAggregates.answer(spec(List.of(), DataTypes.IntegerType, Fn.COUNT), false, List.of(
        file(null, new Leaf(PhysicalType.INT32, null, null, Repetition.REQUIRED), List.of(group(PhysicalType.INT32, 3, null)))));
    assertArrayEquals(new Object[] {3L}, o.answer().rows().get(0));
    // a column order this library does not know
    assertRefused(minInt, file(null, int32, List.of(group(PhysicalType.INT32, 3, stats(0L, i32(4), i32(5)))),
        ColumnOrder.UNKNOWN), "UNKNOWN_ORDER");
    // a numeric bound flagged inexact
    assertRefused(minInt, file(null, int32, List.of(group(PhysicalType.INT32, 3,
        new Statistics(null, null, 0L, null, i32(5), i32(4), true, false, null)))), "inexact");
  }

  @Test
  void aDataFilterADataGroupOrAnotherFunctionIsRefused() {
    Leaf int32 = optional(PhysicalType.INT32, null);
    FooterAggregates.FileFooter f = file(0, int32, List.of(group(PhysicalType.INT32, 3, stats(0L, i32(4), i32(5)))));
    assertRefused(COUNT_MIN_MAX_BY_PART, true, f, "filter");
    assertRefused(spec(List.of(new GroupKey("c", DataTypes.IntegerType, 0, Kind.I32, false)), DataTypes.IntegerType,
        Fn.COUNT_STAR), false, f, "grouped by data column c");
    assertRefused(spec(List.of(), DataTypes.IntegerType, Fn.SUM), false, f, "SUM");
  }

  private static void assertRefused(Spec spec, FooterAggregates.FileFooter f, String why) {
    assertRefused(spec, false, f, why);
  }

  private static void assertRefused(Spec spec, boolean dataFilter, FooterAggregates.FileFooter f, String why) {
    FooterAggregates.Outcome o = FooterAggregates.answer(spec, dataFilter, List.of(f));
    assertNull(o.answer(), why);
    assertNotNull(o.refusal());
    assertTrue(o.refusal().contains(why), o.refusal() + " should say " + why);
  }
}
