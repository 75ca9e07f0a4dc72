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
import java.util.Arrays;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code spark.read().schema(...)} through our source: a schema that leaves columns out, reorders
 * them, adds ones the files lack (top-level and inside a struct), widens numbers, types the
 * partition columns and spells names in another case than the files. Each read is compared with
 * Spark's built-in source given the same schema (the columns it lays out, partition columns last,
 * and its rows, also under filters), and the given columns also with the built-in reader over the
 * files' own schema with the same columns cast in SQL (or null where the files lack them). Names
 * match ignoring case unless {@code spark.sql.caseSensitive} is on, and a name two file columns
 * match so is refused where the built-in reader fails. A schema asking for a type the files cannot
 * be read as, naming a column twice, a directory with no file and a path that is not there fail as
 * Spark's built-in source fails.
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

  /**
   * Ours with {@code schema} against the built-in source with it (columns and rows), and its
   * given columns against the built-in reader's rows of {@code expectedSql} over T.
   */
  private static Dataset<Row> same(String schema, String expectedSql) {
    spark.read().parquet(data).createOrReplaceTempView("t_builtin");
    List<Row> expected = sorted(spark.sql(expectedSql.replace(" T", " t_builtin")).collectAsList());
    Dataset<Row> ours = sameAsBuiltIn(data, schema);
    Column[] given = Arrays.stream(StructType.fromDDL(schema).fieldNames()).map(functions::col).toArray(Column[]::new);
    assertEquals(expected, sorted(ours.select(given).collectAsList()), schema);
    return ours;
  }

  /**
   * Ours and the built-in source read {@code path} with {@code schema}: the same columns and the
   * same rows, also under each of {@code filters}.
   */
  private static Dataset<Row> sameAsBuiltIn(String path, String schema, String... filters) {
    Dataset<Row> builtin = spark.read().schema(schema).parquet(path);
    Dataset<Row> ours = spark.read().format("parquet-arrow").schema(schema).load(path);
    assertEquals(builtin.schema(), ours.schema(), schema);
    assertEquals(sorted(builtin.collectAsList()), sorted(ours.collectAsList()), schema);
    for (String f : filters) {
      assertEquals(sorted(builtin.where(f).collectAsList()), sorted(ours.where(f).collectAsList()), schema + " where " + f);
    }
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

  /** Files whose names are spelt in upper and mixed case, at the top level and inside structs, lists and maps. */
  private static synchronized String upperCaseFiles() {
    String path = dir.resolve("upper").toString();
    if (!Files.isDirectory(Path.of(path))) {
      spark.sql("SELECT id AS ID, IF(id % 11 = 0, NULL, concat('n', id % 7)) AS Name,"
          + " named_struct('X', id * 10, 'y', concat('v', id % 9)) AS S, array(named_struct('Q', id), NULL) AS L,"
          + " map('k', named_struct('Z', -id)) AS M FROM range(300)").repartition(2).write().parquet(path);
    }
    return path;
  }

  @Test
  void aNameInAnotherCaseReadsTheFilesColumnUnderTheGivenName() {
    String path = upperCaseFiles();
    assertEquals("false", spark.conf().get("spark.sql.caseSensitive"));
    String schema = "id BIGINT, name STRING, s STRUCT<x: BIGINT, Y: STRING>, l ARRAY<STRUCT<q: BIGINT>>,"
        + " m MAP<STRING, STRUCT<z: BIGINT>>";
    Dataset<Row> ours = sameAsBuiltIn(path, schema, "id > 250", "ID > 250", "s.x < 100", "name = 'n3'", "name IS NULL",
        "name LIKE 'n1%' AND id < 100", "s.Y = 'v7'", "id IN (3, 5, 7) OR s.x = 40");
    assertEquals(300, ours.where("l[0].q = id AND m['k'].z = -id").count(), "lists and maps of structs read");
    sameAsBuiltIn(path, "S STRUCT<X: BIGINT>, NAME STRING, iD BIGINT", "S.X = 30", "iD < 4");
    // the filter goes into the scan, naming the files' column
    String scan = ScanPlans.scanOf(spark.read().format("parquet-arrow").schema(schema).load(path).where("id > 250"))
        .scan().description();
    assertTrue(scan.contains("ID") && !scan.contains("filter=none"), scan);
  }

  @Test
  void aNameTwoFileColumnsMatchIgnoringCaseIsRefusedWhereTheBuiltInReaderFails() {
    String path = dir.resolve("twice").toString();
    LocalSpark.withConf("spark.sql.caseSensitive", "true", () -> spark.sql("SELECT id AS ID, id * 2 AS id,"
        + " named_struct('a', id, 'A', -id) AS s, concat('o', id) AS other FROM range(6)").coalesce(1).write().parquet(path));
    for (String[] c : new String[][] {{"id BIGINT, other STRING", "id"}, {"other STRING, ID BIGINT", "ID"},
        {"s STRUCT<a: BIGINT>, other STRING", "s.a"}}) {
      Exception builtin = assertThrows(Exception.class, () -> spark.read().schema(c[0]).parquet(path).collectAsList());
      String field = c[1].substring(c[1].lastIndexOf('.') + 1);
      assertTrue(messages(builtin).contains("Found duplicate field(s) \"" + field + "\""), messages(builtin));
      assertEquals(c[1], refused(path, c[0], "other IS NOT NULL").column());
      // read for a filter only: also refused, as the built-in reader reads it to filter
      Exception filtered = assertThrows(Exception.class,
          () -> spark.read().schema(c[0]).parquet(path).where(c[1] + " > 2").select("other").collectAsList());
      assertTrue(messages(filtered).contains("Found duplicate field(s)"), messages(filtered));
      Exception ours = assertThrows(Exception.class, () -> spark.read().format("parquet-arrow").schema(c[0]).load(path)
          .where(c[1] + " > 2").select("other").collectAsList());
      assertTrue(messages(ours).contains("column '" + c[1] + "'"), messages(ours));
      // a query that does not read it reads in both
      assertEquals(sorted(spark.read().schema(c[0]).parquet(path).select("other").collectAsList()),
          sorted(spark.read().format("parquet-arrow").schema(c[0]).load(path).select("other").collectAsList()), c[0]);
    }
    LocalSpark.withConf("spark.sql.caseSensitive", "true", () -> {
      sameAsBuiltIn(path, "id BIGINT, ID BIGINT, s STRUCT<a: BIGINT, A: BIGINT>", "id > 4", "ID < 2", "s.A = -3");
      sameAsBuiltIn(path, "Id BIGINT, S STRUCT<a: BIGINT>, other STRING", "Id IS NULL", "other = 'o2'");
    });
  }

  @Test
  void withCaseSensitiveOnANameInAnotherCaseReadsAsNulls() {
    LocalSpark.withConf("spark.sql.caseSensitive", "true", () -> {
      sameAsBuiltIn(upperCaseFiles(), "id BIGINT, Name STRING, S STRUCT<x: BIGINT, X: BIGINT>", "id IS NULL",
          "Name = 'n3'", "S.X > 100");
      // beside the partition column p, P is a column the files lack
      sameAsBuiltIn(data, "P INT, id INT", "P IS NULL", "p = 2 AND id < 100");
    });
  }

  @Test
  void aSchemaNamingAColumnTwiceFailsAsTheBuiltInSource() {
    String builtin = condition(() -> spark.read().schema("id INT, ID INT").parquet(data).collectAsList());
    assertEquals("COLUMN_ALREADY_EXISTS", builtin);
    assertEquals(builtin, condition(() -> spark.read().format("parquet-arrow").schema("id INT, ID INT").load(data)
        .collectAsList()));
    LocalSpark.withConf("spark.sql.caseSensitive", "true", () -> sameAsBuiltIn(data, "id INT, ID INT", "id > 7"));
  }

  private static String messages(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      out.append(t.getMessage()).append('\n');
    }
    return out.toString();
  }

  private static IncompatibleSchemaException refused(String schema) {
    return refused(data, schema, "true");
  }

  private static IncompatibleSchemaException refused(String path, String schema, String filter) {
    Exception e = assertThrows(Exception.class,
        () -> spark.read().format("parquet-arrow").schema(schema).load(path).where(filter).collectAsList());
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
