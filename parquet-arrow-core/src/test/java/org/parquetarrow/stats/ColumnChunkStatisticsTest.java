package org.parquetarrow.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.BoundaryOrder;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.ColumnOrder;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.schema.PrimitiveNode;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Typed min/max of column chunks, from the user's side: files written from vectors of known
 * values (the expected min/max are the extremes inserted), corpus files whose statistics the
 * corpus catalogue states, and hand-made statistics for the trust rules.
 */
class ColumnChunkStatisticsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static Field field(String name, ArrowType type) {
    return Field.nullable(name, type);
  }

  /** One row group of three rows: the extremes below and a null. */
  private Path writeExtremes() {
    Schema schema = new Schema(List.of(
        field("u8", new ArrowType.Int(8, false)),
        field("u16", new ArrowType.Int(16, false)),
        field("u32", new ArrowType.Int(32, false)),
        field("u64", new ArrowType.Int(64, false)),
        field("f16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)),
        field("dec9", new ArrowType.Decimal(9, 2, 128)),
        field("dec18", new ArrowType.Decimal(18, 3, 128)),
        field("dec30", new ArrowType.Decimal(30, 4, 128)),
        field("day", new ArrowType.Date(DateUnit.DAY)),
        field("tod", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
        field("ts_utc", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
        field("ts_local", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
        field("s", ArrowType.Utf8.INSTANCE),
        field("b", ArrowType.Binary.INSTANCE),
        field("flag", ArrowType.Bool.INSTANCE)));
    Path file = dir.resolve("extremes.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      root.allocateNew();
      UInt1Vector u8 = (UInt1Vector) root.getVector("u8");
      u8.set(0, 7);
      u8.set(1, 200); // -56 read as a signed byte
      UInt2Vector u16 = (UInt2Vector) root.getVector("u16");
      u16.set(0, 1);
      u16.set(1, 60000);
      UInt4Vector u32 = (UInt4Vector) root.getVector("u32");
      u32.set(0, 5);
      u32.set(1, 0xFFFFFFF0); // 4294967280
      UInt8Vector u64 = (UInt8Vector) root.getVector("u64");
      u64.set(0, 3);
      u64.set(1, -1L); // 2^64 - 1
      Float2Vector f16 = (Float2Vector) root.getVector("f16");
      f16.setWithPossibleTruncate(0, -0.5f);
      f16.setWithPossibleTruncate(1, 1.5f);
      DecimalVector dec9 = (DecimalVector) root.getVector("dec9");
      dec9.set(0, new BigDecimal("-5.67"));
      dec9.set(1, new BigDecimal("12.34"));
      DecimalVector dec18 = (DecimalVector) root.getVector("dec18");
      dec18.set(0, new BigDecimal("-999999999999999.999"));
      dec18.set(1, new BigDecimal("0.001"));
      DecimalVector dec30 = (DecimalVector) root.getVector("dec30");
      dec30.set(0, new BigDecimal("12345678901234567890123456.7890"));
      dec30.set(1, new BigDecimal("-0.0001"));
      DateDayVector day = (DateDayVector) root.getVector("day");
      day.set(0, 19000); // 2022-01-08
      day.set(1, -1); // 1969-12-31
      TimeMicroVector tod = (TimeMicroVector) root.getVector("tod");
      tod.set(0, 86_399_999_999L); // 23:59:59.999999
      tod.set(1, 3_600_000_000L); // 01:00
      TimeStampMicroTZVector utc = (TimeStampMicroTZVector) root.getVector("ts_utc");
      utc.set(0, 1_700_000_000_123_456L);
      utc.set(1, -1L);
      TimeStampMicroVector local = (TimeStampMicroVector) root.getVector("ts_local");
      local.set(0, 1_700_000_000_123_456L);
      local.set(1, -1L);
      VarCharVector s = (VarCharVector) root.getVector("s");
      s.setSafe(0, "é".getBytes(StandardCharsets.UTF_8)); // above "z" unsigned, below it signed
      s.setSafe(1, "a".getBytes(StandardCharsets.UTF_8));
      VarBinaryVector b = (VarBinaryVector) root.getVector("b");
      b.setSafe(0, new byte[] {(byte) 0xff});
      b.setSafe(1, new byte[] {0x01});
      BitVector flag = (BitVector) root.getVector("flag");
      flag.set(0, 1);
      flag.set(1, 1);
      root.getFieldVectors().forEach(v -> v.setNull(2));
      root.setRowCount(3);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults())) {
        w.write(root);
      }
    }
    return file;
  }

  private ParquetFileReader open(Path file) {
    return ParquetFileReader.open(file, ReadOptions.builder(memory.allocator()).build());
  }

  private static void assertMinMax(ColumnChunkStatistics s, Object min, Object max) {
    assertEquals(MinMaxStatus.USABLE, s.minMaxStatus(), s.toString());
    assertEquals(Optional.of(min), s.min(), s.toString());
    assertEquals(Optional.of(max), s.max(), s.toString());
  }

  @Test
  void minAndMaxAreValuesOfTheColumnsArrowType() {
    try (ParquetFileReader reader = open(writeExtremes())) {
      assertMinMax(ColumnChunkStatistics.of(reader, 0, "u8"), 7L, 200L);
      assertMinMax(ColumnChunkStatistics.of(reader, 0, "u16"), 1L, 60000L);
      assertMinMax(ColumnChunkStatistics.of(reader, 0, "u32"), 5L, 4294967280L);
      assertMinMax(ColumnChunkStatistics.of(reader, 0, "u64"),
          BigInteger.valueOf(3), new BigInteger("18446744073709551615"));
      assertMinMax(ColumnChunkStatistics.of(reader, 0, "f16"), -0.5f, 1.5f);
      assertMinMax(ColumnChunkStatistics.of(reader, 0, "dec9"), new BigDecimal("-5.67"), new BigDecimal("12.34"));
      assertMinMax(ColumnChunkStatistics.of(reader, 0, "dec18"),
          new BigDecimal("-999999999999999.999"), new BigDecimal("0.001"));
      assertMinMax(ColumnChunkStatistics.of(reader, 0, "dec30"),
          new BigDecimal("-0.0001"), new BigDecimal("12345678901234567890123456.7890"));
      assertMinMax(ColumnChunkStatistics.of(reader, 0, "day"), LocalDate.of(1969, 12, 31), LocalDate.of(2022, 1, 8));
      assertMinMax(ColumnChunkStatistics.of(reader, 0, "tod"), LocalTime.of(1, 0), LocalTime.of(23, 59, 59, 999_999_000));
      assertMinMax(ColumnChunkStatistics.of(reader, 0, "ts_utc"),
          Instant.parse("1969-12-31T23:59:59.999999Z"), Instant.parse("2023-11-14T22:13:20.123456Z"));
      assertMinMax(ColumnChunkStatistics.of(reader, 0, "ts_local"),
          LocalDateTime.parse("1969-12-31T23:59:59.999999"), LocalDateTime.parse("2023-11-14T22:13:20.123456"));
      assertMinMax(ColumnChunkStatistics.of(reader, 0, "s"), "a", "é");
      assertMinMax(ColumnChunkStatistics.of(reader, 0, "flag"), true, true);
      ColumnChunkStatistics b = ColumnChunkStatistics.of(reader, 0, "b");
      assertEquals(MinMaxStatus.USABLE, b.minMaxStatus());
      assertArrayEquals(new byte[] {0x01}, (byte[]) b.min().orElseThrow());
      assertArrayEquals(new byte[] {(byte) 0xff}, (byte[]) b.max().orElseThrow());
      ColumnChunkStatistics u64 = ColumnChunkStatistics.of(reader, 0, "u64");
      assertEquals(1L, u64.nullCount().orElseThrow());
      assertArrayEquals(new byte[] {-1, -1, -1, -1, -1, -1, -1, -1}, u64.maxBytes().orElseThrow());
      assertTrue(u64.isMinExact() && u64.isMaxExact());
      assertEquals(SortOrder.UNSIGNED, u64.sortOrder());
    }
  }

  @Test
  void unknownRowGroupOrColumnIsRefusedNamingTheColumns() {
    try (ParquetFileReader reader = open(writeExtremes())) {
      IllegalArgumentException column = assertThrows(IllegalArgumentException.class,
          () -> ColumnChunkStatistics.of(reader, 0, "nope"));
      assertTrue(column.getMessage().contains("nope") && column.getMessage().contains("u64"), column.getMessage());
      IllegalArgumentException group = assertThrows(IllegalArgumentException.class,
          () -> ColumnChunkStatistics.of(reader, 1, "u8"));
      assertTrue(group.getMessage().contains("1 row group"), group.getMessage());
    }
  }

  private ParquetFileReader corpus(String file) {
    return ParquetFileReader.open(TestData.parquetTesting().resolve(file), ReadOptions.builder(memory.allocator()).build());
  }

  @Test
  void corpusFloat16StatisticsLeaveNaNOut() {
    // CATALOG.md: null, 1, -2, NaN, 0, -1, -0, 2; statistics min -2, max 2
    try (ParquetFileReader reader = corpus("data/float16_nonzeros_and_nans.parquet")) {
      String column = reader.parquetSchema().column(0).dottedPath();
      assertMinMax(ColumnChunkStatistics.of(reader, 0, column), -2.0f, 2.0f);
    }
  }

  @Test
  void corpusNaNBoundIsNotUsable() {
    // CATALOG.md: [1.0, NaN] with NaN as the max statistic, which must be ignored
    try (ParquetFileReader reader = corpus("data/nan_in_stats.parquet")) {
      ColumnChunkStatistics s = ColumnChunkStatistics.of(reader, 0, reader.parquetSchema().column(0).dottedPath());
      assertEquals(MinMaxStatus.NAN_BOUND, s.minMaxStatus());
      assertTrue(s.min().isEmpty() && s.max().isEmpty());
      assertEquals(Optional.of(1.0), s.valueOf(s.minBytes().orElseThrow()), "the stored bytes still decode");
    }
  }

  @Test
  void corpusDeprecatedStringBoundsAreNotUsable() {
    // CATALOG.md: parquet-mr 1.8.2, legacy min/max only; strings sort unsigned, those were signed
    try (ParquetFileReader reader = corpus("data/nested_lists.snappy.parquet")) {
      ColumnChunkStatistics s = ColumnChunkStatistics.of(reader, 0, reader.parquetSchema().column(0).dottedPath());
      assertTrue(s.fromDeprecatedFields());
      assertTrue(s.minBytes().isPresent());
      assertEquals(MinMaxStatus.DEPRECATED_SIGNED_ORDER, s.minMaxStatus(), s.toString());
      assertTrue(s.min().isEmpty());
    }
  }

  @Test
  void corpusTruncatedBinaryBoundsAreNotExact() {
    // CATALOG.md: statistics truncated to 2 bytes, with is_min/max_value_exact set accordingly
    try (ParquetFileReader reader = corpus("data/binary_truncated_min_max.parquet")) {
      boolean sawInexact = false;
      for (int c = 0; c < reader.parquetSchema().columnCount(); c++) {
        ColumnChunkStatistics s = ColumnChunkStatistics.of(reader.metadata(), reader.parquetSchema(), 0, c);
        assertEquals(MinMaxStatus.USABLE, s.minMaxStatus(), s.toString());
        Statistics raw = reader.metadata().rowGroups().get(0).columns().get(c).metaData().statistics();
        assertEquals(Boolean.TRUE.equals(raw.isMinValueExact()), s.isMinExact());
        assertEquals(Boolean.TRUE.equals(raw.isMaxValueExact()), s.isMaxExact());
        sawInexact |= !s.isMinExact() || !s.isMaxExact();
      }
      assertTrue(sawInexact);
    }
  }

  // ---- hand-made statistics: the trust rules and the physical types our writer does not produce

  private static final PrimitiveNode STRING =
      PrimitiveNode.of("s", Repetition.OPTIONAL, PhysicalType.BYTE_ARRAY).withLogicalType(new LogicalType.StringType());

  private static Statistics minMax(byte[] min, byte[] max) {
    return new Statistics(null, null, 0L, null, max, min, null, null, null);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void oldParquetMrBinaryBoundsAreWriterBugs() {
    Statistics ab = minMax(utf8("a"), utf8("b"));
    // PARQUET-251: parquet-mr before 1.8.0 compared binary as signed bytes
    assertEquals(MinMaxStatus.WRITER_BUG,
        ColumnChunkStatistics.of(STRING, ab, ColumnOrder.TYPE_DEFINED_ORDER, "parquet-mr version 1.7.9 (build x)").minMaxStatus());
    // no created_by: written before PARQUET-297, so from that era
    assertEquals(MinMaxStatus.WRITER_BUG, ColumnChunkStatistics.of(STRING, ab, null, null).minMaxStatus());
    assertEquals(MinMaxStatus.USABLE,
        ColumnChunkStatistics.of(STRING, ab, ColumnOrder.TYPE_DEFINED_ORDER, "parquet-mr version 1.12.3 (build y)").minMaxStatus());
    ColumnChunkStatistics unknown = ColumnChunkStatistics.of(STRING, ab, ColumnOrder.UNKNOWN, "parquet-mr version 1.12.3");
    assertEquals(MinMaxStatus.UNKNOWN_ORDER, unknown.minMaxStatus());
    assertFalse(unknown.min().isPresent());
  }

  @Test
  void int96AndWrongLengthsAreNotUsable() {
    PrimitiveNode int96 = PrimitiveNode.of("t", Repetition.OPTIONAL, PhysicalType.INT96);
    // 2000-01-01T00:00:00.000000001: Julian day 2451545, one nanosecond
    byte[] v = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putLong(1).putInt(2_451_545).array();
    ColumnChunkStatistics s = ColumnChunkStatistics.of(int96, minMax(v, v), null, "parquet-cpp-arrow version 18.0.0");
    assertEquals(MinMaxStatus.UNKNOWN_ORDER, s.minMaxStatus());
    assertEquals(Optional.of(LocalDateTime.parse("2000-01-01T00:00:00.000000001")), s.valueOf(v));
    PrimitiveNode i32 = PrimitiveNode.of("i", Repetition.OPTIONAL, PhysicalType.INT32);
    assertEquals(MinMaxStatus.UNDECODABLE,
        ColumnChunkStatistics.of(i32, minMax(new byte[3], new byte[4]), null, "parquet-cpp-arrow version 18.0.0").minMaxStatus());
  }

  @Test
  void byteArrayDecimalsUuidsAndAbsentStatistics() {
    PrimitiveNode dec = PrimitiveNode.of("d", Repetition.OPTIONAL, PhysicalType.BYTE_ARRAY)
        .withLogicalType(new LogicalType.DecimalType(3, 40));
    // big-endian two's complement: -1234567 and 0x0100 = 256
    byte[] lo = BigInteger.valueOf(-1234567).toByteArray();
    ColumnChunkStatistics d = ColumnChunkStatistics.of(dec, minMax(lo, new byte[] {1, 0}), null, "parquet-mr version 1.13.1");
    assertMinMax(d, new BigDecimal("-1234.567"), new BigDecimal("0.256"));
    PrimitiveNode uuid = PrimitiveNode.of("u", Repetition.OPTIONAL, PhysicalType.FIXED_LEN_BYTE_ARRAY)
        .withTypeLength(16).withLogicalType(new LogicalType.UuidType());
    UUID a = UUID.fromString("00112233-4455-6677-8899-aabbccddeeff");
    byte[] ab = ByteBuffer.allocate(16).putLong(a.getMostSignificantBits()).putLong(a.getLeastSignificantBits()).array();
    assertMinMax(ColumnChunkStatistics.of(uuid, minMax(ab, ab), null, "parquet-cpp-arrow version 18.0.0"), a, a);
    ColumnChunkStatistics none = ColumnChunkStatistics.of(dec, null, null, null);
    assertEquals(MinMaxStatus.ABSENT, none.minMaxStatus());
    assertTrue(none.nullCount().isEmpty() && none.distinctCount().isEmpty() && none.minBytes().isEmpty());
  }

  @Test
  void columnIndexPagesAreJudgedAsChunksAreAndTheirStringBoundsAreNotExact() {
    // pages 0: "a".."b"; 1: 7..9 as INT32 LE (on an INT32 leaf below); counts per page
    ColumnIndex strings = new ColumnIndex(List.of(false, false), List.of(utf8("a"), utf8("c")),
        List.of(utf8("b"), utf8("d")), BoundaryOrder.ASCENDING, List.of(3L, 0L), null, null, null);
    // parquet-mr before 1.10.0 wrote correct bounds only for signed orders (strings sort unsigned)
    assertEquals(MinMaxStatus.WRITER_BUG, ColumnChunkStatistics.ofPage(STRING, strings, 0,
        ColumnOrder.TYPE_DEFINED_ORDER, "parquet-mr version 1.9.0 (build x)").minMaxStatus());
    ColumnChunkStatistics second = ColumnChunkStatistics.ofPage(STRING, strings, 1,
        ColumnOrder.TYPE_DEFINED_ORDER, "parquet-mr version 1.12.3 (build y)");
    assertMinMax(second, "c", "d");
    assertEquals(OptionalLong.of(0), second.nullCount());
    // a column index has no exactness flag: string bounds may be truncated
    assertFalse(second.isMinExact() || second.isMaxExact());
    assertEquals(MinMaxStatus.UNKNOWN_ORDER,
        ColumnChunkStatistics.ofPage(STRING, strings, 1, ColumnOrder.UNKNOWN, "parquet-mr version 1.12.3").minMaxStatus());
    PrimitiveNode i32 = PrimitiveNode.of("i", Repetition.OPTIONAL, PhysicalType.INT32);
    byte[] seven = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(7).array();
    byte[] nine = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(9).array();
    ColumnIndex ints = new ColumnIndex(List.of(false), List.of(seven), List.of(nine), BoundaryOrder.UNORDERED,
        null, null, null, null);
    ColumnChunkStatistics n = ColumnChunkStatistics.ofPage(i32, ints, 0, null, "parquet-cpp-arrow version 18.0.0");
    assertMinMax(n, 7L, 9L);
    assertTrue(n.isMinExact() && n.isMaxExact());
    assertTrue(n.nullCount().isEmpty());
  }
}
