package org.parquetarrow.compress;

import org.parquetarrow.format.CompressionCodec;

/** UNCOMPRESSED: a copy. */
final class UncompressedPageCompressor extends AbstractCompressor {
  UncompressedPageCompressor() {
    super(CompressionCodec.UNCOMPRESSED);
  }

  @Override
  long bound(int uncompressedLen) {
    return uncompressedLen;
  }

  @Override
  void compressChecked(byte[] src, int srcOff, int srcLen, GrowableByteArray out) {
    out.write(src, srcOff, srcLen);
  }
}
