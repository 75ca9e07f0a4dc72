package org.parquetarrow.read.page;

import org.parquetarrow.CorruptFileException;
import org.parquetarrow.format.Encoding;

/**
 * Finds the level sections at the front of a decompressed v1 data page. A section is absent when
 * the column's max level is 0. RLE levels carry a 4-byte little-endian length prefix; the
 * deprecated BIT_PACKED levels do not, and take {@code ceil(numValues * bitWidth / 8)} bytes.
 */
final class V1LevelSections {
  private static final int RLE_LENGTH_PREFIX = 4;

  private V1LevelSections() {}

  /**
   * The level section starting at {@code array[pos]}, which must end by {@code limit}; the next
   * section starts where the returned slice ends.
   */
  static ByteSlice read(
      byte[] array,
      int pos,
      int limit,
      Encoding encoding,
      int maxLevel,
      int numValues,
      String kind) {
    if (maxLevel == 0) {
      return new ByteSlice(array, pos, 0);
    }
    if (encoding == Encoding.RLE) {
      if (limit - pos < RLE_LENGTH_PREFIX) {
        throw new CorruptFileException("page ends inside the length of its " + kind + " levels");
      }
      int length = readIntLittleEndian(array, pos);
      int start = pos + RLE_LENGTH_PREFIX;
      if (length < 0 || length > limit - start) {
        throw new CorruptFileException(
            kind
                + " levels of "
                + length
                + " bytes do not fit in the "
                + (limit - start)
                + " bytes left in the page");
      }
      return new ByteSlice(array, start, length);
    }
    if (encoding == Encoding.BIT_PACKED) {
      long length = ((long) numValues * bitWidth(maxLevel) + 7) / 8;
      if (length > limit - pos) {
        throw new CorruptFileException(
            "bit-packed "
                + kind
                + " levels of "
                + numValues
                + " values need "
                + length
                + " bytes but the page has "
                + (limit - pos)
                + " left");
      }
      return new ByteSlice(array, pos, (int) length);
    }
    throw new CorruptFileException(
        kind + " levels use encoding " + encoding + "; only RLE and BIT_PACKED are defined");
  }

  /** Bits needed for levels up to {@code maxLevel}. */
  static int bitWidth(int maxLevel) {
    return 32 - Integer.numberOfLeadingZeros(maxLevel);
  }

  private static int readIntLittleEndian(byte[] a, int i) {
    return (a[i] & 0xff)
        | (a[i + 1] & 0xff) << 8
        | (a[i + 2] & 0xff) << 16
        | (a[i + 3] & 0xff) << 24;
  }
}
