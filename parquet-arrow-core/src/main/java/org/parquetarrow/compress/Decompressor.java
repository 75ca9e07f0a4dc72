package org.parquetarrow.compress;

import org.parquetarrow.format.CompressionCodec;

/**
 * Decompresses whole Parquet pages of one codec from a heap array into a caller-owned heap array.
 *
 * <p>An instance is not thread-safe: use one per thread or column reader. It may keep native
 * contexts between calls (that is the point of reusing it), so close it when done.
 *
 * <pre>{@code
 * try (Decompressor d = Codecs.decompressor(CompressionCodec.ZSTD)) {
 *   byte[] page = new byte[header.uncompressedPageSize()];   // or a reused, large enough buffer
 *   d.decompress(chunk, pageStart, header.compressedPageSize(), page, 0, page.length);
 * }
 * }</pre>
 */
public interface Decompressor extends AutoCloseable {

  /** The codec this instance decodes. */
  CompressionCodec codec();

  /**
   * Decompresses {@code src[srcOff, srcOff + srcLen)} into {@code dst[dstOff, dstOff +
   * uncompressedLen)} and never writes outside that range.
   *
   * <p>An empty input with {@code uncompressedLen == 0} is an empty page for every codec: some
   * writers store an empty v2 value section without running the codec over it.
   *
   * @param uncompressedLen the page header's uncompressed size; the data must decode to exactly
   *     this many bytes
   * @return the number of bytes produced, always {@code uncompressedLen}
   * @throws org.parquetarrow.CorruptFileException if the data is malformed or truncated, decodes to
   *     more or fewer than {@code uncompressedLen} bytes, if {@code uncompressedLen} is negative or
   *     larger than the room in {@code dst}, or if {@code srcLen} runs past the end of {@code src}
   * @throws IndexOutOfBoundsException if {@code srcOff} or {@code dstOff} lies outside its array
   * @throws IllegalStateException if this instance was closed
   */
  int decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int uncompressedLen);

  /** Releases native contexts. Idempotent. */
  @Override
  void close();
}
