package org.parquetarrow.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.MissingFileException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.io.RemoteReadOptions;
import org.parquetarrow.io.StorageEntry;
import org.parquetarrow.io.StorageOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/** What a new user meets first against the loopback S3-compatible server: mistakes of bucket, key, secret, endpoint. */
@Timeout(120)
class S3FirstHourTest {
  private static final Path FILE = TestData.parquetTesting().resolve("data/alltypes_plain.parquet");
  private static final String WRONG_SECRET = "wrong-secret-Zq7xK2";

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static LoopbackS3 server;

  @BeforeAll
  static void start() throws Exception {
    server = LoopbackS3.start();
    server.put(LoopbackS3.PRIVATE_BUCKET, "first hour/ünïcode & spaces+plus.parquet", FILE);
    server.put(LoopbackS3.PRIVATE_BUCKET, "odd/q?x#y%20z=1;a.parquet", FILE);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static S3Options signed() {
    return RemoteTesting.signed(server.endpoint(), RemoteReadOptions.defaults());
  }

  @Test
  void aKeyWithSpacesUnicodeAndPlusReads() throws Exception {
    S3Location where = S3Location.parse("s3://private/first hour/ünïcode & spaces+plus.parquet");
    try (S3InputFile in = S3InputFile.open(where, signed())) {
      RemoteTesting.assertReadsLikeLocal(FILE, in, memory.allocator());
    }
  }

  @Test
  void aKeyWithQueryFragmentAndPercentCharactersIsTakenLiterally() throws Exception {
    // as the AWS CLI takes s3:// keys: "%20" is three characters of the key, not an escaped space
    try (S3InputFile in = S3InputFile.open(S3Location.parse("s3://private/odd/q?x#y%20z=1;a.parquet"), signed())) {
      RemoteTesting.assertReadsLikeLocal(FILE, in, memory.allocator());
    }
  }

  @Test
  void aBucketNameS3WouldRefuseIsMissingNamingTheBucket() {
    MissingFileException e = assertThrows(MissingFileException.class,
        () -> S3InputFile.open(S3Location.parse("s3://My_Bucket/a.parquet"), signed()));
    assertTrue(e.getMessage().contains("s3://My_Bucket/a.parquet"), e.getMessage());
    assertTrue(e.getMessage().contains("there is no bucket \"My_Bucket\""), e.getMessage());
  }

  @Test
  void aKeyWithSpacesListsUnderItsDirectory() throws Exception {
    try (S3Storage s3 = new S3Storage(S3FileSystem.create(signed()), 1000)) {
      List<StorageEntry> found = s3.list("s3://private/first hour/", new org.parquetarrow.io.IoStatistics());
      assertEquals(1, found.size());
      assertEquals("s3://private/first hour/ünïcode & spaces+plus.parquet", found.get(0).location());
    }
  }

  @Test
  void openingInAMissingBucketIsAMissingFileExceptionNamingIt() {
    MissingFileException e = assertThrows(MissingFileException.class,
        () -> S3InputFile.open(S3Location.parse("s3://no-such-bucket/a.parquet"), signed()));
    assertTrue(e.getMessage().contains("s3://no-such-bucket/a.parquet"), e.getMessage());
    // before: "no such object s3://no-such-bucket/a.parquet (S3 NoSuchBucket)", as for a wrong key
    assertTrue(e.getMessage().contains("there is no bucket \"no-such-bucket\""), e.getMessage());
  }

  @Test
  void aWrongSecretIsNeverInTheMessage() {
    S3Options wrong = S3Options.builder()
        .endpoint(server.endpoint())
        .region("us-east-1")
        .addressing(S3Options.Addressing.PATH_STYLE)
        .credentialsProvider(StaticCredentialsProvider.create(
            AwsBasicCredentials.create(LoopbackS3.ACCESS_KEY, WRONG_SECRET)))
        .build();
    try (S3FileSystem s3 = S3FileSystem.create(wrong)) {
      ParquetIOException open = assertThrows(ParquetIOException.class,
          () -> s3.open(S3Location.parse("s3://private/first hour/ünïcode & spaces+plus.parquet")));
      ParquetIOException list = assertThrows(ParquetIOException.class,
          () -> s3.list(S3Location.parse("s3://private/first hour/")));
      for (ParquetIOException e : List.of(open, list)) {
        String all = everything(e);
        assertFalse(all.contains(WRONG_SECRET), all);
        assertFalse(all.contains("Signature="), all);
        assertTrue(e.getMessage().contains("s3://private/first hour/"), e.getMessage());
        // S3Proxy answers SignatureDoesNotMatch, as S3 does for a known key signed with another secret
        assertTrue(e.getMessage().contains("access denied (S3 SignatureDoesNotMatch; the secret key does not match"),
            e.getMessage());
        assertTrue(e.getMessage().contains("the provider given to S3Options"), e.getMessage());
      }
    }
  }

  @Test
  void anEndpointWithNothingListeningFailsTypedNamingIt() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    S3Options nowhere = RemoteTesting.signed(URI.create("http://127.0.0.1:" + port), RemoteReadOptions.defaults());
    ParquetIOException e = assertThrows(ParquetIOException.class,
        () -> S3InputFile.open(S3Location.parse("s3://private/a.parquet"), nowhere));
    assertFalse(e instanceof MissingFileException);
    assertTrue(e.getMessage().contains("s3://private/a.parquet"), e.getMessage());
    assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
    try (S3FileSystem s3 = S3FileSystem.create(nowhere)) {
      ParquetIOException l = assertThrows(ParquetIOException.class, () -> s3.list(S3Location.parse("s3://private/")));
      assertTrue(l.getMessage().contains("127.0.0.1:" + port), l.getMessage());
    }
    // user info in the endpoint's URL is a secret: named without it
    S3Options withUser = RemoteTesting.signed(URI.create("http://someone:hunter2@127.0.0.1:" + port),
        RemoteReadOptions.defaults());
    ParquetIOException u = assertThrows(ParquetIOException.class,
        () -> S3InputFile.open(S3Location.parse("s3://private/a.parquet"), withUser));
    assertTrue(u.getMessage().contains("http://127.0.0.1:" + port), u.getMessage());
    assertFalse(everything(u).contains("hunter2"), everything(u));
  }

  @Test
  void anEndpointThatIsAWebPageIsSaidToBeNoStore() throws Exception {
    com.sun.net.httpserver.HttpServer web = com.sun.net.httpserver.HttpServer.create(
        new java.net.InetSocketAddress("127.0.0.1", 0), 0);
    web.createContext("/", x -> {
      byte[] page = "<html><body>MinIO Console</body></html>".getBytes(StandardCharsets.UTF_8);
      x.getResponseHeaders().add("Content-Type", "text/html");
      x.sendResponseHeaders(200, page.length);
      x.getResponseBody().write(page);
      x.close();
    });
    web.start();
    try {
      S3Options console = RemoteTesting.signed(URI.create("http://127.0.0.1:" + web.getAddress().getPort()),
          RemoteReadOptions.defaults());
      // before: CorruptFileException "does not end with the Parquet magic PAR1 but with "tml>"", and an empty listing
      ParquetIOException e = assertThrows(ParquetIOException.class, () -> {
        try (S3InputFile in = S3InputFile.open(S3Location.parse("s3://private/a.parquet"), console);
            org.parquetarrow.read.ParquetFileReader r = org.parquetarrow.read.ParquetFileReader.open(in,
                RemoteTesting.readOptions(memory.allocator()))) {
          r.readNextBatch();
        }
      });
      assertTrue(e.getMessage().contains("answered with a web page"), e.getMessage());
      assertTrue(e.getMessage().contains("s3://private/a.parquet"), e.getMessage());
      try (S3FileSystem s3 = S3FileSystem.create(console)) {
        ParquetIOException l = assertThrows(ParquetIOException.class, () -> s3.list(S3Location.parse("s3://private/")));
        assertFalse(l instanceof MissingFileException, l.toString());
        assertTrue(l.getMessage().contains("did not answer with an S3 listing"), l.getMessage());
      }
    } finally {
      web.stop(0);
    }
  }

  @Test
  void aStorageOverMoreThanOnePageOfKeysSeesThemAll() {
    int n = 1_501;
    for (int i = 0; i < n; i++) {
      server.put(LoopbackS3.PRIVATE_BUCKET, String.format("many/part-%05d.bin", i), ("x" + i).getBytes(StandardCharsets.UTF_8));
    }
    StorageOptions o = StorageOptions.builder()
        .s3Endpoint(server.endpoint())
        .staticCredentials(LoopbackS3.ACCESS_KEY, LoopbackS3.SECRET_KEY)
        .build();
    try (S3Storage s3 = new S3Storage(o)) {
      List<StorageEntry> found = s3.list("s3://private/many", new org.parquetarrow.io.IoStatistics());
      assertEquals(n, found.size());
      assertEquals("s3://private/many/part-01500.bin", found.get(n - 1).location());
    }
  }

  private static String everything(Throwable e) {
    StringBuilder b = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      b.append(t).append('\n');
    }
    return b.toString();
  }
}
