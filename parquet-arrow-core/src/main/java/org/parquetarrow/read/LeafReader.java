package org.parquetarrow.read;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
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
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * Reads one leaf column without repetition (max repetition level 0) into the Arrow buffers of a
 * batch: drives the pages of the current column chunk, turns definition levels into the validity
 * bitmap and leaves the values to the subclass, one call per page stretch, never per value.
 *
 * <p>Life cycle: {@link #startChunk} for each row group, {@link #startBatch} for each batch, then
 * {@link #read} as often as the batch needs (a batch may span pages and row groups), then {@link
 * #finishBatch}, which hands the batch's vector to the caller. Not thread-safe.
 */
abstract class LeafReader implements AutoCloseable {
  protected final ColumnDescriptor column;
  protected final BufferAllocator allocator;
  private final int maxDefinition;
  private final boolean keepLevels;
  private final LevelDecoder definitions = new LevelDecoder();

  private ColumnChunkPageReader pages;
  private ErrorLocation location = ErrorLocation.UNKNOWN;
  private DataPage page;
  private int pageLeft;

  /** The batch's validity bitmap; owned by this reader until {@link #finishBatch}. */
  protected ArrowBuf validity;
  /** The batch's definition levels, kept when an enclosing struct needs them. */
  private int[] levels;
  protected int batchRows;
  protected int filled;
  protected int nullCount;

  /**
   * @param keepLevels whether to keep each batch's definition levels for enclosing structs
   */
  LeafReader(ColumnDescriptor column, BufferAllocator allocator, boolean keepLevels) {
    this.column = column;
    this.allocator = allocator;
    this.maxDefinition = column.maxDefinitionLevel();
    this.keepLevels = keepLevels && maxDefinition > 0;
  }

  /** Switches to the pages of the next row group's chunk; the previous page reader is closed. */
  final void startChunk(ColumnChunkPageReader chunkPages, ErrorLocation where) {
    closePages();
    this.pages = chunkPages;
    this.location = where;
    this.page = null;
    this.pageLeft = 0;
    onNewChunk();
  }

  /** Allocates room for {@code rows} rows. */
  final void startBatch(int rows) {
    releaseBatch();
    batchRows = rows;
    filled = 0;
    nullCount = 0;
    long bytes = Bitmaps.bytesFor(rows);
    validity = allocator.buffer(Math.max(bytes, 1));
    validity.setZero(0, validity.capacity());
    if (keepLevels) {
      levels = levels != null && levels.length >= rows ? levels : new int[rows];
    }
    allocateValues(rows);
  }

  /** Reads the next {@code rows} rows of the current chunk into the batch. */
  final void read(int rows) {
    try {
      while (rows > 0) {
        if (pageLeft == 0) {
          nextDataPage();
        }
        int take = Math.min(rows, pageLeft);
        int nonNull = readLevels(take);
        nullCount += take - nonNull;
        readValues(nonNull, filled, take);
        filled += take;
        pageLeft -= take;
        rows -= take;
      }
    } catch (ParquetException e) {
      ErrorLocation at = page == null ? location : location.withPage(page.ordinal());
      throw e.locate(at);
    }
  }

  /** The batch's definition levels (valid for rows read so far), or {@code null} if not kept. */
  final int[] levels() {
    return levels;
  }

  /** The column's maximum definition level. */
  final int maxDefinitionLevel() {
    return maxDefinition;
  }

  /** The batch as a vector of the leaf's storage type, owned by the caller. */
  abstract FieldVector finishBatch();

  /** A new chunk starts: forget its dictionary. */
  protected abstract void onNewChunk();

  /** Loads the chunk's dictionary. */
  protected abstract void loadDictionary(DictionaryPage dictionary);

  /** Starts decoding the values section of {@code page}. */
  protected abstract void startValues(DataPage page);

  /** Allocates the value buffers of a batch of {@code rows} rows. */
  protected abstract void allocateValues(int rows);

  /**
   * Reads {@code nonNull} dense values and places them at the rows of {@code [row, row + rows)}
   * whose validity bit is set.
   */
  protected abstract void readValues(int nonNull, int row, int rows);

  /** Releases the value buffers of an unfinished batch. */
  protected abstract void releaseValues();

  private void nextDataPage() {
    while (true) {
      Page p = pages == null ? null : pages.next();
      if (p == null) {
        throw new CorruptFileException(
            "column chunk ends before its row group's rows were read (" + filled + " rows into the batch)");
      }
      if (p instanceof DictionaryPage d) {
        loadDictionary(d);
        continue;
      }
      DataPage d = (DataPage) p;
      if (d.numValues() == 0) {
        continue;
      }
      page = d;
      pageLeft = d.numValues();
      startLevels(d);
      startValues(d);
      return;
    }
  }

  private void startLevels(DataPage d) {
    if (maxDefinition == 0) {
      return;
    }
    ByteSlice s = d.definitionLevels();
    if (d.definitionLevelEncoding() == Encoding.BIT_PACKED) {
      definitions.initV1BitPacked(s.array(), s.offset(), s.length(), maxDefinition, d.numValues());
    } else if (d.definitionLevelEncoding() == Encoding.RLE) {
      definitions.initV2(s.array(), s.offset(), s.length(), maxDefinition);
    } else {
      throw new CorruptFileException(
          "definition levels in encoding " + d.definitionLevelEncoding() + " (RLE or BIT_PACKED expected)");
    }
  }

  /** Sets the validity bits of the next {@code rows} rows; returns how many are non-null. */
  private int readLevels(int rows) {
    if (maxDefinition == 0) {
      Bitmaps.setRange(validity, filled, rows);
      if (keepLevels) {
        java.util.Arrays.fill(levels, filled, filled + rows, 0);
      }
      return rows;
    }
    if (!keepLevels) {
      return definitions.readValidity(validity, filled, rows);
    }
    definitions.read(levels, filled, rows);
    int nonNull = 0;
    for (int i = filled; i < filled + rows; i++) {
      if (levels[i] == maxDefinition) {
        BitVectorHelper.setBit(validity, i);
        nonNull++;
      }
    }
    return nonNull;
  }

  /** Gives up the batch's buffers. */
  protected final void releaseBatch() {
    if (validity != null) {
      validity.close();
      validity = null;
    }
    releaseValues();
  }

  private void closePages() {
    if (pages != null) {
      pages.close();
      pages = null;
    }
  }

  @Override
  public void close() {
    closePages();
    releaseBatch();
  }
}
