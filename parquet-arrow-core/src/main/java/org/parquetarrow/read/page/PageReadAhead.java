package org.parquetarrow.read.page;

/**
 * Whether a {@link ColumnChunkPageReader} prepares the next page while the caller decodes the one
 * it has: header, CRC check and decompression of page {@code k + 1} run on a shared helper thread
 * as soon as data page {@code k} is handed out. Decoding stays on the caller's thread; only the
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
 * }</pre>
 */
public enum PageReadAhead {
  /** Every page is prepared on the caller's thread when asked for. */
  OFF,
  /**
   * The page after each data page is prepared on a helper thread (the default). Costs one more
   * page-sized decompression buffer per compressed column chunk being read.
   */
  NEXT_PAGE
}
