package org.parquetarrow.read.page;

import java.util.Objects;

/**
 * How {@link ColumnChunkPageReader} treats pages.
 *
 * <pre>{@code
 * PageReadOptions fast = PageReadOptions.DEFAULT.withVerifyChecksums(false);
 * PageReadOptions small = PageReadOptions.DEFAULT.withMaxPageSize(64 << 20);
 * PageReadOptions inLine = PageReadOptions.DEFAULT.withReadAhead(PageReadAhead.OFF);
 * }</pre>
 *
 * @param verifyChecksums whether to check the CRC-32 of pages whose header carries one (data and
 *     dictionary pages); a mismatch raises {@link org.parquetarrow.ChecksumException}
 * @param maxPageSize the largest decompressed page accepted, in bytes: a header asking for more is
 *     refused before anything is allocated
 * @param readAhead whether the next page is prepared on a helper thread while the caller decodes
 *     the current one
 */
public record PageReadOptions(boolean verifyChecksums, int maxPageSize, PageReadAhead readAhead) {

  /**
   * The largest page accepted by default: the largest Java array. Writers cut pages at about 1 MiB,
   * so only single huge values come near it. A damaged header cannot make the reader allocate that
   * much for nothing: sizes are checked against what SNAPPY, LZ4 and GZIP can expand to, and beyond
   * 1 GiB ZSTD and BROTLI data must be seen to decode to the claimed size first.
   */
  public static final int DEFAULT_MAX_PAGE_SIZE = Integer.MAX_VALUE - 8;

  /**
   * Checksums verified, pages up to {@link #DEFAULT_MAX_PAGE_SIZE}, the next page prepared ahead
   * ({@link PageReadAhead#NEXT_PAGE}).
   */
  public static final PageReadOptions DEFAULT =
      new PageReadOptions(true, DEFAULT_MAX_PAGE_SIZE, PageReadAhead.NEXT_PAGE);

  public PageReadOptions {
    if (maxPageSize < 0) {
      throw new IllegalArgumentException("negative maxPageSize " + maxPageSize);
    }
    Objects.requireNonNull(readAhead, "readAhead");
  }

  /** Checksums and page size as given, the next page prepared ahead. */
  public PageReadOptions(boolean verifyChecksums, int maxPageSize) {
    this(verifyChecksums, maxPageSize, PageReadAhead.NEXT_PAGE);
  }

  public PageReadOptions withVerifyChecksums(boolean verify) {
    return new PageReadOptions(verify, maxPageSize, readAhead);
  }

  public PageReadOptions withMaxPageSize(int bytes) {
    return new PageReadOptions(verifyChecksums, bytes, readAhead);
  }

  public PageReadOptions withReadAhead(PageReadAhead policy) {
    return new PageReadOptions(verifyChecksums, maxPageSize, policy);
  }
}
