package org.parquetarrow.dataset.prune;

import java.util.List;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageLocation;
import org.parquetarrow.selection.RowSelection;

/**
 * The pages of one column chunk: their row ranges (from the offset index) and bounds (from the
 * column index), checked to agree with each other and with the row group before use.
 */
final class PageBounds {
  private final ColumnIndex index;
  private final long[] firstRows;
  private final long numRows;
  private final ColumnStatistics statistics;

  private PageBounds(ColumnIndex index, long[] firstRows, long numRows, ColumnStatistics statistics) {
    this.index = index;
    this.firstRows = firstRows;
    this.numRows = numRows;
    this.statistics = statistics;
  }

  static PageBounds of(ColumnIndex index, OffsetIndex offsets, long numRows, ColumnStatistics statistics, ErrorLocation at) {
    List<PageLocation> locations = offsets.pageLocations();
    int n = locations.size();
    if (n == 0
        || index.nullPages() == null || index.nullPages().size() != n
        || index.minValues() == null || index.minValues().size() != n
        || index.maxValues() == null || index.maxValues().size() != n
        || (index.nullCounts() != null && index.nullCounts().size() != n)
        || (index.nanCounts() != null && index.nanCounts().size() != n)) {
      throw new CorruptFileException(
          "column index and offset index disagree on the number of pages (" + n + " page locations)", at, null);
    }
    long[] first = new long[n];
    for (int i = 0; i < n; i++) {
      first[i] = locations.get(i).firstRowIndex();
      boolean ordered = i == 0 ? first[i] == 0 : first[i] > first[i - 1];
      if (!ordered || first[i] >= numRows) {
        throw new CorruptFileException(
            "offset index page " + i + " starts at row " + first[i] + ", out of order or past the row group's " + numRows + " rows",
            at.withPage(i), null);
      }
    }
    return new PageBounds(index, first, numRows, statistics);
  }

  int count() {
    return firstRows.length;
  }

  long firstRow(int page) {
    return firstRows[page];
  }

  long endRow(int page) {
    return page + 1 < firstRows.length ? firstRows[page + 1] : numRows;
  }

  ColumnBounds bounds(int page) {
    return statistics.page(index, page, endRow(page) - firstRow(page));
  }

  /** Pages none of whose rows {@code rows} selects. */
  long countUnselected(RowSelection rows) {
    long n = 0;
    for (int i = 0; i < firstRows.length; i++) {
      if (!rows.selects(firstRow(i), endRow(i))) {
        n++;
      }
    }
    return n;
  }
}
