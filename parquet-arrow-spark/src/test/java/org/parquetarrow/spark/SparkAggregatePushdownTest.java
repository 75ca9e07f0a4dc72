package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Date;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Aggregates pushed into our scan ({@code aggregatePushdown=auto}) against Spark's built-in Parquet
 * reader with Spark aggregating, on the same random files (written by Spark's own writer, several
 * files per hive partition, small row groups, small input partitions so Spark merges several
 * tasks' partials): the collected rows must be equal (decimal scales included), and the plan must
 * show whether the aggregate was pushed.
 */
class SparkAggregatePushdownTest {
  private static final Logger LOG = LoggerFactory.getLogger(SparkAggregatePushdownTest.class);
  private static final long SEED = Long.getLong("seed", System.nanoTime());
  private static SparkSession spark;
  @TempDir
  static Path dir;
  private static String data;
  private static String huge;
  private static long rows;

  static final StructType SCHEMA = new StructType()
      .add("part", DataTypes.IntegerType)
      .add("gs", DataTypes.StringType)
      .add("gi", DataTypes.IntegerType)
      .add("tiny", DataTypes.ByteType)
      .add("i", DataTypes.IntegerType)
      .add("l", DataTypes.LongType)
      .add("dec9", DataTypes.createDecimalType(9, 2))
      .add("dec18", DataTypes.createDecimalType(18, 4))
      .add("dec28", DataTypes.createDecimalType(28, 6))
      .add("price", DataTypes.createDecimalType(15, 2))
      .add("disc", DataTypes.createDecimalType(15, 2))
      .add("tax", DataTypes.createDecimalType(15, 2))
      .add("day", DataTypes.DateType)
      .add("flag", DataTypes.BooleanType)
      .add("allnull", DataTypes.IntegerType)
      .add("d", DataTypes.DoubleType);

  @BeforeAll
  static void write() {
    LOG.info("SparkAggregatePushdownTest seed {} (rerun with -Dseed={})", SEED, SEED);
    spark = LocalSpark.session();
    Random r = new Random(SEED);
    List<Row> out = new ArrayList<>();
    rows = 3000 + r.nextInt(1000);
    String[] strings = {"A", "N", "R", "", "ünï", "zz"};
    for (int n = 0; n < rows; n++) {
      out.add(RowFactory.create(
          r.nextInt(2),
          r.nextInt(10) == 0 ? null : strings[r.nextInt(strings.length)],
          r.nextInt(10) == 0 ? null : r.nextInt(7) - 3,
          r.nextInt(8) == 0 ? null : (byte) (r.nextInt(256) - 128),
          r.nextInt(8) == 0 ? null : r.nextInt(),
          r.nextInt(8) == 0 ? null : r.nextLong() >> (20 + r.nextInt(20)),
          r.nextInt(8) == 0 ? null : new BigDecimal(BigInteger.valueOf(r.nextInt(1_000_000_000) - 500_000_000), 2),
          r.nextInt(8) == 0 ? null : new BigDecimal(BigInteger.valueOf(r.nextLong() % 1_000_000_000_000_000_000L), 4),
          r.nextInt(8) == 0 ? null : new BigDecimal(new BigInteger(90, r).subtract(BigInteger.ONE.shiftLeft(89)), 6),
          r.nextInt(8) == 0 ? null : new BigDecimal(BigInteger.valueOf(r.nextInt(10_000_000)), 2),
          r.nextInt(8) == 0 ? null : new BigDecimal(BigInteger.valueOf(r.nextInt(11)), 2),
          r.nextInt(8) == 0 ? null : new BigDecimal(BigInteger.valueOf(r.nextInt(9)), 2),
          r.nextInt(8) == 0 ? null : Date.valueOf(LocalDate.ofEpochDay(r.nextInt(20000) - 5000)),
          r.nextInt(8) == 0 ? null : r.nextBoolean(),
          null,
          r.nextDouble()));
    }
    data = dir.resolve("data").toString();
    spark.createDataFrame(out, SCHEMA).repartition(3).write().option("parquet.block.size", "8192")
        .partitionBy("part").parquet(data);

    // sums that pass 38 digits (decimal), or 64 bits (long), within one file
    List<Row> big = new ArrayList<>();
    StructType hugeSchema = new StructType().add("k", DataTypes.IntegerType).add("big", DataTypes.createDecimalType(38, 0))
        .add("l", DataTypes.LongType).add("small3", DataTypes.createDecimalType(3, 0));
    for (int n = 0; n < 40; n++) {
      big.add(RowFactory.create(n % 2, new BigDecimal("9" + "0".repeat(36)), Long.MAX_VALUE / 8,
          new BigDecimal(n % 4 == 3 ? -998 : 999)));
    }
    huge = dir.resolve("huge").toString();
    spark.createDataFrame(big, hugeSchema).coalesce(1).write().parquet(huge);
  }

  @AfterEach
  void ansiBack() {
    spark.conf().unset("spark.sql.ansi.enabled");
  }

  private static void views(String path) {
    spark.read().format("parquet-arrow").option("maxPartitionBytes", "4096").load(path).createOrReplaceTempView("ours");
    spark.read().format("parquet-arrow").option("aggregatePushdown", "off").option("maxPartitionBytes", "4096").load(path)
        .createOrReplaceTempView("ours_off");
    spark.read().parquet(path).createOrReplaceTempView("builtin");
  }

  /** {@code sql} (reading table T) through ours, ours without push-down, and the built-in reader: equal rows. */
  private static BatchScanExec same(String sql, boolean pushed) {
    views(data);
    Dataset<Row> ours = spark.sql(sql.replace(" T", " ours"));
    List<Row> expected = sorted(spark.sql(sql.replace(" T", " builtin")).collectAsList());
    assertEquals(expected, sorted(ours.collectAsList()), sql);
    assertEquals(expected, sorted(spark.sql(sql.replace(" T", " ours_off")).collectAsList()), sql);
    BatchScanExec scan = ScanPlans.scanOf(ours);
    assertEquals(pushed, scan.scan().description().contains("pushedAggregation"), scan.scan().description());
    return scan;
  }

  private static List<Row> sorted(List<Row> rows) {
    List<Row> out = new ArrayList<>(rows);
    out.sort(Comparator.comparing(Row::toString));
    return out;
  }

  private static final String EVERY = "count(*), count(i), sum(i), avg(i), min(i), max(i), sum(l), avg(l), min(l), max(l),"
      + " sum(tiny), min(tiny), max(tiny), sum(dec9), avg(dec9), min(dec9), max(dec9), sum(dec18), avg(dec18), min(dec18),"
      + " max(dec18), sum(dec28), avg(dec28), min(dec28), max(dec28), min(day), max(day), count(gs), count(day),"
      + " sum(allnull), min(allnull), count(allnull), min(flag), max(flag)";

  @Test
  void everyFunctionGroupedByAStringWithNulls() {
    BatchScanExec scan = same("select gs, " + EVERY + " from T group by gs", true);
    assertEquals(rows, ScanPlans.metric(scan, "rows_out"), "the scan's metrics still count the rows it aggregated");
  }

  @Test
  void groupedByAnIntegerAndThePartitionColumn() {
    same("select gi, part, " + EVERY + " from T group by gi, part", true);
    same("select part, count(*), sum(dec9) from T group by part", true);
  }

  @Test
  void aGlobalAggregate() {
    same("select " + EVERY + " from T", true);
  }

  @Test
  void afterAPushedFilterWithEmptyAndAllNullGroups() {
    same("select gs, gi, " + EVERY + " from T where i > 1500000000 group by gs, gi", true);
    same("select gs, count(*), sum(dec9), min(dec9) from T where i > 2147483000 group by gs", true);
    same("select count(*), sum(dec9), max(day) from T where i > 2147483647", true);
  }

  @Test
  void decimalExpressionsAsTpchWritesThem() {
    same("select gs, sum(price * disc), sum(price * (1 - disc)), sum(price * (1 - disc) * (1 + tax)),"
        + " avg(price * (1 - disc)), min(price * (1 - disc) * (1 + tax)), max(-price + tax) from T group by gs", true);
    same("select sum(i + 1), sum(l - 2), sum(dec9 * 3), sum(cast(i as bigint) * 2) from T where i < 1000000", true);
  }

  @Test
  void declinedQueriesAreStillRightAndShownNotPushed() {
    same("select gs, min(d), max(d) from T group by gs", false);
    // a floating sum's bits depend on the order of its terms, so its answers are not compared here
    views(data);
    assertFalse(ScanPlans.scanOf(spark.sql("select gs, sum(d) from ours group by gs")).scan().description()
        .contains("pushedAggregation"));
    same("select gs, count(distinct i) from T group by gs", false);
    same("select gs, sum(dec9) from T where i % 3 = 1 group by gs", false);
  }

  @Test
  void overflowsUnderAnsiAreErrorsForBothReaders() {
    spark.conf().set("spark.sql.ansi.enabled", "true");
    views(huge);
    for (String sql : List.of("select sum(big) from T", "select k, sum(l) from T group by k",
        "select sum(big * big) from T")) {
      Dataset<Row> ours = spark.sql(sql.replace(" T", " ours"));
      assertTrue(ScanPlans.scanOf(ours).scan().description().contains("pushedAggregation"), sql);
      assertThrows(Exception.class, () -> spark.sql(sql.replace(" T", " builtin")).collectAsList(), sql);
      assertThrows(Exception.class, ours::collectAsList, sql);
    }
  }

  @Test
  void aDecimalSumOverflowWithoutAnsiIsNullForBothReaders() {
    spark.conf().set("spark.sql.ansi.enabled", "false");
    views(huge);
    String sql = "select k, sum(big), count(*) from T group by k";
    Dataset<Row> ours = spark.sql(sql.replace(" T", " ours"));
    assertTrue(ScanPlans.scanOf(ours).scan().description().contains("pushedAggregation"));
    List<Row> expected = sorted(spark.sql(sql.replace(" T", " builtin")).collectAsList());
    assertEquals(2, expected.size());
    assertTrue(expected.get(0).isNullAt(1), expected.toString());
    assertEquals(expected, sorted(ours.collectAsList()));
    // without ANSI, long sums wrap, and arithmetic is not handed to the source
    same("select gs, sum(l), sum(i) from T group by gs", true);
    same("select gs, sum(price * disc) from T group by gs", false);
  }

  /**
   * Spark casts a decimal sum's partials to the argument's type, decimal(3,0) here, which a task's
   * sum of 20 values of 999 passes: the task returns it in several rows of the group, each within
   * the type, which Spark adds up to the right sum (not a cast overflow, null or an error).
   */
  @Test
  void aDecimalSumPastItsArgumentsTypeIsReturnedInSeveralRows() {
    for (String ansi : List.of("true", "false")) {
      spark.conf().set("spark.sql.ansi.enabled", ansi);
      views(huge);
      String sql = "select k, sum(small3), avg(small3), count(small3) from T group by k";
      Dataset<Row> ours = spark.sql(sql.replace(" T", " ours"));
      assertTrue(ScanPlans.scanOf(ours).scan().description().contains("pushedAggregation"));
      List<Row> expected = sorted(spark.sql(sql.replace(" T", " builtin")).collectAsList());
      // 10 rows of -998 and 10 of 999 in group 1 (n % 4 == 3 is odd), 20 of 999 in group 0
      assertEquals(new BigDecimal(19980), expected.get(0).get(1));
      assertEquals(new BigDecimal(10), expected.get(1).get(1));
      assertEquals(expected, sorted(ours.collectAsList()));
    }
  }

  @Test
  void offKeepsSparksAggregation() {
    views(data);
    Dataset<Row> off = spark.sql("select gs, count(*) from ours_off group by gs");
    assertFalse(ScanPlans.scanOf(off).scan().description().contains("pushedAggregation"));
  }
}
