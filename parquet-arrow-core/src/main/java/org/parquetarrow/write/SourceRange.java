package org.parquetarrow.write;

import org.apache.arrow.memory.ArrowBuf;

/**
 * The one range check before a gather reads values straight from an Arrow buffer's memory:
 * every index a gather will touch is checked against the buffer at once, instead of each read
 * being checked on its own (as {@code ArrowBuf.getInt} does).
 */
final class SourceRange {
  private SourceRange() {}

  /**
   * Checks that elements {@code idx[0 .. n)} of {@code width} bytes lie inside {@code buf} and
   * returns the buffer's address.
   *
   * @throws IndexOutOfBoundsException when one does not
   */
  static long address(ArrowBuf buf, int[] idx, int n, int width) {
    return address(buf, idx, n, width, 0);
  }

  /**
   * Like {@link #address(ArrowBuf, int[], int, int)}, with {@code extra} more elements after each
   * index in range too (1 for offsets, whose element {@code i + 1} ends value {@code i}).
   */
  static long address(ArrowBuf buf, int[] idx, int n, int width, int extra) {
    if (n == 0) {
      return buf.memoryAddress();
    }
    int lo = idx[0];
    int hi = lo;
    for (int i = 1; i < n; i++) {
      int x = idx[i];
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
    if (lo < 0) {
      throw new IndexOutOfBoundsException("index " + lo);
    }
    buf.checkBytes((long) lo * width, ((long) hi + 1 + extra) * width);
    return buf.memoryAddress();
  }
}
