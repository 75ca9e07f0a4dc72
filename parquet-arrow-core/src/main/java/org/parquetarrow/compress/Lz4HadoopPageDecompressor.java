package org.parquetarrow.compress;

import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.parquetarrow.format.CompressionCodec;

/**
 * The deprecated LZ4 codec, decoded the way Arrow C++'s {@code Lz4HadoopCodec} does.
 *
 * <p>parquet-java writes Hadoop's block framing: any number of blocks, each a big-endian 32-bit
 * uncompressed length, a big-endian 32-bit compressed length, then one raw LZ4 block. Old
 * parquet-cpp wrote a bare LZ4 block instead. So the page is first read as Hadoop blocks; if the
 * framing does not check out (a length runs past the page or the output, a block does not decode to
 * its announced length, or bytes are left over) it is decoded again as one raw block. Arrow C++
 * does not try the LZ4 frame format here, so neither does this class.
 */
final class Lz4HadoopPageDecompressor extends AbstractDecompressor {
  private static final int PREFIX_LENGTH = 8;
  private static final int NOT_HADOOP = -1;

  private final LZ4SafeDecompressor lz4 = LZ4Factory.fastestInstance().safeDecompressor();

  Lz4HadoopPageDecompressor() {
    super(CompressionCodec.LZ4);
  }

  @Override
  int decompressChecked(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int uncompressedLen) {
    int produced = tryHadoopFraming(src, srcOff, srcLen, dst, dstOff, uncompressedLen);
    if (produced == uncompressedLen) {
      return produced;
    }
    try {
      return lz4.decompress(src, srcOff, srcLen, dst, dstOff, uncompressedLen);
    } catch (LZ4Exception e) {
      throw corrupt(
          "neither Hadoop-framed LZ4 blocks nor one raw LZ4 block of "
              + uncompressedLen
              + " bytes ("
              + e.getMessage()
              + ")",
          e);
    }
  }

  /** The number of bytes the Hadoop blocks decode to, or {@code NOT_HADOOP}. */
  private int tryHadoopFraming(byte[] src, int pos, int len, byte[] dst, int out, int outLen) {
    int end = pos + len;
    int outStart = out;
    int outEnd = out + outLen;
    while (end - pos >= PREFIX_LENGTH) {
      long blockUncompressed = readIntBigEndian(src, pos) & 0xffff_ffffL;
      long blockCompressed = readIntBigEndian(src, pos + 4) & 0xffff_ffffL;
      pos += PREFIX_LENGTH;
      if (blockCompressed > end - pos || blockUncompressed > outEnd - out) {
        return NOT_HADOOP;
      }
      int n;
      try {
        n = lz4.decompress(src, pos, (int) blockCompressed, dst, out, (int) blockUncompressed);
      } catch (LZ4Exception e) {
        return NOT_HADOOP;
      }
      if (n != blockUncompressed) {
        return NOT_HADOOP;
      }
      pos += (int) blockCompressed;
      out += n;
    }
    return pos == end ? out - outStart : NOT_HADOOP;
  }
}
