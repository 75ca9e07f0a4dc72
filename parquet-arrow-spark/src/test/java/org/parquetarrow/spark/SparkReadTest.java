package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads through {@code format("parquet-arrow")} in a real local Spark session and compares with
 * Spark's built-in Parquet reader on files Spark's built-in writer made.
 */
class SparkReadTest {
  private static final Logger LOG = LoggerFactory.getLogger(SparkReadTest.class);
  private static final long SEED = Long.getLong("seed", System.nanoTime());
  private static SparkSession spark;
  @TempDir
  static Path dir;

  @BeforeAll
  static void start() {
    LOG.info("SparkReadTest seed {} (rerun with -Dseed={})", SEED, SEED);
    spark = LocalSpark.session();
  }

  private static final StructType INNER = new StructType()
      .add("x", DataTypes.DoubleType)
      .add("y", DataTypes.createArrayType(DataTypes.IntegerType));
  private static final StructType NESTED = new StructType()
      .add("a", DataTypes.IntegerType)
      .add("b", DataTypes.StringType)
      .add("inner", INNER)
      .add("when", DataTypes.TimestampType);
  private static final StructType ELEMENT = new StructType()
      .add("p", DataTypes.LongType)
      .add("q", DataTypes.StringType);
  static final StructType SCHEMA = new StructType()
      .add("id", DataTypes.LongType, false)
      .add("part", DataTypes.IntegerType)
      .add("flag", DataTypes.BooleanType)
      .add("tiny", DataTypes.ByteType)
      .add("small", DataTypes.ShortType)
      .add("i", DataTypes.IntegerType)
      .add("l", DataTypes.LongType)
      .add("f", DataTypes.FloatType)
      .add("d", DataTypes.DoubleType)
      .add("dec9", DataTypes.createDecimalType(9, 2))
      .add("dec18", DataTypes.createDecimalType(18, 4))
      .add("dec30", DataTypes.createDecimalType(30, 6))
      .add("s", DataTypes.StringType)
      .add("bin", DataTypes.BinaryType)
      .add("day", DataTypes.DateType)
      .add("ts", DataTypes.TimestampType)
      .add("ntz", DataTypes.TimestampNTZType)
      .add("st", NESTED)
      .add("strs", DataTypes.createArrayType(DataTypes.StringType))
      .add("structs", DataTypes.createArrayType(ELEMENT))
      .add("m", DataTypes.createMapType(DataTypes.StringType, DataTypes.IntegerType))
      .add("marr", DataTypes.createMapType(DataTypes.IntegerType, DataTypes.createArrayType(DataTypes.LongType)));

  private static Object maybeNull(Random r, Object v) {
    return r.nextInt(8) == 0 ? null : v;
  }

  private static String string(Random r) {
    String alphabet = "abcxyzé€😀";
    int n = r.nextInt(12);
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < n; k++) {
      sb.appendCodePoint(alphabet.codePointAt(alphabet.offsetByCodePoints(0, r.nextInt(alphabet.codePointCount(0, alphabet.length())))));
    }
    return sb.toString();
  }

  private static BigDecimal decimal(Random r, int precision, int scale) {
    StringBuilder digits = new StringBuilder(r.nextBoolean() ? "-" : "");
    int n = 1 + r.nextInt(precision);
    for (int k = 0; k < n; k++) {
      digits.append((char) ('0' + r.nextInt(10)));
    }
    return new BigDecimal(new java.math.BigInteger(digits.toString()), scale);
  }

  private static double anyDouble(Random r) {
    return switch (r.nextInt(10)) {
      case 0 -> Double.NaN;
      case 1 -> -0.0;
      case 2 -> Double.POSITIVE_INFINITY;
      default -> (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(20) - 10);
    };
  }

  static Row row(Random r, long id) {
    List<Object> y = new ArrayList<>();
    for (int k = r.nextInt(4); k > 0; k--) {
      y.add(maybeNull(r, r.nextInt()));
    }
    Row inner = RowFactory.create(maybeNull(r, anyDouble(r)), maybeNull(r, y.toArray()));
    Row st = RowFactory.create(maybeNull(r, r.nextInt(1000)), maybeNull(r, string(r)), maybeNull(r, inner),
        maybeNull(r, new Timestamp(r.nextLong() % (300L * 365 * 86_400_000))));
    List<Object> strs = new ArrayList<>();
    List<Object> structs = new ArrayList<>();
    for (int k = r.nextInt(5); k > 0; k--) {
      strs.add(maybeNull(r, string(r)));
      structs.add(maybeNull(r, RowFactory.create(maybeNull(r, r.nextLong()), maybeNull(r, string(r)))));
    }
    Map<String, Integer> m = new HashMap<>();
    Map<Integer, Object> marr = new HashMap<>();
    for (int k = r.nextInt(4); k > 0; k--) {
      m.put(string(r) + k, r.nextBoolean() ? null : r.nextInt());
      marr.put(r.nextInt(100), r.nextBoolean() ? null : new Long[] {r.nextLong(), r.nextLong()});
    }
    byte[] bin = new byte[r.nextInt(6)];
    r.nextBytes(bin);
    LocalDateTime t = LocalDateTime.of(1900 + r.nextInt(300), 1 + r.nextInt(12), 1 + r.nextInt(28), r.nextInt(24),
        r.nextInt(60), r.nextInt(60), r.nextInt(1_000_000) * 1000);
    return RowFactory.create(id, (int) (id % 3), maybeNull(r, r.nextBoolean()), maybeNull(r, (byte) r.nextInt()),
        maybeNull(r, (short) r.nextInt()), maybeNull(r, r.nextInt()), maybeNull(r, r.nextLong()),
        maybeNull(r, (float) anyDouble(r)), maybeNull(r, anyDouble(r)), maybeNull(r, decimal(r, 9, 2)),
        maybeNull(r, decimal(r, 18, 4)), maybeNull(r, decimal(r, 30, 6)), maybeNull(r, string(r)), maybeNull(r, bin),
        maybeNull(r, Date.valueOf(LocalDate.ofEpochDay(r.nextInt(200_000) - 100_000))),
        maybeNull(r, Timestamp.valueOf(t)), maybeNull(r, t), maybeNull(r, st),
        maybeNull(r, strs.toArray()), maybeNull(r, structs.toArray()),
        maybeNull(r, scala.jdk.javaapi.CollectionConverters.asScala(m)),
        maybeNull(r, scala.jdk.javaapi.CollectionConverters.asScala(marr)));
  }

  private static Dataset<Row> randomData(long seed, int rows) {
    Random r = new Random(seed);
    List<Row> out = new ArrayList<>();
    for (long id = 0; id < rows; id++) {
      out.add(row(r, id));
    }
    return spark.createDataFrame(out, SCHEMA);
  }

  /** Maps as arrays of entries: Spark's set operations refuse map columns. */
  static Dataset<Row> comparable(Dataset<Row> df) {
    List<String> cols = new ArrayList<>();
    for (StructField f : df.schema().fields()) {
      cols.add(f.dataType() instanceof org.apache.spark.sql.types.MapType
          ? "map_entries(`" + f.name() + "`) as `" + f.name() + "`" : "`" + f.name() + "`");
    }
    return df.selectExpr(cols.toArray(new String[0]));
  }

  static void assertSameRows(Dataset<Row> expected, Dataset<Row> actual) {
    Dataset<Row> e = comparable(expected);
    Dataset<Row> a = comparable(actual.select(Arrays.stream(expected.columns()).map(c -> new org.apache.spark.sql.Column(c)).toArray(org.apache.spark.sql.Column[]::new)));
    assertEquals(e.schema().toString(), a.schema().toString(), "schemas");
    long ec = e.count();
    assertEquals(ec, a.count(), "row counts");
    assertEquals(0, e.exceptAll(a).count(), "rows only the built-in reader returned");
    assertEquals(0, a.exceptAll(e).count(), "rows only parquet-arrow returned");
  }


  @Test
  void everyTypeAndNestingReadsAsTheBuiltInReaderReadsIt() throws Exception {
    Path out = dir.resolve("random");
    randomData(SEED, 3000).repartition(3).write().partitionBy("part").parquet(out.toString());
    Dataset<Row> builtIn = spark.read().parquet(out.toString());
    Dataset<Row> ours = spark.read().format("parquet-arrow").load(out.toString());
    assertSameRows(builtIn, ours);
    assertEquals(3000, ours.count());
    var stats = ours.queryExecution().optimizedPlan().stats();
    assertEquals(scala.Option.apply(scala.math.BigInt.apply(3000)), stats.rowCount(), "row count from the footers");
    assertTrue(stats.sizeInBytes().bigInteger().longValue() < Long.MAX_VALUE, "size " + stats.sizeInBytes());
  }

  @Test
  void pushedFiltersPruneAndAnswerAsTheBuiltInReader() throws Exception {
    Path out = dir.resolve("sorted");
    randomData(SEED + 1, 10_000).drop("part").orderBy("id").coalesce(1).write()
        .option("parquet.block.size", 32 * 1024).parquet(out.toString());
    String where = "id >= 1000 and id < 1200 and (s is null or s not like 'zz%') and dec9 is not null";
    Dataset<Row> ours = spark.read().format("parquet-arrow").load(out.toString()).where(where).select("id", "s", "dec9", "st");
    Dataset<Row> builtIn = spark.read().parquet(out.toString()).where(where).select("id", "s", "dec9", "st");
    assertSameRows(builtIn, ours);
    List<Row> rows = ours.collectAsList();
    BatchScanExec scan = ScanPlans.scanOf(ours);
    String plan = ours.queryExecution().executedPlan().toString();
    LOG.info("plan: {}", plan);
    assertTrue(plan.contains("pushedPredicates=[") && plan.contains("id >= 1000") && plan.contains("id < 1200"), plan);
    assertTrue(rows.size() > 0 && rows.size() <= 200, "rows " + rows.size());
    long groups = ScanPlans.metric(scan, "row_groups");
    long pruned = ScanPlans.metric(scan, "row_groups_pruned_by_statistics") + ScanPlans.metric(scan, "row_groups_pruned_by_page_index");
    assertTrue(groups > 2, "the file has several row groups: " + groups);
    assertTrue(pruned > 0, "row groups pruned: " + pruned + " of " + groups);
    assertTrue(ScanPlans.metric(scan, "rows_read") < 10_000 / 2, "rows decoded " + ScanPlans.metric(scan, "rows_read"));
    assertEquals(rows.size(), ScanPlans.metric(scan, "rows_out"));
    LOG.info("point query on 10000 rows: {}", CollectionConverters.asJava(scan.metrics()).entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue().value()).sorted().toList());
  }

  @Test
  void partitionPredicatesLeaveFilesOutAndMixedOnesStayWithSpark() throws Exception {
    Path out = dir.resolve("partitioned");
    randomData(SEED + 5, 900).select("id", "part", "s").repartition(2).write().partitionBy("part").parquet(out.toString());
    String where = "part >= 1 and (part = 2 or id < 300)";
    Dataset<Row> ours = spark.read().format("parquet-arrow").load(out.toString()).where(where);
    Dataset<Row> builtIn = spark.read().parquet(out.toString()).where(where);
    assertSameRows(builtIn, ours);
    String plan = ours.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("partitionFilter=part is not null and part >= 1"), plan);
    assertTrue(plan.contains("filter=none"), "the predicate mixing a partition and a file column stays with Spark: " + plan);
    BatchScanExec scan = ScanPlans.scanOf(ours);
    ours.collectAsList();
    long allGroups = 0;
    Dataset<Row> all = spark.read().format("parquet-arrow").load(out.toString());
    all.collectAsList();
    allGroups = ScanPlans.metric(ScanPlans.scanOf(all), "row_groups");
    assertTrue(ScanPlans.metric(scan, "row_groups") > 0 && ScanPlans.metric(scan, "row_groups") < allGroups,
        "files of other partitions left out: " + ScanPlans.metric(scan, "row_groups") + " of " + allGroups + " row groups");
  }

  @Test
  void aLargeFileIsSplitIntoRowGroupRuns() throws Exception {
    Path out = dir.resolve("large");
    randomData(SEED + 6, 8_000).drop("part").orderBy("id").coalesce(1).write()
        .option("parquet.block.size", 32 * 1024).parquet(out.toString());
    long bytes;
    try (var s = Files.list(out)) {
      bytes = s.filter(p -> p.toString().endsWith(".parquet")).mapToLong(p -> p.toFile().length()).sum();
    }
    String quarter = Long.toString(bytes / 4);
    Dataset<Row> whole = spark.read().format("parquet-arrow").load(out.toString());
    Dataset<Row> split = spark.read().format("parquet-arrow").option("maxPartitionBytes", quarter).load(out.toString());
    assertEquals(1, whole.rdd().getNumPartitions());
    int parts = split.rdd().getNumPartitions();
    assertTrue(parts >= 3 && parts <= 6, "a file of " + bytes + " bytes in runs of about " + quarter + ": " + parts);
    assertSameRows(spark.read().parquet(out.toString()), split);
    assertEquals(8_000, split.count());

    String where = "id >= 5000 and id < 5100 and s is not null";
    Dataset<Row> filtered = split.where(where).select("id", "s", "st");
    assertSameRows(spark.read().parquet(out.toString()).where(where).select("id", "s", "st"), filtered);
    filtered.collectAsList();
    String plan = filtered.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("splitFiles=true") && plan.contains("id >= 5000"), plan);
    // the row-group runs are filtered exactly by the scan, so Spark checks nothing again
    assertFalse(plan.contains("Filter "), plan);
    Dataset<Row> wholeFiltered = whole.where(where).select("id", "s", "st");
    wholeFiltered.collectAsList();
    BatchScanExec splitScan = ScanPlans.scanOf(filtered);
    BatchScanExec wholeScan = ScanPlans.scanOf(wholeFiltered);
    LOG.info("row groups split/whole: " + ScanPlans.metric(splitScan, "row_groups") + "/" + ScanPlans.metric(wholeScan, "row_groups")
        + ", read " + ScanPlans.metric(splitScan, "row_groups_read") + "/" + ScanPlans.metric(wholeScan, "row_groups_read")
        + ", bytes " + ScanPlans.metric(splitScan, "bytes_read") + "/" + ScanPlans.metric(wholeScan, "bytes_read"));
    assertEquals(ScanPlans.metric(wholeScan, "row_groups"), ScanPlans.metric(splitScan, "row_groups"), "each row group counted once");
    assertEquals(ScanPlans.metric(wholeScan, "row_groups_read"), ScanPlans.metric(splitScan, "row_groups_read"));
    assertTrue(ScanPlans.metric(splitScan, "row_groups_read") < ScanPlans.metric(splitScan, "row_groups"));
  }

  @Test
  void nestedFieldIsPrunedInTheScan() throws Exception {
    Path out = dir.resolve("nested");
    randomData(SEED + 2, 500).write().parquet(out.toString());
    Dataset<Row> ours = spark.read().format("parquet-arrow").load(out.toString()).select("id", "st.inner.x");
    Dataset<Row> builtIn = spark.read().parquet(out.toString()).select("id", "st.inner.x");
    assertSameRows(builtIn, ours);
    StructType read = ScanPlans.scanOf(ours).scan().readSchema();
    StructType expected = new StructType().add("id", DataTypes.LongType, false)
        .add("st", new StructType().add("inner", new StructType().add("x", DataTypes.DoubleType)));
    assertEquals(expected.simpleString(), read.simpleString());

    String where = "st.a > 500 and st.inner.x is not null";
    Dataset<Row> filtered = spark.read().format("parquet-arrow").load(out.toString()).where(where).select("id", "st.b");
    assertSameRows(spark.read().parquet(out.toString()).where(where).select("id", "st.b"), filtered);
    String plan = filtered.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("filter=st.a > 500") || plan.contains("st.a > 500 and"), "nested predicate pushed: " + plan);
  }

  @Test
  void tpchQ1AndQ6GiveTheBuiltInReadersAnswers() throws Exception {
    Random r = new Random(SEED + 3);
    List<Row> rows = new ArrayList<>();
    for (int k = 0; k < 30_000; k++) {
      rows.add(RowFactory.create((long) k,
          BigDecimal.valueOf(1 + r.nextInt(50), 0).setScale(2),
          BigDecimal.valueOf(90_000 + r.nextInt(10_000_000), 2),
          BigDecimal.valueOf(r.nextInt(11), 2),
          BigDecimal.valueOf(r.nextInt(9), 2),
          "ANR".substring(k % 3, k % 3 + 1),
          r.nextBoolean() ? "F" : "O",
          Date.valueOf(LocalDate.of(1992, 1, 1).plusDays(r.nextInt(2500)))));
    }
    StructType lineitem = new StructType()
        .add("l_orderkey", DataTypes.LongType)
        .add("l_quantity", DataTypes.createDecimalType(15, 2))
        .add("l_extendedprice", DataTypes.createDecimalType(15, 2))
        .add("l_discount", DataTypes.createDecimalType(15, 2))
        .add("l_tax", DataTypes.createDecimalType(15, 2))
        .add("l_returnflag", DataTypes.StringType)
        .add("l_linestatus", DataTypes.StringType)
        .add("l_shipdate", DataTypes.DateType);
    Path out = dir.resolve("lineitem");
    spark.createDataFrame(rows, lineitem).orderBy("l_shipdate").coalesce(2).write()
        .option("parquet.block.size", 128 * 1024).parquet(out.toString());
    String q6 = "select sum(l_extendedprice * l_discount) as revenue from %s where l_shipdate >= date '1994-01-01'"
        + " and l_shipdate < date '1995-01-01' and l_discount between 0.05 and 0.07 and l_quantity < 24";
    spark.read().parquet(out.toString()).createOrReplaceTempView("lineitem_builtin");
    spark.read().format("parquet-arrow").load(out.toString()).createOrReplaceTempView("lineitem_ours");
    Object expected = spark.sql(String.format(q6, "lineitem_builtin")).first().get(0);
    Dataset<Row> ours = spark.sql(String.format(q6, "lineitem_ours"));
    List<Row> answer = ours.collectAsList();
    Object actual = answer.get(0).get(0);
    assertTrue(expected instanceof BigDecimal e && e.signum() > 0, "revenue " + expected);
    assertEquals(expected, actual);
    BatchScanExec scan = ScanPlans.scanOf(ours);
    // Spark pushes isnotnull(c) beside each comparison on c; it must not keep the dictionary-encoded
    // l_shipdate and l_quantity from being answered from their indices (two values a row read)
    assertTrue(ScanPlans.metric(scan, "rows_read") > 0, "rows read");
    assertEquals(2 * ScanPlans.metric(scan, "rows_read"), ScanPlans.metric(scan, "values_answered_from_indices"),
        "filter values answered from dictionary indices");
    assertTrue(scan.scan().description().contains("l_shipdate"), scan.scan().description());
    assertTrue(scan.scan().description().contains("pushedAggregation=[SUM(l_extendedprice * l_discount)]"),
        "Q6's sum is computed in the scan: " + scan.scan().description());

    String q1 = "select l_returnflag, l_linestatus, sum(l_quantity) as sum_qty, sum(l_extendedprice) as sum_base_price,"
        + " sum(l_extendedprice * (1 - l_discount)) as sum_disc_price,"
        + " sum(l_extendedprice * (1 - l_discount) * (1 + l_tax)) as sum_charge, avg(l_quantity) as avg_qty,"
        + " avg(l_extendedprice) as avg_price, avg(l_discount) as avg_disc, count(*) as count_order"
        + " from %s where l_shipdate <= date '1998-12-01' - interval '90' day"
        + " group by l_returnflag, l_linestatus order by l_returnflag, l_linestatus";
    List<Row> expectedQ1 = spark.sql(String.format(q1, "lineitem_builtin")).collectAsList();
    Dataset<Row> oursQ1 = spark.sql(String.format(q1, "lineitem_ours"));
    String q1Scan = ScanPlans.scanOf(oursQ1).scan().description();
    assertTrue(q1Scan.contains("pushedAggregation=") && q1Scan.contains("groupBy=[l_returnflag, l_linestatus]"), q1Scan);
    List<Row> actualQ1 = oursQ1.collectAsList();
    assertEquals(6, expectedQ1.size(), "three flags by two statuses");
    assertEquals(expectedQ1, actualQ1);
  }

  @Test
  void inputPartitionsFollowMaxPartitionBytes() throws Exception {
    Path out = dir.resolve("many");
    randomData(SEED + 4, 600).select("id", "s").repartition(6).write().parquet(out.toString());
    long fileCount;
    try (var s = Files.list(out)) {
      fileCount = s.filter(p -> p.getFileName().toString().endsWith(".parquet")).count();
    }
    assertEquals(6, fileCount);
    List<String> files;
    try (var s = Files.list(out)) {
      files = s.map(Path::toString).filter(p -> p.endsWith(".parquet")).sorted().toList();
    }
    assertEquals(spark.read().parquet(files.get(0), files.get(3)).count(),
        spark.read().format("parquet-arrow").load(files.get(0), files.get(3)).count(), "two paths");
    Dataset<Row> one = spark.read().format("parquet-arrow").option("maxPartitionBytes", "1").load(out.toString());
    assertEquals(6, one.rdd().getNumPartitions(), "a file per partition when each is over the limit");
    // with no open cost, the six small files pack into fewer partitions, as the built-in reader packs them
    spark.conf().set("spark.sql.files.openCostInBytes", "1");
    try {
      Dataset<Row> packed = spark.read().format("parquet-arrow").load(out.toString());
      int builtIn = spark.read().parquet(out.toString()).rdd().getNumPartitions();
      assertTrue(builtIn < 6, "built-in partitions " + builtIn);
      assertEquals(builtIn, packed.rdd().getNumPartitions(), "partitions as the built-in reader plans them");
      assertEquals(600, packed.count());
    } finally {
      spark.conf().unset("spark.sql.files.openCostInBytes");
    }
  }
}
