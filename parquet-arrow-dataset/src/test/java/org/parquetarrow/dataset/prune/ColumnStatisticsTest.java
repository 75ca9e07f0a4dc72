package org.parquetarrow.dataset.prune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Literal;
import org.parquetarrow.format.ColumnOrder;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.schema.PrimitiveNode;

/** Statistics decoding and trust, on hand-made PLAIN bytes. */
class ColumnStatisticsTest {
  private static byte[] i32(int v) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
  }

  private static byte[] f64(double v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(v).array();
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static Statistics minMax(byte[] min, byte[] max, Long nulls) {
    return new Statistics(null, null, nulls, null, max, min, null, null, null);
  }

  private static Statistics legacy(byte[] min, byte[] max) {
    return new Statistics(max, min, 0L, null, null, null, null, null, null);
  }

  private static ColumnStatistics stats(PrimitiveNode node, ArrowType arrow, ColumnOrder order, String createdBy) {
    return new ColumnStatistics(StatisticsDecoder.of(node, arrow, ValueDomain.of(arrow)), node, order, createdBy);
  }

  private static final PrimitiveNode STRING =
      PrimitiveNode.of("s", Repetition.OPTIONAL, PhysicalType.BYTE_ARRAY).withLogicalType(new LogicalType.StringType());
  private static final PrimitiveNode UINT32 =
      PrimitiveNode.of("u", Repetition.OPTIONAL, PhysicalType.INT32).withLogicalType(new LogicalType.IntType(32, false));
  private static final PrimitiveNode DOUBLE = PrimitiveNode.of("d", Repetition.OPTIONAL, PhysicalType.DOUBLE);

  @Test
  void utf8IsComparedAsUnsignedBytes() {
    // "é" is 0xC3 0xA9: above "z" (0x7A) unsigned, below it signed.
    ColumnBounds b = stats(STRING, ArrowType.Utf8.INSTANCE, ColumnOrder.TYPE_DEFINED_ORDER, "parquet-mr version 1.12.0")
        .chunk(minMax(utf8("a"), utf8("é"), 0L), 10);
    assertEquals(Truth.MAYBE, BoundsEvaluator.compare(b, CompareOp.EQ, Literal.of("z")));
    assertEquals(Truth.NEVER, BoundsEvaluator.compare(b, CompareOp.GT, Literal.of("éa")));
  }

  @Test
  void unsignedIntegersDecodeUnsigned() {
    // 0xFFFFFFFF is 4294967295 as uint32, -1 as int32.
    ColumnBounds b = stats(UINT32, new ArrowType.Int(32, false), ColumnOrder.TYPE_DEFINED_ORDER, "parquet-cpp-arrow version 14.0.0")
        .chunk(minMax(i32(1), i32(-1), 0L), 10);
    assertEquals(4294967295L, b.max());
    assertEquals(Truth.MAYBE, BoundsEvaluator.compare(b, CompareOp.GT, Literal.of(4000000000L)));
  }

  @Test
  void deprecatedMinMaxOnlyForSignedOrderOrWhenEqual() {
    ColumnStatistics s = stats(STRING, ArrowType.Utf8.INSTANCE, null, "parquet-mr version 1.10.0");
    assertNull(s.chunk(legacy(utf8("a"), utf8("b")), 5).min());
    assertEquals("a", new String((byte[]) s.chunk(legacy(utf8("a"), utf8("a")), 5).min(), StandardCharsets.UTF_8));
    ColumnStatistics d = stats(DOUBLE, new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), null, "parquet-mr version 1.10.0");
    assertEquals(1.0, d.chunk(legacy(f64(1), f64(2)), 5).min());
  }

  @Test
  void writersWithKnownStatisticsBugs() {
    Statistics ab = minMax(utf8("a"), utf8("b"), 0L);
    // PARQUET-251: parquet-mr before 1.8.0 sorted binary signed.
    assertNull(stats(STRING, ArrowType.Utf8.INSTANCE, null, "parquet-mr version 1.7.9 (build x)").chunk(ab, 5).min());
    // PARQUET-297: no created_by at all.
    assertNull(stats(STRING, ArrowType.Utf8.INSTANCE, null, null).chunk(ab, 5).min());
    // parquet-cpp before 1.3.0: only signed orders.
    assertNull(stats(STRING, ArrowType.Utf8.INSTANCE, null, "parquet-cpp version 1.2.9").chunk(ab, 5).min());
    assertNull(stats(UINT32, new ArrowType.Int(32, false), null, "parquet-cpp version 1.2.0").chunk(minMax(i32(1), i32(2), 0L), 5).min());
    // Fixed versions are trusted.
    assertEquals(1L, stats(UINT32, new ArrowType.Int(32, false), null, "parquet-cpp version 1.3.0").chunk(minMax(i32(1), i32(2), 0L), 5).min());
    byte[] min = (byte[]) stats(STRING, ArrowType.Utf8.INSTANCE, null, "parquet-mr version 1.10.0").chunk(ab, 5).min();
    assertEquals("a", new String(min, StandardCharsets.UTF_8));
    // Signed INT32 from an old parquet-mr is fine.
    PrimitiveNode i32 = PrimitiveNode.of("i", Repetition.OPTIONAL, PhysicalType.INT32);
    assertEquals(1L, stats(i32, new ArrowType.Int(32, true), null, "parquet-mr version 1.6.0").chunk(minMax(i32(1), i32(2), 0L), 5).min());
  }

  @Test
  void unknownColumnOrderAndNanBoundsAreIgnored() {
    ArrowType f64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    assertNull(stats(DOUBLE, f64, ColumnOrder.UNKNOWN, "parquet-mr version 1.13.0").chunk(minMax(f64(1), f64(2), 0L), 5).min());
    assertNull(stats(DOUBLE, f64, null, "parquet-mr version 1.13.0").chunk(minMax(f64(1), f64(Double.NaN), 0L), 5).max());
  }

  @Test
  void nanCountDecidesWhetherGreaterThanCanPrune() {
    ArrowType f64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    ColumnStatistics s = stats(DOUBLE, f64, ColumnOrder.IEEE_754_TOTAL_ORDER, "parquet-mr version 1.18.0");
    Statistics noNan = new Statistics(null, null, 0L, null, f64(2), f64(1), null, null, 0L);
    Statistics someNan = new Statistics(null, null, 0L, null, f64(2), f64(1), null, null, 3L);
    Statistics unknownNan = new Statistics(null, null, 0L, null, f64(2), f64(1), null, null, null);
    assertEquals(Truth.NEVER, BoundsEvaluator.compare(s.chunk(noNan, 5), CompareOp.GT, Literal.of(5.0)));
    assertEquals(Truth.MAYBE, BoundsEvaluator.compare(s.chunk(someNan, 5), CompareOp.GT, Literal.of(5.0)));
    assertEquals(Truth.MAYBE, BoundsEvaluator.compare(s.chunk(unknownNan, 5), CompareOp.GT, Literal.of(5.0)));
    // NaN is never below a number, so < still prunes.
    assertEquals(Truth.NEVER, BoundsEvaluator.compare(s.chunk(someNan, 5), CompareOp.LT, Literal.of(0.5)));
    assertEquals(Truth.ALWAYS, BoundsEvaluator.compare(s.chunk(noNan, 5), CompareOp.LT, Literal.of(5.0)));
    assertEquals(Truth.MAYBE, BoundsEvaluator.compare(s.chunk(someNan, 5), CompareOp.LT, Literal.of(5.0)));
  }

  @Test
  void halfFloatAndDecimalDecoding() {
    // 0x3C00 is 1.0 in binary16, 0xC000 is -2.0, 0x0001 the smallest subnormal 2^-24.
    assertEquals(1.0f, StatisticsDecoder.halfToFloat((short) 0x3C00));
    assertEquals(-2.0f, StatisticsDecoder.halfToFloat((short) 0xC000));
    assertEquals(0x1p-24f, StatisticsDecoder.halfToFloat((short) 0x0001));
    assertEquals(65504f, StatisticsDecoder.halfToFloat((short) 0x7BFF));
    PrimitiveNode dec = PrimitiveNode.of("m", Repetition.OPTIONAL, PhysicalType.FIXED_LEN_BYTE_ARRAY)
        .withTypeLength(2).withLogicalType(new LogicalType.DecimalType(2, 4));
    ArrowType decType = new ArrowType.Decimal(4, 2, 128);
    // Big-endian two's complement: 0xFF38 = -200 -> -2.00; 0x0190 = 400 -> 4.00.
    ColumnBounds b = stats(dec, decType, null, "parquet-mr version 1.13.0")
        .chunk(minMax(new byte[] {(byte) 0xFF, 0x38}, new byte[] {0x01, (byte) 0x90}, 0L), 5);
    assertEquals(0, new java.math.BigDecimal("-2").compareTo((java.math.BigDecimal) b.min()));
    assertEquals(Truth.NEVER, BoundsEvaluator.compare(b, CompareOp.GT, Literal.of(new java.math.BigDecimal("4.00"))));
    assertEquals(Truth.MAYBE, BoundsEvaluator.compare(b, CompareOp.GT, Literal.of(new java.math.BigDecimal("3.99"))));
  }
}
