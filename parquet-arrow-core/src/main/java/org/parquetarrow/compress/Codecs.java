package org.parquetarrow.compress;

import com.github.luben.zstd.Zstd;
import java.util.Objects;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.CompressionCodec;

/**
 * Creates the {@link Decompressor} and {@link Compressor} for a Parquet compression codec.
 *
 * <p>Reading supports every codec of the format: UNCOMPRESSED, SNAPPY, GZIP, LZO, BROTLI, LZ4
 * (Hadoop framing, with Arrow C++'s raw-block fallback), ZSTD and LZ4_RAW. Writing supports all but
 * the two legacy ones, LZO and the deprecated LZ4, whose framing is undocumented; LZ4_RAW replaces
 * the latter. Default levels are Arrow C++'s: GZIP 9, BROTLI 8, ZSTD 1.
 *
 * <pre>{@code
 * try (Decompressor d = Codecs.decompressor(columnMetaData.codec());
 *      Compressor c = Codecs.compressor(CompressionCodec.ZSTD, 3)) {
 *   ...
 * }
 * }</pre>
 */
public final class Codecs {
  /** Arrow C++'s default GZIP level (best compression). */
  public static final int GZIP_DEFAULT_LEVEL = 9;

  /** Arrow C++'s default BROTLI quality, its chosen trade-off for Parquet. */
  public static final int BROTLI_DEFAULT_LEVEL = 8;

  /** Arrow C++'s default ZSTD level. */
  public static final int ZSTD_DEFAULT_LEVEL = 1;

  private static final int GZIP_MIN_LEVEL = 1;
  private static final int GZIP_MAX_LEVEL = 9;
  private static final int BROTLI_MIN_LEVEL = 0;
  private static final int BROTLI_MAX_LEVEL = 11;

  private Codecs() {}

  /**
   * A new decompressor for {@code codec}.
   *
   * @throws UnsupportedFeatureException for {@link CompressionCodec#UNKNOWN}, or when the codec's
   *     native library cannot be loaded on this platform
   */
  public static Decompressor decompressor(CompressionCodec codec) {
    Objects.requireNonNull(codec, "codec");
    switch (codec) {
      case UNCOMPRESSED:
        return new UncompressedPageDecompressor();
      case SNAPPY:
        return new SnappyPageDecompressor();
      case GZIP:
        return new GzipPageDecompressor();
      case LZO:
        return new LzoHadoopPageDecompressor();
      case BROTLI:
        return new BrotliPageDecompressor();
      case LZ4:
        return new Lz4HadoopPageDecompressor();
      case ZSTD:
        return new ZstdPageDecompressor();
      case LZ4_RAW:
        return new Lz4RawPageDecompressor();
      default:
        throw unsupported(codec, "reading");
    }
  }

  /**
   * A new compressor for {@code codec} at its default level (for codecs that have levels).
   *
   * @throws UnsupportedFeatureException for LZO, LZ4 and UNKNOWN, or when the codec's native
   *     library cannot be loaded on this platform
   */
  public static Compressor compressor(CompressionCodec codec) {
    Objects.requireNonNull(codec, "codec");
    switch (codec) {
      case GZIP:
        return new GzipPageCompressor(GZIP_DEFAULT_LEVEL);
      case BROTLI:
        return new BrotliPageCompressor(BROTLI_DEFAULT_LEVEL);
      case ZSTD:
        return new ZstdPageCompressor(ZSTD_DEFAULT_LEVEL);
      case UNCOMPRESSED:
        return new UncompressedPageCompressor();
      case SNAPPY:
        return new SnappyPageCompressor();
      case LZ4_RAW:
        return new Lz4RawPageCompressor();
      default:
        throw unsupported(codec, "writing");
    }
  }

  /**
   * A new compressor for {@code codec} at {@code level}: GZIP 1–9, BROTLI 0–11, ZSTD from zstd's
   * minimum (negative, fastest) to 22.
   *
   * @throws IllegalArgumentException if the level is out of range, or if the codec has no levels
   *     (UNCOMPRESSED, SNAPPY, LZ4_RAW)
   * @throws UnsupportedFeatureException as {@link #compressor(CompressionCodec)}
   */
  public static Compressor compressor(CompressionCodec codec, int level) {
    Objects.requireNonNull(codec, "codec");
    switch (codec) {
      case GZIP:
        return new GzipPageCompressor(checkLevel(codec, level, GZIP_MIN_LEVEL, GZIP_MAX_LEVEL));
      case BROTLI:
        return new BrotliPageCompressor(
            checkLevel(codec, level, BROTLI_MIN_LEVEL, BROTLI_MAX_LEVEL));
      case ZSTD:
        NativeLibraries.requireZstd();
        return new ZstdPageCompressor(
            checkLevel(codec, level, Zstd.minCompressionLevel(), Zstd.maxCompressionLevel()));
      case UNCOMPRESSED:
      case SNAPPY:
      case LZ4_RAW:
        throw new IllegalArgumentException(codec + " has no compression levels");
      default:
        throw unsupported(codec, "writing");
    }
  }

  /** Whether {@link #compressor(CompressionCodec, int)} accepts a level for {@code codec}. */
  public static boolean hasLevels(CompressionCodec codec) {
    return codec == CompressionCodec.GZIP
        || codec == CompressionCodec.BROTLI
        || codec == CompressionCodec.ZSTD;
  }

  private static int checkLevel(CompressionCodec codec, int level, int min, int max) {
    if (level < min || level > max) {
      throw new IllegalArgumentException(
          codec + " level " + level + " is outside [" + min + ", " + max + "]");
    }
    return level;
  }

  private static UnsupportedFeatureException unsupported(CompressionCodec codec, String what) {
    String why;
    switch (codec) {
      case LZO:
        why =
            "writing LZO pages is not supported: few readers besides parquet-java with the GPL"
                + " hadoop-lzo library can read them";
        break;
      case LZ4:
        why =
            "writing pages with the deprecated LZ4 codec is not supported: its Hadoop framing"
                + " is undocumented and readers disagree on it; use LZ4_RAW";
        break;
      default:
        why =
            what
                + " pages with compression codec "
                + codec
                + " (a value this library does not know) is not supported";
    }
    return new UnsupportedFeatureException("codec " + codec, why);
  }
}
