package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decimals Spark's built-in writer stores as INT32 (up to 9 digits) and INT64 (up to 18), which our
 * source reads as their unscaled integers: values, nulls, both signs, the 18-digit edge, batch
 * boundaries and pushed filters (literals finer than the column's scale included) answer as Spark's
 * built-in reader answers.
 */
class SparkUnscaledDecimalTest {
  private static final Logger LOG = LoggerFactory.getLogger(SparkUnscaledDecimalTest.class);
  private static final long SEED = Long.getLong("seed", System.nanoTime());
  private static final BigDecimal MAX18 = new BigDecimal("999999999999999999");
  private static SparkSession spark;
  @TempDir
  static Path dir;
  private static String data;

  static final StructType SCHEMA = new StructType()
      .add("id", DataTypes.LongType, false)
      .add("d9", DataTypes.createDecimalType(9, 2))
      .add("d18", DataTypes.createDecimalType(18, 0))
      .add("d15", DataTypes.createDecimalType(15, 2))
      .add("d1", DataTypes.createDecimalType(1, 1))
      .add("st", new StructType().add("x", DataTypes.createDecimalType(10, 3)))
      .add("arr", DataTypes.createArrayType(DataTypes.createDecimalType(12, 4)));

  /** A decimal of up to {@code precision} digits at {@code scale}, either sign; now and then its extreme. */
  private static BigDecimal decimal(Random r, int precision, int scale) {
    BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
    BigInteger u = switch (r.nextInt(10)) {
      case 0 -> max;
      case 1 -> max.negate();
      case 2 -> BigInteger.ZERO;
      default -> new BigInteger(max.bitLength() + 2, r).mod(max.add(BigInteger.ONE)).multiply(BigInteger.valueOf(r.nextBoolean() ? 1 : -1));
    };
    return new BigDecimal(u, scale);
  }

  private static Object maybeNull(Random r, Object v) {
    return r.nextInt(6) == 0 ? null : v;
  }

  @BeforeAll
  static void start() {
    LOG.info("SparkUnscaledDecimalTest seed {} (rerun with -Dseed={})", SEED, SEED);
    spark = LocalSpark.session();
    Random r = new Random(SEED);
    List<Row> rows = new ArrayList<>();
    for (long id = 0; id < 5_000; id++) {
      List<BigDecimal> arr = new ArrayList<>();
      for (int k = r.nextInt(3); k > 0; k--) {
        arr.add((BigDecimal) maybeNull(r, decimal(r, 12, 4)));
      }
      rows.add(RowFactory.create(id, maybeNull(r, decimal(r, 9, 2)), maybeNull(r, decimal(r, 18, 0)),
          maybeNull(r, decimal(r, 15, 2)), maybeNull(r, decimal(r, 1, 1)),
          maybeNull(r, RowFactory.create(maybeNull(r, decimal(r, 10, 3)))), maybeNull(r, arr.toArray())));
    }
    data = dir.resolve("decimals").toString();
    spark.createDataFrame(rows, SCHEMA).repartition(3).write().parquet(data);
  }

  private static Dataset<Row> ours() {
    // batches of 700 rows: boundaries fall inside pages and row groups
    return spark.read().format("parquet-arrow").option("batchSize", "700").load(data);
  }

  @Test
  void valuesReadAsTheBuiltInReaderReadsThem() {
    SparkReadTest.assertSameRows(spark.read().parquet(data), ours());
    List<Row> edge = ours().where("d18 = 999999999999999999 or d18 = -999999999999999999").select("d18").collectAsList();
    assertTrue(edge.stream().allMatch(row -> row.getDecimal(0).abs().equals(MAX18)), "the 18-digit extremes: " + edge);
    assertTrue(edge.size() > 0, "the random data has the 18-digit extremes (seed " + SEED + ")");
  }

  @Test
  void pushedFiltersAnswerAsTheBuiltInReader() {
    String[] filters = {
        "d9 >= 12.34", "d9 < -0.5", "d9 = 0", "d9 <> 0", "not (d9 <= 100)", "d9 in (0, 9999999.99, -9999999.99)",
        "d18 = 999999999999999999", "d18 > -5 and d18 < 5", "d15 between -1000.00 and 1000.00",
        "d15 < 0.055", "d15 > -0.055", "d15 = 0.055", "not (d15 = 0.055)", "d15 in (0.055, 1.5)",
        "d1 >= 0.5", "d1 < -0.99", "d9 is null", "st.x > 0.5", "d9 > 1e30", "d9 < 1e30"};
    Dataset<Row> builtIn = spark.read().parquet(data);
    Dataset<Row> mine = ours();
    for (String f : filters) {
      // the rows' values are checked above: here which rows pass
      List<Long> expected = ids(builtIn.where(f));
      assertEquals(expected, ids(mine.where(f)), f);
    }
  }

  private static List<Long> ids(Dataset<Row> df) {
    return df.select("id").collectAsList().stream().map(r -> r.getLong(0)).sorted().toList();
  }

  @Test
  void decimalFiltersArePushedAsUnscaledIntegers() {
    Dataset<Row> q = ours().where("d9 >= 12.34 and d15 < -5.00").select("id");
    q.collectAsList();
    String plan = q.queryExecution().executedPlan().toString();
    // 12.34 at scale 2 is 1234, -5.00 is -500: the filter compares the stored integers
    assertTrue(plan.contains("d9 >= 1234") && plan.contains("d15 < -500"), plan);
    assertTrue(!plan.contains("Filter "), "nothing left for Spark to filter: " + plan);
  }

  @Test
  void filesStoringOneDecimalDifferentlyReadAsDecimals() {
    // d as DECIMAL(9,2) in INT32 in one file, DECIMAL(12,4) in INT64 in the other: one column of
    // decimal(12,4) (our schema unification), never unscaled integers of two scales
    Path mixed = dir.resolve("mixed");
    spark.createDataFrame(List.of(RowFactory.create(new BigDecimal("1.25")), RowFactory.create(new BigDecimal("-3.50"))),
        new StructType().add("d", DataTypes.createDecimalType(9, 2))).coalesce(1).write().parquet(mixed.resolve("a").toString());
    spark.createDataFrame(List.of(RowFactory.create(new BigDecimal("7.1234"))),
        new StructType().add("d", DataTypes.createDecimalType(12, 4))).coalesce(1).write().parquet(mixed.resolve("b").toString());
    Dataset<Row> df = spark.read().format("parquet-arrow").option("hivePartitioning", "false").load(mixed.toString());
    List<BigDecimal> values = df.collectAsList().stream().map(row -> row.getDecimal(0).stripTrailingZeros()).sorted().toList();
    assertEquals(List.of(new BigDecimal("-3.5"), new BigDecimal("1.25"), new BigDecimal("7.1234")), values);
    List<BigDecimal> filtered = df.where("d > 1.2").collectAsList().stream()
        .map(row -> row.getDecimal(0).stripTrailingZeros()).sorted().toList();
    assertEquals(List.of(new BigDecimal("1.25"), new BigDecimal("7.1234")), filtered);
  }
}
