package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Filters a new user writes, pushed or not, give the built-in reader's rows: NaN and -0.0 in
 * floating columns (Spark orders NaN above every number and equal to itself), nulls in IN lists,
 * LIKE patterns, null-safe equality, literals of another type than the column (a fraction against
 * an integer, a timestamp against a date, a string against a number), and combinations. The data
 * is random (seed printed) with nulls in every column, in small row groups so that pruning has
 * something to do.
 */
class SparkFilterAgreementTest {
  private static final Logger LOG = LoggerFactory.getLogger(SparkFilterAgreementTest.class);
  private static final long SEED = Long.getLong("seed", System.nanoTime());
  private static SparkSession spark;
  @TempDir
  static Path dir;

  static final StructType SCHEMA = new StructType()
      .add("id", DataTypes.IntegerType)
      .add("i", DataTypes.IntegerType)
      .add("l", DataTypes.LongType)
      .add("d", DataTypes.DoubleType)
      .add("f", DataTypes.FloatType)
      .add("s", DataTypes.StringType)
      .add("day", DataTypes.DateType)
      .add("ts", DataTypes.TimestampType)
      .add("dec", DataTypes.createDecimalType(10, 2))
      .add("b", DataTypes.BooleanType);

  @BeforeAll
  static void write() {
    LOG.info("SparkFilterAgreementTest seed {} (rerun with -Dseed={})", SEED, SEED);
    spark = LocalSpark.session();
    Random r = new Random(SEED);
    double[] specials = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1.5, -1.5};
    String[] words = {"", "a", "ab", "abc", "b_c", "b%c", "Ünïcode", "a b", "zz", "A"};
    List<Row> rows = new ArrayList<>();
    for (int n = 0; n < 3000; n++) {
      rows.add(RowFactory.create(
          n,
          r.nextInt(7) == 0 ? null : r.nextInt(21) - 10,
          r.nextInt(7) == 0 ? null : (long) r.nextInt(2001) - 1000,
          r.nextInt(7) == 0 ? null : r.nextInt(3) == 0 ? specials[r.nextInt(specials.length)] : r.nextInt(200) / 10.0 - 10,
          r.nextInt(7) == 0 ? null : r.nextInt(3) == 0 ? (float) specials[r.nextInt(specials.length)] : r.nextInt(200) / 10f - 10,
          r.nextInt(7) == 0 ? null : words[r.nextInt(words.length)],
          r.nextInt(7) == 0 ? null : Date.valueOf(LocalDate.of(2024, 1, 1).plusDays(r.nextInt(10))),
          r.nextInt(7) == 0 ? null : Timestamp.valueOf(LocalDate.of(2024, 1, 1).plusDays(r.nextInt(10)).atStartOfDay()
              .plusHours(r.nextInt(3) * 12)),
          r.nextInt(7) == 0 ? null : BigDecimal.valueOf(r.nextInt(2001) - 1000, 2),
          r.nextInt(7) == 0 ? null : r.nextBoolean()));
    }
    String path = dir.resolve("t").toString();
    spark.createDataFrame(rows, SCHEMA).repartition(3).write().option("parquet.block.size", "16384")
        .option("parquet.page.size", "2048").parquet(path);
    spark.read().format("parquet-arrow").load(path).createOrReplaceTempView("ours");
    spark.read().parquet(path).createOrReplaceTempView("builtin");
  }

  static Stream<String> filters() {
    // each filter costs two Spark queries (about a second each on two cores): one per kind of trap
    return Stream.of(
        // floating point: NaN is above every number and equal to itself, -0.0 equals 0.0
        "d > 5", "d >= 'NaN'", "d = 'NaN'", "d < 'NaN'", "d = -0.0", "d = 0", "d <= 0", "d = double('inf')",
        "d IN (1.5, 'NaN')", "isnan(d)", "f = 'NaN'", "f IN (-1.5, 1.5)", "f > 1.4",
        // nulls in IN lists, NOT IN, null-safe equality
        "i IN (1, 2, NULL)", "i NOT IN (1, NULL)", "NOT (i IN (3, NULL))", "i <=> NULL", "NOT (i <=> 3)",
        "s IN ('a', NULL)",
        // strings: LIKE with escapes, the empty string, non-ASCII order
        "s LIKE 'a%'", "s LIKE '%c'", "s LIKE 'b\\_c'", "s = ''", "s >= 'Ü'", "s ILIKE 'a%'",
        // literals of another type than the column
        "i > 2.5", "i = 2.5", "l IN (1, 2.5, 3)", "i > 4000000000", "try_cast(s AS INT) = 1", "i > '3'",
        "day > timestamp'2024-01-03 12:00:00'", "ts = date'2024-01-05'", "ts >= '2024-01-05 12:00:00'",
        "dec > 1.555", "dec IN (1.25, 2.5, 0)",
        // booleans and combinations
        "NOT b", "i > 3 OR d = 'NaN'", "NOT (i > 3 OR l < 0)", "coalesce(i, 0) = 0", "i + 1 > 5");
  }

  @ParameterizedTest
  @MethodSource("filters")
  void sameRowsAsTheBuiltInReader(String filter) {
    // Spark's answer without parquet-java's row-group filters: its dictionary filter tests a
    // double by Double.equals, so a row group whose dictionary holds -0.0 and not 0.0 is dropped
    // for d = 0.0 (SQL, and Spark's own comparison, have -0.0 = 0.0)
    spark.conf().set("spark.sql.parquet.filterPushdown", "false");
    List<Row> expected;
    try {
      expected = spark.sql("SELECT id FROM builtin WHERE " + filter + " ORDER BY id").collectAsList();
    } finally {
      spark.conf().unset("spark.sql.parquet.filterPushdown");
    }
    List<Row> got = spark.sql("SELECT id FROM ours WHERE " + filter + " ORDER BY id").collectAsList();
    if (!expected.equals(got)) {
      List<Row> missing = new ArrayList<>(expected);
      missing.removeAll(got);
      List<Row> extra = new ArrayList<>(got);
      extra.removeAll(expected);
      String ids = "missing ids " + missing.subList(0, Math.min(10, missing.size())) + ", extra ids "
          + extra.subList(0, Math.min(10, extra.size()));
      List<Row> detail = spark.sql("SELECT id, i, l, d, f, s, day, ts, dec, b, cast(d AS string) FROM builtin WHERE id IN ("
          + String.join(",", java.util.stream.Stream.concat(missing.stream(), extra.stream()).limit(10)
              .map(r -> r.get(0).toString()).toList()) + ")").collectAsList();
      assertEquals(expected.size(), got.size(), filter + " (seed " + SEED + "): " + ids + "; rows " + detail);
      assertEquals(expected, got, filter + " (seed " + SEED + "): " + ids + "; rows " + detail);
    }
  }
}
