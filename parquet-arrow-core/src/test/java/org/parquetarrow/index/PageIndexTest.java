package org.parquetarrow.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.format.BoundaryOrder;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageLocation;

/**
 * The one check of a page index, on hand-made indexes: the format asks for one column-index entry
 * per page location, and first row indexes that start at 0 and strictly increase within the row
 * group.
 */
class PageIndexTest {
  private static OffsetIndex offsets(long... firstRows) {
    PageLocation[] pages = new PageLocation[firstRows.length];
    for (int i = 0; i < firstRows.length; i++) {
      pages[i] = new PageLocation(100 + 10L * i, 10, firstRows[i]);
    }
    return new OffsetIndex(List.of(pages), null);
  }

  private static ColumnIndex columnIndex(int pages) {
    List<byte[]> bounds = Collections.nCopies(pages, new byte[4]);
    return new ColumnIndex(Collections.nCopies(pages, false), bounds, bounds, BoundaryOrder.UNORDERED,
        Collections.nCopies(pages, 0L), null, null, null);
  }

  @Test
  void pagesSpanTheRowsBetweenTheirFirstRows() {
    PageIndex p = PageIndex.of(columnIndex(3), offsets(0, 40, 70), 100);
    assertEquals(3, p.count());
    assertEquals(40, p.rows().endRow(0));
    assertEquals(70, p.rows().firstRow(2));
    assertEquals(100, p.rows().endRow(2));
  }

  @Test
  void indexesThatDisagreeOnThePagesAreCorrupt() {
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> PageIndex.of(columnIndex(2), offsets(0, 40, 70), 100));
    assertTrue(e.getMessage().contains("disagree on the number of pages"), e::getMessage);
  }

  @Test
  void rowsOutOfOrderOrPastTheRowGroupAreCorruptAtTheirPage() {
    for (long[] rows : List.of(new long[] {1, 40, 70}, new long[] {0, 40, 40}, new long[] {0, 40, 100})) {
      CorruptFileException e = assertThrows(CorruptFileException.class,
          () -> PageIndex.of(columnIndex(3), offsets(rows), 100));
      assertEquals(rows[0] != 0 ? 0 : 2, e.location().page(), e::getMessage);
    }
  }
}
