package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Bulk writes of primitive arrays into Arrow buffers: the range is checked once per call, then
 * values are stored straight to memory in the platform order, as {@code ArrowBuf.setInt} does.
 */
final class ArrowBufs {
  private ArrowBufs() {}

  /** Checks {@code [offset, offset + bytes)} lies in {@code dst} and returns its address. */
  static long address(ArrowBuf dst, long offset, long bytes) {
    if (offset < 0 || bytes < 0) {
      throw new IndexOutOfBoundsException("offset " + offset + ", length " + bytes);
    }
    dst.checkBytes(offset, offset + bytes);
    return dst.memoryAddress() + offset;
  }

  static void putInts(ArrowBuf dst, long offset, int[] src, int from, int n) {
    long a = address(dst, offset, 4L * n);
    for (int i = 0; i < n; i++) {
      MemoryUtil.putInt(a + 4L * i, src[from + i]);
    }
  }

  static void putLongs(ArrowBuf dst, long offset, long[] src, int from, int n) {
    long a = address(dst, offset, 8L * n);
    for (int i = 0; i < n; i++) {
      MemoryUtil.putLong(a + 8L * i, src[from + i]);
    }
  }

  /** Stores the low 32 bits of each long (INT32 values decoded with 64-bit arithmetic). */
  static void putLongsAsInts(ArrowBuf dst, long offset, long[] src, int from, int n) {
    long a = address(dst, offset, 4L * n);
    for (int i = 0; i < n; i++) {
      MemoryUtil.putInt(a + 4L * i, (int) src[from + i]);
    }
  }

  static void putBytes(ArrowBuf dst, long offset, byte[] src, int from, int n) {
    long a = address(dst, offset, n);
    MemoryUtil.copyToMemory(src, from, a, n);
  }
}
