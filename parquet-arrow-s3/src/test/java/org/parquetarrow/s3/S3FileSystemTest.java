package org.parquetarrow.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.MissingFileException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.io.IoStatistics;
import org.parquetarrow.io.RemoteReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProviderChain;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/** Listing, credentials and locations against the loopback S3-compatible server. */
@Timeout(60)
class S3FileSystemTest {
  private static final Path FILE = TestData.parquetTesting().resolve("data/alltypes_plain.parquet");

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static LoopbackS3 server;

  @BeforeAll
  static void start() throws Exception {
    server = LoopbackS3.start();
    server.put(LoopbackS3.PRIVATE_BUCKET, "data/alltypes_plain.parquet", FILE);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static S3Options signed() {
    return RemoteTesting.signed(server.endpoint(), RemoteReadOptions.defaults());
  }

  @Test
  void listingFollowsEveryPageAndGivesSizesAndEtags() throws Exception {
    // more keys than one ListObjectsV2 page holds (1,000)
    int n = 1_234;
    for (int i = 0; i < n; i++) {
      server.put(LoopbackS3.PRIVATE_BUCKET, String.format("listing/part-%05d.bin", i),
          ("object " + i).getBytes(StandardCharsets.UTF_8));
    }
    server.put(LoopbackS3.PRIVATE_BUCKET, "listing-elsewhere/x.bin", new byte[1]);
    IoStatistics io = new IoStatistics();
    try (S3FileSystem s3 = S3FileSystem.create(signed())) {
      List<S3ObjectInfo> found = s3.list(S3Location.parse("s3://private/listing/"), io);
      assertEquals(n, found.size());
      for (int i = 0; i < n; i++) {
        S3ObjectInfo o = found.get(i);
        byte[] content = ("object " + i).getBytes(StandardCharsets.UTF_8);
        assertEquals(new S3Location("private", String.format("listing/part-%05d.bin", i)), o.location());
        assertEquals(content.length, o.size());
        // a single-part upload's ETag is the MD5 of its bytes
        String md5 = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(content));
        assertEquals("\"" + md5 + "\"", o.etag());
        assertTrue(o.lastModified() != null);
      }
      assertEquals(2, io.requests(), "two pages: 1,000 keys and 234");
    }
  }

  @Test
  void listingAMissingBucketIsAMissingFileException() {
    try (S3FileSystem s3 = S3FileSystem.create(signed())) {
      MissingFileException e = assertThrows(MissingFileException.class,
          () -> s3.list(S3Location.parse("s3://no-such-bucket/x/")));
      assertTrue(e.getMessage().contains("s3://no-such-bucket/x/"), e.getMessage());
    }
  }

  @Test
  void filesOpenedFromOneFileSystemShareItsClient() throws Exception {
    IoStatistics io = new IoStatistics();
    try (S3FileSystem s3 = S3FileSystem.create(signed())) {
      for (int i = 0; i < 3; i++) {
        try (S3InputFile in = s3.open(S3Location.parse("s3://private/data/alltypes_plain.parquet"), io)) {
          RemoteTesting.assertReadsLikeLocal(FILE, in, memory.allocator());
        }
      }
      // the file is smaller than the footer's suffix: one request each
      assertEquals(3, io.requests());
      assertEquals(3 * Files.size(FILE), io.bytesRead());
    }
  }

  @Test
  void anonymousRequestsToAPrivateBucketAreDeniedClearly() {
    S3Options anonymous = S3Options.builder()
        .endpoint(server.endpoint())
        .region("us-east-1")
        .addressing(S3Options.Addressing.PATH_STYLE)
        .credentials(S3Options.Credentials.ANONYMOUS)
        .build();
    ParquetIOException e = assertThrows(ParquetIOException.class,
        () -> S3InputFile.open(S3Location.parse("s3://private/data/alltypes_plain.parquet"), anonymous));
    assertFalse(e instanceof MissingFileException);
    assertTrue(e.getMessage().contains("access denied"), e.getMessage());
    assertTrue(e.getMessage().contains("s3://private/data/alltypes_plain.parquet"), e.getMessage());
  }

  @Test
  void aWrongSecretIsDeniedClearly() {
    S3Options wrong = S3Options.builder()
        .endpoint(server.endpoint())
        .region("us-east-1")
        .addressing(S3Options.Addressing.PATH_STYLE)
        .credentialsProvider(StaticCredentialsProvider.create(
            AwsBasicCredentials.create(LoopbackS3.ACCESS_KEY, "not-the-secret")))
        .build();
    ParquetIOException e = assertThrows(ParquetIOException.class,
        () -> S3InputFile.open(S3Location.parse("s3://private/data/alltypes_plain.parquet"), wrong));
    assertTrue(e.getMessage().contains("access denied"), e.getMessage());
  }

  @Test
  void noCredentialsAtAllIsSaidInOneSentence() {
    // a chain that finds nothing, as the default chain does on a machine without keys
    S3Options none = S3Options.builder()
        .endpoint(server.endpoint())
        .region("us-east-1")
        .addressing(S3Options.Addressing.PATH_STYLE)
        .credentialsProvider(AwsCredentialsProviderChain.of(
            ProfileCredentialsProvider.create("parquet-arrow-no-such-profile")))
        .build();
    try (S3FileSystem s3 = S3FileSystem.create(none)) {
      ParquetIOException e = assertThrows(ParquetIOException.class,
          () -> s3.list(S3Location.parse("s3://private/data/")));
      assertTrue(e.getMessage().contains("no AWS credentials found"), e.getMessage());
      assertFalse(e.getMessage().contains("AwsCredentialsProviderChain("), "the SDK's list of providers: " + e.getMessage());
    }
  }

  @Test
  void anonymousAccessReadsAPublicBucket() throws Exception {
    server.put(LoopbackS3.PUBLIC_BUCKET, "open/alltypes_plain.parquet", FILE);
    S3Options anonymous = S3Options.builder()
        .endpoint(server.anonymousEndpoint())
        .region("us-east-1")
        .addressing(S3Options.Addressing.PATH_STYLE)
        .credentials(S3Options.Credentials.ANONYMOUS)
        .build();
    try (S3InputFile in = S3InputFile.open(S3Location.parse("s3://public/open/alltypes_plain.parquet"), anonymous)) {
      RemoteTesting.assertReadsLikeLocal(FILE, in, memory.allocator());
    }
  }

  @Test
  void locationsParseAndRefuseWhatIsNotOne() {
    assertEquals(new S3Location("bucket", "a/b.parquet"), S3Location.parse("s3://bucket/a/b.parquet"));
    assertEquals(new S3Location("bucket", ""), S3Location.parse("s3://bucket"));
    assertEquals(new S3Location("bucket", "p/"), S3Location.parse("s3a://bucket/p/"));
    assertEquals("s3://bucket/a/b.parquet", S3Location.parse("s3://bucket/a/b.parquet").toString());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> S3Location.parse("https://bucket/key"));
    assertTrue(e.getMessage().contains("https://bucket/key"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> S3Location.parse("s3:///key"));
  }

  @Test
  void anEndpointMustBeAnHttpUrl() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> S3Options.builder().endpoint(java.net.URI.create("ftp://127.0.0.1:21")));
    assertTrue(e.getMessage().contains("ftp://127.0.0.1:21"), e.getMessage());
  }
}
