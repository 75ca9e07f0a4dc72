package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.SparkThrowable;
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
 * {@code spark.read().schema(...)} through our source: a schema that leaves columns out, reorders
 * them, adds ones the files lack (top-level and inside a struct), widens numbers and types the
 * partition columns. The rows expected come from Spark's built-in reader over the files' own
 * schema with the same columns cast in SQL (or null where the files lack them). A schema asking
 * for a type the files cannot be read as, a directory with no file and a path that is not there
 * fail as Spark's built-in source fails.
 */
class SparkUserSchemaTest {
  private static final Logger LOG = LoggerFactory.getLogger(SparkUserSchemaTest.class);
  private static final long SEED = Long.getLong("seed", System.nanoTime());
  private static SparkSession spark;
  @TempDir
  static Path dir;
  private static String data;

  static final StructType SCHEMA = new StructType()
      .add("p", DataTypes.IntegerType)
      .add("id", DataTypes.IntegerType)
      .add("small", DataTypes.ShortType)
      .add("f", DataTypes.FloatType)
      .add("name", DataTypes.StringType)
      .add("s", new StructType().add("a", DataTypes.IntegerType).add("b", DataTypes.StringType))
      .add("arr", DataTypes.createArrayType(DataTypes.IntegerType));

  @BeforeAll
  static void write() {
    LOG.info("SparkUserSchemaTest seed {} (rerun with -Dseed={})", SEED, SEED);
    spark = LocalSpark.session();
    Random r = new Random(SEED);
    List<Row> rows = new ArrayList<>();
    for (int n = 0; n < 1500; n++) {
      rows.add(RowFactory.create(
          1 + r.nextInt(3),
          n,
          r.nextInt(8) == 0 ? null : (short) (r.nextInt(65536) - 32768),
          r.nextInt(8) == 0 ? null : r.nextFloat() * 1000 - 500,
          r.nextInt(8) == 0 ? null : "n" + r.nextInt(300),
          r.nextInt(8) == 0 ? null : RowFactory.create(r.nextInt(8) == 0 ? null : r.nextInt(1000), "b" + r.nextInt(9)),
          r.nextInt(8) == 0 ? null : List.of(r.nextInt(), r.nextInt(100))));
    }
    data = dir.resolve("t").toString();
    spark.createDataFrame(rows, SCHEMA).repartition(2).write().partitionBy("p").parquet(data);
  }

  /** Ours with {@code schema}, all its columns, against the built-in reader's rows of {@code expectedSql} over T. */
  private static Dataset<Row> same(String schema, String expectedSql) {
    spark.read().parquet(data).createOrReplaceTempView("t_builtin");
    List<Row> expected = sorted(spark.sql(expectedSql.replace(" T", " t_builtin")).collectAsList());
    Dataset<Row> ours = spark.read().format("parquet-arrow").schema(schema).load(data);
    assertEquals(StructType.fromDDL(schema).asNullable(), ours.schema(), "the table has the schema given");
    assertEquals(expected, sorted(ours.collectAsList()), schema);
    return ours;
  }

  private static List<Row> sorted(List<Row> rows) {
    return SparkRows.sorted(rows);
  }

  @Test
  void theFilesOwnSchemaGivenBackReadsAsWithout() {
    StructType own = spark.read().format("parquet-arrow").load(data).schema();
    Dataset<Row> ours = spark.read().format("parquet-arrow").schema(own).load(data);
    assertEquals(sorted(spark.read().parquet(data).select("id", "small", "f", "name", "s", "arr", "p").collectAsList()),
        sorted(ours.select("id", "small", "f", "name", "s", "arr", "p").collectAsList()));
  }

  @Test
  void someColumnsInAnotherOrder() {
    same("name STRING, id INT", "SELECT name, id FROM T");
    same("s STRUCT<b: STRING>, id INT", "SELECT struct(s.b AS b) AS s, id FROM T WHERE s IS NOT NULL"
        + " UNION ALL SELECT NULL, id FROM T WHERE s IS NULL");
  }

  @Test
  void columnsTheFilesLackAreNull() {
    same("id INT, missing BIGINT, s STRUCT<a: INT, zz: STRING>",
        "SELECT id, CAST(NULL AS BIGINT), IF(s IS NULL, NULL, named_struct('a', s.a, 'zz', CAST(NULL AS STRING))) FROM T");
    Dataset<Row> ours = spark.read().format("parquet-arrow").schema("id INT, missing BIGINT").load(data);
    assertEquals(1500, ours.where("missing IS NULL").count());
    assertEquals(0, ours.where("missing = 3").count());
  }

  @Test
  void widerNumbers() {
    same("id BIGINT, small INT, f DOUBLE, arr ARRAY<BIGINT>",
        "SELECT CAST(id AS BIGINT), CAST(small AS INT), CAST(f AS DOUBLE), CAST(arr AS ARRAY<BIGINT>) FROM T");
    same("id DOUBLE, small BIGINT", "SELECT CAST(id AS DOUBLE), CAST(small AS BIGINT) FROM T");
  }

  @Test
  void filtersOnGivenColumnsStayRight() {
    Dataset<Row> ours = spark.read().format("parquet-arrow").schema("id BIGINT, name STRING, p INT, f DOUBLE").load(data);
    Dataset<Row> builtin = spark.read().parquet(data);
    assertEquals(builtin.where("id > 1000 AND name LIKE 'n1%'").count(), ours.where("id > 1000 AND name LIKE 'n1%'").count());
    assertEquals(builtin.where("p = 2").count(), ours.where("p = 2").count());
    assertEquals(builtin.where("CAST(f AS DOUBLE) < -100.5").count(), ours.where("f < -100.5").count());
    assertEquals(sorted(builtin.where("p = 3 AND id < 50").selectExpr("CAST(id AS BIGINT)").collectAsList()),
        sorted(ours.where("p = 3 AND id < 50").select("id").collectAsList()));
  }

  @Test
  void partitionColumnsTakeTheGivenType() {
    same("id INT, p BIGINT", "SELECT id, CAST(p AS BIGINT) FROM T");
    same("p STRING, id INT", "SELECT CAST(p AS STRING), id FROM T");
    Dataset<Row> ours = spark.read().format("parquet-arrow").schema("p STRING, id INT").load(data);
    assertEquals(spark.read().parquet(data).where("p = 2").count(), ours.where("p = '2'").count());
  }

  @Test
  void aTypeTheFilesCannotBeReadAsIsRefusedNamingTheColumn() {
    IncompatibleSchemaException e = refused("id STRING, name STRING");
    assertEquals("id", e.column());
    assertTrue(e.getMessage().contains("int") && e.getMessage().contains("string"), e.getMessage());
    IncompatibleSchemaException nested = refused("s STRUCT<a: BOOLEAN>");
    assertEquals("s.a", nested.column());
    IncompatibleSchemaException narrower = refused("small BYTE");
    assertTrue(narrower.getMessage().contains("smallint"), narrower.getMessage());
  }

  @Test
  void aNameInAnotherCaseIsRefusedSayingHowTheFilesSpellIt() {
    IncompatibleSchemaException e = refused("ID INT");
    assertTrue(e.getMessage().contains("'id'"), e.getMessage());
  }

  private static IncompatibleSchemaException refused(String schema) {
    Exception e = assertThrows(Exception.class,
        () -> spark.read().format("parquet-arrow").schema(schema).load(data).collectAsList());
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof IncompatibleSchemaException x) {
        return x;
      }
    }
    throw new AssertionError("no IncompatibleSchemaException in " + e, e);
  }

  @Test
  void anEmptyDirectoryWithAGivenSchemaHasNoRows() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Files.writeString(empty.resolve("_SUCCESS"), "");
    Dataset<Row> ours = spark.read().format("parquet-arrow").schema("id INT, name STRING").load(empty.toString());
    Dataset<Row> builtin = spark.read().schema("id INT, name STRING").parquet(empty.toString());
    assertEquals(builtin.count(), ours.count());
    assertEquals(0, ours.where("id > 3").select("name").collectAsList().size());
  }

  @Test
  void anEmptyDirectoryWithoutASchemaFailsAsTheBuiltInSource() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty2"));
    String builtin = condition(() -> spark.read().parquet(empty.toString()));
    String ours = condition(() -> spark.read().format("parquet-arrow").load(empty.toString()));
    assertEquals("UNABLE_TO_INFER_SCHEMA", builtin);
    assertEquals(builtin, ours);
  }

  @Test
  void aPathThatIsNotThereFailsAsTheBuiltInSource() {
    String missing = dir.resolve("nope").toString();
    assertEquals("PATH_NOT_FOUND", condition(() -> spark.read().parquet(missing)));
    assertEquals("PATH_NOT_FOUND", condition(() -> spark.read().format("parquet-arrow").load(missing)));
    assertEquals("PATH_NOT_FOUND", condition(() -> spark.read().format("parquet-arrow").load(data, missing)));
    Exception e = assertThrows(Exception.class, () -> spark.read().format("parquet-arrow").load(missing));
    assertTrue(e.getMessage().contains(missing), e.getMessage());
  }

  private static String condition(org.junit.jupiter.api.function.Executable read) {
    Exception e = assertThrows(Exception.class, read);
    assertNotNull(e instanceof SparkThrowable ? e : null, "a Spark error, not " + e);
    return ((SparkThrowable) e).getCondition();
  }
}
