package org.parquetarrow.compress;

import java.util.Objects;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.format.CompressionCodec;

/**
 * The checks every codec shares: sizes read from the file are validated before any library sees
 * them, the output length is verified, and whatever a library throws at bad data becomes a {@link
 * CorruptFileException}.
 */
abstract class AbstractDecompressor extends CodecInstance implements Decompressor {
  AbstractDecompressor(CompressionCodec codec) {
    super(codec);
  }

  @Override
  public final int decompress(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int uncompressedLen) {
    Objects.requireNonNull(src, "src");
    Objects.requireNonNull(dst, "dst");
    checkOpen("decompressor");
    Objects.checkIndex(srcOff, src.length + 1);
    Objects.checkIndex(dstOff, dst.length + 1);
    // srcLen and uncompressedLen come from the page header, so a bad value is a corrupt file.
    if (srcLen < 0 || srcLen > src.length - srcOff) {
      throw corrupt(
          "compressed size "
              + srcLen
              + " does not fit the "
              + (src.length - srcOff)
              + " bytes available");
    }
    if (uncompressedLen < 0) {
      throw corrupt("negative uncompressed size " + uncompressedLen);
    }
    if (uncompressedLen > dst.length - dstOff) {
      throw corrupt(
          "uncompressed size "
              + uncompressedLen
              + " exceeds the "
              + (dst.length - dstOff)
              + "-byte output buffer");
    }
    if (srcLen == 0 && uncompressedLen == 0) {
      return 0;
    }
    int produced;
    try {
      produced = decompressChecked(src, srcOff, srcLen, dst, dstOff, uncompressedLen);
    } catch (ParquetException e) {
      throw e;
    } catch (Exception e) {
      throw corrupt("malformed data (" + e + ")", e);
    }
    if (produced != uncompressedLen) {
      throw corrupt(
          "data decompressed to "
              + produced
              + " bytes where the page header says "
              + uncompressedLen);
    }
    return produced;
  }

  /**
   * Decodes after the shared checks: the ranges are inside their arrays and {@code uncompressedLen}
   * fits {@code dst}. Must not write past {@code dstOff + uncompressedLen}; data that would decode
   * to more must be reported as corrupt.
   *
   * @return the number of bytes produced
   */
  abstract int decompressChecked(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int uncompressedLen)
      throws Exception;

  final CorruptFileException corrupt(String problem) {
    return new CorruptFileException(codec() + " page: " + problem);
  }

  final CorruptFileException corrupt(String problem, Throwable cause) {
    return new CorruptFileException(codec() + " page: " + problem, cause);
  }

  static int readIntBigEndian(byte[] b, int i) {
    return (b[i] & 0xff) << 24
        | (b[i + 1] & 0xff) << 16
        | (b[i + 2] & 0xff) << 8
        | (b[i + 3] & 0xff);
  }

  static int readIntLittleEndian(byte[] b, int i) {
    return (b[i] & 0xff)
        | (b[i + 1] & 0xff) << 8
        | (b[i + 2] & 0xff) << 16
        | (b[i + 3] & 0xff) << 24;
  }
}
