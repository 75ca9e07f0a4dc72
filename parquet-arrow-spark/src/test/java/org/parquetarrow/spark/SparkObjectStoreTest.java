package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.s3.LoopbackS3;
import org.parquetarrow.testing.TestData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@code s3://}, {@code s3a://} and {@code https://} locations read through our {@link
 * org.parquetarrow.io.Storage} on a loopback S3 server (S3Proxy): a hive-partitioned dataset that
 * Spark's built-in writer made is uploaded as is, and reading it from the store through our source
 * gives the rows Spark's built-in reader gives from the local copy.
 */
class SparkObjectStoreTest {
  private static final Logger LOG = LoggerFactory.getLogger(SparkObjectStoreTest.class);
  private static final long SEED = Long.getLong("seed", System.nanoTime());
  private static SparkSession spark;
  private static LoopbackS3 s3;
  @TempDir
  static Path dir;
  private static Path local;

  @BeforeAll
  static void start() throws Exception {
    LOG.info("SparkObjectStoreTest seed {} (rerun with -Dseed={})", SEED, SEED);
    spark = LocalSpark.session();
    s3 = LoopbackS3.start();
    local = dir.resolve("events");
    spark.range(0, 6000).selectExpr(
            "id",
            "cast(id % 3 + 2022 as int) as year",
            "cast(id % 2 as string) as region",
            "if(rand(" + SEED + ") < 0.1, null, concat('user-', cast(id * 7 % 1000 as string))) as name",
            "rand(" + (SEED + 1) + ") * 100 as amount",
            "named_struct('a', cast(id % 11 as int), 'b', array(id, id + 1)) as nested")
        .repartition(4)
        .write().partitionBy("year", "region").parquet(local.toString());
    try (Stream<Path> files = Files.walk(local)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        // Spark's _SUCCESS and .crc files go up too, as a copy of the directory would
        s3.put(LoopbackS3.PRIVATE_BUCKET, "data/events/" + local.relativize(f).toString().replace('\\', '/'), f);
        s3.put(LoopbackS3.PUBLIC_BUCKET, "events/" + local.relativize(f).toString().replace('\\', '/'), f);
      }
    }
  }

  @AfterAll
  static void stop() throws Exception {
    s3.close();
  }

  private static Dataset<Row> fromS3(String location) {
    return spark.read().format("parquet-arrow")
        .option("s3.endpoint", s3.endpoint().toString())
        .option("s3.region", "us-east-1")
        .option("s3.accessKeyId", LoopbackS3.ACCESS_KEY)
        .option("s3.secretAccessKey", LoopbackS3.SECRET_KEY)
        .load(location);
  }

  private static void assertSameRows(Dataset<Row> expected, Dataset<Row> actual) {
    Dataset<Row> a = actual.select(expected.columns()[0],
        java.util.Arrays.copyOfRange(expected.columns(), 1, expected.columns().length));
    assertEquals(expected.schema().toString(), a.schema().toString(), "schemas");
    assertEquals(expected.count(), a.count(), "row counts");
    assertEquals(0, expected.exceptAll(a).count(), "rows only the built-in reader returned");
    assertEquals(0, a.exceptAll(expected).count(), "rows only parquet-arrow returned");
  }

  private static long metric(Dataset<Row> df, String name) {
    List<BatchScanExec> found = new ArrayList<>();
    collect(df.queryExecution().executedPlan(), found);
    assertEquals(1, found.size(), "one scan in " + df.queryExecution().executedPlan());
    return CollectionConverters.asJava(found.get(0).metrics()).get(name).value();
  }

  private static void collect(SparkPlan plan, List<BatchScanExec> out) {
    if (plan instanceof BatchScanExec b) {
      out.add(b);
    }
    for (SparkPlan c : CollectionConverters.asJava(plan.children())) {
      collect(c, out);
    }
  }

  @Test
  void aHivePartitionedDatasetOnS3ReadsAsTheBuiltInReaderReadsTheLocalCopy() {
    Dataset<Row> builtIn = spark.read().parquet(local.toString());
    Dataset<Row> ours = fromS3("s3://private/data/events/");
    assertSameRows(builtIn, ours);
    assertEquals(6000, ours.count());

    // partition and data filters pushed: the other partitions' objects are never opened
    String where = "year = 2023 and region = '1' and id between 1000 and 1999";
    Dataset<Row> filtered = ours.where(where);
    assertSameRows(builtIn.where(where), filtered);
    filtered.collectAsList();
    long bytes = metric(filtered, "bytes_read");
    Dataset<Row> all = fromS3("s3://private/data/events/");
    all.collectAsList();
    long allBytes = metric(all, "bytes_read");
    LOG.info("bytes read from S3: filtered {}, all {}", bytes, allBytes);
    assertTrue(bytes > 0 && bytes * 3 < allBytes, "filtered " + bytes + " of " + allBytes + " bytes");
  }

  @Test
  void s3aLocationsAndTheSessionsS3aSettingsWorkAsSparkUsersWriteThem() {
    String prefix = "spark.hadoop.fs.s3a.";
    spark.conf().set(prefix + "endpoint", s3.endpoint().toString());
    spark.conf().set(prefix + "endpoint.region", "us-east-1");
    spark.conf().set(prefix + "path.style.access", "true");
    spark.conf().set(prefix + "access.key", LoopbackS3.ACCESS_KEY);
    spark.conf().set(prefix + "secret.key", LoopbackS3.SECRET_KEY);
    try {
      Dataset<Row> ours = spark.read().format("parquet-arrow").load("s3a://private/data/events");
      assertSameRows(spark.read().parquet(local.toString()).where("year = 2024"), ours.where("year = 2024"));
    } finally {
      for (String k : List.of("endpoint", "endpoint.region", "path.style.access", "access.key", "secret.key")) {
        spark.conf().unset(prefix + k);
      }
    }
  }

  @Test
  void aPublicBucketReadsAnonymouslyAndAnHttpsFileAsIs() throws Exception {
    Dataset<Row> builtIn = spark.read().parquet(local.toString());
    Dataset<Row> anonymous = spark.read().format("parquet-arrow")
        .option("s3.endpoint", s3.anonymousEndpoint().toString())
        .option("s3.region", "us-east-1")
        .option("s3.anonymous", "true")
        .load("s3://public/events/");
    assertSameRows(builtIn, anonymous);

    Path one;
    try (Stream<Path> files = Files.walk(local.resolve("year=2022/region=0"))) {
      one = files.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
    String key = "events/" + local.relativize(one).toString().replace('\\', '/');
    Dataset<Row> http = spark.read().format("parquet-arrow").load(s3.httpUrl(LoopbackS3.PUBLIC_BUCKET, key).toString());
    assertSameRows(spark.read().parquet(one.toString()), http);
  }

  /**
   * An object replaced after the driver listed it is never read as a mix of two versions. A small
   * object, which one footer request (64 KiB) holds whole, comes in one response and reads as the
   * version that response had (here the new one, whole); a larger one fails the task naming the
   * object, since its later range requests ask for the listed version (If-Match).
   */
  @Test
  void anObjectReplacedAfterTheDriverListedItIsNeverReadAsAMix() throws Exception {
    Path one;
    try (Stream<Path> files = Files.walk(local.resolve("year=2023/region=1"))) {
      one = files.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
    assertTrue(Files.size(one) < 64 * 1024, one + " should fit in the footer request");
    s3.put(LoopbackS3.PRIVATE_BUCKET, "replaced/part.parquet", one);
    Dataset<Row> small = fromS3("s3://private/replaced/");
    long rows = spark.read().parquet(one.toString()).count();
    assertEquals(rows, small.count());
    Path other;
    try (Stream<Path> files = Files.walk(local.resolve("year=2024/region=0"))) {
      other = files.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
    s3.put(LoopbackS3.PRIVATE_BUCKET, "replaced/part.parquet", other);
    // The DataFrame loaded before keeps the version it listed, as Spark's file index keeps its
    // listing: it reads that version whole (what it fetched of it) or fails naming the object,
    // never the new bytes under the old footer. A new read sees the replacement.
    try {
      assertSameRows(spark.read().parquet(one.toString()), small);
    } catch (Exception stale) {
      assertTrue(String.valueOf(stale.getMessage()).contains(org.parquetarrow.io.ObjectChangedException.class.getName()
          + ": s3://private/replaced/part.parquet"), stale.getMessage());
    }
    assertSameRows(spark.read().parquet(other.toString()), fromS3("s3://private/replaced/"));

    // 380,836 bytes, 10,000 rows (parquet-testing's catalogue), replaced by another valid file
    Path larger = TestData.parquetTesting().resolve("data/lz4_raw_compressed_larger.parquet");
    s3.put(LoopbackS3.PRIVATE_BUCKET, "replaced-larger/part.parquet", larger);
    Dataset<Row> big = fromS3("s3://private/replaced-larger/");
    assertEquals(10_000, big.collectAsList().size());
    s3.put(LoopbackS3.PRIVATE_BUCKET, "replaced-larger/part.parquet",
        TestData.parquetTesting().resolve("data/hadoop_lz4_compressed_larger.parquet"));
    Exception e = assertThrows(Exception.class, () -> big.collectAsList()); // its listed version is gone
    // Spark reports the task's exception in the stage failure's message (it keeps no cause)
    assertTrue(e.getMessage().contains(org.parquetarrow.io.ObjectChangedException.class.getName()
        + ": s3://private/replaced-larger/part.parquet"), e.getMessage());
  }

  @Test
  void badStorageOptionsAreRefusedByName() {
    IllegalArgumentException endpoint = assertThrows(IllegalArgumentException.class,
        () -> spark.read().format("parquet-arrow").option("s3.endpoint", "ftp://127.0.0.1:1").load("s3://private/x/").schema());
    assertTrue(endpoint.getMessage().contains("s3.endpoint"), endpoint.getMessage());
    IllegalArgumentException half = assertThrows(IllegalArgumentException.class,
        () -> spark.read().format("parquet-arrow").option("s3.accessKeyId", "k").load("s3://private/x/").schema());
    assertTrue(half.getMessage().contains("s3.secretAccessKey"), half.getMessage());
    IllegalArgumentException flag = assertThrows(IllegalArgumentException.class,
        () -> spark.read().format("parquet-arrow").option("s3.anonymous", "yes").load("s3://public/events/").schema());
    assertTrue(flag.getMessage().contains("s3.anonymous") && flag.getMessage().contains("yes"), flag.getMessage());
  }
}
