package org.parquetarrow.compress;

import java.util.Objects;
import org.parquetarrow.ParquetException;
import org.parquetarrow.format.CompressionCodec;

/** The argument and lifecycle checks every compressor shares. */
abstract class AbstractCompressor extends CodecInstance implements Compressor {
  AbstractCompressor(CompressionCodec codec) {
    super(codec);
  }

  @Override
  public final int maxCompressedLength(int uncompressedLen) {
    if (uncompressedLen < 0) {
      throw new IllegalArgumentException("negative length " + uncompressedLen);
    }
    long bound = bound(uncompressedLen);
    if (bound > GrowableByteArray.MAX_CAPACITY) {
      throw new IllegalArgumentException(
          codec()
              + " cannot compress a page of "
              + uncompressedLen
              + " bytes: its worst case does not fit a Java array");
    }
    return (int) bound;
  }

  @Override
  public final int compress(byte[] src, int srcOff, int srcLen, GrowableByteArray out) {
    Objects.requireNonNull(out, "out");
    Objects.checkFromIndexSize(srcOff, srcLen, src.length);
    checkOpen("compressor");
    int before = out.length();
    try {
      compressChecked(src, srcOff, srcLen, out);
    } catch (ParquetException | IllegalArgumentException e) {
      out.truncate(before);
      throw e;
    } catch (Exception e) {
      out.truncate(before);
      throw new ParquetException(codec() + " compression failed (" + e + ")", e);
    }
    return out.length() - before;
  }

  /** The codec's worst-case compressed size, computed without overflow. */
  abstract long bound(int uncompressedLen);

  /** Appends the compressed form of the (checked) source range to {@code out}. */
  abstract void compressChecked(byte[] src, int srcOff, int srcLen, GrowableByteArray out)
      throws Exception;
}
