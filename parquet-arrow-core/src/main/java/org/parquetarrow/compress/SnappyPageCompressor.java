package org.parquetarrow.compress;

import org.parquetarrow.format.CompressionCodec;
import org.xerial.snappy.Snappy;

/** SNAPPY (raw snappy, no framing) through snappy-java's native code. */
final class SnappyPageCompressor extends AbstractCompressor {
  SnappyPageCompressor() {
    super(CompressionCodec.SNAPPY);
    NativeLibraries.requireSnappy();
  }

  @Override
  long bound(int n) {
    // snappy::MaxCompressedLength, in 64 bits: the native one answers in a 32-bit int.
    return 32L + n + n / 6;
  }

  @Override
  void compressChecked(byte[] src, int srcOff, int srcLen, GrowableByteArray out) throws Exception {
    // the native call does not know the output array's size: the room must be there first
    out.ensureWritable(maxCompressedLength(srcLen));
    int n = Snappy.rawCompress(src, srcOff, srcLen, out.array(), out.length());
    out.advance(n);
  }
}
