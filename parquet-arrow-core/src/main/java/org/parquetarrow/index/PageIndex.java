package org.parquetarrow.index;

import java.util.List;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.OffsetIndex;

/**
 * A column chunk's page index: its column index (per-page bounds and counts) beside the rows of
 * each page from its offset index, checked to agree (one entry per page in every list of the
 * column index) and the rows checked by {@link PageRows}.
 *
 * <pre>{@code
 * ColumnIndex bounds = ColumnIndexReader.read(file, chunk, decryptor, where);
 * OffsetIndex offsets = OffsetIndexReader.read(file, chunk, MetadataLimits.DEFAULT, decryptor);
 * PageIndex pages = PageIndex.of(bounds, offsets, rowGroup.numRows());
 * for (int p = 0; p < pages.count(); p++) {
 *   boolean allNull = pages.columnIndex().nullPages().get(p);
 *   long rows = pages.rows().endRow(p) - pages.rows().firstRow(p);
 * }
 * }</pre>
 *
 * @param columnIndex the chunk's column index
 * @param rows the rows of its pages
 */
public record PageIndex(ColumnIndex columnIndex, PageRows rows) {

  /**
   * The checked page index of a chunk in a row group of {@code rowGroupRows} rows.
   *
   * @throws CorruptFileException if the indexes disagree on the number of pages, or the offset
   *     index's rows are out of order (see {@link PageRows#of})
   */
  public static PageIndex of(ColumnIndex columnIndex, OffsetIndex offsetIndex, long rowGroupRows) {
    int n = offsetIndex.pageLocations().size();
    if (n == 0
        || !sized(columnIndex.nullPages(), n, false)
        || !sized(columnIndex.minValues(), n, false)
        || !sized(columnIndex.maxValues(), n, false)
        || !sized(columnIndex.nullCounts(), n, true)
        || !sized(columnIndex.nanCounts(), n, true)) {
      throw new CorruptFileException(
          "column index and offset index disagree on the number of pages (" + n + " page locations)");
    }
    return new PageIndex(columnIndex, PageRows.of(offsetIndex, rowGroupRows));
  }

  private static boolean sized(List<?> list, int n, boolean optional) {
    return list == null ? optional : list.size() == n;
  }

  /** The number of pages. */
  public int count() {
    return rows.count();
  }
}
