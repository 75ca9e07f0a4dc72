package org.parquetarrow.variant;

/** Little-endian reads and writes of 1 to 8 byte unsigned integers in byte arrays. */
final class LittleEndianBytes {
  private LittleEndianBytes() {}

  /** The unsigned {@code size}-byte value at {@code at}; the caller has checked the bounds. */
  static long unsigned(byte[] b, int at, int size) {
    long v = 0;
    for (int i = size - 1; i >= 0; i--) {
      v = (v << 8) | (b[at + i] & 0xFF);
    }
    return v;
  }

  static void put(byte[] b, int at, long value, int size) {
    for (int i = 0; i < size; i++) {
      b[at + i] = (byte) (value >>> (8 * i));
    }
  }

  /** Bytes needed to hold unsigned {@code value}, 1 to 4. */
  static int widthOf(long value) {
    if (value <= 0xFFL) {
      return 1;
    } else if (value <= 0xFFFFL) {
      return 2;
    } else if (value <= 0xFFFFFFL) {
      return 3;
    }
    return 4;
  }
}
