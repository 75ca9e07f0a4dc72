package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.s3.LoopbackS3;
import org.parquetarrow.testing.TestData;

/**
 * {@code layout} and {@code bench} take {@code s3://} and {@code http(s)://} files like the other
 * reading commands, on a real S3-compatible server (S3Proxy on loopback). alltypes_plain.parquet
 * holds 8 rows in 1,851 bytes, lz4_raw_compressed_larger.parquet 10,000 rows in one column chunk of
 * 380,836 bytes (parquet-testing's catalogue); a layout drawn from S3 must be the local one's.
 */
@Timeout(120)
class RemoteBenchAndLayoutTest {
  private static final String FILE = "data/alltypes_plain.parquet";
  private static final String LARGER = "data/lz4_raw_compressed_larger.parquet";

  @TempDir Path out;

  private static LoopbackS3 server;

  @BeforeAll
  static void upload() throws Exception {
    server = LoopbackS3.start();
    server.put(LoopbackS3.PUBLIC_BUCKET, "alltypes_plain.parquet", TestData.parquetTesting().resolve(FILE));
    server.put(LoopbackS3.PUBLIC_BUCKET, "larger.parquet", TestData.parquetTesting().resolve(LARGER));
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static String[] s3(String... args) {
    String[] all = java.util.Arrays.copyOf(args, args.length + 3);
    all[args.length] = "--s3-endpoint";
    all[args.length + 1] = server.anonymousEndpoint().toString();
    all[args.length + 2] = "--anonymous";
    return all;
  }

  @Test
  void layoutOfAnS3FileIsTheLocalFilesLayout() throws Exception {
    Path local = out.resolve("local.svg");
    Path remote = out.resolve("remote.svg");
    Cli l = Cli.run("layout", Cli.corpus(FILE), "--svg", local.toString());
    Cli r = Cli.run(s3("layout", "s3://public/alltypes_plain.parquet", "--svg", remote.toString()));
    assertEquals(0, l.exit(), l.err());
    assertEquals(0, r.exit(), r.err());
    assertEquals(Files.readString(local), Files.readString(remote));
  }

  @Test
  void benchScansAnS3FileAndCountsItsRequests() {
    Cli r = Cli.run(s3("bench", "s3://public/larger.parquet", "--repeat", "3", "--warmup", "1", "--json"));
    assertEquals(0, r.exit(), r.err());
    JsonNode j = r.json();
    assertEquals(10_000, j.get("rows").asLong());
    assertEquals("scan", j.get("mode").asText());
    // each run opens the file anew: the footer's suffix request, then one for the only column
    // chunk, which is larger than that suffix
    assertEquals(2.0, j.get("requests_per_run").asDouble(), r.out());
  }

  @Test
  void benchFooterOverHttpAsksOncePerRun() {
    String url = server.httpUrl(LoopbackS3.PUBLIC_BUCKET, "alltypes_plain.parquet").toString();
    Cli r = Cli.run("bench", url, "--footer", "--repeat", "3", "--warmup", "1", "--json");
    assertEquals(0, r.exit(), r.err());
    JsonNode j = r.json();
    assertEquals(8, j.get("rows").asLong());
    // the file is far smaller than the footer request: one request covers it whole
    assertEquals(1.0, j.get("requests_per_run").asDouble(), r.out());
  }

  @Test
  void aLocalBenchReportsNoRequests() {
    Cli r = Cli.run("bench", Cli.corpus(FILE), "--repeat", "1", "--warmup", "0", "--json");
    assertEquals(0, r.exit(), r.err());
    assertEquals(8, r.json().get("rows").asLong());
    assertTrue(r.json().get("requests_per_run") == null, r.out());
  }

  @Test
  void aMissingS3ObjectIsNamed() {
    Cli r = Cli.run(s3("layout", "s3://public/nothing.parquet", "--svg", out.resolve("x.svg").toString()));
    assertEquals(2, r.exit(), r.out());
    assertTrue(r.err().contains("nothing.parquet"), r.err());
  }
}
