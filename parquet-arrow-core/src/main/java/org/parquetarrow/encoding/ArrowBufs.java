package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Range checks and bulk copies for Arrow buffers: the range is checked once per call, after
 * which decoders store straight to memory in the platform order, as {@code ArrowBuf.setInt} does.
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

  static void putBytes(ArrowBuf dst, long offset, byte[] src, int from, int n) {
    java.util.Objects.checkFromIndexSize(from, n, src.length);
    long a = address(dst, offset, n);
    MemoryUtil.copyToMemory(src, from, a, n);
  }
}
