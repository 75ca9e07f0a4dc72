package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Writes bits one after another into an Arrow bitmap (LSB first) from any bit offset: whole runs
 * at once, or up to 32 bits at a time. Bits before the start offset and after the last bit written
 * in the final byte keep their value. The buffer's range is checked once in {@link #start}.
 */
final class BitmapWriter {
  private long address;
  private int current;
  private int currentBits;

  /** Prepares to write {@code bitCount} bits from {@code bitOffset}; checks the buffer holds them. */
  void start(ArrowBuf bitmap, long bitOffset, long bitCount) {
    if (bitOffset < 0 || bitCount < 0) {
      throw new IllegalArgumentException("bit offset " + bitOffset + ", count " + bitCount);
    }
    long firstByte = bitOffset >>> 3;
    bitmap.checkBytes(firstByte, (bitOffset + bitCount + 7) >>> 3);
    address = bitmap.memoryAddress() + firstByte;
    currentBits = (int) (bitOffset & 7);
    current = currentBits == 0 ? 0 : MemoryUtil.getByte(address) & ((1 << currentBits) - 1);
  }

  /** Appends {@code count} copies of one bit. */
  void appendRun(boolean set, long count) {
    if (currentBits > 0) {
      int fill = (int) Math.min(8 - currentBits, count);
      if (set) {
        current |= ((1 << fill) - 1) << currentBits;
      }
      currentBits += fill;
      count -= fill;
      if (currentBits < 8) {
        return;
      }
      MemoryUtil.putByte(address++, (byte) current);
      current = 0;
      currentBits = 0;
    }
    long bytes = count >>> 3;
    if (bytes > 0) {
      MemoryUtil.setMemory(address, bytes, set ? (byte) 0xff : 0);
      address += bytes;
    }
    currentBits = (int) (count & 7);
    current = set ? (1 << currentBits) - 1 : 0;
  }

  /** Appends the low {@code count} (0..32) bits of {@code bits}, lowest first. */
  void appendBits(int bits, int count) {
    long v = current | ((bits & ((1L << count) - 1)) << currentBits);
    int total = currentBits + count;
    while (total >= 8) {
      MemoryUtil.putByte(address++, (byte) v);
      v >>>= 8;
      total -= 8;
    }
    current = (int) v;
    currentBits = total;
  }

  /** Writes the last partial byte, keeping the bits above it. */
  void finish() {
    if (currentBits > 0) {
      int keepMask = -1 << currentBits;
      int old = MemoryUtil.getByte(address);
      MemoryUtil.putByte(address, (byte) ((old & keepMask) | current));
    }
    currentBits = 0;
    current = 0;
  }
}
