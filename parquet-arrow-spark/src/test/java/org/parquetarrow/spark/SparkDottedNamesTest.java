package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
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
 * Column names with dots in them, as Spark's built-in writer writes them: a top-level column
 * {@code `a.b`} beside a struct {@code a} with a field {@code b} (same dotted spelling, another
 * column), and a struct field {@code `c.d`}. Read, projected and filtered through our source, each
 * must give the built-in reader's rows, and filters on them are pushed.
 */
class SparkDottedNamesTest {
  private static final Logger LOG = LoggerFactory.getLogger(SparkDottedNamesTest.class);
  private static final long SEED = Long.getLong("seed", System.nanoTime());
  private static SparkSession spark;
  @TempDir
  static Path dir;
  private static String data;

  static final StructType SCHEMA = new StructType()
      .add("a.b", DataTypes.IntegerType)
      .add("a", new StructType().add("b", DataTypes.IntegerType).add("z", DataTypes.StringType))
      .add("s", new StructType().add("c.d", DataTypes.LongType).add("e", DataTypes.StringType))
      .add("x", DataTypes.IntegerType);

  @BeforeAll
  static void write() {
    LOG.info("SparkDottedNamesTest seed {} (rerun with -Dseed={})", SEED, SEED);
    spark = LocalSpark.session();
    Random r = new Random(SEED);
    List<Row> rows = new ArrayList<>();
    for (int n = 0; n < 2000; n++) {
      rows.add(RowFactory.create(
          r.nextInt(10) == 0 ? null : r.nextInt(100),
          r.nextInt(10) == 0 ? null : RowFactory.create(r.nextInt(10) == 0 ? null : 1000 + r.nextInt(100), "z" + r.nextInt(5)),
          r.nextInt(10) == 0 ? null : RowFactory.create(r.nextInt(10) == 0 ? null : (long) r.nextInt(2000) - 1000, "e" + n),
          n));
    }
    data = dir.resolve("dotted").toString();
    spark.createDataFrame(rows, SCHEMA).repartition(2).write().option("parquet.block.size", "8192").parquet(data);
    spark.read().format("parquet-arrow").load(data).createOrReplaceTempView("ours");
    spark.read().parquet(data).createOrReplaceTempView("builtin");
  }

  /** {@code sql} over T through ours equals the built-in reader's rows; our scan node. */
  private static BatchScanExec same(String sql) {
    List<Row> expected = sorted(spark.sql(sql.replace(" T", " builtin")).collectAsList());
    Dataset<Row> ours = spark.sql(sql.replace(" T", " ours"));
    List<Row> got = sorted(ours.collectAsList());
    if (!expected.equals(got)) {
      // the rows in the message would run to megabytes: their counts and the first difference
      int at = 0;
      while (at < Math.min(expected.size(), got.size()) && expected.get(at).equals(got.get(at))) {
        at++;
      }
      assertEquals(expected.size() + " rows, first differing " + (at < expected.size() ? expected.get(at) : "none"),
          got.size() + " rows, first differing " + (at < got.size() ? got.get(at) : "none"), sql);
    }
    return ScanPlans.scanOf(ours);
  }

  private static List<Row> sorted(List<Row> rows) {
    return SparkRows.sorted(rows);
  }

  @Test
  void schemaKeepsTheDottedNames() {
    assertEquals(spark.read().parquet(data).schema(), spark.read().format("parquet-arrow").load(data).schema());
  }

  @Test
  void everyColumnAndEachAlone() {
    same("SELECT * FROM T");
    same("SELECT `a.b` FROM T");
    same("SELECT x, `a.b` FROM T");
    same("SELECT a.b, `a.b` FROM T");
    same("SELECT s.`c.d`, x FROM T");
    same("SELECT s.e FROM T");
  }

  @Test
  void topLevelDottedColumnFilteredAndPushed() {
    List<Row> expected = spark.sql("SELECT x FROM builtin WHERE `a.b` > 90").collectAsList();
    assertTrue(!expected.isEmpty(), "the random data has values above 90");
    BatchScanExec scan = same("SELECT x, `a.b` FROM T WHERE `a.b` > 90");
    String description = scan.scan().description();
    assertTrue(description.contains("\"a.b\" > 90"), description);
    assertEquals(expected.size(), ScanPlans.metric(scan, "rows_out"), description);
  }

  @Test
  void structFieldOfTheSameSpellingIsAnotherColumn() {
    BatchScanExec scan = same("SELECT x, a.b FROM T WHERE a.b >= 1090");
    String description = scan.scan().description();
    assertTrue(description.contains("a.b >= 1090") && !description.contains("\"a.b\" >= 1090"), description);
    same("SELECT x FROM T WHERE a.b >= 1090 AND `a.b` < 10");
    same("SELECT count(*) FROM T WHERE `a.b` IS NULL");
  }

  @Test
  void dottedStructField() {
    BatchScanExec scan = same("SELECT x, s.`c.d` FROM T WHERE s.`c.d` < -900");
    String description = scan.scan().description();
    assertTrue(description.contains("s.\"c.d\" < -900"), description);
    same("SELECT s FROM T WHERE s.`c.d` IS NULL");
  }
}
