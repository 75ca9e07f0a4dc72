package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DataFrame read from a directory keeps the files it found, as Spark's built-in source keeps its
 * file index: files written into the directory afterwards show up in a new read, not in the
 * DataFrame already loaded, nor in a view over it. Every count is the built-in reader's, asked the
 * same way in the same session.
 */
class SparkDataFrameFilesTest {
  private static SparkSession spark;
  @TempDir
  static Path dir;

  @BeforeAll
  static void start() {
    spark = LocalSpark.session();
  }

  @Test
  void aLoadedDataFrameKeepsItsFilesAndANewReadSeesNewOnes() {
    String data = dir.resolve("growing").toString();
    spark.range(0, 100).selectExpr("id", "id % 3 as k").write().partitionBy("k").parquet(data);
    Dataset<Row> ours = spark.read().format("parquet-arrow").load(data);
    Dataset<Row> builtIn = spark.read().parquet(data);
    ours.createOrReplaceTempView("files_ours");
    builtIn.createOrReplaceTempView("files_builtin");
    String query = "select count(*), sum(id) from %s where id >= 10";
    assertEquals(builtIn.where("id >= 10").count(), ours.where("id >= 10").count());
    assertEquals(rows(query, "files_builtin"), rows(query, "files_ours"));

    // more rows in an existing partition directory and in a new one
    spark.range(1000, 1050).selectExpr("id", "id % 4 as k").write().mode("append").partitionBy("k").parquet(data);
    assertEquals(builtIn.count(), ours.count(), "the DataFrames already loaded");
    assertEquals(100, ours.count(), "the files it was loaded with");
    assertEquals(rows(query, "files_builtin"), rows(query, "files_ours"), "the views over them");
    assertEquals(spark.read().parquet(data).count(), spark.read().format("parquet-arrow").load(data).count(),
        "new reads");
    assertEquals(150, spark.read().format("parquet-arrow").load(data).count());
  }

  private static java.util.List<Row> rows(String query, String view) {
    return spark.sql(String.format(query, view)).collectAsList();
  }
}
