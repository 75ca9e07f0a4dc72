package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Aggregates answered from the footers' statistics ({@link FooterAggregates}) against Spark's
 * built-in Parquet reader with Spark aggregating every row (aggregate push-down off), on random
 * files written by Spark's own writer (several files and small row groups per hive partition,
 * nulls, an all-null column, empty files): equal rows, and the scan's metrics show whether the
 * footers answered ({@code row_groups_answered_by_footer}) or the data was read ({@code rows_read}).
 */
class SparkFooterAggregatesTest {
  private static final Logger LOG = LoggerFactory.getLogger(SparkFooterAggregatesTest.class);
  private static final long SEED = Long.getLong("seed", System.nanoTime());
  private static SparkSession spark;
  @TempDir
  static Path dir;
  private static String data;
  private static String millis;
  private static String int96;
  private static String noStats;
  private static String mixed;
  private static long rows;

  static final StructType SCHEMA = new StructType()
      .add("part", DataTypes.IntegerType)
      .add("region", DataTypes.StringType)
      .add("tiny", DataTypes.ByteType)
      .add("small", DataTypes.ShortType)
      .add("i", DataTypes.IntegerType)
      .add("l", DataTypes.LongType)
      .add("req", DataTypes.LongType, false)
      .add("dec9", DataTypes.createDecimalType(9, 2))
      .add("dec18", DataTypes.createDecimalType(18, 4))
      .add("dec28", DataTypes.createDecimalType(28, 6))
      .add("day", DataTypes.DateType)
      .add("ts", DataTypes.TimestampType)
      .add("flag", DataTypes.BooleanType)
      .add("name", DataTypes.StringType)
      .add("d", DataTypes.DoubleType)
      .add("allnull", DataTypes.IntegerType);

  @BeforeAll
  static void write() {
    LOG.info("SparkFooterAggregatesTest seed {} (rerun with -Dseed={})", SEED, SEED);
    spark = LocalSpark.session();
    Random r = new Random(SEED);
    List<Row> out = new ArrayList<>();
    rows = 3000 + r.nextInt(1000);
    String[] regions = {"a", "b", "ü"};
    for (int n = 0; n < rows; n++) {
      out.add(RowFactory.create(
          r.nextInt(3),
          regions[r.nextInt(regions.length)],
          r.nextInt(8) == 0 ? null : (byte) (r.nextInt(256) - 128),
          r.nextInt(8) == 0 ? null : (short) (r.nextInt(65536) - 32768),
          r.nextInt(8) == 0 ? null : r.nextInt(),
          r.nextInt(8) == 0 ? null : r.nextLong() >> r.nextInt(40),
          r.nextLong(),
          r.nextInt(8) == 0 ? null : new BigDecimal(BigInteger.valueOf(r.nextInt(1_000_000_000) - 500_000_000), 2),
          r.nextInt(8) == 0 ? null : new BigDecimal(BigInteger.valueOf(r.nextLong() % 1_000_000_000_000_000_000L), 4),
          r.nextInt(8) == 0 ? null : new BigDecimal(new BigInteger(90, r).subtract(BigInteger.ONE.shiftLeft(89)), 6),
          r.nextInt(8) == 0 ? null : Date.valueOf(LocalDate.ofEpochDay(r.nextInt(40000) - 20000)),
          r.nextInt(8) == 0 ? null : new Timestamp(r.nextLong() >> 22),
          r.nextInt(8) == 0 ? null : r.nextBoolean(),
          r.nextInt(8) == 0 ? null : "n" + r.nextInt(100),
          r.nextDouble(),
          null));
    }
    spark.conf().set("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS");
    data = dir.resolve("data").toString();
    Dataset<Row> df = spark.createDataFrame(out, SCHEMA);
    df.repartition(3).write().option("parquet.block.size", "8192").partitionBy("part", "region").parquet(data);
    // empty files: one beside data files, one alone in a partition of its own (no group for it)
    StructType fileSchema = new StructType(java.util.Arrays.stream(SCHEMA.fields())
        .filter(f -> !f.name().equals("part") && !f.name().equals("region")).toArray(org.apache.spark.sql.types.StructField[]::new));
    spark.createDataFrame(List.of(), fileSchema).coalesce(1).write().mode(SaveMode.Append).parquet(data + "/part=0/region=a");
    spark.createDataFrame(List.of(), fileSchema).coalesce(1).write().parquet(data + "/part=7/region=a");

    Dataset<Row> few = df.limit(500).drop("part", "region").coalesce(1);
    spark.conf().set("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MILLIS");
    millis = dir.resolve("millis").toString();
    few.write().parquet(millis);
    spark.conf().set("spark.sql.parquet.outputTimestampType", "INT96");
    int96 = dir.resolve("int96").toString();
    few.write().parquet(int96);
    spark.conf().set("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS");
    noStats = dir.resolve("nostats").toString();
    few.write().option("parquet.column.statistics.enabled", "false").parquet(noStats);
    // one partition with statistics, one without: the footers answer for the first, the second is scanned
    mixed = dir.resolve("mixed").toString();
    few.write().parquet(mixed + "/part=1");
    few.write().option("parquet.column.statistics.enabled", "false").parquet(mixed + "/part=2");
  }

  private static void views(String path) {
    spark.read().format("parquet-arrow").load(path).createOrReplaceTempView("ours");
    spark.read().parquet(path).createOrReplaceTempView("builtin");
  }

  /** {@code sql} (reading T) through ours and the built-in reader: equal rows; our scan node. */
  private static BatchScanExec same(String path, String sql) {
    views(path);
    spark.conf().set("spark.sql.parquet.aggregatePushdown", "false");
    List<Row> expected = sorted(spark.sql(sql.replace(" T", " builtin")).collectAsList());
    Dataset<Row> ours = spark.sql(sql.replace(" T", " ours"));
    assertEquals(expected, sorted(ours.collectAsList()), sql);
    return ScanPlans.scanOf(ours);
  }

  /** As {@link #same}, and the footers answered: no row read. */
  private static void fromFooters(String path, String sql) {
    BatchScanExec scan = same(path, sql);
    String description = scan.scan().description();
    assertTrue(description.contains("answeredByFooter=true"), sql + ": " + description);
    assertTrue(ScanPlans.metric(scan, "row_groups_answered_by_footer") > 0, sql);
    assertEquals(0, ScanPlans.metric(scan, "rows_read"), sql);
  }

  /** As {@link #same}, and the footers did not answer: the data was scanned (pushed aggregate or not). */
  private static void scanned(String path, String sql) {
    BatchScanExec scan = same(path, sql);
    String description = scan.scan().description();
    assertFalse(description.contains("answeredByFooter=true"), sql + ": " + description);
    assertEquals(0, ScanPlans.metric(scan, "row_groups_answered_by_footer"), sql);
    assertTrue(ScanPlans.metric(scan, "rows_read") > 0, sql);
  }

  private static List<Row> sorted(List<Row> rows) {
    List<Row> out = new ArrayList<>(rows);
    out.sort(Comparator.comparing(Row::toString));
    return out;
  }

  private static final String EVERY = "count(*), count(i), min(i), max(i), count(l), min(l), max(l), min(tiny),"
      + " max(tiny), min(small), max(small), min(req), max(req), count(req), min(dec9), max(dec9), min(dec18),"
      + " max(dec18), min(dec28), max(dec28), min(day), max(day), min(ts), max(ts), count(ts), min(flag), max(flag),"
      + " count(name), count(allnull), min(allnull), max(allnull)";

  @Test
  void aGlobalAggregate() {
    fromFooters(data, "select " + EVERY + " from T");
    fromFooters(data, "select count(*) from T");
  }

  @Test
  void groupedByPartitionColumnsWithAnEmptyPartition() {
    fromFooters(data, "select part, " + EVERY + " from T group by part");
    fromFooters(data, "select region, part, " + EVERY + " from T group by region, part");
  }

  @Test
  void underPartitionFiltersTheFootersStillAnswer() {
    fromFooters(data, "select part, " + EVERY + " from T where part >= 1 group by part");
    fromFooters(data, "select " + EVERY + " from T where part = 1 and region in ('a', 'ü')");
    // no file left: the global row (0, null) from no row group at all
    BatchScanExec none = same(data, "select count(*), min(i) from T where part = 5");
    assertTrue(none.scan().description().contains("answeredByFooter=true"), none.scan().description());
    assertEquals(0, ScanPlans.metric(none, "rows_read"));
    BatchScanExec scan = same(data, "select count(*) from T where region = 'b' group by part");
    assertTrue(scan.scan().description().contains("answeredByFooter=true"), scan.scan().description());
  }

  @Test
  void aDataFilterOrADataGroupIsScanned() {
    scanned(data, "select count(*), min(i), max(dec9) from T where i > 0");
    scanned(data, "select flag, count(*), min(i) from T group by flag");
    scanned(data, "select part, count(*), max(l) from T where part = 1 and l < 0 group by part");
  }

  @Test
  void typesWhoseStatisticsAreNotSparksValuesAreScanned() {
    scanned(data, "select min(name), max(name) from T");
    scanned(data, "select min(d), max(d) from T");
    scanned(millis, "select min(ts), max(ts) from T");
    scanned(int96, "select min(ts), max(ts), count(*) from T");
    scanned(millis, "select count(ts) from T");
    fromFooters(millis, "select count(*), min(i), max(day) from T"); // the file's other columns still answer
  }

  @Test
  void rowGroupsWithoutStatisticsAreScannedBesideWhatTheFootersAnswer() {
    for (String sql : List.of("select part, count(*), count(i), min(i), max(i), min(dec9), max(day) from T group by part",
        "select count(i), min(l), max(l), min(ts) from T")) {
      BatchScanExec scan = same(mixed, sql);
      String description = scan.scan().description();
      assertTrue(description.contains("answeredByFooter=partly"), sql + ": " + description);
      assertEquals(1, ScanPlans.metric(scan, "row_groups_answered_by_footer"), sql);
      assertEquals(500, ScanPlans.metric(scan, "rows_read"), sql); // the file without statistics, alone
    }
  }

  @Test
  void missingStatisticsAreScanned() {
    scanned(noStats, "select min(i), max(dec9) from T");
    scanned(noStats, "select count(i) from T");
    fromFooters(noStats, "select count(*), count(req) from T"); // row counts; a required column has no nulls
  }
}
