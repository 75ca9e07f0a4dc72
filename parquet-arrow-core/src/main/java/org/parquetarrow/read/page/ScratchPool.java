package org.parquetarrow.read.page;

import java.util.ArrayList;
import java.util.List;

/**
 * The reusable decompression buffers of one column chunk whose pages are made ahead: a page being
 * made takes one, and it comes back when the caller gives that page up, so there are only as many
 * as pages alive at once (the caller's, those waiting, the one being made). Buffers come from, and
 * at {@link #close()} go back to, a {@link RetainedScratch} shared with the chunks read after this
 * one, so a scan does not allocate them anew per chunk. Thread-safe: pages are made on a helper
 * thread and given up on the caller's.
 */
final class ScratchPool {
  private final int maxPageSize;
  private final RetainedScratch retained;
  private final List<byte[]> free = new ArrayList<>(4);
  private boolean closed;

  /**
   * @param retained where buffers come from before any is allocated and go back to at {@link
   *     #close()}, or {@code null} to allocate them and drop them with the chunk
   */
  ScratchPool(int maxPageSize, RetainedScratch retained) {
    this.maxPageSize = maxPageSize;
    this.retained = retained;
  }

  /** A buffer of at least {@code length} bytes that no page alive uses. */
  synchronized byte[] take(int length) {
    // the largest free one: pages of a chunk are of a size, so it usually fits, and a small one
    // left over is not grown needlessly
    int best = -1;
    for (int i = 0; i < free.size(); i++) {
      if (best < 0 || free.get(i).length > free.get(best).length) {
        best = i;
      }
    }
    if (best >= 0 && free.get(best).length >= length) {
      return free.remove(best);
    }
    byte[] tooSmall = best >= 0 ? free.remove(best) : null;
    if (retained != null) {
      if (tooSmall != null) {
        retained.give(tooSmall); // a later chunk of smaller pages may use it
      }
      byte[] kept = retained.take(length);
      if (kept != null) {
        return kept;
      }
    }
    long size = length + (length >> 3); // room for the next pages of a chunk, which vary a little
    if (tooSmall != null) {
      // replaced by a larger one, grown geometrically so that a chunk's slowly growing pages do
      // not reallocate every time
      size = Math.max(size, tooSmall.length * 3L / 2);
    }
    return PageDecompression.allocate((int) Math.max(length, Math.min(maxPageSize, size)));
  }

  /** {@code buffer}, taken from here, is no longer used by any page. */
  synchronized void give(byte[] buffer) {
    if (closed) {
      if (retained != null) {
        retained.give(buffer);
      }
      return;
    }
    free.add(buffer);
  }

  /**
   * The chunk is done: its free buffers go back to the shared ones. A buffer still held by a page
   * is not here, so it is never handed to another chunk.
   */
  synchronized void close() {
    closed = true;
    if (retained != null) {
      for (byte[] b : free) {
        retained.give(b);
      }
    }
    free.clear();
  }
}
