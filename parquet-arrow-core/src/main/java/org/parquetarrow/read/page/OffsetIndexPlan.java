package org.parquetarrow.read.page;

import org.parquetarrow.io.ColumnChunkBytes;
import java.util.List;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageLocation;
import org.parquetarrow.index.PageRows;

/**
 * A chunk's offset index, checked against the fetched chunk: every listed page lies inside it,
 * pages follow each other without overlap, and first row indices start at 0 and strictly increase
 * within the row group (as the format requires), so that pages can be located and skipped without
 * reading the pages in between (the rows are checked by {@link PageRows}, as page pruning checks them).
 */
final class OffsetIndexPlan {
  private final long[] offsets; // file offset of each page header
  private final int[] lengths; // header + body
  private final long[] firstRows;
  private final long rowGroupRows;

  private OffsetIndexPlan(long[] offsets, int[] lengths, long[] firstRows, long rowGroupRows) {
    this.offsets = offsets;
    this.lengths = lengths;
    this.firstRows = firstRows;
    this.rowGroupRows = rowGroupRows;
  }

  static OffsetIndexPlan of(OffsetIndex index, ColumnChunkBytes chunk, long rowGroupRows) {
    List<PageLocation> locations = index.pageLocations();
    PageRows rows = PageRows.of(index, rowGroupRows);
    int n = locations.size();
    long[] offsets = new long[n];
    int[] lengths = new int[n];
    long[] firstRows = new long[n];
    long chunkStart = chunk.range().offset();
    long chunkEnd = chunk.range().end();
    long previousEnd = chunkStart;
    for (int i = 0; i < n; i++) {
      PageLocation loc = locations.get(i);
      long offset = loc.offset();
      int size = loc.compressedPageSize();
      if (offset < previousEnd || size <= 0 || size > chunkEnd - offset) {
        throw new CorruptFileException(
            "offset index: page "
                + i
                + " at "
                + offset
                + " of "
                + size
                + " bytes does not lie in"
                + " the column chunk ["
                + chunkStart
                + ", "
                + chunkEnd
                + ") after the page before it");
      }
      offsets[i] = offset;
      lengths[i] = size;
      firstRows[i] = rows.firstRow(i);
      previousEnd = offset + size;
    }
    return new OffsetIndexPlan(offsets, lengths, firstRows, rowGroupRows);
  }

  int pageCount() {
    return firstRows.length;
  }

  /** File offset of page {@code i}'s header. */
  long offset(int i) {
    return offsets[i];
  }

  /** Bytes of page {@code i}, header included. */
  int length(int i) {
    return lengths[i];
  }

  long firstRow(int i) {
    return firstRows[i];
  }

  /** The first row after page {@code i}. */
  long endRow(int i) {
    return i + 1 < firstRows.length ? firstRows[i + 1] : rowGroupRows;
  }
}
