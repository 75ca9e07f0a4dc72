package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Partition directories whose names Spark types otherwise than DuckDB: {@code k=01} beside {@code
 * k=1} (one integer to Spark), fractions, whole numbers past 64 bits, mixed kinds. Each layout is
 * read by both readers: the same schema (partition column types included) and the same rows, and a
 * filter on the partition column keeps the same rows. So also with a schema given to the read that
 * leaves a partition column out, names it first, or asks for it as a string (the directory's text).
 */
class SparkPartitionTypesTest {
  private static SparkSession spark;
  @TempDir
  static Path dir;

  @BeforeAll
  static void start() {
    spark = LocalSpark.session();
  }

  /** A dataset at {@code name} with one small file below each {@code k=<value>} directory. */
  private static String layout(String name, String... values) {
    String root = dir.resolve(name).toString();
    for (int i = 0; i < values.length; i++) {
      spark.range(i * 10L, i * 10L + 3).toDF("id").coalesce(1).write().parquet(root + "/k=" + values[i]);
    }
    return root;
  }

  private static void same(String root, String filter) {
    Dataset<Row> builtin = spark.read().parquet(root);
    Dataset<Row> ours = spark.read().format("parquet-arrow").load(root);
    assertEquals(builtin.schema(), ours.schema(), root);
    assertEquals(sorted(builtin), sorted(ours), root);
    assertEquals(sorted(builtin.where(filter)), sorted(ours.where(filter)), root + " where " + filter);
  }

  /** As {@link #same}, both readers given {@code schema}, under each of {@code filters}. */
  private static void sameWithSchema(String root, String schema, String... filters) {
    Dataset<Row> builtin = spark.read().schema(schema).parquet(root);
    Dataset<Row> ours = spark.read().format("parquet-arrow").schema(schema).load(root);
    assertEquals(builtin.schema(), ours.schema(), root + " " + schema);
    assertEquals(sorted(builtin), sorted(ours), root + " " + schema);
    for (String f : filters) {
      assertEquals(sorted(builtin.where(f)), sorted(ours.where(f)), root + " " + schema + " where " + f);
    }
  }

  @Test
  void aPartitionColumnTheGivenSchemaLeavesOutIsThereAsInferred() {
    String zeros = layout("omitted", "01", "1", "2", "+3");
    sameWithSchema(zeros, "id BIGINT", "k = 1", "k > 1 AND id < 25", "k IS NULL");
    sameWithSchema(zeros, "k BIGINT, id BIGINT", "k = 3"); // named first: last, in the type given
    sameWithSchema(layout("omittedDates", "2024-01-01", "2024-02-29"), "id BIGINT", "k > date'2024-01-15'");
    sameWithSchema(layout("omittedFractions", "1.5", "-0.25"), "missing STRING", "k < 0");
    String twoLevels = dir.resolve("twoLevels").toString();
    for (String sub : new String[] {"a=1/b=x", "a=2/b=x", "a=2/b=07"}) {
      spark.range(3).coalesce(1).write().parquet(twoLevels + "/" + sub);
    }
    sameWithSchema(twoLevels, "b STRING, id BIGINT", "a = 2", "b = '07'", "b = 'x' AND id > 0");
    sameWithSchema(twoLevels, "A BIGINT", "A = 2 AND b = 'x'");
    LocalSpark.withConf("spark.sql.caseSensitive", "true", () -> sameWithSchema(twoLevels, "A BIGINT, id BIGINT",
        "A IS NULL AND a = 1"));
  }

  @Test
  void aPartitionColumnGivenAsStringIsTheDirectorysText() {
    String[][] layouts = {
        {"textZeros", "01", "1", "2", "+3"},
        {"textFractions", "1.50", "2", "-0.25", "1.5"},
        {"textDates", "2024-01-01", "2024-02-29"},
        {"textNulls", "01", "__HIVE_DEFAULT_PARTITION__", "7"},
        {"textWide", "99999999999999999999", "0005"},
        {"textMixed", "a", "01", "2024-01-01"}};
    for (String[] l : layouts) {
      String root = layout(l[0], java.util.Arrays.copyOfRange(l, 1, l.length));
      sameWithSchema(root, "id BIGINT, k STRING", "k = '01'", "k > '1'", "k IS NULL", "k = '+3'", "k LIKE '1.5%'",
          "k IN ('2', '1.50', '2024-01-01')");
      sameWithSchema(root, "K STRING, id BIGINT", "K = '01' OR K = '0005'");
      LocalSpark.withConf("spark.sql.caseSensitive", "true", () -> sameWithSchema(root, "K STRING, id BIGINT", "K IS NULL"));
    }
  }

  private static List<Row> sorted(Dataset<Row> df) {
    return SparkRows.sorted(df);
  }

  @Test
  void leadingZerosAreOneIntegerToSpark() {
    same(layout("zeros", "01", "1", "2", "+3"), "k = 1");
  }

  @Test
  void fractionsAreDoubles() {
    same(layout("fractions", "1.5", "2", "-0.25", "1.50"), "k > 1");
  }

  @Test
  void wideWholeNumbersAreLongsAndDecimals() {
    same(layout("longs", "123456789012", "7"), "k > 100");
    same(layout("decimals", "99999999999999999999", "5"), "k < 10");
  }

  @Test
  void mixedKindsAreStrings() {
    same(layout("mixed", "abc", "1", "2024-01-01"), "k = '1'");
    same(layout("dates", "2024-01-01", "2024-02-29"), "k > date'2024-01-15'");
  }

  @Test
  void aFileColumnNamedAsThePartitionKeyGivesWayToTheDirectory() {
    String root = dir.resolve("overlap").toString();
    for (int k : new int[] {5, 6}) {
      spark.range(k * 10L, k * 10L + 4).selectExpr("id", "cast(id % 3 as int) as k", "concat('v', id) as s").coalesce(1)
          .write().parquet(root + "/k=" + k);
    }
    same(root, "k = 5");
    same(root, "k = 1");
  }
}
