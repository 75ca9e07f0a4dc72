package org.parquetarrow.write;

/**
 * Where a writer compresses (and checksums and encrypts) its data pages. The file's bytes are the
 * same either way; only the threads doing the work differ.
 *
 * <pre>{@code
 * WriterProperties oneThread = WriterProperties.builder()
 *     .pageCompression(PageCompression.IN_LINE)
 *     .build();
 * }</pre>
 */
public enum PageCompression {
  /** On the thread that calls the writer, page after page. */
  IN_LINE,
  /**
   * On a shared pool of daemon threads (one fewer than the machine's cores, at least one), while
   * the calling thread encodes the next page: at most one page per writer is in flight, which costs
   * the writer one more page body buffer. A writer waiting for its page runs the page itself when
   * no helper has taken it yet, so writers called from pool threads of their own cannot deadlock.
   * The default.
   */
  HELPER_THREAD
}
