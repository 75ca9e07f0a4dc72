package org.parquetarrow.read;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
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

  /**
   * @param indexField the memory-form field of the indices (int32, with the dictionary encoding)
   * @param dictionaryField the field of the dictionary's values
   * @param dictionary the dictionary values of the leaf's layout; closed with this sink
   */
  DictionarySink(Field indexField, Field dictionaryField, DictionaryValues dictionary, BufferAllocator allocator) {
    this.allocator = allocator;
    this.indexField = indexField;
    this.dictionaryField = dictionaryField;
    this.dictionary = dictionary;
  }

  @Override
  public void startChunk() {
    dictionary.startChunk();
    chunkBase = -1;
  }

  @Override
  public void loadDictionary(DictionaryPage d) {
    dictionary.loadDictionary(d);
    chunkBase = -1;
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
    indices = Allocations.zeroed(allocator, Math.max(4L, 4L * rows), rows, "dictionary indices");
    dictionary.allocate();
    chunkBase = -1;
  }

  @Override
  public void read(int nonNull, int row, int rows, ArrowBuf validity) {
    if (nonNull == 0) {
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
    indices = ValueSink.grown(allocator, indices, 4L * count);
  }

  @Override
  public FieldVector finishSpread(ArrowBuf slotValidity, int slots, int nulls) {
    ValueSpreader.spreadFixedWidth(indices, 0, 4, slotValidity, 0, slots);
    return finish(slotValidity, slots, nulls);
  }

  @Override
  public FieldVector finish(ArrowBuf indexValidity, int slots, int nulls) {
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
