package org.parquetarrow.read;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.parquetarrow.encoding.Allocations;
import org.parquetarrow.encoding.BinaryOutput.OffsetWidth;

/** List views from list offsets: a view's size is the distance to the next offset. */
final class ListViews {
  private ListViews() {}

  /** The sizes buffer of {@code slots} views whose offsets are {@code offsets}; the caller closes it. */
  static ArrowBuf sizesFromOffsets(ArrowBuf offsets, int slots, OffsetWidth width, BufferAllocator allocator) {
    boolean wide = width == OffsetWidth.INT64;
    ArrowBuf sizes = Allocations.buffer(allocator, Math.max(1L, (long) slots * (wide ? 8 : 4)), slots, "list view sizes");
    for (int i = 0; i < slots; i++) {
      if (wide) {
        sizes.setLong(8L * i, offsets.getLong(8L * (i + 1)) - offsets.getLong(8L * i));
      } else {
        sizes.setInt(4L * i, offsets.getInt(4L * (i + 1)) - offsets.getInt(4L * i));
      }
    }
    return sizes;
  }
}
