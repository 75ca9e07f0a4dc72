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
 * filter on the partition column keeps the same rows.
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
