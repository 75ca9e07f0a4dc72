package org.parquetarrow.s3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.parquetarrow.io.HttpStorage;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.IoStatistics;
import org.parquetarrow.io.ObjectChangedException;
import org.parquetarrow.io.RemoteInputFile;
import org.parquetarrow.io.RemoteReadOptions;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageEntry;
import org.parquetarrow.io.StorageOptions;

/**
 * Opening an S3 object from the tail an earlier open fetched ({@link Storage#open(StorageEntry,
 * RemoteInputFile.Tail, IoStatistics)}): no request for the tail, the same bytes, and the object
 * still held to that version: once it is replaced, a read past the tail fails naming it.
 */
@Timeout(60)
class TailReuseTest {
  private static final int LENGTH = 300_000;
  private static final int SUFFIX = RemoteReadOptions.DEFAULT_FOOTER_SUFFIX_SIZE;
  private static LoopbackS3 server;

  @BeforeAll
  static void start() throws Exception {
    server = LoopbackS3.start();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static byte[] bytes(long seed) {
    byte[] b = new byte[LENGTH];
    new Random(seed).nextBytes(b);
    return b;
  }

  private static Storage storage() {
    return Storage.forLocation("s3://private/", StorageOptions.builder()
        .s3Endpoint(server.endpoint())
        .staticCredentials(LoopbackS3.ACCESS_KEY, LoopbackS3.SECRET_KEY)
        .build());
  }

  private static byte[] read(InputFile in, long position, int length) throws Exception {
    ByteBuffer b = in.read(position, length);
    byte[] out = new byte[length];
    b.get(out);
    return out;
  }

  @Test
  void anObjectOpenedFromItsTailSendsNoRequestForItAndReadsTheSameBytes() throws Exception {
    byte[] data = bytes(1);
    server.put(LoopbackS3.PRIVATE_BUCKET, "tail/same.bin", data);
    try (Storage s3 = storage()) {
      IoStatistics first = new IoStatistics();
      RemoteInputFile.Tail tail;
      StorageEntry entry;
      try (InputFile in = s3.open("s3://private/tail/same.bin", first)) {
        RemoteInputFile remote = assertInstanceOf(RemoteInputFile.class, in);
        tail = remote.tail();
        entry = new StorageEntry("s3://private/tail/same.bin", in.length(), remote.version().etag());
      }
      assertEquals(1, first.requests());
      assertEquals(SUFFIX, tail.size());
      assertEquals(LENGTH - SUFFIX, tail.start());

      IoStatistics again = new IoStatistics();
      try (InputFile in = s3.open(entry, tail, again)) {
        assertEquals(LENGTH, in.length());
        assertEquals(0, again.requests(), "opened from the tail");
        assertArrayEquals(Arrays.copyOfRange(data, LENGTH - 1_000, LENGTH), read(in, LENGTH - 1_000, 1_000));
        assertEquals(0, again.requests(), "the tail serves its own bytes");
        assertArrayEquals(Arrays.copyOfRange(data, 10, 50_010), read(in, 10, 50_000));
        assertEquals(1, again.requests());
      }
    }
  }

  @Test
  void anHttpUrlOpenedFromItsTailSendsNoRequestForIt() throws Exception {
    byte[] data = bytes(5);
    server.put(LoopbackS3.PUBLIC_BUCKET, "tail/web.bin", data);
    String url = server.httpUrl(LoopbackS3.PUBLIC_BUCKET, "tail/web.bin").toString();
    try (Storage web = new HttpStorage(RemoteReadOptions.defaults())) {
      RemoteInputFile.Tail tail;
      StorageEntry entry;
      try (InputFile in = web.open(url, new IoStatistics())) {
        RemoteInputFile remote = (RemoteInputFile) in;
        tail = remote.tail();
        entry = new StorageEntry(url, in.length(), remote.version().etag());
      }
      IoStatistics again = new IoStatistics();
      try (InputFile in = web.open(entry, tail, again)) {
        assertEquals(0, again.requests(), "opened from the tail");
        assertArrayEquals(Arrays.copyOfRange(data, 100, 20_100), read(in, 100, 20_000));
        assertEquals(1, again.requests());
      }
    }
  }

  @Test
  void aReplacedObjectOpenedFromItsOldTailFailsAtItsFirstRequestNamingIt() throws Exception {
    server.put(LoopbackS3.PRIVATE_BUCKET, "tail/replaced.bin", bytes(2));
    try (Storage s3 = storage()) {
      RemoteInputFile.Tail tail;
      StorageEntry entry;
      try (InputFile in = s3.open("s3://private/tail/replaced.bin", new IoStatistics())) {
        RemoteInputFile remote = (RemoteInputFile) in;
        tail = remote.tail();
        entry = new StorageEntry("s3://private/tail/replaced.bin", in.length(), remote.version().etag());
      }
      // same length, other bytes: only the ETag tells
      server.put(LoopbackS3.PRIVATE_BUCKET, "tail/replaced.bin", bytes(3));
      try (InputFile in = s3.open(entry, tail, new IoStatistics())) {
        ObjectChangedException e = assertThrows(ObjectChangedException.class, () -> read(in, 0, 1_000));
        assertTrue(e.getMessage().contains("s3://private/tail/replaced.bin"), e.getMessage());
      }
    }
  }

  @Test
  void aTailOfAnotherVersionIsNotUsed() throws Exception {
    server.put(LoopbackS3.PRIVATE_BUCKET, "tail/other.bin", bytes(4));
    try (Storage s3 = storage()) {
      RemoteInputFile.Tail tail;
      try (InputFile in = s3.open("s3://private/tail/other.bin", new IoStatistics())) {
        tail = ((RemoteInputFile) in).tail();
      }
      // an entry naming another ETag: the tail does not describe it, so the object is opened anew
      StorageEntry other = new StorageEntry("s3://private/tail/other.bin", LENGTH, "\"0123456789abcdef\"");
      IoStatistics stats = new IoStatistics();
      assertThrows(ObjectChangedException.class, () -> s3.open(other, tail, stats).close());
      assertEquals(1, stats.requests());
    }
  }
}
