package org.parquetarrow.read;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.encoding.Allocations;
import org.parquetarrow.encoding.BinaryDictionary;
import org.parquetarrow.encoding.BinaryOutput;
import org.parquetarrow.encoding.BinaryValueDecoder;
import org.parquetarrow.encoding.Bitmaps;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.read.page.ByteSlice;
import org.parquetarrow.read.page.DataPage;
import org.parquetarrow.read.page.DictionaryPage;

/** The dictionary values of a BYTE_ARRAY leaf read as {@code dictionary<int32, utf8 | binary>}. */
final class BinaryDictionaryValues implements DictionaryValues {
  private final BufferAllocator allocator;
  private final PhysicalType physical;
  private BinaryDictionary chunkDictionary;
  private BinaryValueDecoder plainDecoder;
  private BinaryOutput values;
  private int[] all = new int[0];

  BinaryDictionaryValues(PhysicalType physical, BufferAllocator allocator) {
    this.physical = physical;
    this.allocator = allocator;
  }

  @Override
  public void startChunk() {
    chunkDictionary = null;
  }

  @Override
  public void loadDictionary(DictionaryPage d) {
    ByteSlice s = d.data();
    chunkDictionary = BinaryDictionary.fromPlain(s.array(), s.offset(), s.length(), d.numValues());
  }

  @Override
  public int chunkSize() {
    return chunkDictionary == null ? -1 : chunkDictionary.size();
  }

  @Override
  public void startPlainPage(DataPage page) {
    ByteSlice v = page.values();
    plainDecoder = ValueDecoders.binary(page.encoding(), physical, 0, null);
    plainDecoder.init(v.array(), v.offset(), v.length(), page.numValues());
  }

  @Override
  public void allocate() {
    values = new BinaryOutput(allocator, BinaryOutput.OffsetWidth.INT32, 64, 1024);
  }

  @Override
  public int appendChunkDictionary() {
    int base = values.valueCount();
    int size = chunkDictionary.size();
    if (all.length < size) {
      all = new int[size];
      for (int i = 0; i < size; i++) {
        all[i] = i;
      }
    }
    chunkDictionary.gather(all, 0, size, values);
    return base;
  }

  @Override
  public int appendPlain(int n) {
    int first = values.valueCount();
    plainDecoder.read(values, n);
    return first;
  }

  @Override
  public void skipPlain(int n) {
    plainDecoder.skip(n);
  }

  @Override
  public int count() {
    return values.valueCount();
  }

  @Override
  public long batchBytes() {
    return values == null ? 0 : values.dataLength();
  }

  @Override
  public FieldVector finish(Field field, BufferAllocator allocator) {
    int entries = values.valueCount();
    try (ArrowBuf valid = Allocations.zeroed(allocator, Math.max(1, Bitmaps.bytesFor(entries)), entries, "dictionary validity bits")) {
      Bitmaps.setRange(valid, 0, entries, true);
      return ValueSink.load(field, allocator, entries, 0, List.of(valid, values.offsets(), values.data()));
    }
  }

  @Override
  public void release() {
    if (values != null) {
      values.close();
      values = null;
    }
  }

  @Override
  public void close() {
    release();
  }
}
