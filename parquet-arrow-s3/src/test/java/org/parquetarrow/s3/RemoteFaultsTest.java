package org.parquetarrow.s3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.parquetarrow.MissingFileException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.io.FileRange;
import org.parquetarrow.io.HttpInputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.io.ObjectChangedException;
import org.parquetarrow.io.RemoteInputFile;
import org.parquetarrow.io.RemoteReadOptions;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/**
 * Remote reads through a loopback proxy that injects faults between the client and a real
 * S3-compatible server: latency, bodies cut or stalled in the middle, 503 SlowDown throttling,
 * an object replaced during a read, a server that ignores {@code Range}. Every case runs over
 * HTTP ({@link HttpInputFile}) and S3 ({@link S3InputFile}); reads retry and give the local
 * read's values, or fail with a typed exception naming the object and the range, within their
 * timeouts and without leaking Arrow memory.
 */
@Timeout(60)
class RemoteFaultsTest {
  /** 812 KB, one row group of many columns: several ranged reads after the footer. */
  private static final Path BIG = TestData.parquetTesting().resolve("data/alltypes_tiny_pages_plain.parquet");
  /** 1.8 KB: the whole file fits in the footer's suffix. */
  private static final Path SMALL = TestData.parquetTesting().resolve("data/alltypes_plain.parquet");
  /** 60 KB in 50 row groups of 10 rows: one ranged read per row group once the suffix is small. */
  private static final Path MANY_GROUPS = TestData.parquetTesting().resolve("data/geospatial/geography-polygons.parquet");
  /** Another file, put in place of one being read when a test replaces the object. */
  private static final Path OTHER = TestData.parquetTesting().resolve("data/lz4_raw_compressed_larger.parquet");

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static LoopbackS3 server;
  private static FaultProxy httpProxy;
  private static FaultProxy s3Proxy;

  enum Transport { HTTP, S3 }

  @BeforeAll
  static void start() throws Exception {
    server = LoopbackS3.start();
    httpProxy = new FaultProxy(server.anonymousEndpoint().getPort());
    s3Proxy = new FaultProxy(server.endpoint().getPort());
  }

  @AfterAll
  static void stop() throws Exception {
    httpProxy.close();
    s3Proxy.close();
    server.close();
  }

  @AfterEach
  void resetFaults() {
    httpProxy.reset();
    s3Proxy.reset();
  }

  /** Fast retries, so that the tests spend their time on the faults, not the backoff. */
  private static RemoteReadOptions.Builder quick() {
    return RemoteReadOptions.builder().backoff(Duration.ofMillis(10), Duration.ofMillis(100));
  }

  private static FaultProxy proxy(Transport t) {
    return t == Transport.HTTP ? httpProxy : s3Proxy;
  }

  /** A fresh key holding {@code file}, so that tests do not see each other's objects. */
  private static String put(Path file) throws IOException {
    String key = "faults/" + KEYS.incrementAndGet() + "/" + file.getFileName();
    server.put(LoopbackS3.PUBLIC_BUCKET, key, file);
    return key;
  }

  private static final AtomicInteger KEYS = new AtomicInteger();

  private static RemoteInputFile open(Transport t, String key, RemoteReadOptions options) {
    if (t == Transport.HTTP) {
      return HttpInputFile.open(
          java.net.URI.create(httpProxy.endpoint() + "/" + LoopbackS3.PUBLIC_BUCKET + "/" + key), options);
    }
    return S3InputFile.open(new S3Location(LoopbackS3.PUBLIC_BUCKET, key),
        RemoteTesting.signed(s3Proxy.endpoint(), options));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void readingTheFooterCostsOneRequest(Transport t) throws Exception {
    String key = put(BIG);
    try (RemoteInputFile in = open(t, key, quick().build());
        LocalInputFile local = LocalInputFile.open(BIG)) {
      ParquetFooter footer = ParquetFooter.read(in);
      assertEquals(ParquetFooter.read(local).metadata(), footer.metadata());
      assertEquals(1, in.statistics().requests(), () -> in.statistics() + ": " + proxy(t).requests());
      assertEquals(List.of("GET /" + LoopbackS3.PUBLIC_BUCKET + "/" + key + " range=bytes=-65536"),
          proxy(t).requests());
      assertEquals(64 * 1024, in.statistics().bytesRead());
    }
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void vectoredReadsOverlapWithinTheConcurrencyBound(Transport t) throws Exception {
    String key = put(BIG);
    List<FileRange> ranges = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      ranges.add(FileRange.of(4 + i * 50_000L, 20_000 + i));
    }
    try (RemoteInputFile in = open(t, key, quick().maxConcurrentRequests(3).build());
        LocalInputFile local = LocalInputFile.open(BIG)) {
      proxy(t).latencyMillis = 150;
      List<ByteBuffer> remote = in.readRangesAsync(ranges).join();
      List<ByteBuffer> expected = local.readRanges(ranges);
      for (int i = 0; i < ranges.size(); i++) {
        assertEquals(expected.get(i), remote.get(i), "range " + ranges.get(i));
      }
      int most = proxy(t).maxConcurrentRequests();
      assertTrue(most >= 2 && most <= 3, "requests in flight at once: " + most);
      assertEquals(1 + ranges.size(), in.statistics().requests());
    }
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void addedLatencyOnEveryRequestStillReadsTheValues(Transport t) throws Exception {
    String key = put(BIG);
    httpProxy.latencyMillis = 40;
    s3Proxy.latencyMillis = 40;
    try (RemoteInputFile in = open(t, key, quick().build())) {
      RemoteTesting.assertReadsLikeLocal(BIG, in, memory.allocator());
      assertEquals(0, in.statistics().retries());
    }
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void aBodyCutInTheMiddleIsResumedWhereItStopped(Transport t) throws Exception {
    String key = put(BIG);
    try (RemoteInputFile in = open(t, key, quick().build())) {
      proxy(t).faultAfterBytes = 3_000;
      proxy(t).cutNext.set(2);
      RemoteTesting.assertReadsLikeLocal(BIG, in, memory.allocator());
      assertEquals(2, in.statistics().retries(), () -> in.statistics() + ": " + proxy(t).requests());
      assertEquals(0, proxy(t).cutNext.get(), "both cuts happened");
      // each retry asks for the rest of its range only: same end, a later start
      List<String> ranges = proxy(t).requests().stream().map(r -> r.substring(r.indexOf("range=") + 12)).toList();
      int resumed = 0;
      for (int i = 1; i < ranges.size(); i++) {
        String[] prev = ranges.get(i - 1).split("-");
        String[] cur = ranges.get(i).split("-");
        if (prev[1].equals(cur[1]) && Long.parseLong(cur[0]) > Long.parseLong(prev[0])) {
          resumed++;
        }
      }
      assertEquals(2, resumed, () -> "requests: " + proxy(t).requests());
    }
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void throttlingIsRetried(Transport t) throws Exception {
    String key = put(BIG);
    try (RemoteInputFile in = open(t, key, quick().build())) {
      proxy(t).throttleNext.set(2);
      RemoteTesting.assertReadsLikeLocal(BIG, in, memory.allocator());
      assertEquals(2, in.statistics().retries(), () -> in.statistics() + ": " + proxy(t).requests());
      assertEquals(0, proxy(t).throttleNext.get());
    }
  }

  @Test
  void anHttpRetryWaitsAsLongAsRetryAfterAsks() throws Exception {
    String key = put(BIG);
    RemoteReadOptions options = quick().backoff(Duration.ofMillis(10), Duration.ofSeconds(5)).build();
    try (RemoteInputFile in = open(Transport.HTTP, key, options);
        LocalInputFile local = LocalInputFile.open(BIG)) {
      httpProxy.retryAfterSeconds = 1;
      httpProxy.throttleNext.set(1);
      long started = System.nanoTime();
      ByteBuffer got = in.read(4, 100_000);
      long ms = (System.nanoTime() - started) / 1_000_000;
      assertEquals(local.read(4, 100_000), got);
      assertEquals(1, in.statistics().retries());
      // a 10 ms backoff alone would have retried at once
      assertTrue(ms >= 1_000, "retried after " + ms + " ms");
    }
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  @Timeout(20)
  void throttlingThatDoesNotEndFailsTypedAfterTheAttempts(Transport t) throws Exception {
    String key = put(BIG);
    try (RemoteInputFile in = open(t, key, quick().maxAttempts(3).build());
        ParquetFileReader reader = ParquetFileReader.open(in, RemoteTesting.readOptions(memory.allocator()))) {
      proxy(t).throttleNext.set(1_000);
      ParquetIOException e = assertThrows(ParquetIOException.class, reader::readNextBatch);
      assertFalse(e instanceof ObjectChangedException);
      assertTrue(e.getMessage().contains(in.name()), e.getMessage());
      assertTrue(e.getMessage().matches("(?s).*bytes \\[\\d+, \\d+\\).*"), e.getMessage());
      assertTrue(e.getMessage().contains("503"), e.getMessage());
      assertEquals(1 + 3, in.statistics().requests(), () -> in.statistics() + ": " + proxy(t).requests());
    }
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  @Timeout(20)
  void aStalledBodyTimesOutAndIsRetried(Transport t) throws Exception {
    String key = put(BIG);
    try (RemoteInputFile in = open(t, key, quick().readTimeout(Duration.ofMillis(500)).build())) {
      proxy(t).stallNext.set(1);
      long started = System.nanoTime();
      RemoteTesting.assertReadsLikeLocal(BIG, in, memory.allocator());
      long ms = (System.nanoTime() - started) / 1_000_000;
      assertEquals(0, proxy(t).stallNext.get(), "the stall happened");
      assertTrue(in.statistics().retries() >= 1, in.statistics()::toString);
      assertTrue(ms < 10_000, "took " + ms + " ms");
    }
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  @Timeout(20)
  void bodiesThatAlwaysStallFailTypedWithinTheTimeouts(Transport t) throws Exception {
    String key = put(BIG);
    RemoteReadOptions options = quick().readTimeout(Duration.ofMillis(300)).maxAttempts(3).build();
    try (RemoteInputFile in = open(t, key, options);
        ParquetFileReader reader = ParquetFileReader.open(in, RemoteTesting.readOptions(memory.allocator()))) {
      proxy(t).stallNext.set(1_000);
      long started = System.nanoTime();
      ParquetIOException e = assertThrows(ParquetIOException.class, reader::readNextBatch);
      long ms = (System.nanoTime() - started) / 1_000_000;
      assertTrue(e.getMessage().contains(in.name()), e.getMessage());
      assertTrue(e.getMessage().contains("gave up after 3 attempts"), e.getMessage());
      // three attempts of at most a read timeout each (the SDK's socket timeout is the same), plus backoff
      assertTrue(ms < 5_000, "failed after " + ms + " ms");
    }
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void anObjectReplacedDuringTheReadFailsTypedWithoutMixingVersions(Transport t) throws Exception {
    String key = put(MANY_GROUPS);
    // one batch per row group; the footer's suffix no longer holds the row groups
    org.parquetarrow.read.ReadOptions options =
        org.parquetarrow.read.ReadOptions.builder(memory.allocator()).batchSize(10).build();
    AtomicInteger dataRequests = new AtomicInteger();
    try (RemoteInputFile in = open(t, key, quick().footerSuffixSize(1024).build());
        ParquetFileReader local = ParquetFileReader.open(MANY_GROUPS, options);
        ParquetFileReader remote = ParquetFileReader.open(in, options)) {
      // the footer is read; the third ranged GET after it finds the object replaced
      proxy(t).onRequest = line -> {
        if (dataRequests.incrementAndGet() == 3) {
          try {
            server.put(LoopbackS3.PUBLIC_BUCKET, key, OTHER);
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }
      };
      ObjectChangedException changed = null;
      int batches = 0;
      while (changed == null) {
        try (VectorSchemaRoot expected = local.readNextBatch()) {
          assertNotNull(expected, "the whole file was read although the object was replaced");
          try (VectorSchemaRoot actual = remote.readNextBatch()) {
            // every batch before the failure holds the first version's values, none of the second's
            Comparison c = ArrowAssertions.compareData(Batches.of(expected), Batches.of(actual), CompareOptions.strict());
            assertTrue(c.same(), c::describe);
            batches++;
          } catch (ObjectChangedException e) {
            changed = e;
          }
        }
      }
      assertTrue(batches >= 1, "the replacement came after the first batch was read");
      assertEquals(in.name(), changed.object());
      assertTrue(changed.getMessage().contains(in.name() + " changed while being read (bytes "), changed.getMessage());
      assertTrue(changed.range().length() > 0 && changed.range().fitsIn(Files.size(MANY_GROUPS)),
          changed.range()::toString);
      assertTrue(changed.getMessage().contains(changed.range().offset() + " to " + changed.range().end()),
          changed.getMessage());
      assertTrue(changed.getMessage().contains("412"), changed.getMessage());
    }
  }

  @Test
  void anHttpServerThatIgnoresRangeIsRefusedForALargeObject() throws Exception {
    String key = put(BIG);
    httpProxy.stripRange = true;
    ParquetIOException e = assertThrows(ParquetIOException.class, () -> open(Transport.HTTP, key, quick().build()));
    assertTrue(e.getMessage().contains("does not honour Range requests"), e.getMessage());
    assertTrue(e.getMessage().contains(LoopbackS3.PUBLIC_BUCKET + "/" + key), e.getMessage());
  }

  @Test
  void anHttpServerThatIgnoresRangeStillServesAnObjectThatFitsTheSuffix() throws Exception {
    String key = put(SMALL);
    httpProxy.stripRange = true;
    try (RemoteInputFile in = open(Transport.HTTP, key, quick().build())) {
      RemoteTesting.assertReadsLikeLocal(SMALL, in, memory.allocator());
      assertEquals(1, in.statistics().requests());
      assertEquals(Files.size(SMALL), in.statistics().bytesRead());
    }
  }

  @Test
  void headersOfTheOptionsGoWithEveryHttpRequestAndTheEtagIsThePrecondition() throws Exception {
    String key = put(BIG);
    RemoteReadOptions options = quick().header("Authorization", "Bearer t0ken").header("X-Trace", "42").build();
    try (RemoteInputFile in = open(Transport.HTTP, key, options)) {
      RemoteTesting.assertReadsLikeLocal(BIG, in, memory.allocator());
      List<String> heads = httpProxy.requestHeads();
      assertTrue(heads.size() >= 2, heads::toString);
      String etag = in.version().etag();
      assertTrue(etag != null && etag.startsWith("\""), "the server's ETag: " + etag);
      for (int i = 0; i < heads.size(); i++) {
        String head = heads.get(i).toLowerCase(java.util.Locale.ROOT);
        assertTrue(head.contains("\r\nauthorization: bearer t0ken"), head);
        assertTrue(head.contains("\r\nx-trace: 42"), head);
        // the first request learns the ETag; every later one is conditional on it
        assertEquals(i > 0, head.contains("\r\nif-match: " + etag.toLowerCase(java.util.Locale.ROOT)), head);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void aMissingObjectIsAMissingFileException(Transport t) {
    MissingFileException e = assertThrows(MissingFileException.class,
        () -> open(t, "faults/no-such-object.parquet", quick().build()));
    assertTrue(e.getMessage().contains("no-such-object.parquet"), e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void aFooterLargerThanTheSuffixCostsOneMoreRequest(Transport t) throws Exception {
    String key = put(BIG);
    try (RemoteInputFile in = open(t, key, quick().footerSuffixSize(1024).build());
        LocalInputFile local = LocalInputFile.open(BIG)) {
      ParquetFooter footer = ParquetFooter.read(in);
      assertTrue(footer.footerLength() > 1024, "footer of " + footer.footerLength() + " bytes");
      assertEquals(ParquetFooter.read(local).metadata(), footer.metadata());
      assertEquals(2, in.statistics().requests(), () -> proxy(t).requests().toString());
      byte[] tail = new byte[100];
      in.readFully(in.length() - 100, ByteBuffer.wrap(tail));
      byte[] expected = new byte[100];
      local.readFully(local.length() - 100, ByteBuffer.wrap(expected));
      assertArrayEquals(expected, tail);
      assertEquals(2, in.statistics().requests(), "the suffix serves the tail without a request");
    }
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void anEmptyObjectIsTooShortForParquet(Transport t) throws Exception {
    String key = "faults/" + KEYS.incrementAndGet() + "/empty.parquet";
    server.put(LoopbackS3.PUBLIC_BUCKET, key, new byte[0]);
    try (RemoteInputFile in = open(t, key, quick().build())) {
      assertEquals(0, in.length());
      org.parquetarrow.CorruptFileException e =
          assertThrows(org.parquetarrow.CorruptFileException.class, () -> ParquetFooter.read(in));
      assertTrue(e.getMessage().contains("file of 0 bytes is too short for Parquet"), e.getMessage());
      assertTrue(e.getMessage().contains(in.name()), e.getMessage());
    }
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void readsPastTheEndAreEofExceptions(Transport t) throws Exception {
    String key = put(SMALL);
    try (RemoteInputFile in = open(t, key, quick().build())) {
      assertThrows(java.io.EOFException.class, () -> in.read(in.length() - 4, 8));
      Throwable e = assertThrows(Exception.class,
          () -> in.readRanges(List.of(FileRange.of(0, 4), FileRange.of(in.length(), 1))));
      assertInstanceOf(java.io.EOFException.class, e);
    }
  }
}
