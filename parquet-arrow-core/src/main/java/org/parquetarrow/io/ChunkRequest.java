package org.parquetarrow.io;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageLocation;
import org.parquetarrow.selection.RowSelection;

/**
 * What to fetch of one column chunk: all of it, or only some spans of it (in file order, not
 * overlapping, not touching) when a row selection leaves whole pages out.
 *
 * <pre>{@code
 * ChunkRequest r = ChunkRequest.selectedPages(range, offsetIndex, selection, rowGroup.numRows());
 * List<ColumnChunkBytes> bytes = ColumnChunkFetcher.fetch(file, List.of(r), coalescer);
 * }</pre>
 *
 * @param range the chunk
 * @param spans the parts to fetch, or {@code null} for the whole chunk
 */
public record ChunkRequest(ColumnChunkRange range, List<FileRange> spans) {

  public ChunkRequest {
    Objects.requireNonNull(range, "range");
    if (spans != null) {
      spans = List.copyOf(spans);
      long previousEnd = -1;
      for (FileRange s : spans) {
        if (s.offset() <= previousEnd || s.offset() < range.offset() || s.end() > range.end()
            || s.isEmpty()) {
          throw new IllegalArgumentException("span " + s + " is empty, lies outside the chunk "
              + FileRange.of(range.offset(), range.length()) + " or does not follow the span before it");
        }
        previousEnd = s.end();
      }
    }
  }

  /** The whole chunk. */
  public static ChunkRequest whole(ColumnChunkRange range) {
    return new ChunkRequest(range, null);
  }

  /**
   * The bytes that reading {@code selection} of the chunk needs: whatever precedes the first page
   * of the offset index (the dictionary page, if any), and every page holding a selected row;
   * neighbouring pages form one span. The whole chunk when there is no offset index or
   * selection, or when the offset index does not fit the chunk (the page reader then reports it).
   *
   * @param index the chunk's offset index, or {@code null}
   * @param selection the rows wanted of the row group, or {@code null} for all
   * @param rowGroupRows the row group's row count (bounds the last page's rows)
   */
  public static ChunkRequest selectedPages(
      ColumnChunkRange range, OffsetIndex index, RowSelection selection, long rowGroupRows) {
    if (index == null || selection == null || range.isEmpty()) {
      return whole(range);
    }
    List<PageLocation> pages = index.pageLocations();
    if (pages == null || pages.isEmpty() || !fits(pages, range)) {
      return whole(range);
    }
    List<FileRange> spans = new ArrayList<>();
    long first = pages.get(0).offset();
    long spanStart = range.offset();
    long spanEnd = first; // [chunk start, first page): dictionary and index pages
    for (int i = 0; i < pages.size(); i++) {
      PageLocation p = pages.get(i);
      long endRow = i + 1 < pages.size() ? pages.get(i + 1).firstRowIndex() : rowGroupRows;
      if (!selection.selects(p.firstRowIndex(), endRow)) {
        continue;
      }
      if (p.offset() != spanEnd) {
        if (spanEnd > spanStart) {
          spans.add(FileRange.of(spanStart, spanEnd - spanStart));
        }
        spanStart = p.offset();
      }
      spanEnd = p.offset() + p.compressedPageSize();
    }
    if (spanEnd > spanStart) {
      spans.add(FileRange.of(spanStart, spanEnd - spanStart));
    }
    return new ChunkRequest(range, spans);
  }

  /** Whether this fetches the whole chunk. */
  public boolean isWhole() {
    return spans == null;
  }

  /** The file spans to read. */
  public List<FileRange> fileRanges() {
    return spans != null ? spans : List.of(FileRange.of(range.offset(), range.length()));
  }

  /** Whether every page lies inside the chunk after the one before it. */
  private static boolean fits(List<PageLocation> pages, ColumnChunkRange range) {
    long previousEnd = range.offset();
    for (PageLocation p : pages) {
      if (p.offset() < previousEnd || p.compressedPageSize() <= 0
          || p.compressedPageSize() > range.end() - p.offset()) {
        return false;
      }
      previousEnd = p.offset() + p.compressedPageSize();
    }
    return true;
  }
}
