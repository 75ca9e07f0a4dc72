package org.parquetarrow.io;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Copies a {@link RemoteInputFile} response body into a buffer, guarding every read with a stall
 * timeout: a blocking {@link InputStream#read} has no timeout of its own, so a shared watchdog
 * thread closes a body that sends nothing for the read timeout, which ends the blocked read.
 *
 * <pre>{@code
 * ResponseBodyReader.read(body, dst, options.readTimeout(), statistics);   // dst full, or body ended
 * }</pre>
 */
final class ResponseBodyReader {
  // one daemon thread aborts bodies that stall; its tasks only close streams
  private static final ScheduledExecutorService WATCHDOG = watchdog();
  private static final int COPY_CHUNK = 64 * 1024;

  private ResponseBodyReader() {}

  /**
   * Reads {@code body} into {@code dst} until it is full or the body ends, counting the bytes. A
   * read that stalls longer than {@code readTimeout} closes the body and fails.
   *
   * @throws SocketTimeoutException when a read stalled
   */
  static void read(InputStream body, ByteBuffer dst, Duration readTimeout, IoStatistics statistics)
      throws IOException {
    byte[] chunk = dst.hasArray() ? null : new byte[Math.min(COPY_CHUNK, dst.remaining())];
    long timeoutNanos = readTimeout.toNanos();
    AtomicBoolean timedOut = new AtomicBoolean();
    while (dst.hasRemaining()) {
      ScheduledFuture<?> alarm = WATCHDOG.schedule(() -> {
        timedOut.set(true);
        RemoteInputFile.closeQuietly(body);
      }, timeoutNanos, TimeUnit.NANOSECONDS);
      int n;
      try {
        if (chunk == null) {
          n = body.read(dst.array(), dst.arrayOffset() + dst.position(), Math.min(COPY_CHUNK, dst.remaining()));
        } else {
          n = body.read(chunk, 0, Math.min(chunk.length, dst.remaining()));
        }
      } catch (IOException e) {
        if (timedOut.get()) {
          throw timeout(readTimeout);
        }
        throw e;
      } finally {
        alarm.cancel(false);
      }
      if (timedOut.get()) {
        throw timeout(readTimeout);
      }
      if (n < 0) {
        return;
      }
      if (chunk == null) {
        dst.position(dst.position() + n);
      } else {
        dst.put(chunk, 0, n);
      }
      statistics.recordBytes(n);
    }
  }

  private static SocketTimeoutException timeout(Duration readTimeout) {
    return new SocketTimeoutException("no bytes of the response body for " + readTimeout.toMillis() + " ms");
  }

  private static ScheduledExecutorService watchdog() {
    ScheduledThreadPoolExecutor s = new ScheduledThreadPoolExecutor(1, task -> {
      Thread t = new Thread(task, "parquet-arrow-read-timeout");
      t.setDaemon(true);
      return t;
    });
    s.setRemoveOnCancelPolicy(true);
    return s;
  }
}
