package org.parquetarrow.compress;

import org.parquetarrow.format.CompressionCodec;

/** UNCOMPRESSED: a copy, after checking that both sizes in the header agree. */
final class UncompressedPageDecompressor extends AbstractDecompressor {
  UncompressedPageDecompressor() {
    super(CompressionCodec.UNCOMPRESSED);
  }

  @Override
  int decompressChecked(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int uncompressedLen) {
    if (srcLen != uncompressedLen) {
      throw corrupt(
          "compressed size " + srcLen + " differs from uncompressed size " + uncompressedLen);
    }
    System.arraycopy(src, srcOff, dst, dstOff, srcLen);
    return srcLen;
  }
}
