package org.parquetarrow.read;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.parquetarrow.encoding.Allocations;
import org.parquetarrow.encoding.Bitmaps;

/**
 * How a {@link LeafReader} turns the levels of its pages into a batch: {@link FlatLevels} for a
 * leaf without repetition (rows are entries), {@link RepeatedLevels} for a repeated one (whole
 * records, their level entries kept). The reader picks one at construction and calls it once per
 * read, skip or finish, never per value or per run, so the JIT sees at most two implementations
 * at each call site. A strategy owns the batch's levels and the bitmap its values are placed by,
 * moves the reader's {@link PageCursor} and calls the leaf's {@link ValueSink} once per page
 * stretch. Not thread-safe.
 */
sealed interface LevelStrategy permits FlatLevels, RepeatedLevels {
  /** Allocates the levels and the bitmap of a batch of {@code rows} rows. */
  void startBatch(int rows);

  /**
   * How many values the sink's buffers of the batch just started should hold: its rows for a leaf
   * without repetition, the entries it is expected to hold for a repeated one.
   */
  int valueCapacity();

  /**
   * Reads the chunk's next {@code rows} rows into the batch, whose first {@code batchRow} rows are
   * read already.
   */
  void read(int batchRow, int rows);

  /**
   * Skips towards chunk row {@code target} within the current page, which has entries left and
   * was not fetched ahead (the reader handles page moves). Stops at {@code target}, at the end of
   * the page, or at the end of the window of levels decoded.
   */
  void skipInPage(long target);

  /** The batch's definition levels (valid for the entries read so far), or {@code null} if not kept. */
  int[] levels();

  /** The batch's repetition levels, or {@code null} for a leaf without repetition. */
  int[] repetitionLevels();

  /** The level entries of the batch, whose first {@code rows} rows are read. */
  int entryCount(int rows);

  /**
   * The batch's values present so far (entries at the maximum definition level), of a batch
   * whose first {@code rows} rows are read.
   */
  int valueCount(int rows);

  /** The batch of {@code rows} rows as a vector of the leaf's storage type. */
  FieldVector finish(int rows);

  /**
   * The batch as a vector of {@code slots} slots whose validity is {@code slotValidity} (it takes
   * its own reference), for a batch of {@code rows} rows.
   */
  FieldVector finish(ArrowBuf slotValidity, int slots, int nulls, int rows);

  /** Gives up the batch's bitmap; the levels arrays are kept for the next batch. */
  void release();

  /** A zeroed bitmap of at least one byte for {@code bits} bits. */
  static ArrowBuf zeroedBitmap(BufferAllocator allocator, long bits) {
    return Allocations.zeroed(allocator, Math.max(Bitmaps.bytesFor(bits), 1), bits, "validity bits");
  }
}
