package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.DataFrameReader;
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
 * Spark's file-source options that choose files ({@code pathGlobFilter}, {@code basePath}, {@code
 * recursiveFileLookup}, {@code ignoreCorruptFiles}) give through our source what they give through
 * the built-in reader with the same options: the same schema and rows. The ones we cannot honour
 * are refused by name.
 */
class SparkFileOptionsTest {
  private static final Logger LOG = LoggerFactory.getLogger(SparkFileOptionsTest.class);
  private static final long SEED = Long.getLong("seed", System.nanoTime());
  private static SparkSession spark;
  @TempDir
  static Path dir;
  private static String data;

  @BeforeAll
  static void write() throws Exception {
    LOG.info("SparkFileOptionsTest seed {} (rerun with -Dseed={})", SEED, SEED);
    spark = LocalSpark.session();
    Random r = new Random(SEED);
    StructType schema = new StructType().add("p", DataTypes.IntegerType).add("id", DataTypes.LongType)
        .add("name", DataTypes.StringType);
    List<Row> rows = new ArrayList<>();
    for (int n = 0; n < 900; n++) {
      rows.add(RowFactory.create(1 + r.nextInt(3), (long) n, r.nextInt(6) == 0 ? null : "n" + r.nextInt(50)));
    }
    data = dir.resolve("t").toString();
    spark.createDataFrame(rows, schema).repartition(2).write().partitionBy("p").parquet(data);
    // what a data lake collects beside the data: notes, other formats, a file that is not Parquet
    Files.writeString(Path.of(data, "p=1", "README.txt"), "not data");
    Files.writeString(Path.of(data, "p=2", "extra.json"), "{\"id\": 1}");
  }

  private static List<Row> rows(Dataset<Row> df) {
    return SparkRows.sorted(df);
  }

  /** The same load through both readers, the same options: same schema, same rows. */
  private static void same(Map<String, String> options, String... paths) {
    DataFrameReader builtin = spark.read().format("parquet").options(options);
    DataFrameReader ours = spark.read().format("parquet-arrow").options(options);
    Dataset<Row> expected = builtin.load(paths);
    Dataset<Row> got = ours.load(paths);
    assertEquals(expected.schema(), got.schema(), options.toString());
    assertEquals(rows(expected), rows(got), options.toString());
  }

  @Test
  void pathGlobFilterLeavesOtherFilesOut() {
    same(Map.of("pathGlobFilter", "*.parquet"), data);
    same(Map.of("pathGlobFilter", "part-0000[0-9]*"), data);
  }

  @Test
  void basePathKeepsThePartitionColumnOfASubdirectory() {
    same(Map.of("basePath", data, "pathGlobFilter", "*.parquet"), data + "/p=1");
    same(Map.of("basePath", data, "pathGlobFilter", "*.parquet"), data + "/p=1", data + "/p=3");
    Dataset<Row> ours = spark.read().format("parquet-arrow").option("basePath", data).option("pathGlobFilter", "*.parquet")
        .load(data + "/p=2");
    assertTrue(List.of(ours.columns()).contains("p"), List.of(ours.columns()).toString());
    assertEquals(ours.count(), ours.where("p = 2").count());
  }

  @Test
  void recursiveFileLookupReadsEveryFileWithoutPartitionColumns() {
    same(Map.of("recursiveFileLookup", "true", "pathGlobFilter", "*.parquet"), data);
  }

  @Test
  void ignoreCorruptFilesSkipsAFileThatIsNotParquet() throws Exception {
    Path mixed = Files.createDirectories(dir.resolve("mixed"));
    spark.read().option("pathGlobFilter", "*.parquet").parquet(data).coalesce(1).write().parquet(mixed.resolve("good").toString());
    Files.write(mixed.resolve("good").resolve("zz-broken.parquet"), new byte[] {'P', 'A', 'R', '1', 9, 9, 9, 9, 'P', 'A', 'R', '1'});
    same(Map.of("ignoreCorruptFiles", "true"), mixed.resolve("good").toString());
    assertThrows(Exception.class,
        () -> spark.read().format("parquet-arrow").load(mixed.resolve("good").toString()).count(),
        "without the option the broken file fails the read");
  }

  @Test
  void optionsWeCannotHonourAreRefusedByName() {
    for (String[] option : new String[][] {{"modifiedAfter", "2020-06-01T05:30:00"},
        {"modifiedBefore", "2050-06-01T05:30:00"}, {"datetimeRebaseMode", "LEGACY"}, {"int96RebaseMode", "legacy"},
        {"ignoreMissingFiles", "true"}}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> spark.read().format("parquet-arrow").option(option[0], option[1]).load(data).count());
      assertTrue(e.getMessage().contains(option[0]), e.getMessage());
    }
    // the mode the files are read in anyway is accepted
    assertEquals(spark.read().option("pathGlobFilter", "*.parquet").parquet(data).count(),
        spark.read().format("parquet-arrow").option("datetimeRebaseMode", "CORRECTED").option("pathGlobFilter", "*.parquet")
            .load(data).count());
  }

  @Test
  void aBadGlobOrBooleanIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> spark.read().format("parquet-arrow").option("pathGlobFilter", "[*.parquet").load(data).count());
    assertTrue(e.getMessage().contains("pathGlobFilter"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> spark.read().format("parquet-arrow").option("recursiveFileLookup", "yes").load(data).count());
    assertTrue(e.getMessage().contains("recursiveFileLookup"), e.getMessage());
  }
}
