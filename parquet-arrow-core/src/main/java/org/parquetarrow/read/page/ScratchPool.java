package org.parquetarrow.read.page;

import java.util.ArrayList;
import java.util.List;

/**
 * The reusable decompression buffers of one column chunk whose pages are made ahead: a page being
 * made takes one, and it comes back when the caller gives that page up, so there are only as many
 * as pages alive at once (the caller's, those waiting, the one being made). Thread-safe: pages are
 * made on a helper thread and given up on the caller's.
 */
final class ScratchPool {
  private final int maxPageSize;
  private final List<byte[]> free = new ArrayList<>(4);

  ScratchPool(int maxPageSize) {
    this.maxPageSize = maxPageSize;
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
    long size = length + (length >> 3); // room for the next pages of a chunk, which vary a little
    if (best >= 0) {
      // too small: replaced by a larger one, grown geometrically so that a chunk's slowly growing
      // pages do not reallocate every time
      size = Math.max(size, free.remove(best).length * 3L / 2);
    }
    return PageDecompression.allocate((int) Math.max(length, Math.min(maxPageSize, size)));
  }

  /** {@code buffer}, taken from here, is no longer used by any page. */
  synchronized void give(byte[] buffer) {
    free.add(buffer);
  }

  /** Drops the free buffers. */
  synchronized void clear() {
    free.clear();
  }
}
