package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * PLAIN BOOLEAN encoding: bits LSB first, packed across calls; {@link #flushTo} pads the last
 * byte with zeros.
 *
 * <pre>{@code
 * var bools = new PlainBooleanEncoder();
 * bools.write(bitVector.getDataBuffer(), 0, rowCount);
 * bools.flushTo(pageSink);
 * }</pre>
 */
public final class PlainBooleanEncoder {
  private final ByteSink out = new ByteSink();
  private int current;
  private int currentBits;

  public void write(boolean value) {
    current |= (value ? 1 : 0) << currentBits;
    if (++currentBits == 8) {
      out.write(current);
      current = 0;
      currentBits = 0;
    }
  }

  /** Appends bits {@code bitOffset .. bitOffset + n - 1} of an Arrow bitmap. */
  public void write(ArrowBuf bitmap, long bitOffset, int n) {
    bitmap.checkBytes(bitOffset >>> 3, (bitOffset + n + 7) >>> 3);
    if (currentBits == 0 && (bitOffset & 7) == 0) {
      int bytes = n >>> 3;
      out.write(bitmap, bitOffset >>> 3, bytes);
      bitOffset += 8L * bytes;
      n -= 8 * bytes;
    }
    for (int i = 0; i < n; i++) {
      long bit = bitOffset + i;
      write((bitmap.getByte(bit >>> 3) & (1 << (bit & 7))) != 0);
    }
  }

  public int estimatedSize() {
    return out.size() + 1;
  }

  public void flushTo(ByteSink sink) {
    if (currentBits > 0) {
      out.write(current);
    }
    sink.write(out);
    out.reset();
    current = 0;
    currentBits = 0;
  }
}
