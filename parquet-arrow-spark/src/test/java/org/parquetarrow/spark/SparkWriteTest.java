package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Date;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes through {@code format("parquet-arrow")} in a real local Spark session and reads the output
 * with Spark's built-in Parquet reader (and our core reader for the footers).
 */
class SparkWriteTest {
  private static final Logger LOG = LoggerFactory.getLogger(SparkWriteTest.class);
  private static final long SEED = Long.getLong("seed", System.nanoTime());
  private static SparkSession spark;
  @TempDir
  static Path dir;

  @BeforeAll
  static void start() {
    LOG.info("SparkWriteTest seed {} (rerun with -Dseed={})", SEED, SEED);
    spark = LocalSpark.session();
  }

  /** Every type and nesting shape of the read test's generator, every field nullable as a file source reads it. */
  private static Dataset<Row> randomData(long seed, int rows) {
    Random r = new Random(seed);
    List<Row> out = new ArrayList<>();
    for (long id = 0; id < rows; id++) {
      out.add(SparkReadTest.row(r, id));
    }
    return spark.createDataFrame(out, SparkReadTest.SCHEMA.asNullable());
  }

  private static List<Path> files(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile).sorted().toList();
    }
  }

  private static List<Path> parquetFiles(Path root) throws IOException {
    return files(root).stream().filter(p -> p.getFileName().toString().endsWith(".parquet")).toList();
  }

  @Test
  void everyTypeAndNestingReadsBackWithTheBuiltInReader() throws Exception {
    Path out = dir.resolve("random");
    Dataset<Row> source = randomData(SEED, 2000);
    source.repartition(2).write().format("parquet-arrow").mode("overwrite").save(out.toString());
    SparkReadTest.assertSameRows(source, spark.read().parquet(out.toString()));
    SparkReadTest.assertSameRows(source, spark.read().format("parquet-arrow").load(out.toString()));
    assertTrue(Files.exists(out.resolve("_SUCCESS")), "_SUCCESS written");
    assertFalse(Files.exists(out.resolve("_temporary")), "staging area deleted");
    List<Path> parquet = parquetFiles(out);
    assertEquals(2, parquet.size(), "a file per task: " + parquet);
    assertTrue(parquet.stream().allMatch(p -> p.getFileName().toString().matches("part-0000[01]-.*-c000\\.snappy\\.parquet")),
        parquet.toString());
  }

  @Test
  void edgeValuesAndNullsAtEveryLevelReadBackWithTheBuiltInReader() throws Exception {
    StructType point = new StructType().add("x", DataTypes.IntegerType).add("tag", DataTypes.StringType);
    StructType schema = new StructType()
        .add("b", DataTypes.ByteType).add("sh", DataTypes.ShortType).add("i", DataTypes.IntegerType)
        .add("l", DataTypes.LongType).add("f", DataTypes.FloatType).add("d", DataTypes.DoubleType)
        .add("dec1", DataTypes.createDecimalType(1, 0)).add("dec10", DataTypes.createDecimalType(10, 10))
        .add("dec38", DataTypes.createDecimalType(38, 0)).add("dec38s", DataTypes.createDecimalType(38, 37))
        .add("s", DataTypes.StringType).add("bin", DataTypes.BinaryType).add("day", DataTypes.DateType)
        .add("ts", DataTypes.TimestampType).add("ntz", DataTypes.TimestampNTZType)
        .add("nested", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.IntegerType)))
        .add("points", DataTypes.createMapType(DataTypes.StringType, point))
        .add("maps", DataTypes.createArrayType(DataTypes.createMapType(DataTypes.IntegerType, DataTypes.StringType)))
        .add("p", point);
    String nines = "9".repeat(38);
    Object[] max = {Byte.MAX_VALUE, Short.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE, Float.MAX_VALUE,
        Double.MAX_VALUE, new java.math.BigDecimal("9"), new java.math.BigDecimal("0." + "9".repeat(10)),
        new java.math.BigDecimal(nines), new java.math.BigDecimal("9." + "9".repeat(37)), "", new byte[0],
        Date.valueOf("9999-12-31"), java.sql.Timestamp.valueOf("9999-12-31 23:59:59.999999"),
        java.time.LocalDateTime.parse("9999-12-31T23:59:59.999999"), new Object[0], map(), new Object[0],
        RowFactory.create(null, null)};
    Object[] min = {Byte.MIN_VALUE, Short.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE, Float.NaN,
        Double.NEGATIVE_INFINITY, new java.math.BigDecimal("-9"), new java.math.BigDecimal("-0." + "9".repeat(10)),
        new java.math.BigDecimal("-" + nines), new java.math.BigDecimal("-9." + "9".repeat(37)), "\u0000é😀",
        new byte[] {0, -1}, Date.valueOf("1970-01-01"), java.sql.Timestamp.valueOf("1969-12-31 23:59:59.999999"),
        java.time.LocalDateTime.parse("1583-01-01T00:00:00.000001"),
        new Object[] {null, new Object[0], new Object[] {null, 1, null}},
        map("a", null, "b", RowFactory.create(null, "t"), "", RowFactory.create(-1, null)),
        new Object[] {null, map(), map(1, null, 2, "two")}, null};
    Object[] nulls = new Object[schema.fields().length];
    Object[] zeros = {(byte) 0, (short) 0, 0, 0L, -0.0f, -0.0, java.math.BigDecimal.ZERO, new java.math.BigDecimal("0E-10"),
        java.math.BigDecimal.ZERO, new java.math.BigDecimal("0E-37"), "0", new byte[] {0}, Date.valueOf("0001-01-01"),
        java.sql.Timestamp.valueOf("0001-01-01 00:00:00"), java.time.LocalDateTime.parse("0001-01-01T12:00:00"),
        new Object[] {null, null}, null, null, RowFactory.create(0, "")};
    List<Row> rows = List.of(RowFactory.create(max), RowFactory.create(min), RowFactory.create(nulls),
        RowFactory.create(zeros));
    Dataset<Row> source = spark.createDataFrame(rows, schema);
    Path out = dir.resolve("edges");
    source.coalesce(1).write().format("parquet-arrow").mode("overwrite").option("batchRows", "3").save(out.toString());
    // maps inside arrays as arrays of entries: Spark's set operations refuse map types
    org.apache.spark.sql.Column entries = org.apache.spark.sql.functions.expr("transform(maps, m -> map_entries(m))");
    SparkReadTest.assertSameRows(source.withColumn("maps", entries),
        spark.read().parquet(out.toString()).withColumn("maps", entries));
    assertEquals(4, spark.read().parquet(out.toString()).count());
  }

  /** A Scala map of alternating keys and values (Spark's {@code Row} form of a map column). */
  private static scala.collection.Map<Object, Object> map(Object... keysAndValues) {
    java.util.Map<Object, Object> m = new java.util.LinkedHashMap<>();
    for (int k = 0; k < keysAndValues.length; k += 2) {
      m.put(keysAndValues[k], keysAndValues[k + 1]);
    }
    return scala.jdk.javaapi.CollectionConverters.asScala(m);
  }

  @Test
  void partitionedOutputIsDiscoveredByTheBuiltInReader() throws Exception {
    String[] names = {"alpha", "b c/d=e%f", "é€", null};
    Random r = new Random(SEED + 1);
    List<Row> rows = new ArrayList<>();
    for (long id = 0; id < 1500; id++) {
      rows.add(RowFactory.create(id, r.nextInt(8) == 0 ? null : "v" + r.nextInt(100), names[r.nextInt(names.length)],
          r.nextInt(3), Date.valueOf(LocalDate.of(2024, 1, 1).plusDays(r.nextInt(3) * 40L))));
    }
    StructType schema = new StructType()
        .add("id", DataTypes.LongType)
        .add("v", DataTypes.StringType)
        .add("ps", DataTypes.StringType)
        .add("pi", DataTypes.IntegerType)
        .add("pd", DataTypes.DateType);
    Dataset<Row> source = spark.createDataFrame(rows, schema);
    Path out = dir.resolve("partitioned");
    source.repartition(2).write().format("parquet-arrow").mode("append").partitionBy("ps", "pi", "pd").save(out.toString());

    Dataset<Row> builtIn = spark.read().parquet(out.toString());
    assertEquals("struct<id:bigint,v:string,ps:string,pi:int,pd:date>", builtIn.schema().simpleString(),
        "partition columns discovered with their types");
    SparkReadTest.assertSameRows(source, builtIn);
    SparkReadTest.assertSameRows(source, spark.read().format("parquet-arrow").load(out.toString()));

    assertTrue(Files.isDirectory(out.resolve("ps=__HIVE_DEFAULT_PARTITION__")), "null partition value");
    assertTrue(Files.isDirectory(out.resolve("ps=b c%2Fd%3De%25f")), "escaped as Spark escapes: " + files(out));
    List<Path> parquet = parquetFiles(out);
    long partitions = source.select("ps", "pi", "pd").distinct().count();
    assertTrue(parquet.size() >= partitions && parquet.size() <= 2 * partitions,
        "at most one file per partition per task: " + parquet.size() + " files, " + partitions + " partitions");
    Dataset<Row> oneFile = spark.read().parquet(parquet.get(0).toString());
    assertEquals("struct<id:bigint,v:string>", oneFile.schema().simpleString(), "partition columns left out of the files");
  }

  @Test
  void appendAddsAndOverwriteReplaces() throws Exception {
    Path out = dir.resolve("modes");
    Dataset<Row> first = randomData(SEED + 2, 300).select("id", "s", "st");
    Dataset<Row> second = randomData(SEED + 3, 200).select("id", "s", "st");
    first.write().format("parquet-arrow").mode("append").save(out.toString());
    second.write().format("parquet-arrow").mode("append").save(out.toString());
    SparkReadTest.assertSameRows(first.unionAll(second), spark.read().parquet(out.toString()));
    assertEquals(500, spark.read().parquet(out.toString()).count());

    Dataset<Row> third = randomData(SEED + 4, 100).select("id", "s", "st");
    third.coalesce(1).write().format("parquet-arrow").mode("overwrite").option("maxRecordsPerFile", "30")
        .save(out.toString());
    SparkReadTest.assertSameRows(third, spark.read().parquet(out.toString()));
    assertFalse(Files.exists(out.resolve("_temporary")));
    List<Path> parquet = parquetFiles(out);
    assertEquals(4, parquet.size(), "100 rows in files of at most 30: " + parquet);
    assertTrue(parquet.get(3).getFileName().toString().contains("-c003."), parquet.toString());

    // Spark plans sources without a catalog with append and overwrite only, and says so
    Exception e = assertThrows(Exception.class,
        () -> third.write().format("parquet-arrow").save(dir.resolve("default-mode").toString()));
    LOG.info("default save mode: {}", e.getMessage());
    assertTrue(e.getMessage().contains("ErrorIfExists"), e.getMessage());
    assertFalse(Files.exists(dir.resolve("default-mode")));
  }

  @Test
  void dynamicPartitionOverwriteReplacesOnlyThePartitionsWritten() throws Exception {
    Path out = dir.resolve("dynamic");
    // nullif: every column nullable, as a file source reads it
    Dataset<Row> first = spark.range(0, 300, 1, 2).selectExpr("nullif(id, -1) as id", "cast(id % 3 as int) as pi");
    Dataset<Row> second = spark.range(1000, 1010, 1, 1).selectExpr("nullif(id, -1) as id", "nullif(1, 0) as pi");
    first.write().format("parquet-arrow").mode("overwrite").partitionBy("pi").save(out.toString());
    second.write().format("parquet-arrow").mode("overwrite").option("partitionOverwriteMode", "dynamic")
        .partitionBy("pi").save(out.toString());
    SparkReadTest.assertSameRows(first.where("pi != 1").unionAll(second), spark.read().parquet(out.toString()));

    second.write().format("parquet-arrow").mode("overwrite").partitionBy("pi").save(out.toString());
    SparkReadTest.assertSameRows(second, spark.read().parquet(out.toString()));
    assertFalse(Files.exists(out.resolve("pi=0")), "a static overwrite replaces every partition");
  }

  @Test
  void theWriteNodeCountsFilesAndRows() throws Exception {
    java.util.concurrent.BlockingQueue<org.apache.spark.sql.execution.QueryExecution> done =
        new java.util.concurrent.LinkedBlockingQueue<>();
    org.apache.spark.sql.util.QueryExecutionListener listener = new org.apache.spark.sql.util.QueryExecutionListener() {
      @Override
      public void onSuccess(String funcName, org.apache.spark.sql.execution.QueryExecution qe, long durationNs) {
        done.add(qe);
      }

      @Override
      public void onFailure(String funcName, org.apache.spark.sql.execution.QueryExecution qe, Exception e) {}
    };
    Path out = dir.resolve("metrics");
    spark.listenerManager().register(listener);
    try {
      spark.range(0, 900, 1, 2).selectExpr("id", "cast(id % 3 as int) as pi", "repeat('x', cast(id % 7 as int)) as s")
          .write().format("parquet-arrow").mode("append").partitionBy("pi").save(out.toString());
      Map<String, Long> metrics = null;
      for (int k = 0; k < 10 && metrics == null; k++) {
        var qe = done.poll(60, java.util.concurrent.TimeUnit.SECONDS);
        metrics = qe == null ? null : writeMetrics(qe.executedPlan());
      }
      LOG.info("write metrics: {}", metrics);
      assertEquals(Map.of("files_written", (long) parquetFiles(out).size(), "rows_written", 900L), metrics);
    } finally {
      spark.listenerManager().unregister(listener);
    }
  }

  /** The parquet-arrow metrics of the write node in {@code plan}, or {@code null}. */
  private static Map<String, Long> writeMetrics(org.apache.spark.sql.execution.SparkPlan plan) {
    var all = scala.jdk.javaapi.CollectionConverters.asJava(plan.metrics());
    if (all.containsKey("files_written")) {
      Map<String, Long> out = new java.util.TreeMap<>();
      for (String k : List.of("files_written", "rows_written")) {
        out.put(k, all.get(k).value());
      }
      return out;
    }
    List<org.apache.spark.sql.execution.SparkPlan> children = new ArrayList<>(
        scala.jdk.javaapi.CollectionConverters.asJava(plan.children()));
    if (plan instanceof org.apache.spark.sql.execution.CommandResultExec c) {
      children.add(c.commandPhysicalPlan());
    }
    for (var c : children) {
      Map<String, Long> found = writeMetrics(c);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  @Test
  void anEmptyResultStillHasItsSchema() throws Exception {
    Path out = dir.resolve("empty");
    spark.range(0, 100, 1, 2).selectExpr("id", "cast(id as string) as s").where("id < 0")
        .write().format("parquet-arrow").mode("overwrite").save(out.toString());
    Dataset<Row> back = spark.read().parquet(out.toString());
    assertEquals("struct<id:bigint,s:string>", back.schema().simpleString());
    assertEquals(0, back.count());
    assertEquals(1, parquetFiles(out).size(), "one schema-only file, as Spark's writer leaves");

    Path partitioned = dir.resolve("empty-partitioned");
    spark.range(0, 100, 1, 2).selectExpr("id", "cast(id as string) as s").where("id < 0")
        .write().format("parquet-arrow").mode("append").partitionBy("s").save(partitioned.toString());
    assertEquals(List.of(partitioned.resolve("_SUCCESS")), files(partitioned), "no partition, no file");
  }

  @Test
  void aFailingTaskLeavesNothingAtTheDestination() throws Exception {
    spark.udf().register("failOn777", (UDF1<Long, Long>) id -> {
      if (id == 777) {
        throw new IllegalStateException("row 777 fails");
      }
      return id;
    }, DataTypes.LongType);
    Dataset<Row> failing = spark.range(0, 1000, 1, 2).selectExpr("failOn777(id) as id", "cast(id as string) as s");

    Path fresh = dir.resolve("failed-fresh");
    assertThrows(Exception.class, () -> failing.write().format("parquet-arrow").mode("append").save(fresh.toString()));
    assertFalse(Files.exists(fresh), "nothing at a destination the failed job created: "
        + (Files.exists(fresh) ? files(fresh) : List.of()));

    Path existing = dir.resolve("failed-existing");
    Dataset<Row> kept = randomData(SEED + 6, 100).select("id", "s");
    kept.write().format("parquet-arrow").mode("append").save(existing.toString());
    List<Path> before = files(existing);
    assertThrows(Exception.class, () -> failing.write().format("parquet-arrow").mode("overwrite").save(existing.toString()));
    assertEquals(before, files(existing), "the destination as it was, no staging leftovers");
    SparkReadTest.assertSameRows(kept, spark.read().parquet(existing.toString()));
  }

  /** What a task saw at the destination while the write was under way (set inside the task). */
  private static volatile List<String> seenDuringTheWrite;

  @Test
  void nothingIsVisibleBeforeTheJobCommits() throws Exception {
    Path out = dir.resolve("visibility");
    String root = out.toString();
    // the last row of the second task waits until the first task's file is committed (staged), then looks
    spark.udf().register("lookAtDestination", (UDF1<Long, Long>) id -> {
      if (id == 999) {
        seenDuringTheWrite = waitForStagedParquet(Path.of(root));
      }
      return id;
    }, DataTypes.LongType);
    spark.range(0, 1000, 1, 2).selectExpr("lookAtDestination(id) as id").write().format("parquet-arrow")
        .mode("append").save(root);
    List<String> seen = seenDuringTheWrite;
    LOG.info("at the destination during the write: {}", seen);
    assertTrue(seen.stream().anyMatch(p -> p.startsWith("_temporary/") && p.endsWith(".parquet")),
        "the first task's file staged: " + seen);
    assertTrue(seen.stream().filter(p -> p.endsWith(".parquet")).allMatch(p -> p.startsWith("_temporary/")),
        "no file visible before the job commit: " + seen);
    assertEquals(2, parquetFiles(out).size());
    assertEquals(1000, spark.read().parquet(root).count());
  }

  private static List<String> waitForStagedParquet(Path root) throws Exception {
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (true) {
      List<String> seen = files(root).stream().map(p -> root.relativize(p).toString()).toList();
      if (seen.stream().anyMatch(p -> p.endsWith(".parquet") && !p.contains("/."))
          || System.nanoTime() > deadline) {
        return seen;
      }
      Thread.sleep(50);
    }
  }

  @Test
  void writerOptionsReachTheFooters() throws Exception {
    Path out = dir.resolve("options");
    randomData(SEED + 7, 1000).select("id", "s", "dec30").coalesce(1).write().format("parquet-arrow").mode("overwrite")
        .option("compression", "zstd").option("pageVersion", "2").option("bloomFilterColumns", "id,s")
        .option("rowGroupRows", "300").option("pageIndex", "false").option("dictionary", "false")
        .save(out.toString());
    List<Path> parquet = parquetFiles(out);
    assertEquals(1, parquet.size());
    assertTrue(parquet.get(0).getFileName().toString().endsWith(".zstd.parquet"), parquet.toString());
    try (LocalInputFile in = LocalInputFile.open(parquet.get(0))) {
      ParquetFooter footer = ParquetFooter.read(in);
      List<RowGroup> groups = footer.metadata().rowGroups();
      assertEquals(4, groups.size(), "1000 rows in row groups of 300");
      for (RowGroup g : groups) {
        for (ColumnChunk c : g.columns()) {
          String column = String.join(".", c.metaData().pathInSchema());
          assertEquals(CompressionCodec.ZSTD, c.metaData().codec(), column);
          assertEquals(!column.equals("dec30"), c.metaData().bloomFilterOffset() != null, "bloom filter of " + column);
          assertEquals(null, c.columnIndexOffset(), "no page index for " + column);
          assertEquals(null, c.metaData().dictionaryPageOffset(), "no dictionary for " + column);
          long at = c.metaData().dataPageOffset();
          ByteBuffer header = in.read(at, (int) Math.min(256, in.length() - at));
          assertEquals(PageType.DATA_PAGE_V2, MetadataReader.readPageHeader(header).type(), column);
        }
      }
    }
    SparkReadTest.assertSameRows(randomData(SEED + 7, 1000).select("id", "s", "dec30"), spark.read().parquet(out.toString()));
  }

  @Test
  void badOptionValuesAndPartitionColumnsAreNamed() {
    Dataset<Row> df = randomData(SEED + 8, 10).select("id", "s", "ts");
    String target = dir.resolve("bad").toString();
    assertMessage("option compression: unknown codec 'lzo'", () -> df.write().format("parquet-arrow")
        .mode("overwrite").option("compression", "lzo").save(target));
    assertMessage("option pageVersion must be 1 or 2, not '3'", () -> df.write().format("parquet-arrow")
        .mode("overwrite").option("pageVersion", "3").save(target));
    assertMessage("option partitionOverwriteMode must be static or dynamic, not 'some'", () -> df.write()
        .format("parquet-arrow").mode("overwrite").option("partitionOverwriteMode", "some").save(target));
    assertMessage("option dictionary must be true or false, not 'yes'", () -> df.write().format("parquet-arrow")
        .mode("overwrite").option("dictionary", "yes").save(target));
    assertMessage("option bloomFilterColumns", () -> df.write().format("parquet-arrow")
        .mode("overwrite").option("bloomFilterColumns", "nosuch").save(target));
    assertMessage("partition column 'ts' is of type timestamp", () -> df.write().format("parquet-arrow")
        .mode("overwrite").partitionBy("ts").save(target));
    assertMessage("partition column 'idd' is not a column of the data (did you mean id?)", () -> df.write()
        .format("parquet-arrow").mode("overwrite").partitionBy("idd").save(target));
    assertMessage("unknown option 'compresion' (did you mean compression?)", () -> df.write().format("parquet-arrow")
        .mode("overwrite").option("compresion", "zstd").save(target));
    assertMessage("parquet-arrow writes to local directories (plain paths or file: URIs) and to S3",
        () -> df.write().format("parquet-arrow").mode("append").save("gs://bucket/events"));
    assertFalse(Files.exists(Path.of(target)), "nothing written");

    Path written = dir.resolve("schema-given");
    df.write().format("parquet-arrow").mode("overwrite").save(written.toString());
    // a schema given to the read is taken where the files can be read so (SparkUserSchemaTest), named where not
    assertEquals(spark.read().parquet(written.toString()).select("id").count(),
        spark.read().schema("id bigint").format("parquet-arrow").load(written.toString()).count());
    assertMessage("column 'id': the files hold", () -> spark.read().schema("id boolean").format("parquet-arrow")
        .load(written.toString()).collectAsList());
  }

  private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable write) {
    Throwable e = assertThrows(Throwable.class, write);
    StringBuilder chain = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      chain.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage()).append(" | ");
    }
    assertTrue(chain.toString().contains(expected), chain.toString());
  }
}
