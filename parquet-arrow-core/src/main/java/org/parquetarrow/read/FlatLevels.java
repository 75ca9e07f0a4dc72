package org.parquetarrow.read;

import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.parquetarrow.encoding.Bitmaps;
import org.parquetarrow.read.levels.DefinitionLevels;

/**
 * The levels of a leaf without repetition (max repetition level 0): every entry is a row, so the
 * definition levels go straight into the batch's validity bitmap and the sink places the values
 * at their rows as it decodes them. The levels themselves are kept only when an enclosing struct
 * needs them.
 */
final class FlatLevels implements LevelStrategy {
  private final PageCursor cursor;
  private final ValueSink sink;
  private final BufferAllocator allocator;
  private final int maxDefinition;
  private final boolean keepLevels;

  /** The batch's validity bitmap; owned here until the batch is released. */
  private ArrowBuf validity;
  /** The batch's definition levels, kept when an enclosing struct needs them. */
  private int[] levels;
  private int nullCount;
  /** The rows of the batch started last: its values' capacity. */
  private int validityRows;

  FlatLevels(PageCursor cursor, ValueSink sink, BufferAllocator allocator, int maxDefinition, boolean keepLevels) {
    this.cursor = cursor;
    this.sink = sink;
    this.allocator = allocator;
    this.maxDefinition = maxDefinition;
    this.keepLevels = keepLevels;
  }

  @Override
  public void startBatch(int rows) {
    nullCount = 0;
    validityRows = rows;
    validity = LevelStrategy.zeroedBitmap(allocator, rows);
    if (keepLevels) {
      levels = levels != null && levels.length >= rows ? levels : new int[rows];
    }
  }

  @Override
  public int valueCapacity() {
    return validityRows;
  }

  @Override
  public void read(int batchRow, int rows) {
    int row = batchRow;
    while (rows > 0) {
      if (cursor.left() == 0) {
        cursor.nextExpected(row);
      }
      int take = Math.min(rows, cursor.left());
      int nonNull = readLevels(row, take);
      nullCount += take - nonNull;
      sink.read(nonNull, row, take, validity);
      row += take;
      rows -= take;
      cursor.consumeRows(take);
    }
  }

  /** Sets the validity bits of the {@code rows} rows from {@code row}; returns how many are non-null. */
  private int readLevels(int row, int rows) {
    if (maxDefinition == 0) {
      Bitmaps.setRange(validity, row, rows, true);
      if (keepLevels) {
        Arrays.fill(levels, row, row + rows, 0);
      }
      return rows;
    }
    if (!keepLevels) {
      return cursor.definitions().readValidity(validity, row, rows);
    }
    cursor.definitions().read(levels, row, rows);
    return DefinitionLevels.toValidity(levels, row, rows, maxDefinition, validity, row);
  }

  @Override
  public void skipInPage(long target) {
    // a window at a time, so that skipping a huge page needs no more scratch than a read
    int n = (int) Math.min(Math.min(target - cursor.row(), cursor.left()), PageCursor.WINDOW);
    sink.skip(cursor.countValues(n));
    cursor.consumeRows(n);
  }

  @Override
  public int[] levels() {
    return levels;
  }

  @Override
  public int[] repetitionLevels() {
    return null;
  }

  @Override
  public int entryCount(int rows) {
    return rows;
  }

  @Override
  public int valueCount(int rows) {
    return rows - nullCount;
  }

  @Override
  public FieldVector finish(int rows) {
    return sink.finish(validity, rows, nullCount);
  }

  /** Rows are slots here: the batch's own validity stands, {@code slotValidity} is not needed. */
  @Override
  public FieldVector finish(ArrowBuf slotValidity, int slots, int nulls, int rows) {
    return finish(rows);
  }

  @Override
  public void release() {
    if (validity != null) {
      validity.close();
      validity = null;
    }
  }
}
