package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.s3.LoopbackS3;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Writes through {@code format("parquet-arrow")} to {@code s3a://} on a loopback S3 server
 * (S3Proxy), checked with the plain AWS SDK: the objects, downloaded, read with Spark's built-in
 * Parquet reader as the source; a failed job leaves no object and no multipart upload, an
 * overwrite that fails leaves the old objects; of two attempts of a task only the committed one's
 * file appears; append keeps the old objects.
 */
class SparkObjectStoreWriteTest {
  private static final Logger LOG = LoggerFactory.getLogger(SparkObjectStoreWriteTest.class);
  private static final long SEED = Long.getLong("seed", System.nanoTime());
  private static final String BUCKET = LoopbackS3.PRIVATE_BUCKET;
  private static SparkSession spark;
  private static LoopbackS3 s3;
  /** The test's own view of the bucket, independent of the code under test. */
  private static S3Client sdk;
  @TempDir
  static Path dir;

  @BeforeAll
  static void start() throws Exception {
    LOG.info("SparkObjectStoreWriteTest seed {} (rerun with -Dseed={})", SEED, SEED);
    spark = LocalSpark.session();
    s3 = LoopbackS3.start();
    sdk = S3Client.builder()
        .endpointOverride(s3.endpoint())
        .region(Region.US_EAST_1)
        .forcePathStyle(true)
        .credentialsProvider(StaticCredentialsProvider.create(
            AwsBasicCredentials.create(LoopbackS3.ACCESS_KEY, LoopbackS3.SECRET_KEY)))
        .httpClient(UrlConnectionHttpClient.create())
        // S3Proxy implements no checksum headers
        .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
        .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
        .build();
  }

  @AfterAll
  static void stop() throws Exception {
    sdk.close();
    s3.close();
  }

  private static Map<String, String> s3Options() {
    return Map.of("s3.endpoint", s3.endpoint().toString(), "s3.region", "us-east-1",
        "s3.accessKeyId", LoopbackS3.ACCESS_KEY, "s3.secretAccessKey", LoopbackS3.SECRET_KEY);
  }

  private static org.apache.spark.sql.DataFrameWriter<Row> writer(Dataset<Row> df, String mode) {
    return df.write().format("parquet-arrow").mode(mode).options(s3Options());
  }

  /** Key (relative to {@code prefix}) to ETag of every object under it. */
  private static Map<String, String> objects(String prefix) {
    Map<String, String> out = new TreeMap<>();
    for (S3Object o : sdk.listObjectsV2Paginator(b -> b.bucket(BUCKET).prefix(prefix)).contents()) {
      out.put(o.key().substring(prefix.length()), o.eTag());
    }
    return out;
  }

  /** Keys of the multipart uploads in progress under {@code prefix}. */
  private static List<String> uploads(String prefix) {
    List<String> out = new ArrayList<>();
    sdk.listMultipartUploads(b -> b.bucket(BUCKET).prefix(prefix)).uploads().forEach(u -> out.add(u.key()));
    return out;
  }

  /** Downloads every object under {@code prefix} into a fresh local directory, keeping the relative keys. */
  private static Path download(String prefix) throws IOException {
    Path local = Files.createTempDirectory(dir, "copy");
    for (String relative : objects(prefix).keySet()) {
      ResponseBytes<GetObjectResponse> bytes = sdk.getObjectAsBytes(b -> b.bucket(BUCKET).key(prefix + relative));
      Path file = local.resolve(relative);
      Files.createDirectories(file.getParent());
      Files.write(file, bytes.asByteArray());
    }
    return local;
  }

  private static Dataset<Row> randomData(long seed, int rows) {
    Random r = new Random(seed);
    List<Row> out = new ArrayList<>();
    for (long id = 0; id < rows; id++) {
      out.add(SparkReadTest.row(r, id));
    }
    return spark.createDataFrame(out, SparkReadTest.SCHEMA.asNullable());
  }

  @Test
  void aPartitionedWriteReadsBackWithTheBuiltInReader() throws Exception {
    // every type the writer takes, nulls at every level; partition values with characters Spark
    // escapes in paths, and nulls
    Dataset<Row> source = randomData(SEED, 800).selectExpr("*",
        "case when id % 7 = 0 then null when id % 7 = 1 then 'a/b c=%:x' else concat('p', cast(id % 2 as string)) end"
            + " as ps");
    writer(source.repartition(2), "overwrite").partitionBy("part", "ps").save("s3a://" + BUCKET + "/w1/table/");

    Map<String, String> written = objects("w1/table/");
    LOG.info("written: {}", written.keySet());
    assertTrue(written.containsKey("_SUCCESS"), "_SUCCESS: " + written.keySet());
    assertEquals(List.of(), uploads("w1/"), "no upload left in progress");
    // 3 values of part times 4 of ps (one is null), one file per task in each: the rows of every
    // partition are spread over both tasks
    long parquet = written.keySet().stream().filter(k -> k.endsWith(".parquet")).count();
    assertEquals(24, parquet, written.keySet().toString());
    assertTrue(written.keySet().stream().filter(k -> k.endsWith(".parquet")).allMatch(k -> k.matches(
        "part=[012]/ps=(p0|p1|a%2Fb c%3D%25%3Ax|__HIVE_DEFAULT_PARTITION__)/part-0000[01]-[-0-9a-f]+-c0[01][0-9]\\.snappy\\.parquet")),
        written.keySet().toString());

    Path copy = download("w1/table/");
    SparkReadTest.assertSameRows(source, spark.read().parquet(copy.toString()));
    // and our source reads the objects where they are
    SparkReadTest.assertSameRows(source, spark.read().format("parquet-arrow").options(s3Options())
        .load("s3a://" + BUCKET + "/w1/table"));
  }

  private static Dataset<Row> failingAt(long failingId) {
    spark.udf().register("failAt", (UDF1<Long, Long>) id -> {
      if (id == failingId) {
        throw new IllegalStateException("row " + failingId + " fails");
      }
      return id;
    }, DataTypes.LongType);
    // one task, so the failure is the job's only task; it has handed over files of 30 rows before
    return spark.range(0, 100, 1, 1).selectExpr("failAt(id) as id", "cast(id as string) as s");
  }

  @Test
  void aFailedJobLeavesNoObjectAndNoUploadAndAnOverwriteKeepsTheOldObjects() throws Exception {
    Dataset<Row> failing = failingAt(95);
    assertThrows(Exception.class, () -> writer(failing, "append").option("maxRecordsPerFile", "30")
        .save("s3a://" + BUCKET + "/w2/fresh"));
    assertEquals(Map.of(), objects("w2/fresh"), "no object");
    assertEquals(List.of(), uploads("w2/fresh"), "no upload in progress");

    Dataset<Row> kept = spark.range(0, 50, 1, 2).selectExpr("nullif(id, -1) as id",
        "nullif(concat('old-', cast(id as string)), '') as s");
    writer(kept, "overwrite").save("s3a://" + BUCKET + "/w2/existing");
    Map<String, String> before = objects("w2/existing/");
    assertEquals(3, before.size(), "two files and _SUCCESS: " + before);
    assertThrows(Exception.class, () -> writer(failing, "overwrite").option("maxRecordsPerFile", "30")
        .save("s3a://" + BUCKET + "/w2/existing"));
    assertEquals(before, objects("w2/existing/"), "the same objects, same ETags");
    assertEquals(List.of(), uploads("w2/"));
    SparkReadTest.assertSameRows(kept, spark.read().parquet(download("w2/existing/").toString()));

    // a bucket that is not there fails the write on the driver, naming it
    Exception missing = assertThrows(Exception.class, () -> writer(kept, "append").save("s3a://no-such-bucket/t"));
    assertTrue(missing.getMessage().contains("s3a://no-such-bucket/t") && missing.getMessage().contains("does not exist"),
        missing.getMessage());
  }

  @Test
  void appendKeepsTheOldObjectsOverwriteReplacesThemAndOtherModesAreRefused() throws Exception {
    String at = "s3a://" + BUCKET + "/w3/t";
    // nullif: every column nullable, as a file source reads it
    Dataset<Row> first = spark.range(0, 40, 1, 2).selectExpr("nullif(id, -1) as id", "cast(id % 2 as int) as pk");
    Dataset<Row> second = spark.range(100, 130, 1, 1).selectExpr("nullif(id, -1) as id", "cast(id % 3 as int) as pk");
    writer(first, "append").partitionBy("pk").save(at);
    Map<String, String> before = objects("w3/t/");
    writer(second, "append").partitionBy("pk").save(at);
    Map<String, String> after = objects("w3/t/");
    for (Map.Entry<String, String> e : before.entrySet()) {
      if (!e.getKey().equals("_SUCCESS")) {
        assertEquals(e.getValue(), after.get(e.getKey()), "kept as it was: " + e.getKey());
      }
    }
    // the second job's task writes one file into each of pk=0,1,2
    assertEquals(before.size() + 3, after.size(), after.keySet().toString());
    SparkReadTest.assertSameRows(first.union(second), spark.read().parquet(download("w3/t/").toString()));

    // Spark plans sources without a catalog with append and overwrite only, and says so, before any task
    for (String mode : List.of("errorifexists", "ignore")) {
      Exception e = assertThrows(Exception.class, () -> writer(second, mode).partitionBy("pk").save(at));
      LOG.info("{}: {}", mode, e.getMessage());
      assertTrue(e.getMessage().contains(mode.equals("ignore") ? "Ignore" : "ErrorIfExists"), e.getMessage());
      assertEquals(after, objects("w3/t/"));
    }
    assertEquals(List.of(), uploads("w3/"));

    // dynamic partition overwrite: pk=1 replaced, pk=0 and pk=2 as they were
    Dataset<Row> third = spark.range(500, 505, 1, 1).selectExpr("nullif(id, -1) as id", "nullif(1, 0) as pk");
    writer(third, "overwrite").option("partitionOverwriteMode", "dynamic").partitionBy("pk").save(at);
    Map<String, String> dynamic = objects("w3/t/");
    for (Map.Entry<String, String> e : after.entrySet()) {
      if (e.getKey().startsWith("pk=0/") || e.getKey().startsWith("pk=2/")) {
        assertEquals(e.getValue(), dynamic.get(e.getKey()), "kept: " + e.getKey());
      } else if (e.getKey().startsWith("pk=1/")) {
        assertFalse(dynamic.containsKey(e.getKey()), "replaced: " + e.getKey());
      }
    }
    assertEquals(1, dynamic.keySet().stream().filter(k -> k.startsWith("pk=1/")).count(), dynamic.keySet().toString());
    SparkReadTest.assertSameRows(first.union(second).where("pk <> 1").union(third),
        spark.read().parquet(download("w3/t/").toString()));

    // static overwrite: nothing of before is left
    writer(third, "overwrite").partitionBy("pk").save(at);
    Map<String, String> replaced = objects("w3/t/");
    assertEquals(2, replaced.size(), "_SUCCESS and one file: " + replaced.keySet());
    assertTrue(replaced.keySet().stream().allMatch(k -> k.equals("_SUCCESS") || k.startsWith("pk=1/")
        && !dynamic.containsKey(k)), replaced.keySet().toString());
    SparkReadTest.assertSameRows(third, spark.read().parquet(download("w3/t/").toString()));
    assertEquals(List.of(), uploads("w3/"));
  }

  // the commit protocol driven by hand: attempts of one task, as a speculative or retried task makes

  private static final StructType SCHEMA = new StructType().add("id", DataTypes.LongType).add("s", DataTypes.StringType);

  private static WriteJob job(String prefix, String jobId, Map<String, String> options) {
    String location = "s3a://" + BUCKET + "/" + prefix;
    return new WriteJob(new StagingLayout(location, jobId),
        new ObjectStoreTarget(location, StorageSettings.parse(s3Options(), k -> null)), SCHEMA, SCHEMA,
        PartitionPaths.of(SCHEMA, List.of()), WriteConfig.parse(options, "static"));
  }

  /** One attempt of task {@code partition}: rows {@code [0, rows)} tagged with the attempt, committed. */
  private static WrittenFiles attempt(WriteJob job, int partition, long taskId, int rows) throws IOException {
    DataWriter<InternalRow> w = new ParquetArrowDataWriterFactory(job).createWriter(partition, taskId);
    try {
      for (long id = 0; id < rows; id++) {
        w.write(new GenericInternalRow(new Object[] {id, UTF8String.fromString("attempt-" + taskId)}));
      }
      return (WrittenFiles) w.commit();
    } finally {
      w.close();
    }
  }

  @Test
  void ofTwoAttemptsOfATaskOnlyTheCommittedOnesFileAppears() throws Exception {
    WriteJob job = job("w4/t", "job-a", Map.of());
    WrittenFiles loser = attempt(job, 0, 11, 100);
    WrittenFiles winner = attempt(job, 0, 12, 100);
    WrittenFiles other = attempt(job, 1, 13, 10);
    // both attempts of task 0 wait at the same key
    assertEquals(loser.files(), winner.files());
    assertEquals(3, uploads("w4/").size());
    assertEquals(Map.of(), objects("w4/"), "nothing visible before the job commit");

    // the loser's commit message never reaches the driver: the job commit finds its upload by listing
    new ObjectStoreBatchWrite(job, false).commit(new WriterCommitMessage[] {winner, other});
    assertEquals(List.of(), uploads("w4/"));
    assertEquals(List.of("_SUCCESS", "part-00000-job-a-c000.snappy.parquet", "part-00001-job-a-c000.snappy.parquet"),
        List.copyOf(objects("w4/t/").keySet()));
    Dataset<Row> back = spark.read().parquet(download("w4/t/").toString());
    assertEquals(110, back.count());
    assertEquals(0, back.where("s = 'attempt-11'").count(), "nothing of the attempt that did not commit");
    assertEquals(100, back.where("s = 'attempt-12'").count());
  }

  @Test
  void anAbortedTaskAndAnAbortedJobLeaveNoUpload() throws Exception {
    WriteJob job = job("w5/t", "job-b", Map.of("maxRecordsPerFile", "10"));
    DataWriter<InternalRow> w = new ParquetArrowDataWriterFactory(job).createWriter(0, 21);
    try {
      for (long id = 0; id < 35; id++) {
        w.write(new GenericInternalRow(new Object[] {id, UTF8String.fromString("x")}));
      }
      assertEquals(3, uploads("w5/").size(), "three files of 10 rows handed over, the fourth still in memory");
      w.abort();
    } finally {
      w.close();
    }
    assertEquals(List.of(), uploads("w5/"), "the task abort aborted them");

    WrittenFiles one = attempt(job, 0, 22, 25);
    WrittenFiles two = attempt(job, 1, 23, 5);
    attempt(job, 2, 24, 5); // a stray: its message is lost
    assertEquals(3 + 1 + 1, uploads("w5/").size());
    // Spark passes null for the tasks that did not commit
    new ObjectStoreBatchWrite(job, false).abort(new WriterCommitMessage[] {one, null, two});
    assertEquals(List.of(), uploads("w5/"));
    assertEquals(Map.of(), objects("w5/"));
  }

  @Test
  void anUploadOfAnotherJobUnderThePrefixIsLeftAlone() throws Exception {
    WriteJob mine = job("w6/t", "job-c", Map.of());
    WriteJob theirs = job("w6/t", "job-d", Map.of());
    WrittenFiles other = attempt(theirs, 0, 31, 5);
    WrittenFiles own = attempt(mine, 0, 32, 5);
    new ObjectStoreBatchWrite(mine, false).commit(new WriterCommitMessage[] {own});
    assertEquals(List.of("w6/t/part-00000-job-d-c000.snappy.parquet"), uploads("w6/"),
        "a concurrent job's upload survives this job's commit");
    new ObjectStoreBatchWrite(theirs, false).commit(new WriterCommitMessage[] {other});
    assertEquals(List.of("_SUCCESS", "part-00000-job-c-c000.snappy.parquet", "part-00000-job-d-c000.snappy.parquet"),
        List.copyOf(objects("w6/t/").keySet()));
    assertFalse(uploads("w6/").iterator().hasNext());
  }
}
