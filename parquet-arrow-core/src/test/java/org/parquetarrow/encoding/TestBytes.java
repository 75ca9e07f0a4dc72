package org.parquetarrow.encoding;

import java.util.List;

import java.io.ByteArrayOutputStream;

/**
 * Builds test input byte by byte, independently of the code under test: ULEB128 and zigzag
 * varints, little-endian ints, and a bit-by-bit LSB-first packer (the spec's definition, one bit
 * at a time).
 */
final class TestBytes {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  static TestBytes create() {
    return new TestBytes();
  }

  TestBytes bytes(int... values) {
    for (int v : values) {
      out.write(v);
    }
    return this;
  }

  TestBytes bytes(byte[] values) {
    out.write(values, 0, values.length);
    return this;
  }

  TestBytes uleb(long v) {
    while ((v & ~0x7fL) != 0) {
      out.write((int) ((v & 0x7f) | 0x80));
      v >>>= 7;
    }
    out.write((int) v);
    return this;
  }

  TestBytes zigzag(long v) {
    return uleb((v << 1) ^ (v >> 63));
  }

  TestBytes le32(int v) {
    for (int i = 0; i < 4; i++) {
      out.write(v >>> (8 * i));
    }
    return this;
  }

  TestBytes le64(long v) {
    for (int i = 0; i < 8; i++) {
      out.write((int) (v >>> (8 * i)));
    }
    return this;
  }

  /** PLAIN BYTE_ARRAY values: a 4-byte little-endian length before each value's bytes. */
  static byte[] plainByteArrays(List<byte[]> values) {
    TestBytes page = create();
    for (byte[] v : values) {
      page.le32(v.length).bytes(v);
    }
    return page.toArray();
  }

  /** Packs {@code values} LSB first, {@code width} bits each, padding the last byte with zeros. */
  TestBytes packedLsb(long[] values, int width) {
    return bytes(packLsb(values, width));
  }

  int size() {
    return out.size();
  }

  byte[] toArray() {
    return out.toByteArray();
  }

  static byte[] packLsb(long[] values, int width) {
    byte[] b = new byte[(int) (((long) values.length * width + 7) / 8)];
    long bit = 0;
    for (long v : values) {
      for (int i = 0; i < width; i++, bit++) {
        if (((v >>> i) & 1) != 0) {
          b[(int) (bit >>> 3)] |= (byte) (1 << (bit & 7));
        }
      }
    }
    return b;
  }

  static byte[] packMsb(long[] values, int width) {
    byte[] b = new byte[(int) (((long) values.length * width + 7) / 8)];
    long bit = 0;
    for (long v : values) {
      for (int i = width - 1; i >= 0; i--, bit++) {
        if (((v >>> i) & 1) != 0) {
          b[(int) (bit >>> 3)] |= (byte) (0x80 >>> (bit & 7));
        }
      }
    }
    return b;
  }

  static long[] longs(int... values) {
    long[] r = new long[values.length];
    for (int i = 0; i < values.length; i++) {
      r[i] = values[i];
    }
    return r;
  }

  static long mask(int width) {
    return width == 64 ? -1L : (1L << width) - 1;
  }
}
