package org.parquetarrow.read.page;

import org.parquetarrow.format.CompressionCodec;

/**
 * The most bytes a codec can produce from a given number of compressed bytes, so that a page
 * header's uncompressed size can be checked against the compressed bytes really present before the
 * output buffer is allocated.
 *
 * <p>The bounds follow from each format's densest encoding of a long repeat: SNAPPY copies at most
 * 64 bytes per 3-byte element (21.4×); an LZ4 sequence gains at most 255 bytes per extra length
 * byte (255×); DEFLATE encodes a 258-byte match in as little as 2 bits (1032×). ZSTD, BROTLI and
 * LZO can expand far more (ZSTD's RLE blocks alone reach 128 KiB from 4 bytes), so for them only
 * the caller's absolute page size limit applies.
 */
final class DecompressedSizeBound {
  private DecompressedSizeBound() {}

  /** The bound for {@code compressedLength} bytes of {@code codec}, or {@link Long#MAX_VALUE}. */
  static long of(CompressionCodec codec, int compressedLength) {
    long n = compressedLength;
    return switch (codec) {
      case UNCOMPRESSED -> n;
      case SNAPPY -> 22 * n;
      case LZ4, LZ4_RAW -> 256 * n;
      case GZIP -> 1032 * n;
      default -> Long.MAX_VALUE;
    };
  }
}
