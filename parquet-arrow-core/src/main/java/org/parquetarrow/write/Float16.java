package org.parquetarrow.write;

/** IEEE half floats stored little-endian (Parquet FLOAT16 and Arrow float16). */
final class Float16 {
  private Float16() {}

  static int bits(byte[] b, int at) {
    return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8;
  }

  static boolean isNaN(byte[] b, int at) {
    int h = bits(b, at);
    return (h & 0x7c00) == 0x7c00 && (h & 0x03ff) != 0;
  }

  static float toFloat(byte[] b, int at) {
    int h = bits(b, at);
    int sign = (h & 0x8000) << 16;
    int exp = (h >>> 10) & 0x1f;
    int mant = h & 0x3ff;
    if (exp == 0x1f) {
      return Float.intBitsToFloat(sign | 0x7f800000 | mant << 13);
    }
    if (exp == 0) {
      float f = mant * 0x1p-24f;
      return sign != 0 ? -f : f;
    }
    return Float.intBitsToFloat(sign | (exp + 112) << 23 | mant << 13);
  }

  /** A zero min becomes -0 and a zero max +0, as the spec asks for float statistics. */
  static byte[] signedZero(byte[] v, boolean isMin) {
    if (v != null && (bits(v, 0) & 0x7fff) == 0) {
      return isMin ? new byte[] {0, (byte) 0x80} : new byte[] {0, 0};
    }
    return v;
  }
}
