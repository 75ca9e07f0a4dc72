package org.parquetarrow.read;

import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.encoding.Bitmaps;
import org.parquetarrow.encoding.LevelDecoder;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.read.page.ByteSlice;
import org.parquetarrow.read.page.ColumnChunkPageReader;
import org.parquetarrow.read.page.DataPage;
import org.parquetarrow.read.page.DictionaryPage;
import org.parquetarrow.read.page.Page;
import org.parquetarrow.read.levels.DefinitionLevels;
import org.parquetarrow.read.levels.RecordSplitter;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * Reads one leaf column into the Arrow buffers of a batch: drives the pages of the current column
 * chunk and its levels, and leaves the values to a {@link ValueSink} of the leaf's Arrow layout
 * (one call per page stretch, never per value; the batch's validity bitmap is passed in). Two
 * level strategies: a leaf without repetition (max repetition level 0) reads rows, turning
 * definition levels straight into the validity bitmap; a repeated leaf reads whole records (the
 * repetition levels say where one ends, across pages), keeps their level entries for the
 * assembly tree and decodes their values densely, to be spread to their slots by {@link
 * #finishBatch(ArrowBuf, int, int)}.
 *
 * <p>Life cycle: {@link #startChunk} for each row group, {@link #startBatch} for each batch, then
 * {@link #read} as often as the batch needs (a batch may span pages and row groups), then {@link
 * #finishBatch}, which hands the batch's vector to the caller. Not thread-safe.
 */
final class LeafReader implements AutoCloseable {
  /** Level entries decoded at a time from a page. */
  private static final int WINDOW = 64 * 1024;

  /**
   * Most level entries one batch of a repeated leaf may hold (two int arrays of this length):
   * beyond it the batch size must be lowered.
   */
  private static final int MAX_BATCH_ENTRIES = 1 << 26;

  final ColumnDescriptor column;
  final BufferAllocator allocator;
  private final ValueSink sink;
  private final int maxDefinition;
  private final boolean keepLevels;
  private final LevelDecoder definitions = new LevelDecoder();
  private final int maxRepetition;
  private final LevelDecoder repetitions = new LevelDecoder();
  private final RecordSplitter splitter = new RecordSplitter();
  /** A page's levels, for a repeated leaf (whose records may cross batch and page boundaries). */
  private int[] pageDefinitions = new int[0];
  private int[] pageRepetitions = new int[0];
  private int pagePos;
  /** End of the decoded window of the page's levels in {@link #pageDefinitions}. */
  private int windowEnd;
  private long pagesSkipped;
  /** Rows of the current chunk read or skipped so far. */
  private long chunkRow;
  /** A repeated leaf's batch: its level entries and how many dense values they hold. */
  private int[] repetitionLevels;
  private int entries;
  private int denseValues;

  private ColumnChunkPageReader pages;
  private ErrorLocation location = ErrorLocation.UNKNOWN;
  private DataPage page;
  private int pageLeft;

  /** The batch's validity bitmap; owned by this reader until {@link #finishBatch}. */
  private ArrowBuf validity;
  /** The batch's definition levels, kept when an enclosing struct needs them. */
  private int[] levels;
  private int batchRows;
  private int filled;
  private int nullCount;

  /**
   * @param sink where the values go, in the leaf's Arrow layout; closed with this reader
   * @param keepLevels whether to keep each batch's definition levels for enclosing structs
   */
  LeafReader(ColumnDescriptor column, ValueSink sink, BufferAllocator allocator, boolean keepLevels) {
    this.column = column;
    this.sink = sink;
    this.allocator = allocator;
    this.maxDefinition = column.maxDefinitionLevel();
    this.maxRepetition = column.maxRepetitionLevel();
    this.keepLevels = maxRepetition > 0 || keepLevels;
  }

  /** Switches to the pages of the next row group's chunk; the previous page reader is closed. */
  final void startChunk(ColumnChunkPageReader chunkPages, ErrorLocation where) {
    closePages();
    this.pages = chunkPages;
    this.location = where;
    this.page = null;
    this.pageLeft = 0;
    this.pagePos = 0;
    this.windowEnd = 0;
    this.chunkRow = 0;
    sink.startChunk();
  }

  /** Allocates room for {@code rows} rows. */
  final void startBatch(int rows) {
    releaseBatch();
    batchRows = rows;
    filled = 0;
    nullCount = 0;
    entries = 0;
    denseValues = 0;
    long bytes = Bitmaps.bytesFor(rows);
    validity = allocator.buffer(Math.max(bytes, 1));
    validity.setZero(0, validity.capacity());
    if (keepLevels) {
      levels = levels != null && levels.length >= rows ? levels : new int[rows];
    }
    if (maxRepetition > 0) {
      repetitionLevels =
          repetitionLevels != null && repetitionLevels.length >= rows ? repetitionLevels : new int[rows];
    }
    sink.allocate(rows);
  }

  /** Reads the next {@code rows} rows of the current chunk into the batch. */
  final void read(int rows) {
    if (maxRepetition > 0) {
      readRecords(rows);
      return;
    }
    try {
      while (rows > 0) {
        if (pageLeft == 0) {
          nextDataPage();
        }
        int take = Math.min(rows, pageLeft);
        int nonNull = readLevels(take);
        nullCount += take - nonNull;
        sink.read(nonNull, filled, take, validity);
        filled += take;
        pageLeft -= take;
        rows -= take;
        chunkRow += take;
      }
    } catch (ParquetException e) {
      ErrorLocation at = page == null ? location : location.withPage(page.ordinal());
      throw e.locate(at);
    }
  }

  /**
   * Reads the level entries of the next {@code records} records of a repeated leaf, and their
   * values densely. A record may continue into the next page: the splitter finds where it ends.
   */
  private void readRecords(int records) {
    try {
      splitter.startBatch(records);
      while (!splitter.isFull()) {
        if (!fillWindow(splitter.recordsStarted() == records)) {
          break;
        }
        int taken = splitter.take(pageRepetitions, pagePos, windowEnd - pagePos);
        if (taken == 0) {
          break;
        }
        appendEntries(taken);
        pagePos += taken;
        pageLeft -= taken;
      }
      if (splitter.recordsStarted() != records) {
        throw new CorruptFileException(
            "column chunk holds " + splitter.recordsStarted() + " of the " + records + " records asked for");
      }
      filled += records;
      chunkRow += records;
    } catch (ParquetException e) {
      ErrorLocation at = page == null ? location : location.withPage(page.ordinal());
      throw e.locate(at);
    }
  }

  /**
   * Skips rows until row {@code row} of the chunk is next. Pages the page reader skipped (outside
   * the row selection) are jumped over by their first row index; inside a page the levels are
   * decoded to count the values to skip.
   */
  final void skipTo(long row) {
    try {
      while (chunkRow < row) {
        if (pageLeft == 0) {
          nextDataPage();
          jumpToPageStart(row);
          continue;
        }
        if (pagePos == 0 && pageLeft == page.numValues() && page.firstRowKnown() && page.firstRowIndex() != chunkRow) {
          // a repeated leaf's read fetched this page ahead, to see its last record end, past pages
          // the page reader skipped: the page's levels may be decoded already, so only the row moves
          checkPageStart(row);
          chunkRow = page.firstRowIndex();
          continue;
        }
        if (maxRepetition == 0) {
          int n = (int) Math.min(Math.min(row - chunkRow, pageLeft), WINDOW);
          sink.skip(countValues(n));
          pageLeft -= n;
          chunkRow += n;
        } else {
          skipRecords(row);
        }
      }
    } catch (ParquetException e) {
      ErrorLocation at = page == null ? location : location.withPage(page.ordinal());
      throw e.locate(at);
    }
  }

  /**
   * After moving to a new page: when it knows its first row (pages before it may have been
   * skipped unread), the reader is at that row, which cannot lie past {@code target}.
   */
  private void jumpToPageStart(long target) {
    pagePos = 0;
    windowEnd = 0;
    if (page.firstRowKnown()) {
      checkPageStart(target);
      chunkRow = page.firstRowIndex();
    }
  }

  /** The current page, whose first row is known, starts between the reader's row and {@code target}. */
  private void checkPageStart(long target) {
    if (page.firstRowIndex() > target || page.firstRowIndex() < chunkRow) {
      throw new CorruptFileException("page starts at row " + page.firstRowIndex()
          + " while the reader is at row " + chunkRow + " on its way to row " + target);
    }
  }

  /** Skips whole records of a repeated leaf towards row {@code row}, within the decoded window. */
  private void skipRecords(long row) {
    splitter.startBatch(row - chunkRow);
    fillWindow(false);
    int taken = splitter.take(pageRepetitions, pagePos, windowEnd - pagePos);
    sink.skip(valuesAmong(pagePos, taken));
    pagePos += taken;
    pageLeft -= taken;
    if (splitter.isFull()) {
      chunkRow = row;
    } else {
      // the window ended: its last record may go on after it, where it is not a new record
      chunkRow += splitter.recordsStarted() - 1;
      skipContinuation(row);
    }
  }

  /** Skips the entries that continue the record the window ended in. */
  private void skipContinuation(long row) {
    while (true) {
      if (pagePos == windowEnd && pageLeft == 0) {
        if (!nextDataPage(true)) {
          chunkRow++;
          return;
        }
        if (page.firstRowKnown()) {
          // with an offset index pages start at records: the last one ended with its page
          chunkRow++;
          jumpToPageStart(row);
          return;
        }
        pagePos = 0;
        windowEnd = 0;
      }
      fillWindow(false);
      int k = pagePos;
      while (k < windowEnd && pageRepetitions[k] > 0) {
        k++;
      }
      sink.skip(valuesAmong(pagePos, k - pagePos));
      pageLeft -= k - pagePos;
      pagePos = k;
      if (k < windowEnd) {
        chunkRow++;
        return;
      }
    }
  }

  private int valuesAmong(int from, int n) {
    int values = 0;
    for (int i = from; i < from + n; i++) {
      values += pageDefinitions[i] == maxDefinition ? 1 : 0;
    }
    return values;
  }

  /**
   * Makes sure the window of decoded levels has an entry left, decoding the next stretch of the
   * page, or moving to the next page. Levels are decoded a window at a time so that a page
   * claiming billions of (cheaply run-length encoded) levels never makes the reader allocate for
   * all of them. Returns false at the end of the chunk when {@code endAllowed}.
   */
  private boolean fillWindow(boolean endAllowed) {
    while (pagePos == windowEnd) {
      if (pageLeft == 0) {
        if (!nextDataPage(endAllowed)) {
          return false;
        }
        pagePos = 0;
        windowEnd = 0;
        continue;
      }
      int n = Math.min(pageLeft, WINDOW);
      if (pageDefinitions.length < n) {
        pageDefinitions = new int[n];
        pageRepetitions = new int[n];
      }
      definitions.read(pageDefinitions, 0, n);
      repetitions.read(pageRepetitions, 0, n);
      pagePos = 0;
      windowEnd = n;
    }
    return true;
  }

  /** Reads the next {@code n} definition levels of a flat page; returns how many hold a value. */
  private int countValues(int n) {
    if (maxDefinition == 0) {
      return n;
    }
    if (pageDefinitions.length < n) {
      pageDefinitions = new int[n];
    }
    definitions.read(pageDefinitions, 0, n);
    return valuesAmong(0, n);
  }

  /** Appends {@code taken} entries of the page to the batch and decodes their values densely. */
  private void appendEntries(int taken) {
    int needed = entries + taken;
    if (needed > MAX_BATCH_ENTRIES) {
      throw new UnsupportedFeatureException("batch over " + MAX_BATCH_ENTRIES + " level entries",
          "a batch of " + batchRows + " records holds more than " + MAX_BATCH_ENTRIES
              + " level entries; read with a smaller batch size");
    }
    if (needed > levels.length) {
      int grown = (int) Math.min(MAX_BATCH_ENTRIES, Math.max(needed, 2L * levels.length));
      levels = Arrays.copyOf(levels, grown);
      repetitionLevels = Arrays.copyOf(repetitionLevels, grown);
    }
    System.arraycopy(pageDefinitions, pagePos, levels, entries, taken);
    System.arraycopy(pageRepetitions, pagePos, repetitionLevels, entries, taken);
    int nonNull = 0;
    int below = maxDefinition - 1;
    for (int i = pagePos, end = pagePos + taken; i < end; i++) {
      // 1 for the maximum level (the decoder checked none is above it): arithmetic, so the JIT
      // can vectorise the sum
      nonNull += (below - pageDefinitions[i]) >>> 31;
    }
    entries = needed;
    if (nonNull > 0) {
      int end = denseValues + nonNull;
      if (Bitmaps.bytesFor(end) > validity.capacity()) {
        ArrowBuf bigger = allocator.buffer(Math.max(Bitmaps.bytesFor(end), 2 * validity.capacity()));
        bigger.setZero(0, bigger.capacity());
        validity.close();
        validity = bigger;
      }
      sink.ensureCapacity(end);
      // the dense values are all present: the sinks' no-null path decodes them in bulk
      Bitmaps.setRange(validity, denseValues, nonNull, true);
      sink.read(nonNull, denseValues, nonNull, validity);
      denseValues = end;
    }
  }

  /** Ends the batch after the {@code rows} rows read so far. */
  final void truncateBatch(int rows) {
    if (rows != filled) {
      throw new IllegalStateException("batch truncated to " + rows + " rows, " + filled + " were read");
    }
    batchRows = rows;
  }

  /** Bytes of variable-length values the batch holds so far (0 for fixed-width columns). */
  long batchBytes() {
    return sink.batchBytes();
  }

  /** Where the values go. */
  ValueSink sink() {
    return sink;
  }

  /** The batch's definition levels (valid for rows read so far), or {@code null} if not kept. */
  final int[] levels() {
    return levels;
  }

  /** A repeated leaf's batch repetition levels, or {@code null} for a leaf without repetition. */
  final int[] repetitionLevels() {
    return maxRepetition > 0 ? repetitionLevels : null;
  }

  /** The level entries of the batch: its rows, or for a repeated leaf its level entries. */
  final int entryCount() {
    return maxRepetition > 0 ? entries : filled;
  }

  /** Whether the leaf repeats (max repetition level above 0). */
  final boolean repeated() {
    return maxRepetition > 0;
  }

  /**
   * The batch as a vector of {@code slots} slots whose validity is {@code slotValidity}: a
   * repeated leaf's dense values are spread to the valid slots first. Takes its own reference to
   * {@code slotValidity}.
   */
  final FieldVector finishBatch(ArrowBuf slotValidity, int slots, int nulls) {
    if (maxRepetition == 0) {
      return finishBatch();
    }
    sink.ensureCapacity(slots);
    return handOver(sink.finishSpread(slotValidity, slots, nulls));
  }

  /** The batch as a vector of the leaf's storage type, owned by the caller. */
  FieldVector finishBatch() {
    return handOver(sink.finish(validity, batchRows, nullCount));
  }

  /**
   * Gives up the batch once {@code vector} holds its own references to the buffers; when the sink
   * fails instead, the batch stays for {@link #close()} to release.
   */
  private FieldVector handOver(FieldVector vector) {
    releaseBatch();
    return vector;
  }

  /** The column's maximum definition level. */
  final int maxDefinitionLevel() {
    return maxDefinition;
  }

  private void nextDataPage() {
    nextDataPage(false);
  }

  /** Moves to the next data page; at the chunk's end returns false if {@code endAllowed}. */
  private boolean nextDataPage(boolean endAllowed) {
    while (true) {
      Page p = pages == null ? null : pages.next();
      if (p == null) {
        if (endAllowed) {
          return false;
        }
        throw new CorruptFileException(
            "column chunk ends before its row group's rows were read (" + filled + " rows into the batch)");
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
      pageLeft = d.numValues();
      startLevels(d);
      sink.startPage(d);
      return true;
    }
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

  /** Sets the validity bits of the next {@code rows} rows; returns how many are non-null. */
  private int readLevels(int rows) {
    if (maxDefinition == 0) {
      Bitmaps.setRange(validity, filled, rows, true);
      if (keepLevels) {
        Arrays.fill(levels, filled, filled + rows, 0);
      }
      return rows;
    }
    if (!keepLevels) {
      return definitions.readValidity(validity, filled, rows);
    }
    definitions.read(levels, filled, rows);
    return DefinitionLevels.toValidity(levels, filled, rows, maxDefinition, validity, filled);
  }

  /** Gives up the batch's buffers. */
  void releaseBatch() {
    if (validity != null) {
      validity.close();
      validity = null;
    }
    sink.release();
  }

  /** Data pages of the chunks read so far that were skipped without decompression. */
  final long pagesSkipped() {
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
    releaseBatch();
    sink.close();
  }
}
