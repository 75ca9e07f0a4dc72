package org.parquetarrow.read;

import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/** Bitmap helpers arrow-vector lacks: sizes and setting a run of bits a byte at a time. */
final class Bitmaps {
  private Bitmaps() {}

  /** Bytes holding {@code bits} bits. */
  static long bytesFor(long bits) {
    return (bits + 7) >>> 3;
  }

  /** Sets bits {@code [from, from + n)}. */
  static void setRange(ArrowBuf bitmap, long from, long n) {
    if (n <= 0) {
      return;
    }
    long end = from + n;
    Objects.checkFromToIndex(0, bytesFor(end), bitmap.capacity());
    long a = bitmap.memoryAddress();
    long i = from;
    while (i < end && (i & 7) != 0) {
      setBit(a, i++);
    }
    long fullBytes = (end - i) >>> 3;
    if (fullBytes > 0) {
      MemoryUtil.setMemory(a + (i >>> 3), fullBytes, (byte) -1);
      i += fullBytes << 3;
    }
    while (i < end) {
      setBit(a, i++);
    }
  }

  private static void setBit(long address, long i) {
    long at = address + (i >>> 3);
    MemoryUtil.putByte(at, (byte) (MemoryUtil.getByte(at) | (1 << (i & 7))));
  }
}
