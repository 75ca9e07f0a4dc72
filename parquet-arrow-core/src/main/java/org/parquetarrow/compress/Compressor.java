package org.parquetarrow.compress;

import org.parquetarrow.format.CompressionCodec;

/**
 * Compresses whole Parquet pages with one codec and level, appending the result to a reusable
 * growable heap array.
 *
 * <p>An instance is not thread-safe: use one per thread or column writer. It may keep native
 * contexts between calls, so close it when done.
 *
 * <pre>{@code
 * GrowableByteArray out = new GrowableByteArray();
 * try (Compressor c = Codecs.compressor(CompressionCodec.ZSTD)) {
 *   out.clear();
 *   int compressedSize = c.compress(page, 0, pageLength, out);
 *   // write the page header, then out.array()[0, out.length())
 * }
 * }</pre>
 */
public interface Compressor extends AutoCloseable {

  /** The codec this instance writes. */
  CompressionCodec codec();

  /**
   * An upper bound of the compressed size of {@code uncompressedLen} bytes; {@link #compress} makes
   * this much room in its output before it starts.
   *
   * @throws IllegalArgumentException if the bound would not fit in a Java array
   */
  int maxCompressedLength(int uncompressedLen);

  /**
   * Compresses {@code src[srcOff, srcOff + srcLen)} and appends the compressed bytes to {@code
   * out}, growing it as needed. Bytes already in {@code out} are kept (a v2 data page can hold its
   * uncompressed levels first and append the compressed values).
   *
   * @return the number of bytes appended
   * @throws IndexOutOfBoundsException if the source range lies outside {@code src}
   * @throws IllegalArgumentException if the page is too large to compress into a Java array
   * @throws IllegalStateException if this instance was closed
   */
  int compress(byte[] src, int srcOff, int srcLen, GrowableByteArray out);

  /** Releases native contexts. Idempotent. */
  @Override
  void close();
}
