package org.parquetarrow.compress;

import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.parquetarrow.format.CompressionCodec;

/** LZ4_RAW: one LZ4 block from lz4-java's fast compressor (what LZ4_compress_default writes). */
final class Lz4RawPageCompressor extends AbstractCompressor {
  private final LZ4Compressor lz4 = LZ4Factory.fastestInstance().fastCompressor();

  Lz4RawPageCompressor() {
    super(CompressionCodec.LZ4_RAW);
  }

  /** LZ4_MAX_INPUT_SIZE: the block format cannot describe more. */
  private static final int MAX_INPUT_SIZE = 0x7E00_0000;

  @Override
  long bound(int n) {
    // LZ4_COMPRESSBOUND
    return n > MAX_INPUT_SIZE ? Long.MAX_VALUE : (long) n + n / 255 + 16;
  }

  @Override
  void compressChecked(byte[] src, int srcOff, int srcLen, GrowableByteArray out) {
    out.ensureWritable(maxCompressedLength(srcLen));
    int n = lz4.compress(src, srcOff, srcLen, out.array(), out.length(), out.writableBytes());
    out.advance(n);
  }
}
