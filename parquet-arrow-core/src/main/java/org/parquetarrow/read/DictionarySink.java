package org.parquetarrow.read;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.encoding.Allocations;
import org.parquetarrow.encoding.DictionaryIndexDecoder;
import org.parquetarrow.read.levels.ValueSpreader;
import org.parquetarrow.read.page.ByteSlice;
import org.parquetarrow.read.page.DataPage;
import org.parquetarrow.read.page.DictionaryPage;

/**
 * The values of a leaf as an Arrow dictionary-encoded vector: int32 indices and, per batch, a
 * dictionary of the values ({@link DictionaryValues}: strings and binaries, or fixed-width values).
 * A chunk's dictionary page is copied into the batch's dictionary once, the first time a batch
 * refers to it, and dictionary-encoded pages become indices without any gather; values of plain
 * pages (a writer's fallback mid-chunk, or a chunk without a dictionary page) are appended to the
 * batch's dictionary as new entries.
 *
 * <p>With a {@link DictionaryRowFilter} the sink makes no indices: the filter answers each chunk
 * dictionary's entries once, the indices are decoded straight into the rows' answers
 * ({@link DictionaryIndexDecoder#readMatches}), and the batch's vector is those answers as a
 * {@code Bool} vector (no dictionary). A plain page's values are answered by the filter as they
 * are read.
 */
final class DictionarySink implements ValueSink {
  private final BufferAllocator allocator;
  private final Field indexField;
  private final Field dictionaryField;
  private final DictionaryValues dictionary;
  private final DictionaryIndexDecoder indexDecoder = new DictionaryIndexDecoder();

  /** Where the chunk's dictionary starts in the batch's dictionary; -1 until copied. */
  private int chunkBase;
  private boolean dictionaryPage;
  private int[] ids = new int[0];

  private ArrowBuf indices;
  private FieldVector lastDictionary;

  /** The row filter, or {@code null}: indices are placed. */
  private final DictionaryRowFilter rowFilter;
  /** The row filter's answer on the chunk's dictionary entries; {@code null} until asked. */
  private long[] entryMatches;
  /** The batch's rows' answers (row filter only). */
  private long[] matches = new long[0];
  /** The answers of one read's dense values, before they go to their rows. */
  private long[] denseMatches = new long[0];

  /**
   * @param indexField the memory-form field of the indices (int32, with the dictionary encoding)
   * @param dictionaryField the field of the dictionary's values
   * @param dictionary the dictionary values of the leaf's layout; closed with this sink
   */
  DictionarySink(Field indexField, Field dictionaryField, DictionaryValues dictionary, BufferAllocator allocator) {
    this(indexField, dictionaryField, dictionary, allocator, null);
  }

  /** As above, answering {@code rowFilter} instead of placing indices when it is not {@code null}. */
  DictionarySink(Field indexField, Field dictionaryField, DictionaryValues dictionary, BufferAllocator allocator,
      DictionaryRowFilter rowFilter) {
    this.rowFilter = rowFilter;
    this.allocator = allocator;
    this.indexField = indexField;
    this.dictionaryField = dictionaryField;
    this.dictionary = dictionary;
  }

  @Override
  public void startChunk() {
    dictionary.startChunk();
    chunkBase = -1;
    entryMatches = null;
  }

  @Override
  public void loadDictionary(DictionaryPage d) {
    dictionary.loadDictionary(d);
    chunkBase = -1;
    entryMatches = null;
  }

  /** Whether this sink answers a row filter (its batches are {@code Bool} vectors, no dictionary). */
  boolean filtering() {
    return rowFilter != null;
  }

  /** The field of a filtering sink's vectors: the column's name, nullable {@code Bool}. */
  static Field answerField(String name) {
    return new Field(name, FieldType.nullable(ArrowType.Bool.INSTANCE), null);
  }

  @Override
  public void startPage(DataPage page) {
    dictionaryPage = ValueDecoders.isDictionary(page.encoding());
    if (dictionaryPage) {
      int size = dictionary.chunkSize();
      if (size < 0) {
        throw new CorruptFileException("dictionary-encoded page without a dictionary page");
      }
      ByteSlice v = page.values();
      indexDecoder.init(v.array(), v.offset(), v.length(), page.numValues(), size);
    } else {
      dictionary.startPlainPage(page);
    }
  }

  @Override
  public void allocate(int rows) {
    if (rowFilter != null) {
      matches = cleared(matches, rows);
      return;
    }
    indices = Allocations.zeroed(allocator, Math.max(4L, 4L * rows), rows, "dictionary indices");
    dictionary.allocate();
    chunkBase = -1;
  }

  @Override
  public void read(int nonNull, int row, int rows, ArrowBuf validity) {
    if (nonNull == 0) {
      return;
    }
    if (rowFilter != null) {
      readMatches(nonNull, row, rows, validity);
      return;
    }
    if (ids.length < nonNull) {
      ids = new int[Math.max(nonNull, 1024)];
    }
    if (dictionaryPage) {
      if (chunkBase < 0) {
        chunkBase = dictionary.appendChunkDictionary();
      }
      indexDecoder.read(ids, 0, nonNull);
      place(nonNull, row, rows, validity, chunkBase);
    } else {
      int first = dictionary.appendPlain(nonNull);
      for (int i = 0; i < nonNull; i++) {
        ids[i] = i;
      }
      place(nonNull, row, rows, validity, first);
    }
  }

  /** The row filter's answers for the next {@code nonNull} values, at the rows of {@code row .. row + rows - 1} valid in {@code validity}. */
  private void readMatches(int nonNull, int row, int rows, ArrowBuf validity) {
    if (dictionaryPage && nonNull == rows) {
      indexDecoder.readMatches(entryMatches(), matches, row, rows);
      return;
    }
    denseMatches = cleared(denseMatches, nonNull);
    if (dictionaryPage) {
      indexDecoder.readMatches(entryMatches(), denseMatches, 0, nonNull);
    } else {
      // a plain page: its values answered as they come, through a dictionary of just them
      dictionary.release();
      dictionary.allocate();
      dictionary.appendPlain(nonNull);
      long[] answers = answer();
      System.arraycopy(answers, 0, denseMatches, 0, (nonNull + 63) >>> 6);
      if ((nonNull & 63) != 0) {
        denseMatches[nonNull >>> 6] &= -1L >>> (64 - (nonNull & 63));
      }
    }
    if (nonNull == rows) {
      for (int i = 0; i < nonNull; i++) {
        matches[(row + i) >>> 6] |= ((denseMatches[i >>> 6] >>> i) & 1L) << (row + i);
      }
      return;
    }
    // the dense answers to the valid rows, in order
    int j = 0;
    for (int i = row; i < row + rows; i++) {
      if ((validity.getByte(i >>> 3) >>> (i & 7) & 1) != 0) {
        matches[i >>> 6] |= ((denseMatches[j >>> 6] >>> j) & 1L) << i;
        j++;
      }
    }
  }

  /** The row filter's answer on the chunk's dictionary, asked once per chunk. */
  private long[] entryMatches() {
    if (entryMatches == null) {
      dictionary.release();
      dictionary.allocate();
      dictionary.appendChunkDictionary();
      entryMatches = answer();
    }
    return entryMatches;
  }

  /** The row filter's answer on the values now in {@link #dictionary}, checked for length. */
  private long[] answer() {
    try (FieldVector entries = dictionary.finish(dictionaryField, allocator)) {
      int n = entries.getValueCount();
      long[] bits = rowFilter.matchingEntries(entries);
      if (bits == null || (long) bits.length << 6 < n) {
        throw new IllegalStateException("the dictionary row filter answered " + (bits == null ? "null" : bits.length + " words")
            + " for " + n + " entries");
      }
      return bits;
    } finally {
      dictionary.release();
    }
  }

  /** {@code bits} cleared for {@code n} bits, or a new array if it is too short. */
  private static long[] cleared(long[] bits, int n) {
    int words = (n + 63) >>> 6;
    if (bits.length < words) {
      return new long[Math.max(words, 16)];
    }
    java.util.Arrays.fill(bits, 0, words, 0L);
    return bits;
  }

  /**
   * Writes the batch indices of the dense values ({@code ids} plus {@code base}) to the rows whose
   * validity bit is set.
   */
  private void place(int nonNull, int row, int rows, ArrowBuf validity, int base) {
    long dst = indices.memoryAddress() + 4L * row;
    indices.checkBytes(4L * row, 4L * (row + nonNull));
    for (int i = 0; i < nonNull; i++) {
      MemoryUtil.putInt(dst + 4L * i, ids[i] + base);
    }
    if (nonNull < rows) {
      ValueSpreader.spreadFixedWidth(indices, 4L * row, 4, validity, row, rows);
    }
  }

  @Override
  public void skip(int n) {
    if (n == 0) {
      return;
    }
    if (dictionaryPage) {
      indexDecoder.skip(n);
    } else {
      dictionary.skipPlain(n);
    }
  }

  @Override
  public void ensureCapacity(int count) {
    if (rowFilter != null) {
      if ((long) matches.length << 6 < count) {
        matches = java.util.Arrays.copyOf(matches, Math.max((count + 63) >>> 6, 2 * matches.length));
      }
      return;
    }
    indices = ValueSink.grown(allocator, indices, 4L * count);
  }

  @Override
  public FieldVector finishSpread(ArrowBuf slotValidity, int slots, int nulls) {
    if (rowFilter != null) {
      throw new IllegalStateException("a dictionary row filter applies to a top-level column only");
    }
    ValueSpreader.spreadFixedWidth(indices, 0, 4, slotValidity, 0, slots);
    return finish(slotValidity, slots, nulls);
  }

  @Override
  public FieldVector finish(ArrowBuf indexValidity, int slots, int nulls) {
    if (rowFilter != null) {
      int words = (slots + 63) >>> 6;
      try (ArrowBuf data = Allocations.zeroed(allocator, Math.max(8L, 8L * words), slots, "row filter answers")) {
        for (int w = 0; w < words; w++) {
          data.setLong(8L * w, matches[w]);
        }
        return ValueSink.load(answerField(indexField.getName()), allocator, slots, nulls, java.util.List.of(indexValidity, data));
      }
    }
    FieldVector values = dictionary.finish(dictionaryField, allocator);
    FieldVector vector;
    try {
      vector = ValueSink.load(indexField, allocator, slots, nulls, java.util.List.of(indexValidity, indices));
    } catch (RuntimeException e) {
      values.close();
      throw e;
    }
    if (lastDictionary != null) {
      lastDictionary.close();
    }
    lastDictionary = values;
    return vector;
  }

  /** The dictionary of the batch last finished; the caller takes ownership ({@code null} after). */
  FieldVector takeDictionary() {
    FieldVector d = lastDictionary;
    lastDictionary = null;
    return d;
  }

  /** The dictionary encoding's id. */
  long dictionaryId() {
    return indexField.getDictionary().getId();
  }

  @Override
  public long batchBytes() {
    return dictionary.batchBytes();
  }

  @Override
  public void release() {
    if (indices != null) {
      indices.close();
      indices = null;
    }
    dictionary.release();
  }

  @Override
  public void close() {
    release();
    dictionary.close();
    if (lastDictionary != null) {
      lastDictionary.close();
      lastDictionary = null;
    }
  }
}
