package org.parquetarrow.compress;

import org.parquetarrow.format.CompressionCodec;
import org.xerial.snappy.Snappy;

/**
 * SNAPPY (raw snappy, no framing) through snappy-java's native code.
 *
 * <p>The native call writes as many bytes as the stream's length preamble announces, without
 * knowing the size of the output array. So the preamble is parsed here first and must equal the
 * page's uncompressed size, which is known to fit the output range.
 */
final class SnappyPageDecompressor extends AbstractDecompressor {
  SnappyPageDecompressor() {
    super(CompressionCodec.SNAPPY);
    NativeLibraries.requireSnappy();
  }

  @Override
  int decompressChecked(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int uncompressedLen)
      throws Exception {
    long declared = declaredLength(src, srcOff, srcLen);
    if (declared != uncompressedLen) {
      throw corrupt(
          "stream announces " + declared + " bytes where the page header says " + uncompressedLen);
    }
    return Snappy.rawUncompress(src, srcOff, srcLen, dst, dstOff);
  }

  /** The little-endian base-128 varint (at most 32 bits) that starts every snappy stream. */
  private long declaredLength(byte[] src, int off, int len) {
    long value = 0;
    int end = off + Math.min(len, 5);
    for (int i = off, shift = 0; i < end; i++, shift += 7) {
      int b = src[i] & 0xff;
      value |= (long) (b & 0x7f) << shift;
      if (b < 0x80) {
        if (value > 0xffff_ffffL) {
          break;
        }
        return value;
      }
    }
    throw corrupt("bad length preamble");
  }
}
