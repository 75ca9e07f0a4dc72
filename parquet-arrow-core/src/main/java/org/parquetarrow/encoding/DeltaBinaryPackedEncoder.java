package org.parquetarrow.encoding;

import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Encodes INT32 ({@link #int32()}) or INT64 ({@link #int64()}) values as DELTA_BINARY_PACKED
 * with blocks of 128 values in 4 miniblocks of 32 (the layout other writers use). INT32 deltas
 * are computed modulo 2^32, so no miniblock is wider than 32 bits, as the spec requires.
 * {@link #flushTo} writes the header (whose value count is known only then) and the blocks, and
 * starts over.
 *
 * <pre>{@code
 * var delta = DeltaBinaryPackedEncoder.int64();
 * delta.write(bigIntVector.getDataBuffer(), 0, rowCount);
 * delta.flushTo(pageSink);
 * }</pre>
 */
public final class DeltaBinaryPackedEncoder {
  private static final int BLOCK = 128;
  private static final int MINIBLOCKS = 4;
  private static final int PER_MINIBLOCK = BLOCK / MINIBLOCKS;

  private final boolean int32;
  private final ByteSink blocks = new ByteSink();
  private final long[] deltas = new long[BLOCK];
  private final byte[] packed = new byte[4 * 64];
  private final int[] widths = new int[MINIBLOCKS];
  private int count;
  private int pending;
  private long first;
  private long previous;

  private DeltaBinaryPackedEncoder(boolean int32) {
    this.int32 = int32;
  }

  public static DeltaBinaryPackedEncoder int32() {
    return new DeltaBinaryPackedEncoder(true);
  }

  public static DeltaBinaryPackedEncoder int64() {
    return new DeltaBinaryPackedEncoder(false);
  }

  /** Values written since the last flush. */
  public int count() {
    return count;
  }

  public void write(long value) {
    if (count == 0) {
      first = value;
    } else {
      long delta = value - previous;
      deltas[pending++] = int32 ? (int) delta : delta;
      if (pending == BLOCK) {
        writeBlock();
      }
    }
    previous = value;
    count++;
  }

  public void write(long[] values, int off, int n) {
    Objects.checkFromIndexSize(off, n, values.length);
    for (int i = off; i < off + n; i++) {
      write(values[i]);
    }
  }

  public void write(int[] values, int off, int n) {
    Objects.checkFromIndexSize(off, n, values.length);
    for (int i = off; i < off + n; i++) {
      write(values[i]);
    }
  }

  /** Appends {@code n} values stored at {@code src[offset ..]} (4 or 8 bytes each). */
  public void write(ArrowBuf src, long offset, int n) {
    int width = int32 ? 4 : 8;
    src.checkBytes(offset, offset + (long) n * width);
    for (int i = 0; i < n; i++) {
      write(int32 ? src.getInt(offset + 4L * i) : src.getLong(offset + 8L * i));
    }
  }

  /** Bytes the values written so far take, roughly (for page sizing). */
  public int estimatedSize() {
    return blocks.size() + 20 + pending * (int32 ? 4 : 8);
  }

  /** Appends the header and all blocks to {@code sink}, and starts over. */
  public void flushTo(ByteSink sink) {
    if (pending > 0) {
      writeBlock();
    }
    sink.writeUleb(BLOCK);
    sink.writeUleb(MINIBLOCKS);
    sink.writeUleb(count);
    sink.writeZigZag(count == 0 ? 0 : first);
    sink.write(blocks);
    blocks.reset();
    count = 0;
    pending = 0;
  }

  private void writeBlock() {
    long min = Long.MAX_VALUE;
    for (int i = 0; i < pending; i++) {
      min = Math.min(min, deltas[i]);
    }
    long mask = int32 ? 0xffffffffL : -1L;
    for (int i = 0; i < pending; i++) {
      deltas[i] = (deltas[i] - min) & mask;
    }
    for (int i = pending; i < BLOCK; i++) {
      deltas[i] = 0; // padding of the last miniblock
    }
    blocks.writeZigZag(min);
    int used = (pending + PER_MINIBLOCK - 1) / PER_MINIBLOCK;
    java.util.Arrays.fill(widths, 0);
    for (int m = 0; m < used; m++) {
      long or = 0;
      for (int i = m * PER_MINIBLOCK; i < (m + 1) * PER_MINIBLOCK; i++) {
        or |= deltas[i];
      }
      widths[m] = 64 - Long.numberOfLeadingZeros(or);
    }
    for (int m = 0; m < MINIBLOCKS; m++) {
      blocks.write(widths[m]);
    }
    for (int m = 0; m < used; m++) {
      int w = widths[m];
      for (int g = m * PER_MINIBLOCK; g < (m + 1) * PER_MINIBLOCK; g += 32) {
        BitPacking.pack32(deltas, g, packed, 0, w);
        blocks.write(packed, 0, 4 * w);
      }
    }
    pending = 0;
  }
}
