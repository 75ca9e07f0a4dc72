package org.parquetarrow.index;

import java.util.List;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageLocation;

/**
 * The rows of each page of a column chunk, from its offset index, checked as the format requires:
 * first row indexes start at 0 and strictly increase within the row group. Every user of an
 * offset index's rows (page skipping, page pruning) checks them here, the same way.
 *
 * <pre>{@code
 * PageRows rows = PageRows.of(OffsetIndexReader.read(file, chunk), rowGroup.numRows());
 * long rowsOfFirstPage = rows.endRow(0) - rows.firstRow(0);
 * }</pre>
 */
public final class PageRows {
  private final long[] firstRows;
  private final long rowGroupRows;

  private PageRows(long[] firstRows, long rowGroupRows) {
    this.firstRows = firstRows;
    this.rowGroupRows = rowGroupRows;
  }

  /**
   * The page rows of {@code index}, a chunk's offset index in a row group of {@code rowGroupRows}
   * rows.
   *
   * @throws CorruptFileException (located at the page) if a page starts out of order or past the
   *     row group's rows
   */
  public static PageRows of(OffsetIndex index, long rowGroupRows) {
    List<PageLocation> locations = index.pageLocations();
    int n = locations.size();
    long[] first = new long[n];
    for (int i = 0; i < n; i++) {
      first[i] = locations.get(i).firstRowIndex();
      boolean ordered = i == 0 ? first[i] == 0 : first[i] > first[i - 1];
      if (!ordered || first[i] >= rowGroupRows) {
        throw new CorruptFileException("offset index: page " + i + " starts at row " + first[i]
            + "; first rows must start at 0 and increase within the row group's " + rowGroupRows + " rows")
            .locate(ErrorLocation.UNKNOWN.withPage(i));
      }
    }
    return new PageRows(first, rowGroupRows);
  }

  /** The number of pages. */
  public int count() {
    return firstRows.length;
  }

  /** The first row of page {@code page}, counted from the row group's first. */
  public long firstRow(int page) {
    return firstRows[page];
  }

  /** The first row after page {@code page}. */
  public long endRow(int page) {
    return page + 1 < firstRows.length ? firstRows[page + 1] : rowGroupRows;
  }

  /** The rows of the row group. */
  public long rowGroupRows() {
    return rowGroupRows;
  }
}
