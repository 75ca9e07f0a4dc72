package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The write side as a new Spark user meets it: every case writes the same DataFrame (or sequence of
 * writes) once through Spark's built-in Parquet writer and once through {@code format("parquet-arrow")}
 * and expects the same directory tree, schema and rows back from the built-in reader. Cases already
 * covered by {@link SparkWriteTest} are not repeated here. No randomness.
 */
class SparkWriteNewUserTest {
  private static SparkSession spark;
  @TempDir
  static Path dir;

  @BeforeAll
  static void start() {
    spark = LocalSpark.session();
  }

  /** Relative paths of every directory under root, and of every visible (not _ or .) data file's directory. */
  private static TreeSet<String> directories(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      TreeSet<String> out = new TreeSet<>();
      s.filter(Files::isDirectory).filter(p -> !p.equals(root)).forEach(p -> out.add(root.relativize(p).toString()));
      return out;
    }
  }

  private static TreeSet<String> visibleFiles(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      TreeSet<String> out = new TreeSet<>();
      s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith("_")
          && !p.getFileName().toString().startsWith(".")).forEach(p -> out.add(root.relativize(p).toString()));
      return out;
    }
  }

  private static List<String> sortedRows(Dataset<Row> df) {
    return df.collectAsList().stream().map(SparkWriteNewUserTest::text).sorted().toList();
  }

  /** Row.toString with binary values spelled out (byte[] prints its identity otherwise). */
  private static String text(Row r) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < r.length(); i++) {
      Object v = r.get(i);
      b.append(i == 0 ? "" : ",").append(v instanceof byte[] bytes ? java.util.Arrays.toString(bytes) : String.valueOf(v));
    }
    return b.append(']').toString();
  }

  /** Rows as the built-in reader sees them, columns in the order of the expected columns. */
  private static List<String> readBack(Path path, String[] columns) {
    Dataset<Row> df = spark.read().parquet(path.toString());
    return sortedRows(df.selectExpr(quoted(columns)));
  }

  private static String[] quoted(String[] columns) {
    String[] q = new String[columns.length];
    for (int i = 0; i < columns.length; i++) {
      q[i] = "`" + columns[i].replace("`", "``") + "`";
    }
    return q;
  }

  /** Writes with both writers and compares directories, schema and rows read back by the built-in reader. */
  private static void compare(String name, Dataset<Row> source, BiConsumer<org.apache.spark.sql.DataFrameWriter<Row>, String> save,
      String... partitionBy) throws IOException {
    compare(name, source, save, partitionBy, partitionBy);
  }

  private static void compare(String name, Dataset<Row> source, BiConsumer<org.apache.spark.sql.DataFrameWriter<Row>, String> save,
      String[] partitionBy, String[] oursPartitionBy) throws IOException {
    Path builtIn = dir.resolve(name + "-builtin");
    Path ours = dir.resolve(name + "-ours");
    save.accept(source.write().format("parquet").partitionBy(partitionBy), builtIn.toString());
    save.accept(source.write().format("parquet-arrow").partitionBy(oursPartitionBy), ours.toString());
    assertEquals(directories(builtIn), directories(ours), name + ": directory tree");
    Dataset<Row> b = spark.read().parquet(builtIn.toString());
    Dataset<Row> o = spark.read().parquet(ours.toString());
    assertEquals(b.schema().toDDL(), o.schema().toDDL(), name + ": schema the built-in reader sees");
    List<String> expected = readBack(builtIn, source.columns());
    assertEquals(sortedRows(source.selectExpr(quoted(source.columns()))).size(), expected.size(), name + ": built-in count");
    assertEquals(expected, readBack(ours, source.columns()), name + ": rows");
  }

  @Test
  void partitionDirectoriesAreNamedAsTheBuiltInWriterNamesThem() throws Exception {
    Dataset<Row> source = spark.sql("""
        select id, s, d, i, b from values
          (1L, 'plain', date'2024-01-02', 1, true),
          (2L, 'with space', date'2024-01-02', -3, false),
          (3L, 'a/b', date'1969-12-31', 0, null),
          (4L, 'k=v', null, null, true),
          (5L, '50%', date'2024-02-29', 2147483647, false),
          (6L, '12:30:00', date'2024-01-02', 1, true),
          (7L, 'été ☃ 日本', date'2024-01-02', 1, true),
          (8L, '', date'2024-01-02', 1, true),
          (9L, null, date'2024-01-02', 1, true),
          (10L, 'tab\tand#hash?q*"<>|', date'2024-01-02', 1, true),
          (11L, ' ', date'2024-01-02', 1, true),
          (12L, '__HIVE_DEFAULT_PARTITION__x', date'2024-01-02', 1, true)
          as t(id, s, d, i, b)""");
    compare("pnames", source, (w, p) -> w.mode("overwrite").save(p), "s");
    compare("ptypes", source, (w, p) -> w.mode("overwrite").save(p), "d", "i", "b");
    compare("pall", source, (w, p) -> w.mode("overwrite").save(p), "b", "s");
  }

  @Test
  void everyParquetTypeReadsBackWithTheSchemaTheBuiltInWriterGives() throws Exception {
    Dataset<Row> source = spark.sql("""
        select * from values
          (cast(1 as tinyint), cast(2 as smallint), 3, 4L, cast(1.5 as float), cast('NaN' as double),
           cast(1234567.89 as decimal(9,2)), cast(12345678901234.5678 as decimal(18,4)),
           cast('1234567890123456789012345678.0123456789' as decimal(38,10)), 'str', X'00FF', true,
           date'2024-03-01', timestamp'2024-03-01 12:34:56.789012', timestamp_ntz'2024-03-01 12:34:56.123456',
           array(1, null, 3), map('a', 1, 'b', null), named_struct('x', 1, 'y', named_struct('z', 'q', 'w', array(date'2020-01-01')))),
          (cast(-128 as tinyint), cast(-32768 as smallint), -2147483648, -9223372036854775808L, cast('-Infinity' as float),
           cast(-0.0 as double), cast(-0.01 as decimal(9,2)), cast(-99999999999999.9999 as decimal(18,4)),
           cast(0 as decimal(38,10)), '', X'', false, date'0001-01-01', timestamp'1900-01-01 00:00:00',
           timestamp_ntz'9999-12-31 23:59:59.999999', array(), map(), named_struct('x', null, 'y', null)),
          (null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null)
          as t(b, sh, i, l, f, d, d9, d18, d38, s, bin, bo, dt, ts, ntz, arr, m, st)""");
    compare("types", source, (w, p) -> w.mode("overwrite").save(p));
    Dataset<Row> ours = spark.read().parquet(dir.resolve("types-ours").toString());
    assertEquals("timestamp_ntz", ours.schema().apply("ntz").dataType().typeName(), "TimestampNTZ stays NTZ");
    assertEquals("timestamp", ours.schema().apply("ts").dataType().typeName());
  }

  @Test
  void zeroRowsLeaveWhatTheBuiltInWriterLeaves() throws Exception {
    Dataset<Row> empty = spark.sql("select id, cast(id as string) as s, cast(id % 2 as int) as p from range(10) where id < 0");
    Path builtIn = dir.resolve("empty-builtin");
    Path ours = dir.resolve("empty-ours");
    empty.write().format("parquet").mode("overwrite").save(builtIn.toString());
    empty.write().format("parquet-arrow").mode("overwrite").save(ours.toString());
    assertEquals(spark.read().parquet(builtIn.toString()).schema().toDDL(),
        spark.read().parquet(ours.toString()).schema().toDDL(), "schema of an empty write");
    assertEquals(0, spark.read().parquet(ours.toString()).count());

    Path builtInP = dir.resolve("empty-p-builtin");
    Path oursP = dir.resolve("empty-p-ours");
    empty.write().format("parquet").mode("overwrite").partitionBy("p").save(builtInP.toString());
    empty.write().format("parquet-arrow").mode("overwrite").partitionBy("p").save(oursP.toString());
    assertEquals(visibleFiles(builtInP), visibleFiles(oursP), "files of an empty partitioned write");
    assertEquals(directories(builtInP), directories(oursP));
    // the built-in reader's view of both: same outcome (schema or the same failure)
    assertEquals(describeRead(builtInP), describeRead(oursP));
  }

  private static String describeRead(Path p) {
    try {
      return spark.read().parquet(p.toString()).schema().toDDL();
    } catch (Exception e) {
      return e.getClass().getSimpleName();
    }
  }

  @Test
  void columnNamesWithDotsSpacesAndCase() throws Exception {
    Dataset<Row> source = spark.sql("""
        select * from values (1, 'a', 'x', 10L), (2, 'b', 'y', 20L), (3, null, 'x', null)
          as t(`a.b`, `with space`, `MixedCase`, `lower`)""");
    compare("names", source, (w, p) -> w.mode("overwrite").save(p));
    compare("names-p", source, (w, p) -> w.mode("overwrite").save(p), "MixedCase");
    // Spark itself, not this source: for a DataSource V2 the DataFrameWriter turns each partitionBy name into
    // FieldReference(name), which parses it as a multipart SQL identifier, so an unquoted "with space" is a
    // syntax error and "a.b" would name a nested field; the built-in (V1) writer takes the names literally.
    // Users of the V2 path quote such names with backticks; the resulting directories are the same.
    assertThrows(org.apache.spark.sql.catalyst.parser.ParseException.class, () -> source.write().format("parquet-arrow")
        .partitionBy("with space").mode("overwrite").save(dir.resolve("names-unquoted").toString()));
    compare("names-pspace", source, (w, p) -> w.mode("overwrite").save(p), new String[] {"with space"},
        new String[] {"`with space`"});
    compare("names-pdot", source, (w, p) -> w.mode("overwrite").save(p), new String[] {"a.b"}, new String[] {"`a.b`"});
    // a partition column named in another case than the DataFrame's column
    compare("names-pcase", source, (w, p) -> w.mode("overwrite").save(p), "mixedcase");
  }

  @Test
  void repeatedAppendsAndOverwritesEndAsTheBuiltInWriterEnds() throws Exception {
    Dataset<Row> a = spark.sql("select id, cast(id % 3 as int) as p from range(0, 30)");
    Dataset<Row> b = spark.sql("select id, cast(id % 2 as int) as p from range(100, 110)");
    Dataset<Row> c = spark.sql("select id, 5 as p from range(200, 203)");
    for (String mode : new String[] {"static", "dynamic-option", "dynamic-conf"}) {
      for (boolean partitioned : new boolean[] {false, true}) {
        String name = "seq-" + mode + "-" + partitioned;
        String[] by = partitioned ? new String[] {"p"} : new String[0];
        BiConsumer<org.apache.spark.sql.DataFrameWriter<Row>, String> overwrite = (w, p) -> {
          if (mode.equals("dynamic-option")) {
            w = w.option("partitionOverwriteMode", "dynamic");
          }
          w.mode("overwrite").save(p);
        };
        if (mode.equals("dynamic-conf")) {
          spark.conf().set("spark.sql.sources.partitionOverwriteMode", "dynamic");
        }
        try {
          Path builtIn = dir.resolve(name + "-builtin");
          Path ours = dir.resolve(name + "-ours");
          for (String fmt : new String[] {"parquet", "parquet-arrow"}) {
            String target = (fmt.equals("parquet") ? builtIn : ours).toString();
            a.write().format(fmt).partitionBy(by).mode("append").save(target);
            a.write().format(fmt).partitionBy(by).mode("append").save(target);
            BiConsumer<org.apache.spark.sql.DataFrameWriter<Row>, String> ow = overwrite;
            ow.accept(b.write().format(fmt).partitionBy(by), target);
            c.write().format(fmt).partitionBy(by).mode("append").save(target);
            ow.accept(c.write().format(fmt).partitionBy(by), target);
          }
          assertEquals(directories(builtIn), directories(ours), name + ": directories");
          assertEquals(readBack(builtIn, new String[] {"id", "p"}), readBack(ours, new String[] {"id", "p"}), name + ": rows");
        } finally {
          spark.conf().unset("spark.sql.sources.partitionOverwriteMode");
        }
      }
    }
  }

  @Test
  void aFailingPartitionedAppendLeavesThePreviousContents() throws Exception {
    spark.udf().register("failOn150", (UDF1<Long, Long>) id -> {
      if (id == 150) {
        throw new IllegalStateException("row 150 fails");
      }
      return id;
    }, DataTypes.LongType);
    Dataset<Row> kept = spark.sql("select id, cast(id % 3 as int) as p from range(0, 20)");
    Dataset<Row> failing = spark.range(0, 200, 1, 2).selectExpr("failOn150(id) as id", "cast(id % 4 as int) as p");
    Path builtIn = dir.resolve("fail-builtin");
    Path ours = dir.resolve("fail-ours");
    for (String fmt : new String[] {"parquet", "parquet-arrow"}) {
      String target = (fmt.equals("parquet") ? builtIn : ours).toString();
      kept.write().format(fmt).partitionBy("p").mode("append").save(target);
      assertThrows(Exception.class, () -> failing.write().format(fmt).partitionBy("p").mode("append").save(target));
    }
    assertEquals(readBack(builtIn, new String[] {"id", "p"}), readBack(ours, new String[] {"id", "p"}));
    assertEquals(20, spark.read().parquet(ours.toString()).count());
    TreeSet<String> dirs = directories(ours);
    assertFalse(dirs.stream().anyMatch(d -> d.startsWith("_") || d.startsWith(".") || d.equals("p=3")),
        "no staging or partial partition left: " + dirs);
  }
}
