package org.parquetarrow.read;

import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.encoding.LevelDecoder;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.read.page.ByteSlice;
import org.parquetarrow.read.page.ColumnChunkPageReader;
import org.parquetarrow.read.page.DataPage;
import org.parquetarrow.read.page.DictionaryPage;
import org.parquetarrow.read.page.Page;

/**
 * Where a {@link LeafReader} is in its column chunk: the chunk's page reader, the current data
 * page, its entries not yet consumed, its level decoders and, for a repeated leaf, the window of
 * its levels decoded so far. The level strategies ({@link FlatLevels}, {@link RepeatedLevels})
 * move it; the cursor itself knows nothing of batches.
 *
 * <p>It hands dictionary pages and the start of each data page to the leaf's {@link ValueSink}, so
 * that values and levels always stand on the same page. Not thread-safe.
 */
final class PageCursor implements AutoCloseable {
  /**
   * Level entries decoded at a time from a page: few enough that the two windows (32 KiB) stay in
   * the core's nearest caches while the record split, the copy into the batch and the value
   * count go over them again; a 64 Ki-entry window spilled to the outer caches between passes.
   */
  static final int WINDOW = 4 * 1024;

  private final ValueSink sink;
  private final int maxDefinition;
  private final int maxRepetition;
  private final LevelDecoder definitions = new LevelDecoder();
  private final LevelDecoder repetitions = new LevelDecoder();
  private ColumnChunkPageReader pages;
  private ErrorLocation location = ErrorLocation.UNKNOWN;
  private DataPage page;
  /** Entries of the current page not consumed yet (decoded into the window or not). */
  private int left;
  /** Rows of the current chunk read or skipped so far. */
  private long row;
  /**
   * A window of the page's levels, for a repeated leaf (whose records may cross batch and page
   * boundaries); a flat leaf uses {@link #windowDefinitions} as scratch when it skips.
   */
  private int[] windowDefinitions = new int[0];
  private int[] windowRepetitions = new int[0];
  private int windowPos;
  /** End of the decoded window of the page's levels in {@link #windowDefinitions}. */
  private int windowEnd;
  /** Data pages of the chunks closed so far that were skipped without decompression. */
  private long pagesSkipped;

  PageCursor(ValueSink sink, int maxDefinition, int maxRepetition) {
    this.sink = sink;
    this.maxDefinition = maxDefinition;
    this.maxRepetition = maxRepetition;
  }

  /** Switches to the pages of the next row group's chunk; the previous page reader is closed. */
  void start(ColumnChunkPageReader chunkPages, ErrorLocation where) {
    closePages();
    this.pages = chunkPages;
    this.location = where;
    this.page = null;
    this.left = 0;
    this.windowPos = 0;
    this.windowEnd = 0;
    this.row = 0;
  }

  /** Entries of the current page not consumed yet; 0 before the first page. */
  int left() {
    return left;
  }

  /** Rows of the chunk read or skipped so far. */
  long row() {
    return row;
  }

  /** The definition level decoder of the current page. */
  LevelDecoder definitions() {
    return definitions;
  }

  /** Consumes {@code n} entries of a flat page, each one row. */
  void consumeRows(int n) {
    left -= n;
    row += n;
  }

  /** Moves the chunk row by {@code rows}, whose entries were consumed from the window. */
  void advanceRows(long rows) {
    row += rows;
  }

  /**
   * Moves to the next data page, which must exist: {@code batchRow} rows of the batch are read
   * (named in the error when the chunk ends early).
   */
  void nextExpected(int batchRow) {
    next(false, batchRow);
  }

  /** Moves to the next data page if the chunk has one; false at the chunk's end. */
  boolean nextIfAny() {
    return next(true, 0);
  }

  /**
   * Moves to the next data page and resets the window; at the chunk's end returns false if
   * {@code endAllowed}, else fails naming the {@code batchRow} rows of the batch read so far.
   */
  private boolean next(boolean endAllowed, int batchRow) {
    while (true) {
      Page p = pages == null ? null : pages.next();
      if (p == null) {
        if (endAllowed) {
          return false;
        }
        throw new CorruptFileException(
            "column chunk ends before its row group's rows were read (" + batchRow + " rows into the batch)");
      }
      if (p instanceof DictionaryPage d) {
        sink.loadDictionary(d);
        continue;
      }
      DataPage d = (DataPage) p;
      if (d.numValues() == 0) {
        continue;
      }
      page = d;
      left = d.numValues();
      windowPos = 0;
      windowEnd = 0;
      startLevels(d);
      sink.startPage(d);
      return true;
    }
  }

  /** Whether the current page knows its first row (from the offset index). */
  boolean pageStartKnown() {
    return page.firstRowKnown();
  }

  /**
   * After moving to a new page: when it knows its first row (pages before it may have been
   * skipped unread), the reader is at that row, which cannot lie past {@code target}.
   */
  void jumpToPageStart(long target) {
    if (page.firstRowKnown()) {
      checkPageStart(target);
      row = page.firstRowIndex();
    }
  }

  /**
   * Whether a repeated read fetched the current page ahead, to see its last record end, past
   * pages the page reader skipped: nothing of the page is consumed, but the page's first row is
   * not the reader's row.
   */
  boolean fetchedAhead() {
    return windowPos == 0 && left == page.numValues() && page.firstRowKnown() && page.firstRowIndex() != row;
  }

  /**
   * Moves the row to the start of a page {@link #fetchedAhead fetched ahead}; its levels may be
   * decoded already, so only the row moves.
   */
  void catchUp(long target) {
    checkPageStart(target);
    row = page.firstRowIndex();
  }

  /** The current page, whose first row is known, starts between the reader's row and {@code target}. */
  private void checkPageStart(long target) {
    if (page.firstRowIndex() > target || page.firstRowIndex() < row) {
      throw new CorruptFileException("page starts at row " + page.firstRowIndex()
          + " while the reader is at row " + row + " on its way to row " + target);
    }
  }

  /**
   * Makes sure the window of decoded levels has an entry left, decoding the next stretch of the
   * page, or moving to the next page. Levels are decoded a window at a time so that a page
   * claiming billions of (cheaply run-length encoded) levels never makes the reader allocate for
   * all of them. Returns false at the end of the chunk when {@code endAllowed}; else fails naming
   * the {@code batchRow} rows of the batch read so far.
   */
  boolean fillWindow(boolean endAllowed, int batchRow) {
    while (windowPos == windowEnd) {
      if (left == 0) {
        if (!next(endAllowed, batchRow)) {
          return false;
        }
        continue;
      }
      decodeWindow();
    }
    return true;
  }

  /** Decodes the next stretch of the current page's levels when the window is used up. */
  void decodeWindow() {
    if (windowPos < windowEnd) {
      return;
    }
    int n = Math.min(left, WINDOW);
    if (windowDefinitions.length < n) {
      windowDefinitions = new int[n];
      windowRepetitions = new int[n];
    }
    definitions.read(windowDefinitions, 0, n);
    repetitions.read(windowRepetitions, 0, n);
    windowPos = 0;
    windowEnd = n;
  }

  /** The window's levels, valid in {@code [windowPos(), windowEnd())}. */
  int[] windowDefinitions() {
    return windowDefinitions;
  }

  int[] windowRepetitions() {
    return windowRepetitions;
  }

  int windowPos() {
    return windowPos;
  }

  int windowEnd() {
    return windowEnd;
  }

  /** Consumes the window's next {@code n} entries. */
  void takeWindow(int n) {
    windowPos += n;
    left -= n;
  }

  /** Of the window's {@code n} entries from {@code from}, how many hold a value. */
  int valuesAmong(int from, int n) {
    int values = 0;
    for (int i = from; i < from + n; i++) {
      values += windowDefinitions[i] == maxDefinition ? 1 : 0;
    }
    return values;
  }

  /** Decodes the next {@code n} definition levels of a flat page; returns how many hold a value. */
  int countValues(int n) {
    if (maxDefinition == 0) {
      return n;
    }
    if (windowDefinitions.length < n) {
      windowDefinitions = new int[n];
    }
    definitions.read(windowDefinitions, 0, n);
    return valuesAmong(0, n);
  }

  private void startLevels(DataPage d) {
    if (maxRepetition > 0) {
      startLevels(repetitions, d.repetitionLevels(), d.repetitionLevelEncoding(), maxRepetition, d, "repetition");
    }
    startLevels(definitions, d.definitionLevels(), d.definitionLevelEncoding(), maxDefinition, d, "definition");
  }

  private static void startLevels(
      LevelDecoder decoder, ByteSlice s, Encoding encoding, int max, DataPage d, String what) {
    if (max == 0) {
      decoder.initV2(s.array(), s.offset(), 0, 0);
    } else if (encoding == Encoding.BIT_PACKED) {
      decoder.initV1BitPacked(s.array(), s.offset(), s.length(), max, d.numValues());
    } else if (encoding == Encoding.RLE) {
      decoder.initV2(s.array(), s.offset(), s.length(), max);
    } else {
      throw new CorruptFileException(
          what + " levels in encoding " + encoding + " (RLE or BIT_PACKED expected)");
    }
  }

  /** {@code e}, located at the chunk and, once a page was reached, at the current page. */
  ParquetException located(ParquetException e) {
    ErrorLocation at = page == null ? location : location.withPage(page.ordinal());
    return e.locate(at);
  }

  /** Data pages of the chunks read so far that were skipped without decompression. */
  long pagesSkipped() {
    return pagesSkipped + (pages == null ? 0 : pages.pagesSkipped());
  }

  private void closePages() {
    if (pages != null) {
      pagesSkipped += pages.pagesSkipped();
      pages.close();
      pages = null;
    }
  }

  @Override
  public void close() {
    closePages();
  }
}
