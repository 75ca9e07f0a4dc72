package org.parquetarrow.read;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.encoding.BinaryDictionary;
import org.parquetarrow.encoding.BinaryOutput;
import org.parquetarrow.encoding.BinaryValueDecoder;
import org.parquetarrow.encoding.Bitmaps;
import org.parquetarrow.encoding.DictionaryIndexDecoder;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.read.levels.ValueSpreader;
import org.parquetarrow.read.page.ByteSlice;
import org.parquetarrow.read.page.DataPage;
import org.parquetarrow.read.page.DictionaryPage;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * The values of a BYTE_ARRAY leaf as an Arrow dictionary-encoded vector: int32 indices and, per
 * batch, a dictionary of the values. A chunk's dictionary page is copied into the batch's
 * dictionary once, the first time a batch refers to it, and dictionary-encoded pages become indices
 * without any gather; values of plain pages (a writer's fallback mid-chunk) are appended to the
 * batch's dictionary as new entries.
 */
final class DictionarySink implements ValueSink {
  private final BufferAllocator allocator;
  private final Field indexField;
  private final PhysicalType physical;
  private final Field dictionaryField;
  private final DictionaryIndexDecoder indexDecoder = new DictionaryIndexDecoder();

  private BinaryDictionary chunkDictionary;
  /** Where the chunk's dictionary starts in the batch's dictionary; -1 until copied. */
  private int chunkBase;
  private boolean dictionaryPage;
  private BinaryValueDecoder plainDecoder;
  private int[] ids = new int[0];

  private ArrowBuf indices;
  private BinaryOutput values;
  private FieldVector lastDictionary;

  /**
   * @param indexField the memory-form field of the indices (int32, with the dictionary encoding)
   * @param dictionaryField the field of the dictionary's values (utf8 or binary)
   */
  DictionarySink(
      ColumnDescriptor column,
      Field indexField,
      Field dictionaryField,
      BufferAllocator allocator) {
    this.allocator = allocator;
    this.physical = column.physicalType();
    this.indexField = indexField;
    this.dictionaryField = dictionaryField;
  }

  @Override
  public void startChunk() {
    chunkDictionary = null;
    chunkBase = -1;
  }

  @Override
  public void loadDictionary(DictionaryPage d) {
    ByteSlice s = d.data();
    chunkDictionary = BinaryDictionary.fromPlain(s.array(), s.offset(), s.length(), d.numValues());
    chunkBase = -1;
  }

  @Override
  public void startPage(DataPage page) {
    ByteSlice v = page.values();
    dictionaryPage = ValueDecoders.isDictionary(page.encoding());
    if (dictionaryPage) {
      if (chunkDictionary == null) {
        throw new CorruptFileException("dictionary-encoded page without a dictionary page");
      }
      indexDecoder.init(v.array(), v.offset(), v.length(), page.numValues(), chunkDictionary.size());
    } else {
      plainDecoder = ValueDecoders.binary(page.encoding(), physical, 0, null);
      plainDecoder.init(v.array(), v.offset(), v.length(), page.numValues());
    }
  }

  @Override
  public void allocate(int rows) {
    indices = allocator.buffer(Math.max(4L, 4L * rows));
    indices.setZero(0, indices.capacity());
    values = new BinaryOutput(allocator, BinaryOutput.OffsetWidth.INT32, 64, 1024);
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
        chunkBase = values.valueCount();
        int size = chunkDictionary.size();
        int[] all = new int[size];
        for (int i = 0; i < size; i++) {
          all[i] = i;
        }
        chunkDictionary.gather(all, 0, size, values);
      }
      indexDecoder.read(ids, 0, nonNull);
      for (int i = 0; i < nonNull; i++) {
        ids[i] += chunkBase;
      }
    } else {
      int first = values.valueCount();
      plainDecoder.read(values, nonNull);
      for (int i = 0; i < nonNull; i++) {
        ids[i] = first + i;
      }
    }
    place(nonNull, row, rows, validity);
  }

  /** Writes the batch indices of the dense values to the rows whose validity bit is set. */
  private void place(int nonNull, int row, int rows, ArrowBuf validity) {
    long dst = indices.memoryAddress() + 4L * row;
    indices.checkBytes(4L * row, 4L * (row + nonNull));
    for (int i = 0; i < nonNull; i++) {
      MemoryUtil.putInt(dst + 4L * i, ids[i]);
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
      plainDecoder.skip(n);
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
    FieldVector dictionary = dictionaryField.createVector(allocator);
    FieldVector vector = null;
    try {
      int entries = values.valueCount();
      try (ArrowBuf all = allocator.buffer(Math.max(1, Bitmaps.bytesFor(entries)))) {
        all.setZero(0, all.capacity());
        Bitmaps.setRange(all, 0, entries, true);
        dictionary.loadFieldBuffers(new ArrowFieldNode(entries, 0), List.of(all, values.offsets(), values.data()));
      }
      vector = indexField.createVector(allocator);
      vector.loadFieldBuffers(new ArrowFieldNode(slots, nulls), List.of(indexValidity, indices));
    } catch (RuntimeException e) {
      dictionary.close();
      if (vector != null) {
        vector.close();
      }
      throw e;
    }
    if (lastDictionary != null) {
      lastDictionary.close();
    }
    lastDictionary = dictionary;
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
    return values == null ? 0 : values.dataLength();
  }

  @Override
  public void release() {
    if (indices != null) {
      indices.close();
      indices = null;
    }
    if (values != null) {
      values.close();
      values = null;
    }
  }

  @Override
  public void close() {
    release();
    if (lastDictionary != null) {
      lastDictionary.close();
      lastDictionary = null;
    }
  }
}
