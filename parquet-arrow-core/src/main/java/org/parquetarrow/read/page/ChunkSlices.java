package org.parquetarrow.read.page;

import java.lang.ref.SoftReference;
import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * The two slice buffers one column's streamed chunks are read into ({@link
 * org.parquetarrow.io.ColumnChunkBytes#streamed}), kept from one row group's page reader to the
 * next: a scan reads chunk after chunk through the same warm memory instead of taking a fresh array
 * as large as each chunk (which, in a large heap, lands on memory the kernel has to fault in page by
 * page). A page reader takes the buffers when it reads its first slice and gives them back when it
 * is closed; one reader at a time uses them. When the batch reader is done ({@link #release}) the
 * buffers go to a pool the whole JVM shares (at most {@value #POOLED_BYTES} bytes, softly held, so a
 * collector short of memory may drop them), where the next scan's columns find them: scan after
 * scan reads through the same warm memory.
 *
 * <pre>{@code
 * ChunkSlices slices = new ChunkSlices(4 << 20);          // one per column of a batch reader
 * ColumnChunkPageReader pages = ColumnChunkPageReader.builder(bytes, chunk, maxDef, maxRep)
 *     .slices(slices)
 *     .build();
 * }</pre>
 */
public final class ChunkSlices {
  private static final byte[] NO_BYTES = new byte[0];
  /** The most bytes of released buffers the JVM keeps for later readers: 16 default slices. */
  static final long POOLED_BYTES = 64L << 20;
  /** Released buffers, most recently released first (the warmest). */
  private static final ArrayDeque<Pooled> POOL = new ArrayDeque<>();
  private static long pooled;

  private final int sliceSize;
  private byte[] first = NO_BYTES;
  private byte[] second = NO_BYTES;

  /**
   * @param sliceSize bytes read at a time (a slice grows for a page longer than it)
   * @throws IllegalArgumentException if not positive
   */
  public ChunkSlices(int sliceSize) {
    if (sliceSize <= 0) {
      throw new IllegalArgumentException("slice size must be positive: " + sliceSize);
    }
    this.sliceSize = sliceSize;
  }

  /** Bytes read at a time. */
  public int sliceSize() {
    return sliceSize;
  }

  /** Bytes of the buffers held here now (not those a page reader has taken). */
  public synchronized long bytesHeld() {
    return (long) first.length + second.length;
  }

  /** Bytes of released buffers the JVM keeps for later readers now. */
  public static long pooledBytes() {
    synchronized (POOL) {
      return pooled;
    }
  }

  /**
   * Hands the buffers held here to the JVM's pool (those that fit in it), for the readers of
   * later scans; the holder starts over empty.
   */
  public synchronized void release() {
    byte[][] mine = {first, second};
    first = NO_BYTES;
    second = NO_BYTES;
    synchronized (POOL) {
      for (byte[] b : mine) {
        if (b.length > 0 && pooled + b.length <= POOLED_BYTES) {
          POOL.addFirst(new Pooled(new SoftReference<>(b), b.length));
          pooled += b.length;
        }
      }
    }
  }

  /** The buffers, perhaps empty arrays; they are the caller's until {@link #giveBack}. */
  synchronized byte[][] take() {
    if (first.length == 0 && second.length == 0) {
      first = fromPool();
      second = fromPool();
    }
    byte[][] out = {first, second};
    first = NO_BYTES;
    second = NO_BYTES;
    return out;
  }

  /** Keeps {@code a} and {@code b} for the next reader (the larger ones, when some are held still). */
  synchronized void giveBack(byte[] a, byte[] b) {
    keep(a);
    keep(b);
  }

  /**
   * The most recently released buffer of one to two slices from the pool, else an empty array.
   */
  private byte[] fromPool() {
    synchronized (POOL) {
      for (Iterator<Pooled> it = POOL.iterator(); it.hasNext(); ) {
        Pooled p = it.next();
        byte[] b = p.buffer().get();
        if (b == null) {
          it.remove(); // the collector took it
          pooled -= p.length();
          continue;
        }
        if (b.length >= sliceSize && b.length <= 2L * sliceSize) { // not one that would read much more than a slice
          it.remove();
          pooled -= b.length;
          return b;
        }
      }
    }
    return NO_BYTES;
  }

  /** A released buffer and its length (kept for the count once the collector has taken it). */
  private record Pooled(SoftReference<byte[]> buffer, int length) {}

  private void keep(byte[] buffer) {
    if (buffer == null || buffer == first || buffer == second) {
      return;
    }
    if (first.length <= second.length) {
      if (buffer.length > first.length) {
        first = buffer;
      }
    } else if (buffer.length > second.length) {
      second = buffer;
    }
  }
}
