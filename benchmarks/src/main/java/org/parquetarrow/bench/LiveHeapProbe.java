package org.parquetarrow.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * The most Java heap a reader keeps live during a scan, sampled: a full collection every
 * {@code every}-th batch (while the batch is still held), then the heap in use, less what was in
 * use after a full collection before the scan. What a reader allocates and drops within one batch
 * is not seen; what it keeps across batches (compressed chunks, decompression and level buffers,
 * dictionaries) is. Full collections are slow, so this runs in a separate scan, not a timed one.
 *
 * <pre>
 * LiveHeapProbe probe = new LiveHeapProbe(4);
 * ParquetArrowScan.scan(file, allocator, 65_536, new BatchDigest(probe));
 * long bytes = probe.peakBytes();
 * </pre>
 */
final class LiveHeapProbe implements Runnable {
  private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

  private final int every;
  private final long baseline;
  private int batches;
  private long peak;

  /** Samples the first batch and every {@code every}-th after it; takes the baseline now. */
  LiveHeapProbe(int every) {
    if (every < 1) {
      throw new IllegalArgumentException("every " + every);
    }
    this.every = every;
    this.baseline = liveHeap();
  }

  @Override
  public void run() {
    if (batches++ % every == 0) {
      peak = Math.max(peak, liveHeap() - baseline);
    }
  }

  /** The highest sample above the baseline, in bytes. */
  long peakBytes() {
    return peak;
  }

  private static long liveHeap() {
    System.gc(); // a full, stop-the-world collection with the JDK's default collectors
    return MEMORY.getHeapMemoryUsage().getUsed();
  }
}
