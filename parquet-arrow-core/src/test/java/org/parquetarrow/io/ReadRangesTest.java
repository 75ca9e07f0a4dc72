package org.parquetarrow.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The vectored read every {@link InputFile} has, and the value types and options around it. */
class ReadRangesTest {
  @TempDir Path dir;

  private static byte[] counting(int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (i * 7 + 3);
    }
    return b;
  }

  @Test
  void aLocalFileReadsManyRangesInTheirOrder() throws Exception {
    byte[] bytes = counting(10_000);
    Path f = dir.resolve("x.bin");
    Files.write(f, bytes);
    List<FileRange> ranges = List.of(FileRange.of(9_000, 1_000), FileRange.of(0, 4), FileRange.of(500, 0),
        FileRange.of(4_096, 2_000));
    try (LocalInputFile in = LocalInputFile.open(f)) {
      List<ByteBuffer> sync = in.readRanges(ranges);
      List<ByteBuffer> async = in.readRangesAsync(ranges).get();
      for (List<ByteBuffer> got : List.of(sync, async)) {
        assertEquals(ranges.size(), got.size());
        for (int i = 0; i < ranges.size(); i++) {
          FileRange r = ranges.get(i);
          ByteBuffer b = got.get(i);
          assertEquals(ByteOrder.LITTLE_ENDIAN, b.order());
          assertEquals(ByteBuffer.wrap(bytes, (int) r.offset(), (int) r.length()), b, "range " + r);
        }
      }
    }
  }

  @Test
  void aRangePastTheEndFailsTheReadWithAnEofException() throws Exception {
    ByteBufferInputFile in = new ByteBufferInputFile("mem", counting(100));
    List<FileRange> ranges = List.of(FileRange.of(0, 10), FileRange.of(95, 10));
    assertThrows(EOFException.class, () -> in.readRanges(ranges));
    CompletableFuture<List<ByteBuffer>> f = in.readRangesAsync(ranges);
    ExecutionException e = assertThrows(ExecutionException.class, f::get);
    assertInstanceOf(EOFException.class, e.getCause());
  }

  @Test
  void rangesAreCheckedWhenMade() {
    assertThrows(IllegalArgumentException.class, () -> FileRange.of(-1, 10));
    assertThrows(IllegalArgumentException.class, () -> FileRange.of(10, -1));
    assertThrows(IllegalArgumentException.class, () -> FileRange.of(Long.MAX_VALUE, 1));
    assertEquals(110, FileRange.of(100, 10).end());
    assertTrue(FileRange.of(90, 10).fitsIn(100));
    assertEquals("[100, 110)", FileRange.of(100, 10).toString());
    // a range over 2 GiB cannot be one buffer
    ByteBufferInputFile in = new ByteBufferInputFile("mem", new byte[1]);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> in.readRanges(List.of(FileRange.of(0, 3L << 30))));
    assertTrue(e.getMessage().contains("does not fit in one buffer"), e.getMessage());
  }

  @Test
  void localFilesSayTheyAreLocal() {
    assertEquals(InputFile.Locality.LOCAL, new ByteBufferInputFile("mem", new byte[1]).locality());
  }

  @Test
  void remoteOptionsHaveDefaultsAndRefuseNonsense() {
    RemoteReadOptions d = RemoteReadOptions.defaults();
    assertEquals(64 * 1024, d.footerSuffixSize());
    assertEquals(5, d.maxAttempts());
    assertEquals(8, d.maxConcurrentRequests());
    RemoteReadOptions o = d.toBuilder().maxAttempts(2).header("Authorization", "Bearer x").build();
    assertEquals(2, o.maxAttempts());
    assertEquals("Bearer x", o.headers().get("Authorization"));
    assertEquals(5, d.maxAttempts(), "the defaults are untouched");
    assertThrows(IllegalArgumentException.class, () -> RemoteReadOptions.builder().maxAttempts(0));
    assertThrows(IllegalArgumentException.class, () -> RemoteReadOptions.builder().maxConcurrentRequests(0));
    assertThrows(IllegalArgumentException.class, () -> RemoteReadOptions.builder().footerSuffixSize(4));
    assertThrows(IllegalArgumentException.class, () -> RemoteReadOptions.builder().readTimeout(Duration.ZERO));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RemoteReadOptions.builder().backoff(Duration.ofSeconds(2), Duration.ofSeconds(1)));
    assertTrue(e.getMessage().contains("initial <= max"), e.getMessage());
  }

  @Test
  void versionsAgreeOnTheEtagElseTheDate() {
    RemoteInputFile.ObjectVersion a = new RemoteInputFile.ObjectVersion(10, "\"a\"", "Mon, 01 Jan 2024 00:00:00 GMT");
    assertTrue(a.sameAs(new RemoteInputFile.ObjectVersion(10, "\"a\"", "Tue, 02 Jan 2024 00:00:00 GMT")));
    assertTrue(!a.sameAs(new RemoteInputFile.ObjectVersion(10, "\"b\"", "Mon, 01 Jan 2024 00:00:00 GMT")));
    assertTrue(!a.sameAs(new RemoteInputFile.ObjectVersion(11, "\"a\"", null)));
    RemoteInputFile.ObjectVersion dated = new RemoteInputFile.ObjectVersion(10, null, "Mon, 01 Jan 2024 00:00:00 GMT");
    assertTrue(!dated.sameAs(new RemoteInputFile.ObjectVersion(10, null, "Tue, 02 Jan 2024 00:00:00 GMT")));
    assertTrue(dated.sameAs(new RemoteInputFile.ObjectVersion(-1, null, "Mon, 01 Jan 2024 00:00:00 GMT")));
  }
}
