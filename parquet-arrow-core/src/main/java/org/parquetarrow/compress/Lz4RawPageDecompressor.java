package org.parquetarrow.compress;

import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.parquetarrow.format.CompressionCodec;

/** LZ4_RAW: one LZ4 block, decoded by lz4-java's bounds-checked decompressor. */
final class Lz4RawPageDecompressor extends AbstractDecompressor {
  private final LZ4SafeDecompressor lz4 = LZ4Factory.fastestInstance().safeDecompressor();

  Lz4RawPageDecompressor() {
    super(CompressionCodec.LZ4_RAW);
  }

  @Override
  int decompressChecked(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int uncompressedLen) {
    return lz4.decompress(src, srcOff, srcLen, dst, dstOff, uncompressedLen);
  }
}
