package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMilliTZVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Arrow types Spark's {@code ArrowColumnVector} does not take, in a file our writer made, read
 * through the data source as Spark's own Parquet reader types them; expected values are the ones
 * written, converted by hand.
 */
class SparkArrowTypesTest {
  @RegisterExtension
  final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir
  Path dir;

  private final SparkSession spark = LocalSpark.session();

  private Path write(String name, List<FieldVector> vectors, int rows) {
    Path file = dir.resolve(name);
    for (FieldVector v : vectors) {
      v.setValueCount(rows);
    }
    try (VectorSchemaRoot root = new VectorSchemaRoot(vectors)) {
      root.setRowCount(rows);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(), WriterProperties.defaults())) {
        w.write(root);
      }
    }
    return file;
  }

  @Test
  void unsignedHalfFloatOtherTimestampUnitsAndFixedBinaryReadAsSparkTypes() {
    var a = memory.allocator();
    UInt1Vector u8 = new UInt1Vector("u8", a);
    UInt2Vector u16 = new UInt2Vector("u16", a);
    UInt4Vector u32 = new UInt4Vector("u32", a);
    UInt8Vector u64 = new UInt8Vector("u64", a);
    Float2Vector half = new Float2Vector("half", a);
    TimeStampMilliTZVector ms = new TimeStampMilliTZVector("ms", a, "UTC");
    TimeStampNanoVector ns = new TimeStampNanoVector("ns", a);
    FixedSizeBinaryVector fixed = new FixedSizeBinaryVector("fixed", a, 3);
    ListVector list = ListVector.empty("list", a);
    UInt2Vector elements = (UInt2Vector) list.addOrGetVector(FieldType.nullable(new ArrowType.Int(16, false))).getVector();
    u8.setSafe(0, 255);
    u16.setSafe(0, 65535);
    u32.setSafe(0, -1);
    u64.setSafe(0, -1L);
    half.setSafe(0, (short) 0x3E00); // 1.5 in IEEE binary16
    ms.setSafe(0, 1234L);
    ns.setSafe(0, -1L);
    fixed.setSafe(0, new byte[] {1, 2, 3});
    list.startNewValue(0);
    elements.setSafe(0, 65535);
    elements.setSafe(1, 7);
    list.endValue(0, 2);
    for (FieldVector v : List.<FieldVector>of(u8, u16, u32, u64, half, ms, ns, fixed)) {
      v.setNull(1);
    }
    list.setNull(1);
    elements.setValueCount(2);
    Path file = write("types.parquet", List.of(u8, u16, u32, u64, half, ms, ns, fixed, list), 2);

    var df = spark.read().format("parquet-arrow").load(file.toString());
    StructType expected = StructType.fromDDL("u8 smallint, u16 int, u32 bigint, u64 decimal(20,0), half float,"
        + " ms timestamp, ns timestamp_ntz, fixed binary, list array<int>");
    assertEquals(expected.simpleString(), df.schema().simpleString());
    List<Row> rows = df.collectAsList();
    assertEquals(2, rows.size());
    Row r = rows.get(0);
    assertEquals((short) 255, r.getShort(0));
    assertEquals(65535, r.getInt(1));
    assertEquals(4294967295L, r.getLong(2));
    assertEquals(new BigDecimal("18446744073709551615"), r.getDecimal(3));
    assertEquals(1.5f, r.getFloat(4));
    assertEquals(Instant.ofEpochMilli(1234), ((Timestamp) r.get(5)).toInstant());
    assertEquals(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000), r.get(6));
    assertArrayEquals(new byte[] {1, 2, 3}, (byte[]) r.get(7));
    assertEquals(List.of(65535, 7), r.getList(8));
    Row nulls = rows.get(1);
    for (int i = 0; i < 9; i++) {
      assertNull(nulls.get(i), "column " + i);
    }
  }

  @Test
  void filesWithAWiderOrAMissingColumnReadAsOneTable() {
    spark.range(0, 3).selectExpr("cast(id as int) as x").coalesce(1).write().parquet(dir.resolve("t/a").toString());
    spark.range(3, 6).selectExpr("id as x", "cast(id * 10 as string) as y").coalesce(1).write()
        .parquet(dir.resolve("t/b").toString());
    var df = spark.read().format("parquet-arrow").option("hivePartitioning", "false").load(dir.resolve("t").toString());
    assertEquals("struct<x:bigint,y:string>", df.schema().simpleString());
    List<Row> rows = df.orderBy("x").collectAsList();
    assertEquals(List.of(row(0L, null), row(1L, null), row(2L, null), row(3L, "30"), row(4L, "40"), row(5L, "50")),
        rows.stream().map(r -> row(r.get(0), r.get(1))).toList());
    var missing = df.where("y is null or y = '40'");
    assertEquals(List.of(0L, 1L, 2L, 4L), missing.orderBy("x").collectAsList().stream().map(r -> r.get(0)).toList());
    String plan = missing.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("filter=none"), "a column one file lacks is filtered by Spark: " + plan);
  }

  @Test
  void aStructMissingANewerFieldGivesNullsForItNotANullStruct() {
    spark.range(0, 2).selectExpr("id", "named_struct('a', id) as st").coalesce(1).write()
        .parquet(dir.resolve("s/a").toString());
    spark.range(2, 4).selectExpr("id", "named_struct('a', id, 'b', cast(id as string)) as st").coalesce(1).write()
        .parquet(dir.resolve("s/b").toString());
    var df = spark.read().format("parquet-arrow").option("hivePartitioning", "false").load(dir.resolve("s").toString());
    assertEquals("struct<id:bigint,st:struct<a:bigint,b:string>>", df.schema().simpleString());
    List<List<Object>> rows = df.orderBy("id").selectExpr("id", "st is null", "st.b").collectAsList().stream()
        .map(r -> java.util.Arrays.asList(r.get(0), r.get(1), r.get(2))).toList();
    assertEquals(List.of(java.util.Arrays.asList(0L, false, null), java.util.Arrays.asList(1L, false, null),
        java.util.Arrays.asList(2L, false, "2"), java.util.Arrays.asList(3L, false, "3")), rows);
  }

  private static List<Object> row(Object a, Object b) {
    return java.util.Arrays.asList(a, b);
  }

  @Test
  void aBadOptionIsAnArgumentErrorNamingIt() {
    TimeStampNanoVector t = new TimeStampNanoVector("t", memory.allocator());
    t.setSafe(0, 1L);
    Path file = write("opt.parquet", List.of(t), 1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> spark.read().format("parquet-arrow").option("batchSize", "lots").load(file.toString()));
    assertTrue(e.getMessage().contains("batchSize") && e.getMessage().contains("lots"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> spark.read().format("parquet-arrow").option("pruning", "statistics,zonemap").load(file.toString()));
    assertTrue(e.getMessage().contains("zonemap") && e.getMessage().contains("pageIndex"), e.getMessage());
  }

  @Test
  void aTypeSparkHasNoneOfIsATypedErrorNamingTheColumn() {
    TimeMicroVector t = new TimeMicroVector("clock", memory.allocator());
    t.setSafe(0, 1L);
    Path file = write("time.parquet", List.of(t), 1);
    UnmappableTypeException e = assertThrows(UnmappableTypeException.class,
        () -> spark.read().format("parquet-arrow").load(file.toString()));
    assertEquals("clock", e.column());
    assertTrue(e.getMessage().contains("clock") && e.getMessage().contains("Time"), e.getMessage());
  }
}
