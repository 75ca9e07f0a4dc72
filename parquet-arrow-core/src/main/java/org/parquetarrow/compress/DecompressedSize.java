package org.parquetarrow.compress;

import com.aayushatharva.brotli4j.decoder.BrotliInputStream;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.format.CompressionCodec;

/**
 * Counts what compressed bytes really decode to, in a small fixed buffer, so that a page header
 * claiming a huge decompressed size can be believed before that much memory is allocated.
 *
 * <p>ZSTD and BROTLI have no useful bound on their expansion (parquet-testing's
 * large_string_map.brotli holds a 1 GiB page in 4 KB), so a header's size cannot be checked against
 * the compressed length as SNAPPY, LZ4 and GZIP sizes are. Streaming through the data costs one
 * extra decode; readers call this only for pages far larger than writers ever cut.
 *
 * <pre>{@code
 * if (DecompressedSize.isCountable(codec)
 *     && DecompressedSize.count(codec, chunk, off, len, claimed) != claimed) { ... corrupt ... }
 * }</pre>
 */
public final class DecompressedSize {
  private static final int BUFFER = 1 << 20;

  private DecompressedSize() {}

  /** Whether {@link #count} can stream {@code codec}. */
  public static boolean isCountable(CompressionCodec codec) {
    return codec == CompressionCodec.ZSTD || codec == CompressionCodec.BROTLI;
  }

  /**
   * The number of bytes {@code src[off, off + len)} decode to, counting stopped once it passes
   * {@code stopAfter} (the result is then {@code stopAfter + 1}).
   *
   * @throws CorruptFileException if the data does not decode
   * @throws IllegalArgumentException for a codec {@link #isCountable} rejects
   */
  public static long count(CompressionCodec codec, byte[] src, int off, int len, long stopAfter) {
    if (!isCountable(codec)) {
      throw new IllegalArgumentException(codec + " cannot be counted by streaming");
    }
    byte[] buffer = new byte[BUFFER];
    long total = 0;
    try (InputStream in = open(codec, new ByteArrayInputStream(src, off, len))) {
      int n;
      while ((n = in.read(buffer)) > 0) {
        total += n;
        if (total > stopAfter) {
          return stopAfter + 1;
        }
      }
      return total;
    } catch (IOException | RuntimeException e) {
      throw new CorruptFileException(codec + " data does not decode: " + e.getMessage(), e);
    }
  }

  private static InputStream open(CompressionCodec codec, InputStream compressed) throws IOException {
    return switch (codec) {
      case ZSTD -> {
        NativeLibraries.requireZstd();
        yield new ZstdInputStreamNoFinalizer(compressed);
      }
      case BROTLI -> {
        NativeLibraries.requireBrotli();
        yield new BrotliInputStream(compressed);
      }
      default -> throw new IllegalArgumentException(codec + " cannot be counted by streaming");
    };
  }
}
