package org.parquetarrow.read;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.read.page.ColumnChunkPageReader;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * Reads one leaf column into the Arrow buffers of a batch, composed of three parts: a {@link
 * PageCursor} over the pages of the current column chunk, a {@link LevelStrategy} chosen once for
 * the leaf's levels ({@link FlatLevels} without repetition: definition levels straight into the
 * validity bitmap, one entry per row; {@link RepeatedLevels} otherwise: whole records across
 * pages, their level entries kept for the assembly tree and their values decoded densely, to be
 * spread to their slots by {@link #finishBatch(ArrowBuf, int, int)}), and the {@link ValueSink}
 * of the leaf's Arrow layout, called once per page stretch, never per value.
 *
 * <p>Life cycle: {@link #startChunk} for each row group, {@link #startBatch} for each batch, then
 * {@link #read} as often as the batch needs (a batch may span pages and row groups), then {@link
 * #finishBatch}, which hands the batch's vector to the caller. Not thread-safe.
 */
final class LeafReader implements AutoCloseable {
  final ColumnDescriptor column;
  final BufferAllocator allocator;
  private final ValueSink sink;
  private final PageCursor cursor;
  /** Final, so that each reader's calls go to one implementation the JIT can inline. */
  private final LevelStrategy levels;
  private final boolean repeated;

  private int batchRows;
  /** Rows (records, for a repeated leaf) read into the batch so far. */
  private int filled;

  /**
   * @param sink where the values go, in the leaf's Arrow layout; closed with this reader
   * @param keepLevels whether to keep each batch's definition levels for enclosing structs
   */
  LeafReader(ColumnDescriptor column, ValueSink sink, BufferAllocator allocator, boolean keepLevels) {
    this.column = column;
    this.sink = sink;
    this.allocator = allocator;
    int maxDefinition = column.maxDefinitionLevel();
    int maxRepetition = column.maxRepetitionLevel();
    this.repeated = maxRepetition > 0;
    this.cursor = new PageCursor(sink, maxDefinition, maxRepetition);
    this.levels = repeated
        ? new RepeatedLevels(cursor, sink, allocator, maxDefinition)
        : new FlatLevels(cursor, sink, allocator, maxDefinition, keepLevels);
  }

  /** Switches to the pages of the next row group's chunk; the previous page reader is closed. */
  final void startChunk(ColumnChunkPageReader chunkPages, ErrorLocation where) {
    cursor.start(chunkPages, where);
    sink.startChunk();
  }

  /** Allocates room for {@code rows} rows. */
  final void startBatch(int rows) {
    releaseBatch();
    batchRows = rows;
    filled = 0;
    try {
      levels.startBatch(rows);
      sink.allocate(levels.valueCapacity());
    } catch (ParquetException e) {
      throw located(e);
    }
  }

  /** Reads the next {@code rows} rows of the current chunk into the batch. */
  final void read(int rows) {
    try {
      levels.read(filled, rows);
      filled += rows;
    } catch (ParquetException e) {
      throw located(e);
    }
  }

  /**
   * {@code e} located at this leaf's column, its chunk and page once one was reached: a batch's
   * buffers are allocated before the first row group is opened.
   */
  private ParquetException located(ParquetException e) {
    return cursor.located(e).locate(ErrorLocation.UNKNOWN.withColumn(column.dottedPath()));
  }

  /**
   * Skips rows until row {@code row} of the chunk is next. Pages the page reader skipped (outside
   * the row selection) are jumped over by their first row index; inside a page the strategy
   * decodes the levels to count the values to skip.
   */
  final void skipTo(long row) {
    try {
      while (cursor.row() < row) {
        if (cursor.left() == 0) {
          cursor.nextExpected(filled);
          cursor.jumpToPageStart(row);
          continue;
        }
        if (cursor.fetchedAhead()) {
          // a repeated leaf's read fetched this page ahead, to see its last record end, past pages
          // the page reader skipped: the page's levels may be decoded already, so only the row moves
          cursor.catchUp(row);
          continue;
        }
        levels.skipInPage(row);
      }
    } catch (ParquetException e) {
      throw located(e);
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
    return levels.levels();
  }

  /** A repeated leaf's batch repetition levels, or {@code null} for a leaf without repetition. */
  final int[] repetitionLevels() {
    return levels.repetitionLevels();
  }

  /** Rows (records) read into the batch so far; a repeated leaf checked that each one started. */
  final int rowsRead() {
    return filled;
  }

  /** The level entries of the batch: its rows, or for a repeated leaf its level entries. */
  final int entryCount() {
    return levels.entryCount(filled);
  }

  /** The values present in the batch so far: its entries at the maximum definition level. */
  final int valueCount() {
    return levels.valueCount(filled);
  }

  /** Whether the leaf repeats (max repetition level above 0). */
  final boolean repeated() {
    return repeated;
  }

  /**
   * The batch as a vector of {@code slots} slots whose validity is {@code slotValidity}: a
   * repeated leaf's dense values are spread to the valid slots first. Takes its own reference to
   * {@code slotValidity}.
   */
  final FieldVector finishBatch(ArrowBuf slotValidity, int slots, int nulls) {
    try {
      return handOver(levels.finish(slotValidity, slots, nulls, batchRows));
    } catch (ParquetException e) {
      throw located(e);
    }
  }

  /** The batch as a vector of the leaf's storage type, owned by the caller. */
  FieldVector finishBatch() {
    try {
      return handOver(levels.finish(batchRows));
    } catch (ParquetException e) {
      throw located(e);
    }
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
    return column.maxDefinitionLevel();
  }

  /** Gives up the batch's buffers. */
  void releaseBatch() {
    levels.release();
    sink.release();
  }

  /** Data pages of the chunks read so far that were skipped without decompression. */
  final long pagesSkipped() {
    return cursor.pagesSkipped();
  }

  @Override
  public void close() {
    cursor.close();
    releaseBatch();
    sink.close();
  }
}
