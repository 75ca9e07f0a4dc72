package org.parquetarrow.read;

import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.encoding.Allocations;
import org.parquetarrow.encoding.Bitmaps;
import org.parquetarrow.read.levels.RecordSplitter;

/**
 * The levels of a repeated leaf (max repetition level above 0): it reads whole records, which the
 * repetition levels say end only where the next one starts, possibly pages later. The batch keeps
 * every level entry for the assembly tree, and the values are decoded densely (all present) and
 * spread to their slots only at the end, once the tree has worked out which slots are valid.
 */
final class RepeatedLevels implements LevelStrategy {
  /**
   * Most level entries one batch of a repeated leaf may hold (two int arrays of this length):
   * beyond it the batch size must be lowered.
   */
  private static final int MAX_BATCH_ENTRIES = 1 << 26;
  /**
   * Most entries a projection reserves ahead of the values really read (16 MiB of 4-byte values):
   * past it, a batch grows as its values come, so a batch of a few huge lists does not make the
   * next one reserve for as many.
   */
  static final int MAX_PROJECTED_ENTRIES = 1 << 22;

  private final PageCursor cursor;
  private final ValueSink sink;
  private final BufferAllocator allocator;
  private final int maxDefinition;
  private final RecordSplitter splitter = new RecordSplitter();

  /** Set bits for the dense values (the sinks' no-null path); owned here until released. */
  private ArrowBuf validity;
  /** The batch's level entries. */
  private int[] levels;
  private int[] repetitionLevels;
  private int entries;
  /** Values decoded so far, densely, from the batch's entries at the maximum definition level. */
  private int denseValues;
  private int batchRows;
  /** Records of the batch read so far. */
  private int recordsRead;
  /** The batch row the current {@link #read} started at. */
  private int readingRow;
  /**
   * Values the bitmap and the sink's buffers hold room for (at least the batch's rows): grown to
   * the batch's projection when passed, never value by value.
   */
  private int reserved;
  /** Entries and records of the last batch with records, whose ratio sizes the next batch. */
  private long lastEntries;
  private long lastRecords;

  RepeatedLevels(PageCursor cursor, ValueSink sink, BufferAllocator allocator, int maxDefinition) {
    this.cursor = cursor;
    this.sink = sink;
    this.allocator = allocator;
    this.maxDefinition = maxDefinition;
  }

  @Override
  public void startBatch(int rows) {
    if (recordsRead > 0) {
      lastEntries = entries;
      lastRecords = recordsRead;
    }
    batchRows = rows;
    entries = 0;
    denseValues = 0;
    recordsRead = 0;
    reserved = (int) Math.max(rows, Math.min(MAX_PROJECTED_ENTRIES, projected(rows, lastEntries, lastRecords)));
    validity = LevelStrategy.zeroedBitmap(allocator, reserved);
    levels = levels != null && levels.length >= reserved ? levels : new int[reserved];
    repetitionLevels =
        repetitionLevels != null && repetitionLevels.length >= reserved ? repetitionLevels : new int[reserved];
  }

  /**
   * The level entries a batch of {@code rows} records is expected to hold, by {@code entries} in
   * {@code records} records seen: an eighth more, since list lengths vary between batches, so that
   * a batch's buffers are allocated once at their size instead of doubled up to it (each doubling
   * a fresh allocation and a copy, and a parallel read's lanes each doing it); 0 with nothing seen.
   */
  static long projected(long rows, long entries, long records) {
    if (records <= 0) {
      return 0;
    }
    return (long) Math.ceil((double) entries / records * rows * 1.125);
  }

  @Override
  public int valueCapacity() {
    return reserved;
  }

  /**
   * The capacity to grow to once {@code needed} entries do not fit in {@code current}: the batch's
   * projected entries by its own records so far (at most {@link #MAX_PROJECTED_ENTRIES}, unless
   * more are needed already), and at least half as much again as now, so that growth is never
   * step by step; within the batch's limit.
   */
  private int grownCapacity(int needed, int current) {
    long records = Math.max(1, (long) readingRow + splitter.recordsStarted());
    long projection = Math.min(projected(batchRows, needed, records), Math.max(needed, MAX_PROJECTED_ENTRIES));
    long floor = current + (current >> 1);
    return (int) Math.min(MAX_BATCH_ENTRIES, Math.max(needed, Math.max(floor, projection)));
  }

  /**
   * Reads the level entries of the next {@code records} records, and their values densely. A
   * record may continue into the next page: the splitter finds where it ends.
   */
  @Override
  public void read(int batchRow, int records) {
    readingRow = batchRow;
    splitter.startBatch(records);
    while (!splitter.isFull()) {
      // the chunk may end only once every record asked for has started (the last one ends there)
      if (!cursor.fillWindow(splitter.recordsStarted() == records, batchRow)) {
        break;
      }
      int from = cursor.windowPos();
      int taken = splitter.take(cursor.windowRepetitions(), from, cursor.windowEnd() - from);
      if (taken == 0) {
        break;
      }
      appendEntries(from, taken);
      cursor.takeWindow(taken);
    }
    if (splitter.recordsStarted() != records) {
      throw new CorruptFileException(
          "column chunk holds " + splitter.recordsStarted() + " of the " + records + " records asked for");
    }
    cursor.advanceRows(records);
    recordsRead = batchRow + records;
  }

  /** Appends the window's {@code taken} entries from {@code from} to the batch and decodes their values. */
  private void appendEntries(int from, int taken) {
    int needed = entries + taken;
    if (needed > MAX_BATCH_ENTRIES) {
      throw new UnsupportedFeatureException("batch over " + MAX_BATCH_ENTRIES + " level entries",
          "a batch of " + batchRows + " records holds more than " + MAX_BATCH_ENTRIES
              + " level entries; read with a smaller batch size");
    }
    if (needed > levels.length) {
      int grown = grownCapacity(needed, levels.length);
      levels = Arrays.copyOf(levels, grown);
      repetitionLevels = Arrays.copyOf(repetitionLevels, grown);
    }
    int[] definitions = cursor.windowDefinitions();
    System.arraycopy(definitions, from, levels, entries, taken);
    System.arraycopy(cursor.windowRepetitions(), from, repetitionLevels, entries, taken);
    int nonNull = 0;
    int below = maxDefinition - 1;
    for (int i = from, end = from + taken; i < end; i++) {
      // 1 for the maximum level (the decoder checked none is above it): arithmetic, so the JIT
      // can vectorise the sum
      nonNull += (below - definitions[i]) >>> 31;
    }
    entries = needed;
    if (nonNull > 0) {
      int end = denseValues + nonNull;
      if (end > reserved) {
        // one growth to the batch's projected size, for the bitmap and the sink's buffers alike
        reserved = grownCapacity(end, reserved);
        if (Bitmaps.bytesFor(reserved) > validity.capacity()) {
          ArrowBuf bigger = Allocations.zeroed(allocator, Bitmaps.bytesFor(reserved), reserved, "validity bits of values");
          bigger.setBytes(0, validity, 0, validity.capacity());
          validity.close();
          validity = bigger;
        }
        sink.ensureCapacity(reserved);
      }
      // the dense values are all present: the sinks' no-null path decodes them in bulk
      Bitmaps.setRange(validity, denseValues, nonNull, true);
      sink.read(nonNull, denseValues, nonNull, validity);
      denseValues = end;
    }
  }

  /**
   * Skips whole records towards chunk row {@code target}, within the decoded window; when the
   * window ends inside a record, also the entries that continue it, into the next pages if need
   * be.
   */
  @Override
  public void skipInPage(long target) {
    splitter.startBatch(target - cursor.row());
    cursor.decodeWindow();
    int from = cursor.windowPos();
    int taken = splitter.take(cursor.windowRepetitions(), from, cursor.windowEnd() - from);
    sink.skip(cursor.valuesAmong(from, taken));
    cursor.takeWindow(taken);
    if (splitter.isFull()) {
      cursor.advanceRows(target - cursor.row());
    } else {
      // the window ended: its last record may go on after it, where it is not a new record
      cursor.advanceRows(splitter.recordsStarted() - 1);
      skipContinuation(target);
    }
  }

  /** Skips the entries that continue the record the window ended in. */
  private void skipContinuation(long target) {
    while (true) {
      if (cursor.windowPos() == cursor.windowEnd() && cursor.left() == 0) {
        // the chunk may end here, and the record with it
        if (!cursor.nextIfAny()) {
          cursor.advanceRows(1);
          return;
        }
        if (cursor.pageStartKnown()) {
          // with an offset index pages start at records: the last one ended with its page
          cursor.advanceRows(1);
          cursor.jumpToPageStart(target);
          return;
        }
      }
      cursor.decodeWindow();
      int from = cursor.windowPos();
      int end = cursor.windowEnd();
      int[] repetitions = cursor.windowRepetitions();
      int k = from;
      while (k < end && repetitions[k] > 0) {
        k++;
      }
      sink.skip(cursor.valuesAmong(from, k - from));
      cursor.takeWindow(k - from);
      if (k < end) {
        cursor.advanceRows(1);
        return;
      }
    }
  }

  @Override
  public int[] levels() {
    return levels;
  }

  @Override
  public int[] repetitionLevels() {
    return repetitionLevels;
  }

  @Override
  public int entryCount(int rows) {
    return entries;
  }

  @Override
  public int valueCount(int rows) {
    return denseValues;
  }

  /** The dense values as they are; only the assembly tree knows their slots (see the other finish). */
  @Override
  public FieldVector finish(int rows) {
    return sink.finish(validity, rows, 0);
  }

  @Override
  public FieldVector finish(ArrowBuf slotValidity, int slots, int nulls, int rows) {
    sink.ensureCapacity(slots);
    return sink.finishSpread(slotValidity, slots, nulls);
  }

  @Override
  public void release() {
    if (validity != null) {
      validity.close();
      validity = null;
    }
  }
}
