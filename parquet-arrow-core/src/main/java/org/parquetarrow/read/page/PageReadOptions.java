package org.parquetarrow.read.page;

import java.util.Objects;

/**
 * How {@link ColumnChunkPageReader} treats pages.
 *
 * <pre>{@code
 * PageReadOptions fast = PageReadOptions.DEFAULT.withVerifyChecksums(false);
 * PageReadOptions small = PageReadOptions.DEFAULT.withMaxPageSize(64 << 20);
 * PageReadOptions inLine = PageReadOptions.DEFAULT.withReadAhead(PageReadAhead.OFF);
 * PageReadOptions lessAhead = PageReadOptions.DEFAULT.withAheadBytes(1 << 20);
 * }</pre>
 *
 * @param verifyChecksums whether to check the CRC-32 of pages whose header carries one (data and
 *     dictionary pages); a mismatch raises {@link org.parquetarrow.ChecksumException}
 * @param maxPageSize the largest decompressed page accepted, in bytes: a header asking for more is
 *     refused before anything is allocated
 * @param readAhead whether pages are prepared on a helper thread while the caller decodes the
 *     current one
 * @param aheadBytes with {@link PageReadAhead#SEVERAL_PAGES}, how many decompressed bytes of pages
 *     may wait beyond the next page (0: only the next page)
 */
public record PageReadOptions(boolean verifyChecksums, int maxPageSize, PageReadAhead readAhead,
    long aheadBytes) {

  /**
   * The largest page accepted by default: the largest Java array. Writers cut pages at about 1 MiB,
   * so only single huge values come near it. A damaged header cannot make the reader allocate that
   * much for nothing: sizes are checked against what SNAPPY, LZ4 and GZIP can expand to, and beyond
   * 1 GiB ZSTD and BROTLI data must be seen to decode to the claimed size first.
   */
  public static final int DEFAULT_MAX_PAGE_SIZE = Integer.MAX_VALUE - 8;

  /**
   * Decompressed bytes of a column's pages that may wait beyond the next one by default: a few
   * pages as writers cut them (about 1 MiB), so a batch's worth of a column is usually ready.
   */
  public static final long DEFAULT_AHEAD_BYTES = 4L << 20;

  /**
   * Checksums verified, pages up to {@link #DEFAULT_MAX_PAGE_SIZE}, pages prepared ahead up to
   * {@link #DEFAULT_AHEAD_BYTES} ({@link PageReadAhead#SEVERAL_PAGES}).
   */
  public static final PageReadOptions DEFAULT =
      new PageReadOptions(true, DEFAULT_MAX_PAGE_SIZE, PageReadAhead.SEVERAL_PAGES, DEFAULT_AHEAD_BYTES);

  public PageReadOptions {
    if (maxPageSize < 0) {
      throw new IllegalArgumentException("negative maxPageSize " + maxPageSize);
    }
    Objects.requireNonNull(readAhead, "readAhead");
    if (aheadBytes < 0) {
      throw new IllegalArgumentException("negative aheadBytes " + aheadBytes);
    }
  }

  /** Checksums, page size and read-ahead policy as given, {@link #DEFAULT_AHEAD_BYTES}. */
  public PageReadOptions(boolean verifyChecksums, int maxPageSize, PageReadAhead readAhead) {
    this(verifyChecksums, maxPageSize, readAhead, DEFAULT_AHEAD_BYTES);
  }

  /** Checksums and page size as given, pages prepared ahead as by default. */
  public PageReadOptions(boolean verifyChecksums, int maxPageSize) {
    this(verifyChecksums, maxPageSize, PageReadAhead.SEVERAL_PAGES);
  }

  public PageReadOptions withVerifyChecksums(boolean verify) {
    return new PageReadOptions(verify, maxPageSize, readAhead, aheadBytes);
  }

  public PageReadOptions withMaxPageSize(int bytes) {
    return new PageReadOptions(verifyChecksums, bytes, readAhead, aheadBytes);
  }

  public PageReadOptions withReadAhead(PageReadAhead policy) {
    return new PageReadOptions(verifyChecksums, maxPageSize, policy, aheadBytes);
  }

  /** The same with {@code bytes} of pages allowed to wait beyond the next one. */
  public PageReadOptions withAheadBytes(long bytes) {
    return new PageReadOptions(verifyChecksums, maxPageSize, readAhead, bytes);
  }
}
