package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Null and empty-string partition values the way Spark has them: its built-in writer puts both in
 * {@code k=__HIVE_DEFAULT_PARTITION__}, which its reader reads as null. Our source reads Spark's
 * output to the same rows, and our writer's output reads back in Spark's built-in reader as Spark's
 * own does (null and empty string both null).
 */
class SparkHivePartitionNullsTest {
  private static SparkSession spark;
  @TempDir static Path dir;

  private static final StructType SCHEMA = new StructType()
      .add("id", DataTypes.IntegerType, false)
      .add("k", DataTypes.StringType);

  @BeforeAll
  static void start() {
    spark = LocalSpark.session();
  }

  private static Dataset<Row> data() {
    List<Row> rows = List.of(RowFactory.create(1, "a"), RowFactory.create(2, ""), RowFactory.create(3, null),
        RowFactory.create(4, "a/b"), RowFactory.create(5, ""), RowFactory.create(6, null));
    return spark.createDataFrame(rows, SCHEMA);
  }

  @Test
  void sparkWrittenNullAndEmptyPartitionsReadAsSparkReadsThem() throws Exception {
    Path out = dir.resolve("builtin");
    data().write().partitionBy("k").parquet(out.toString());
    assertTrue(Files.isDirectory(out.resolve("k=__HIVE_DEFAULT_PARTITION__")), "Spark's directory for null and ''");
    Dataset<Row> builtIn = spark.read().parquet(out.toString());
    Dataset<Row> ours = spark.read().format("parquet-arrow").load(out.toString());
    SparkReadTest.assertSameRows(builtIn, ours);
    assertEquals(4, ours.where("k is null").count(), "'' and null both null, as Spark reads them");
  }

  @Test
  void ourWrittenNullAndEmptyPartitionsReadInSparkAsItsOwn() throws Exception {
    Path builtInOut = dir.resolve("builtin-2");
    data().write().partitionBy("k").parquet(builtInOut.toString());
    Path ourOut = dir.resolve("ours");
    data().write().format("parquet-arrow").mode("overwrite").partitionBy("k").save(ourOut.toString());
    SparkReadTest.assertSameRows(spark.read().parquet(builtInOut.toString()), spark.read().parquet(ourOut.toString()));
    SparkReadTest.assertSameRows(spark.read().parquet(builtInOut.toString()),
        spark.read().format("parquet-arrow").load(ourOut.toString()));
  }
}
