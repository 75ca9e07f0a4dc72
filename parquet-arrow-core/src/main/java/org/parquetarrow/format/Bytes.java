package org.parquetarrow.format;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/** Equality, hashing and printing of the byte-array fields of the metadata records. */
final class Bytes {
  private Bytes() {}

  static boolean eq(byte[] a, byte[] b) {
    return Arrays.equals(a, b);
  }

  static int hash(byte[] a) {
    return Arrays.hashCode(a);
  }

  static boolean eq(List<byte[]> a, List<byte[]> b) {
    if (a == b) {
      return true;
    }
    if (a == null || b == null || a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!Arrays.equals(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }

  static int hash(List<byte[]> a) {
    if (a == null) {
      return 0;
    }
    int h = 1;
    for (byte[] b : a) {
      h = 31 * h + Arrays.hashCode(b);
    }
    return h;
  }

  static String str(byte[] a) {
    if (a == null) {
      return "null";
    }
    int n = Math.min(a.length, 32);
    return "0x" + HexFormat.of().formatHex(a, 0, n) + (a.length > n ? "…(" + a.length + " bytes)" : "");
  }
}
