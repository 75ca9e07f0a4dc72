package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * {@code cat --json}, {@code head} and {@code scan --json} print the values in the file: unsigned
 * integers above the signed range and half floats as the numbers they are, at the top level and
 * inside lists, structs and maps, and dates, times, durations, decimal256 and large/view strings as
 * their values. The expected text is derived from the values written.
 */
class PrintedValuesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static Field nullable(String name, ArrowType type, Field... children) {
    return new Field(name, FieldType.nullable(type), List.of(children));
  }

  private static final ArrowType U8 = new ArrowType.Int(8, false);
  private static final ArrowType U32 = new ArrowType.Int(32, false);
  private static final ArrowType U64 = new ArrowType.Int(64, false);
  private static final ArrowType HALF = new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);

  /** One row: u8 200, u16 65535, u32 2^32-1, u64 2^64-1, f16 1.5, and the same inside nested fields. */
  private Path unsignedAndHalf() {
    Schema schema = new Schema(List.of(
        nullable("u8", U8),
        nullable("u16", new ArrowType.Int(16, false)),
        nullable("u32", U32),
        nullable("u64", U64),
        nullable("f16", HALF),
        nullable("l", ArrowType.List.INSTANCE, nullable("element", U8)),
        nullable("s", ArrowType.Struct.INSTANCE, nullable("a", U64), nullable("h", HALF)),
        new Field("m", FieldType.nullable(new ArrowType.Map(false)), List.of(
            new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
                new Field("key", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
                nullable("value", U32)))))));
    Path file = dir.resolve("unsigned.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      root.allocateNew();
      ((UInt1Vector) root.getVector("u8")).set(0, 200);
      ((UInt2Vector) root.getVector("u16")).set(0, 65535);
      ((UInt4Vector) root.getVector("u32")).set(0, -1); // 4294967295
      ((UInt8Vector) root.getVector("u64")).set(0, -1L); // 18446744073709551615
      ((Float2Vector) root.getVector("f16")).setWithPossibleTruncate(0, 1.5f);
      ListVector l = (ListVector) root.getVector("l");
      UInt1Vector elements = (UInt1Vector) l.getDataVector();
      l.startNewValue(0);
      elements.setSafe(0, 200);
      elements.setSafe(1, 255);
      l.endValue(0, 2);
      elements.setValueCount(2);
      StructVector s = (StructVector) root.getVector("s");
      ((UInt8Vector) s.getChild("a")).setSafe(0, -2L); // 18446744073709551614
      ((Float2Vector) s.getChild("h")).setSafeWithPossibleTruncate(0, -2.5f);
      s.setIndexDefined(0);
      MapVector m = (MapVector) root.getVector("m");
      StructVector entries = (StructVector) m.getDataVector();
      m.startNewValue(0);
      ((VarCharVector) entries.getChild("key")).setSafe(0, "k".getBytes(StandardCharsets.UTF_8));
      ((UInt4Vector) entries.getChild("value")).setSafe(0, 0x80000000); // 2147483648
      entries.setIndexDefined(0);
      m.endValue(0, 1);
      entries.setValueCount(1);
      root.setRowCount(1);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults())) {
        w.write(root);
      }
    }
    return file;
  }

  private static final String UNSIGNED_ROW = "{\"u8\":200,\"u16\":65535,\"u32\":4294967295,"
      + "\"u64\":18446744073709551615,\"f16\":1.5,\"l\":[200,255],"
      + "\"s\":{\"a\":18446744073709551614,\"h\":-2.5},\"m\":{\"k\":2147483648}}";

  @Test
  void catJsonPrintsUnsignedAndHalfFloatValues() {
    Cli r = Cli.run("cat", unsignedAndHalf().toString(), "--json");
    assertEquals(0, r.exit(), r.err());
    assertEquals(List.of(UNSIGNED_ROW), r.out().lines().toList());
  }

  @Test
  void scanJsonPrintsUnsignedAndHalfFloatValues() {
    Cli r = Cli.run("scan", unsignedAndHalf().toString(), "--json");
    assertEquals(0, r.exit(), r.err());
    assertEquals(List.of(UNSIGNED_ROW), r.out().lines().toList());
  }

  @Test
  void headPrintsUnsignedAndHalfFloatValues() {
    Cli r = Cli.run("head", unsignedAndHalf().toString());
    assertEquals(0, r.exit(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(3, lines.size(), r.out());
    List<String> cells = List.of(lines.get(2).trim().split(" {2,}"));
    assertEquals(List.of("200", "65535", "4294967295", "18446744073709551615", "1.5", "[200,255]",
        "{\"a\":18446744073709551614,\"h\":-2.5}", "{\"k\":2147483648}"), cells, r.out());
    assertFalse(r.out().contains("-56") || r.out().contains("15872"), r.out());
  }

  /** {@code to-arrow} hands the vectors on as they are: the same unsigned and half-float values. */
  @Test
  void toArrowKeepsTheValues() throws Exception {
    Path arrow = dir.resolve("unsigned.arrow");
    Cli r = Cli.run("to-arrow", unsignedAndHalf().toString(), arrow.toString());
    assertEquals(0, r.exit(), r.err());
    try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(arrow);
        org.apache.arrow.vector.ipc.ArrowFileReader reader =
            new org.apache.arrow.vector.ipc.ArrowFileReader(ch, memory.allocator())) {
      assertTrue(reader.loadNextBatch());
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      assertEquals(new java.math.BigInteger("18446744073709551615"),
          ((UInt8Vector) root.getVector("u64")).getObjectNoOverflow(0));
      assertEquals((short) 200, ((UInt1Vector) root.getVector("u8")).getObjectNoOverflow(0));
      assertEquals(1.5f, ((Float2Vector) root.getVector("f16")).getValueAsFloat(0));
    }
  }

  /** Dates, times of every unit, durations, decimal256, timestamps in seconds, large and view strings. */
  @Test
  void otherArrowTypesPrintTheirValues() {
    Schema schema = new Schema(List.of(
        nullable("d32", new ArrowType.Date(DateUnit.DAY)),
        nullable("d64", new ArrowType.Date(DateUnit.MILLISECOND)),
        nullable("t_s", new ArrowType.Time(TimeUnit.SECOND, 32)),
        nullable("t_ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
        nullable("t_us", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
        nullable("t_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
        nullable("dur", new ArrowType.Duration(TimeUnit.MILLISECOND)),
        nullable("dec256", new ArrowType.Decimal(50, 3, 256)),
        nullable("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, null)),
        nullable("big", new ArrowType.Int(64, true)),
        nullable("large", ArrowType.LargeUtf8.INSTANCE),
        nullable("view", ArrowType.Utf8View.INSTANCE)));
    Path file = dir.resolve("others.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      root.allocateNew();
      ((DateDayVector) root.getVector("d32")).set(0, 19000); // 2022-01-08
      ((DateMilliVector) root.getVector("d64")).set(0, 19000L * 86_400_000L);
      ((TimeSecVector) root.getVector("t_s")).set(0, 3661); // 01:01:01
      ((TimeMilliVector) root.getVector("t_ms")).set(0, 3_661_500); // 01:01:01.5
      ((TimeMicroVector) root.getVector("t_us")).set(0, 3_661_000_001L);
      ((TimeNanoVector) root.getVector("t_ns")).set(0, 3_661_000_000_001L);
      ((DurationVector) root.getVector("dur")).set(0, 90_061_001L); // 1 d 1 h 1 min 1.001 s
      ((Decimal256Vector) root.getVector("dec256")).set(0,
          new BigDecimal("-12345678901234567890123456789012345678901234.500"));
      ((TimeStampSecVector) root.getVector("ts_s")).set(0, 1_700_000_000L);
      ((BigIntVector) root.getVector("big")).set(0, Long.MIN_VALUE);
      ((LargeVarCharVector) root.getVector("large")).setSafe(0, "grand".getBytes(StandardCharsets.UTF_8));
      ((ViewVarCharVector) root.getVector("view")).setSafe(0, "a view of more than twelve bytes".getBytes(StandardCharsets.UTF_8));
      root.setRowCount(1);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults())) {
        w.write(root);
      }
    }
    Cli r = Cli.run("cat", file.toString(), "--json");
    assertEquals(0, r.exit(), r.err());
    assertEquals(List.of("{\"d32\":\"2022-01-08\",\"d64\":\"2022-01-08\",\"t_s\":\"01:01:01\","
        + "\"t_ms\":\"01:01:01.500\",\"t_us\":\"01:01:01.000001\",\"t_ns\":\"01:01:01.000000001\","
        + "\"dur\":\"PT25H1M1.001S\","
        + "\"dec256\":-12345678901234567890123456789012345678901234.500,"
        + "\"ts_s\":\"2023-11-14T22:13:20\",\"big\":-9223372036854775808,"
        + "\"large\":\"grand\",\"view\":\"a view of more than twelve bytes\"}"), r.out().lines().toList());
    assertTrue(r.out().endsWith("\n"));
  }
}
