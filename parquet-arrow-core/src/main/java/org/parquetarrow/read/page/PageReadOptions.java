package org.parquetarrow.read.page;

/**
 * How {@link ColumnChunkPageReader} treats pages.
 *
 * <pre>{@code
 * PageReadOptions fast = PageReadOptions.DEFAULT.withVerifyChecksums(false);
 * PageReadOptions small = PageReadOptions.DEFAULT.withMaxPageSize(64 << 20);
 * }</pre>
 *
 * @param verifyChecksums whether to check the CRC-32 of pages whose header carries one (data and
 *     dictionary pages); a mismatch raises {@link org.parquetarrow.ChecksumException}
 * @param maxPageSize the largest decompressed page accepted, in bytes: a header asking for more is
 *     refused before anything is allocated
 */
public record PageReadOptions(boolean verifyChecksums, int maxPageSize) {

  /**
   * The largest page accepted by default: the largest Java array. Writers cut pages at about 1 MiB,
   * so only single huge values come near it. A damaged header cannot make the reader allocate that
   * much for nothing: sizes are checked against what SNAPPY, LZ4 and GZIP can expand to, and beyond
   * 1 GiB ZSTD and BROTLI data must be seen to decode to the claimed size first.
   */
  public static final int DEFAULT_MAX_PAGE_SIZE = Integer.MAX_VALUE - 8;

  /** Checksums verified, pages up to {@link #DEFAULT_MAX_PAGE_SIZE}. */
  public static final PageReadOptions DEFAULT = new PageReadOptions(true, DEFAULT_MAX_PAGE_SIZE);

  public PageReadOptions {
    if (maxPageSize < 0) {
      throw new IllegalArgumentException("negative maxPageSize " + maxPageSize);
    }
  }

  public PageReadOptions withVerifyChecksums(boolean verify) {
    return new PageReadOptions(verify, maxPageSize);
  }

  public PageReadOptions withMaxPageSize(int bytes) {
    return new PageReadOptions(verifyChecksums, bytes);
  }
}
