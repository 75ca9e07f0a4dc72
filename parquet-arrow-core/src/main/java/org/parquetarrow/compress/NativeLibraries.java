package org.parquetarrow.compress;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.github.luben.zstd.Zstd;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.CompressionCodec;
import org.xerial.snappy.Snappy;

/**
 * Loads the native codec libraries up front, so that a platform without them fails with a clear
 * {@link UnsupportedFeatureException} when a codec is first asked for, not with a linkage error in
 * the middle of a read.
 */
final class NativeLibraries {
  private NativeLibraries() {}

  static void requireSnappy() {
    try {
      Snappy.maxCompressedLength(0);
    } catch (LinkageError | RuntimeException e) {
      throw unavailable(CompressionCodec.SNAPPY, e);
    } catch (Error e) {
      // snappy-java reports a failed load with its own Error subclass (SnappyError)
      if (e.getClass().getName().startsWith("org.xerial.snappy")) {
        throw unavailable(CompressionCodec.SNAPPY, e);
      }
      throw e;
    }
  }

  static void requireZstd() {
    try {
      Zstd.defaultCompressionLevel();
    } catch (LinkageError | RuntimeException e) {
      throw unavailable(CompressionCodec.ZSTD, e);
    }
  }

  static void requireBrotli() {
    try {
      Brotli4jLoader.ensureAvailability();
    } catch (LinkageError | RuntimeException e) {
      throw unavailable(CompressionCodec.BROTLI, e);
    }
  }

  private static UnsupportedFeatureException unavailable(CompressionCodec codec, Throwable cause) {
    return new UnsupportedFeatureException(
        "codec " + codec,
        "the native " + codec + " library cannot be loaded on this platform (" + cause + ")",
        cause);
  }
}
