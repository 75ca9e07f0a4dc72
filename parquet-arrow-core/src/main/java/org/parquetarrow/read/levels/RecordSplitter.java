package org.parquetarrow.read.levels;

import java.util.Objects;
import org.parquetarrow.CorruptFileException;

/**
 * Cuts a leaf column's levels into batches of whole records, across pages. A record starts at
 * each entry with repetition level 0, and a batch of {@code N} records is complete only when the
 * entry starting record {@code N + 1} is seen (or the column chunk ends), since record {@code N}
 * may go on into the next page. For a flat column ({@code rep == null}) every entry is a record
 * and a batch is full as soon as it holds {@code N}.
 *
 * <pre>{@code
 * RecordSplitter split = new RecordSplitter();
 * split.startBatch(1024);
 * while (!split.isFull() && pages.hasNext()) {
 *   Page p = pages.next();
 *   int taken = split.take(p.rep(), p.position(), p.remaining());  // entries of this batch
 *   p.consume(taken);              // the rest (if any) starts the next batch
 * }
 * int records = split.recordsStarted();   // <= 1024 at the end of the chunk
 * }</pre>
 *
 * <p>Not thread-safe; one per column reader.
 */
public final class RecordSplitter {
  private long wanted;
  private long started;
  private boolean full;

  /** Starts a batch of up to {@code records} whole records. */
  public void startBatch(long records) {
    if (records < 0) {
      throw new IllegalArgumentException("negative record count " + records);
    }
    wanted = records;
    started = 0;
    full = records == 0;
  }

  /**
   * Takes the leading entries of {@code rep[from, from + n)} that belong to this batch and
   * returns how many they are. Stops before the entry that would start one record too many, and
   * from then on {@link #isFull()} is true and further calls take nothing.
   *
   * @param rep repetition levels, or {@code null} for a flat column (each entry is a record)
   * @throws CorruptFileException if the batch's first entry does not start a record: levels that
   *     begin, or continue after a complete batch, with a repetition level above 0
   */
  public int take(int[] rep, int from, int n) {
    if (n < 0) {
      throw new IllegalArgumentException("negative count " + n);
    }
    if (full || n == 0) {
      return 0;
    }
    if (rep == null) {
      int taken = (int) Math.min(n, wanted - started);
      started += taken;
      full = started == wanted;
      return taken;
    }
    Objects.checkFromIndexSize(from, n, rep.length);
    if (started == 0 && rep[from] != 0) {
      throw new CorruptFileException(
          "the repetition level at the start of a record must be 0 but got " + rep[from]);
    }
    // record starts this batch still accepts
    int left = (int) Math.min(wanted - started, Integer.MAX_VALUE);
    int end = from + n;
    // usually the batch takes the whole window: a count the JIT vectorises says so
    int all = countStarts(rep, from, end);
    if (all <= left) {
      started += all;
      return n;
    }
    // otherwise find the entry that starts one record too many: the starts of 64 entries at a
    // time as a mask, with one test per 64 and the entry picked out of the mask that overflows
    int starts = 0;
    for (int i = from; i < end; i += 64) {
      int len = Math.min(64, end - i);
      long mask = startMask(rep, i, len);
      int count = Long.bitCount(mask);
      if (starts + count > left) {
        full = true;
        started = wanted;
        return i - from + nthSetBit(mask, left - starts);
      }
      starts += count;
    }
    started += starts;
    return n;
  }

  /** Bit {@code t} set when {@code rep[from + t] == 0}, for {@code t < len <= 64}. */
  private static long startMask(int[] rep, int from, int len) {
    long mask = 0;
    if (len == 64) { // a constant trip count lets the JIT unroll the common case
      for (int t = 0; t < 64; t++) {
        int r = rep[from + t];
        mask |= (long) (((r - 1) & ~r) >>> 31) << t;
      }
    } else {
      for (int t = 0; t < len; t++) {
        int r = rep[from + t];
        mask |= (long) (((r - 1) & ~r) >>> 31) << t;
      }
    }
    return mask;
  }

  /** The position of the set bit of {@code mask} with {@code k} set bits below it ({@code k < bitCount}). */
  static int nthSetBit(long mask, int k) {
    for (int i = 0; i < k; i++) {
      mask &= mask - 1;
    }
    return Long.numberOfTrailingZeros(mask);
  }

  /** The entries of {@code rep[from, end)} that are 0 (record starts), without a branch. */
  private static int countStarts(int[] rep, int from, int end) {
    int starts = 0;
    for (int i = from; i < end; i++) {
      int r = rep[i];
      // the sign bit of (r - 1) & ~r is set exactly when r == 0
      starts += ((r - 1) & ~r) >>> 31;
    }
    return starts;
  }

  /** Whether the batch holds its records and the next entry starts the following batch. */
  public boolean isFull() {
    return full;
  }

  /** Records begun in this batch; the last may still continue until {@link #isFull()}. */
  public long recordsStarted() {
    return started;
  }
}
