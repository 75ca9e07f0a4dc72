package org.parquetarrow.read.page;

/**
 * Whether a {@link ColumnChunkPageReader} prepares pages while the caller decodes the one it has:
 * header, CRC check and decompression of the pages after data page {@code k} run on a shared
 * helper thread once page {@code k} is handed out. Decoding stays on the caller's thread; only the
 * page layer's work moves, the way Arrow C++'s I/O pool reads ahead of its decoding thread.
 *
 * <p>Nothing a caller can observe changes: pages come in the same order with the same bytes, an
 * error in page {@code k + 1} is thrown by the {@code next()} call that asks for it, and the
 * counters ({@link ColumnChunkPageReader#pagesSkipped()}, ...) count only pages handed out. When
 * the helper is busy the caller prepares the page itself rather than wait. Encrypted chunks are
 * always read without read-ahead (their decryption buffers are reused from page to page).
 *
 * <pre>{@code
 * PageReadOptions oneThread = PageReadOptions.DEFAULT.withReadAhead(PageReadAhead.OFF);
 * PageReadOptions onePage = PageReadOptions.DEFAULT.withReadAhead(PageReadAhead.NEXT_PAGE);
 * }</pre>
 */
public enum PageReadAhead {
  /** Every page is prepared on the caller's thread when asked for. */
  OFF,
  /**
   * The page after each data page is prepared on a helper thread. Costs one more page-sized
   * decompression buffer per compressed column chunk being read.
   */
  NEXT_PAGE,
  /**
   * Pages of a compressed chunk are prepared on a helper thread as far ahead as {@link
   * PageReadOptions#aheadBytes()} of decompressed pages (at least the next page, at most eight),
   * so that the helper keeps working while the caller is busy elsewhere, e.g. with the other
   * columns of a batch or with the batch itself (the default). Costs a decompression buffer per
   * page waiting. Pages of an uncompressed chunk are prepared as with {@link #NEXT_PAGE}, and so
   * are those read from a chunk's reused buffers without being copied out (uncompressed v2 level
   * sections of a streamed chunk), which are refilled as the chunk is read.
   */
  SEVERAL_PAGES
}
