package org.parquetarrow.compress;

import io.airlift.compress.lzo.LzoDecompressor;
import org.parquetarrow.format.CompressionCodec;

/**
 * LZO as parquet-java writes it: hadoop-lzo's {@code LzoCodec} through Hadoop's block stream.
 *
 * <p>The page is a sequence of blocks. Each block is a big-endian 32-bit uncompressed length
 * followed by chunks, each a big-endian 32-bit compressed length and one LZO1X block, until the
 * chunks have produced the block's length (Hadoop's {@code BlockDecompressorStream}). The LZO1X
 * blocks are decoded by aircompressor's pure-Java, bounds-checked decompressor.
 */
final class LzoHadoopPageDecompressor extends AbstractDecompressor {
  private final LzoDecompressor lzo = new LzoDecompressor();

  LzoHadoopPageDecompressor() {
    super(CompressionCodec.LZO);
  }

  @Override
  int decompressChecked(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int uncompressedLen) {
    int pos = srcOff;
    int end = srcOff + srcLen;
    int out = dstOff;
    int outEnd = dstOff + uncompressedLen;
    while (pos < end) {
      if (end - pos < 4) {
        throw corrupt("truncated block length at byte " + (pos - srcOff));
      }
      long blockLength = readIntBigEndian(src, pos) & 0xffff_ffffL;
      pos += 4;
      if (blockLength > outEnd - out) {
        throw corrupt(
            "block of "
                + blockLength
                + " bytes overruns the page's uncompressed size "
                + uncompressedLen);
      }
      int blockEnd = out + (int) blockLength;
      while (out < blockEnd) {
        if (end - pos < 4) {
          throw corrupt("truncated chunk length at byte " + (pos - srcOff));
        }
        long chunkLength = readIntBigEndian(src, pos) & 0xffff_ffffL;
        pos += 4;
        if (chunkLength == 0 || chunkLength > end - pos) {
          throw corrupt(
              "chunk length "
                  + chunkLength
                  + " at byte "
                  + (pos - 4 - srcOff)
                  + " does not fit the "
                  + (end - pos)
                  + " bytes left");
        }
        out += lzo.decompress(src, pos, (int) chunkLength, dst, out, blockEnd - out);
        pos += (int) chunkLength;
      }
    }
    return out - dstOff;
  }
}
