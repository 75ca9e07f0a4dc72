package org.parquetarrow.read.levels;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Test-side views of Arrow buffers, read byte by byte with {@code ArrowBuf.getByte} etc. so that
 * assertions never go through the bit helpers under test.
 */
public final class Buffers {
  private Buffers() {}

  /** Bits {@code [from, from + count)} as a string of '0' and '1', first bit first. */
  public static String bits(ArrowBuf buf, long from, int count) {
    StringBuilder sb = new StringBuilder(count);
    for (long i = from; i < from + count; i++) {
      sb.append((buf.getByte(i >>> 3) >>> (i & 7) & 1) == 1 ? '1' : '0');
    }
    return sb.toString();
  }

  /** Sets the bits from a string of '0' and '1' starting at bit {@code from}. */
  public static void setBits(ArrowBuf buf, long from, String bits) {
    for (int i = 0; i < bits.length(); i++) {
      long p = from + i;
      int b = buf.getByte(p >>> 3);
      int m = 1 << (p & 7);
      buf.setByte(p >>> 3, bits.charAt(i) == '1' ? b | m : b & ~m);
    }
  }

  public static int[] int32(ArrowBuf buf, long firstEntry, int count) {
    int[] v = new int[count];
    for (int i = 0; i < count; i++) {
      v[i] = buf.getInt((firstEntry + i) * 4);
    }
    return v;
  }

  public static long[] int64(ArrowBuf buf, long firstEntry, int count) {
    long[] v = new long[count];
    for (int i = 0; i < count; i++) {
      v[i] = buf.getLong((firstEntry + i) * 8);
    }
    return v;
  }

  /** A zeroed buffer of {@code bytes} bytes (at least 1). */
  public static ArrowBuf zeroed(BufferAllocator allocator, long bytes) {
    ArrowBuf buf = allocator.buffer(Math.max(1, bytes));
    buf.setZero(0, buf.capacity());
    return buf;
  }

  /** A buffer filled with {@code fill} bytes, to show which bytes a call leaves alone. */
  public static ArrowBuf filled(BufferAllocator allocator, long bytes, int fill) {
    ArrowBuf buf = allocator.buffer(Math.max(1, bytes));
    for (long i = 0; i < buf.capacity(); i++) {
      buf.setByte(i, fill);
    }
    return buf;
  }
}
