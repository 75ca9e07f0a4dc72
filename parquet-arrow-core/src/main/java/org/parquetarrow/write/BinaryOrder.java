package org.parquetarrow.write;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The two orders binary statistics compare byte ranges in: unsigned lexicographic (strings,
 * binaries) and big-endian two's complement (decimals on binary), each without copying the ranges.
 */
final class BinaryOrder {
  private static final VarHandle BIG_ENDIAN_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private BinaryOrder() {}

  /**
   * Unsigned lexicographic order of two byte ranges, eight bytes at a time as big-endian longs:
   * for the short strings statistics compare per value, cheaper than {@code Arrays.compareUnsigned}.
   */
  static int compareUnsigned(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
    int aLen = aTo - aFrom;
    int bLen = bTo - bFrom;
    int n = Math.min(aLen, bLen);
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      long x = (long) BIG_ENDIAN_LONGS.get(a, aFrom + i);
      long y = (long) BIG_ENDIAN_LONGS.get(b, bFrom + i);
      if (x != y) {
        return Long.compareUnsigned(x, y);
      }
    }
    for (; i < n; i++) {
      int x = a[aFrom + i] & 0xff;
      int y = b[bFrom + i] & 0xff;
      if (x != y) {
        return x - y;
      }
    }
    return aLen - bLen;
  }

  /** Big-endian two's complement integers of possibly different lengths. */
  static int compareSigned(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
    int aLen = aTo - aFrom;
    int bLen = bTo - bFrom;
    boolean aNeg = aLen > 0 && a[aFrom] < 0;
    boolean bNeg = bLen > 0 && b[bFrom] < 0;
    if (aNeg != bNeg) {
      return aNeg ? -1 : 1;
    }
    if (aLen == bLen) {
      // same sign and width: two's complement orders as the unsigned bytes do
      return compareUnsigned(a, aFrom, aTo, b, bFrom, bTo);
    }
    int len = Math.max(aLen, bLen);
    for (int k = 0; k < len; k++) {
      int x = byteAt(a, aFrom, aLen, len, k, aNeg);
      int y = byteAt(b, bFrom, bLen, len, k, bNeg);
      if (x != y) {
        return x < y ? -1 : 1;
      }
    }
    return 0;
  }

  private static int byteAt(byte[] v, int from, int vLen, int len, int k, boolean negative) {
    int pad = len - vLen;
    return k < pad ? (negative ? 0xff : 0) : v[from + k - pad] & 0xff;
  }
}
