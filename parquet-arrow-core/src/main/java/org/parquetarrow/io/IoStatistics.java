package org.parquetarrow.io;

import java.util.concurrent.atomic.LongAdder;

/**
 * Requests and bytes a remote file (or many, sharing one instance) has cost: what a scan over an
 * object store pays for. Thread-safe; the counts only grow.
 *
 * <pre>{@code
 * IoStatistics io = new IoStatistics();
 * try (HttpInputFile in = HttpInputFile.open(uri, RemoteReadOptions.defaults(), io)) { ... }
 * log.info("{} requests, {} bytes", io.requests(), io.bytesRead());
 * }</pre>
 */
public final class IoStatistics {
  private final LongAdder requests = new LongAdder();
  private final LongAdder bytesRead = new LongAdder();
  private final LongAdder retries = new LongAdder();

  /** Requests sent, retries included. */
  public long requests() {
    return requests.sum();
  }

  /** Bytes of response bodies received, those of failed attempts included. */
  public long bytesRead() {
    return bytesRead.sum();
  }

  /** Requests that repeated (all or the rest of) an earlier one that failed. */
  public long retries() {
    return retries.sum();
  }

  /**
   * Counts one request sent (for {@link InputFile} implementations).
   *
   * @param retry whether it repeats (all or the rest of) an earlier request that failed
   */
  public void recordRequest(boolean retry) {
    requests.increment();
    if (retry) {
      retries.increment();
    }
  }

  /** Counts {@code n} bytes of a response body received (for {@link InputFile} implementations). */
  public void recordBytes(long n) {
    bytesRead.add(n);
  }

  @Override
  public String toString() {
    return requests() + " requests (" + retries() + " retries), " + bytesRead() + " bytes";
  }
}
