package org.parquetarrow.compress;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;

/** Test-only data generators; every generator is seeded so that failures reproduce. */
final class TestBytes {
  private TestBytes() {}

  static byte[] random(int n, long seed) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }

  /** A short phrase over and over: compresses by orders of magnitude with every codec. */
  static byte[] repetitive(int n) {
    byte[] phrase =
        "parquet pages compress well; ".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = phrase[i % phrase.length];
    }
    return b;
  }

  /** Ascending little-endian int32 values, like a PLAIN page of a sorted key column. */
  static byte[] ascendingInts(int count) {
    ByteBuffer b = ByteBuffer.allocate(4 * count).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < count; i++) {
      b.putInt(1_000_000 + 3 * i);
    }
    return b.array();
  }

  static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int pos = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, pos, p.length);
      pos += p.length;
    }
    return out;
  }

  static byte[] intBigEndian(int v) {
    return ByteBuffer.allocate(4).putInt(v).array();
  }
}
