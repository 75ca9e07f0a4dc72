package org.parquetarrow.dataset.prune;

import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.index.PageIndex;
import org.parquetarrow.selection.RowSelection;

/**
 * The pages of one column chunk: their row ranges (from the offset index) and bounds (from the
 * column index), checked by the core's {@link PageIndex} to agree with each other and with the row
 * group before use.
 */
final class PageBounds {
  private final PageIndex pages;
  private final ColumnStatistics statistics;

  private PageBounds(PageIndex pages, ColumnStatistics statistics) {
    this.pages = pages;
    this.statistics = statistics;
  }

  static PageBounds of(ColumnIndex index, OffsetIndex offsets, long numRows, ColumnStatistics statistics, ErrorLocation at) {
    try {
      return new PageBounds(PageIndex.of(index, offsets, numRows), statistics);
    } catch (CorruptFileException e) {
      throw e.locate(at);
    }
  }

  int count() {
    return pages.count();
  }

  long firstRow(int page) {
    return pages.rows().firstRow(page);
  }

  long endRow(int page) {
    return pages.rows().endRow(page);
  }

  ColumnBounds bounds(int page) {
    return statistics.page(pages.columnIndex(), page, endRow(page) - firstRow(page));
  }

  /** Pages none of whose rows {@code rows} selects. */
  long countUnselected(RowSelection rows) {
    long n = 0;
    for (int i = 0; i < count(); i++) {
      if (!rows.selects(firstRow(i), endRow(i))) {
        n++;
      }
    }
    return n;
  }
}
