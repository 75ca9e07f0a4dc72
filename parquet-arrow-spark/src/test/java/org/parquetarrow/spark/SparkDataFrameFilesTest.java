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
 * same way in the same session. A file rewritten in place after loading is refused by name rather
 * than read with the footer of its old version.
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

  @Test
  void theFilesAreThoseOfTheLoadNotOfTheFirstQuery() {
    String data = dir.resolve("loaded").toString();
    spark.range(0, 100).selectExpr("id", "id % 3 as k").write().partitionBy("k").parquet(data);
    Dataset<Row> ours = spark.read().format("parquet-arrow").load(data);
    Dataset<Row> builtIn = spark.read().parquet(data);
    // written after loading, before either DataFrame's first query
    spark.range(1000, 1050).selectExpr("id", "id % 3 as k").write().mode("append").partitionBy("k").parquet(data);
    assertEquals(builtIn.count(), ours.count());
    assertEquals(100, ours.count(), "the files of the load");
    assertEquals(builtIn.where("k = 1").collectAsList().size(), ours.where("k = 1").collectAsList().size());
  }

  @Test
  void aFileRewrittenInPlaceAfterLoadingIsRefusedNotMixedWithItsOldFooter() throws Exception {
    String data = dir.resolve("rewritten").toString();
    spark.range(0, 300, 1, 3).selectExpr("id", "id * 2 as v").write().parquet(data);
    Dataset<Row> ours = spark.read().format("parquet-arrow").load(data);
    assertEquals(300, ours.collectAsList().size());
    java.util.List<Path> files;
    try (var s = java.nio.file.Files.list(Path.of(data))) {
      files = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
    // another valid Parquet file of the same schema in the first one's place
    Path victim = files.get(0);
    java.nio.file.Files.copy(files.get(1), victim, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> ours.collectAsList());
    // Spark reports the task's exception in the stage failure's message
    org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains(
        org.parquetarrow.io.ObjectChangedException.class.getName()) && e.getMessage().contains(victim.getFileName().toString()),
        e.getMessage());
    // a new read sees the files as they are now: the second file's rows twice, the third's once
    // (the built-in reader's new read in this session fails on that file: Spark keeps its old
    // length in a file status cache)
    java.util.List<Long> expected = new java.util.ArrayList<>();
    for (long id = 100; id < 300; id++) {
      expected.add(id);
      if (id < 200) {
        expected.add(id);
      }
    }
    java.util.Collections.sort(expected);
    java.util.List<Long> got = new java.util.ArrayList<>(spark.read().format("parquet-arrow").load(data)
        .where("v = id * 2").select("id").collectAsList().stream().map(r -> r.getLong(0)).toList());
    java.util.Collections.sort(got);
    assertEquals(expected, got);
  }

  private static java.util.List<Row> rows(String query, String view) {
    return spark.sql(String.format(query, view)).collectAsList();
  }
}
