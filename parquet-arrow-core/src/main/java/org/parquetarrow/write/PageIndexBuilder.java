package org.parquetarrow.write;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.parquetarrow.format.BoundaryOrder;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageLocation;

/**
 * The page index of one column chunk, page by page: the offset index (where each data page is,
 * its size and first row, the unencoded bytes of a BYTE_ARRAY page) and the column index (each
 * page's bounds, null and NaN counts, level histograms). Held in growable primitive arrays, one
 * slot per page (histograms flattened, one run of levels per page), and turned into the thrift
 * records once, when the chunk ends.
 *
 * <pre>{@code
 * PageIndexBuilder index = new PageIndexBuilder(maxDef, maxRep);
 * index.addPage(firstRow, unencoded);
 * index.setSize(page, pageBytes);                                 // once the page is stored
 * index.addBounds(min, max, nulls, nans, defHistogram, repHistogram);
 * OffsetIndex oi = index.offsetIndex(dataPageOffset, byteArray);
 * ColumnIndex ci = index.columnIndex(order, hasNans);           // null when a page has no bounds
 * index.clear(true);                                              // the next chunk
 * }</pre>
 */
final class PageIndexBuilder {
  private static final byte[] EMPTY = new byte[0];

  /** Levels per page of the definition histogram: kept only above one level, as the spec allows. */
  private final int defLevels;
  /** Levels per page of the repetition histogram: kept only for repeated columns. */
  private final int repLevels;

  private int pages;
  // offset index, per page
  private int[] sizes = new int[8];
  private long[] firstRows = new long[8];
  private long[] unencodedBytes = new long[8];
  // column index, per page
  private boolean[] nullPages = new boolean[8];
  private byte[][] mins = new byte[8][];
  private byte[][] maxs = new byte[8][];
  private long[] nullCounts = new long[8];
  private long[] nanCounts = new long[8];
  private long[] defHistograms;
  private long[] repHistograms;
  /** Whether every page so far has bounds the column index can state. */
  private boolean indexable;

  PageIndexBuilder(int maxDef, int maxRep) {
    this.defLevels = maxDef > 1 ? maxDef + 1 : 0;
    this.repLevels = maxRep > 0 ? maxRep + 1 : 0;
    this.defHistograms = new long[8 * defLevels];
    this.repHistograms = new long[8 * repLevels];
  }

  /** Forgets the pages; {@code columnIndex} says whether the next chunk gets a column index at all. */
  void clear(boolean columnIndex) {
    pages = 0;
    indexable = columnIndex;
    // the arrays of a large chunk stay for the next one; its byte bounds go with the chunk
    Arrays.fill(mins, null);
    Arrays.fill(maxs, null);
  }

  int pages() {
    return pages;
  }

  /**
   * Adds a data page: {@code unencoded} is its BYTE_ARRAY values' bytes without length prefixes (0
   * for other types). {@link #addBounds} must follow for the same page, and {@link #setSize} before
   * {@link #offsetIndex} (a page compressed on a helper thread has its size later).
   */
  void addPage(long firstRow, long unencoded) {
    if (pages == sizes.length) {
      grow();
    }
    firstRows[pages] = firstRow;
    unencodedBytes[pages] = unencoded;
  }

  /** The stored size of data page {@code page} (header included), which places the pages after it. */
  void setSize(int page, int compressedSize) {
    sizes[page] = compressedSize;
  }

  /**
   * The column-index entry of the page {@link #addPage} added: its bounds, {@code null} for a page
   * of only nulls (already truncated as the index states them), its null and NaN counts and its
   * level histograms (of which only the levels the index keeps are read).
   */
  void addBounds(byte[] min, byte[] max, long nulls, long nans, long[] defHistogram, long[] repHistogram) {
    int p = pages;
    nullPages[p] = min == null;
    mins[p] = min == null ? EMPTY : min;
    maxs[p] = max == null ? EMPTY : max;
    nullCounts[p] = nulls;
    nanCounts[p] = nans;
    System.arraycopy(defHistogram, 0, defHistograms, p * defLevels, defLevels);
    System.arraycopy(repHistogram, 0, repHistograms, p * repLevels, repLevels);
    pages = p + 1;
  }

  /**
   * The chunk gets no column index: a page's bounds cannot be written (no order, or only NaNs in
   * type order), and marking it a null page would be false.
   */
  void dropColumnIndex() {
    indexable = false;
  }

  private void grow() {
    int n = pages * 2;
    sizes = Arrays.copyOf(sizes, n);
    firstRows = Arrays.copyOf(firstRows, n);
    unencodedBytes = Arrays.copyOf(unencodedBytes, n);
    nullPages = Arrays.copyOf(nullPages, n);
    mins = Arrays.copyOf(mins, n);
    maxs = Arrays.copyOf(maxs, n);
    nullCounts = Arrays.copyOf(nullCounts, n);
    nanCounts = Arrays.copyOf(nanCounts, n);
    defHistograms = Arrays.copyOf(defHistograms, n * defLevels);
    repHistograms = Arrays.copyOf(repHistograms, n * repLevels);
  }

  /**
   * The offset index, with page offsets in the file given the chunk's first data page at {@code
   * dataStart}; the unencoded bytes only for a BYTE_ARRAY column.
   */
  OffsetIndex offsetIndex(long dataStart, boolean byteArray) {
    List<PageLocation> locations = new ArrayList<>(pages);
    long offset = dataStart;
    for (int p = 0; p < pages; p++) {
      locations.add(new PageLocation(offset, sizes[p], firstRows[p]));
      offset += sizes[p];
    }
    return new OffsetIndex(locations, byteArray ? longs(unencodedBytes, pages) : null);
  }

  /** The column index in {@code order}, NaN counts when the type has NaNs; {@code null} when the chunk gets none. */
  ColumnIndex columnIndex(ValueOrder order) {
    if (!indexable) {
      return null;
    }
    List<Boolean> nulls = new ArrayList<>(pages);
    for (int p = 0; p < pages; p++) {
      nulls.add(nullPages[p]);
    }
    return new ColumnIndex(nulls, List.of(Arrays.copyOf(mins, pages)), List.of(Arrays.copyOf(maxs, pages)),
        boundaryOrder(order), longs(nullCounts, pages),
        repLevels > 0 ? longs(repHistograms, pages * repLevels) : null,
        defLevels > 0 ? longs(defHistograms, pages * defLevels) : null,
        order.hasNans() ? longs(nanCounts, pages) : null);
  }

  /** Whether the bounds of the pages that have them rise, fall, or neither (all equal: ascending). */
  private BoundaryOrder boundaryOrder(ValueOrder order) {
    boolean ascending = true;
    boolean descending = true;
    byte[] prevMin = null;
    byte[] prevMax = null;
    for (int p = 0; p < pages; p++) {
      if (nullPages[p]) {
        continue;
      }
      if (prevMin != null) {
        int cMin = StatisticsBytes.compare(order, prevMin, mins[p]);
        int cMax = StatisticsBytes.compare(order, prevMax, maxs[p]);
        ascending &= cMin <= 0 && cMax <= 0;
        descending &= cMin >= 0 && cMax >= 0;
      }
      prevMin = mins[p];
      prevMax = maxs[p];
    }
    return ascending ? BoundaryOrder.ASCENDING : descending ? BoundaryOrder.DESCENDING : BoundaryOrder.UNORDERED;
  }

  /** The first {@code n} values, as the list the thrift record takes (boxed once, per chunk). */
  private static List<Long> longs(long[] values, int n) {
    List<Long> list = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      list.add(values[i]);
    }
    return list;
  }
}
