package org.parquetarrow.read;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.encoding.Allocations;
import org.parquetarrow.encoding.Bitmaps;
import org.parquetarrow.encoding.BooleanValueDecoder;
import org.parquetarrow.read.levels.ValueSpreader;
import org.parquetarrow.read.page.ByteSlice;
import org.parquetarrow.read.page.DataPage;
import org.parquetarrow.read.page.DictionaryPage;

/**
 * The values of a BOOLEAN leaf as a bit vector: values decode as bits, densely, then move to their
 * rows.
 */
final class BooleanSink implements ValueSink {
  private final BufferAllocator allocator;
  private final Field storageField;
  private BooleanValueDecoder decoder;
  private ArrowBuf data;

  BooleanSink(Field storageField, BufferAllocator allocator) {
    this.allocator = allocator;
    this.storageField = storageField;
  }

  @Override
  public void startChunk() {}

  @Override
  public void loadDictionary(DictionaryPage dictionary) {
    throw new CorruptFileException("BOOLEAN column with a dictionary page");
  }

  @Override
  public void startPage(DataPage page) {
    decoder = ValueDecoders.bool(page.encoding());
    ByteSlice v = page.values();
    decoder.init(v.array(), v.offset(), v.length(), page.numValues());
  }

  @Override
  public void allocate(int rows) {
    data = Allocations.zeroed(allocator, Math.max(1L, Bitmaps.bytesFor(rows)), rows, "booleans");
  }

  @Override
  public void read(int nonNull, int row, int rows, ArrowBuf validity) {
    if (nonNull == 0) {
      return;
    }
    decoder.read(data, row, nonNull);
    if (nonNull < rows) {
      ValueSpreader.spreadBits(data, row, validity, row, rows);
    }
  }

  @Override
  public FieldVector finish(ArrowBuf validity, int rows, int nulls) {
    return ValueSink.load(storageField, allocator, rows, nulls, List.of(validity, data));
  }

  @Override
  public void skip(int values) {
    if (values > 0) {
      decoder.skip(values);
    }
  }

  @Override
  public void ensureCapacity(int values) {
    data = ValueSink.grown(allocator, data, Bitmaps.bytesFor(values));
  }

  @Override
  public FieldVector finishSpread(ArrowBuf slotValidity, int slots, int nulls) {
    ValueSpreader.spreadBits(data, 0, slotValidity, 0, slots);
    return ValueSink.load(storageField, allocator, slots, nulls, List.of(slotValidity, data));
  }

  @Override
  public void release() {
    if (data != null) {
      data.close();
      data = null;
    }
  }

  @Override
  public void close() {
    release();
  }
}
