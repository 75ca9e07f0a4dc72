package org.parquetarrow.read;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.encoding.Bitmaps;
import org.parquetarrow.encoding.BooleanValueDecoder;
import org.parquetarrow.read.levels.ValueSpreader;
import org.parquetarrow.read.page.ByteSlice;
import org.parquetarrow.read.page.DataPage;
import org.parquetarrow.read.page.DictionaryPage;
import org.parquetarrow.schema.ColumnDescriptor;

/** Reads a BOOLEAN leaf into a bit vector: values decode as bits, densely, then move to their rows. */
final class BooleanSink extends LeafReader {
  private final Field storageField;
  private BooleanValueDecoder decoder;
  private ArrowBuf data;

  BooleanSink(ColumnDescriptor column, Field storageField, BufferAllocator allocator, boolean keepLevels) {
    super(column, allocator, keepLevels);
    this.storageField = storageField;
  }

  @Override
  protected void onNewChunk() {}

  @Override
  protected void loadDictionary(DictionaryPage dictionary) {
    throw new CorruptFileException("BOOLEAN column with a dictionary page");
  }

  @Override
  protected void startValues(DataPage page) {
    decoder = ValueDecoders.bool(page.encoding());
    ByteSlice v = page.values();
    decoder.init(v.array(), v.offset(), v.length(), page.numValues());
  }

  @Override
  protected void allocateValues(int rows) {
    data = allocator.buffer(Math.max(1L, Bitmaps.bytesFor(rows)));
    data.setZero(0, data.capacity());
  }

  @Override
  protected void readValues(int nonNull, int row, int rows) {
    if (nonNull == 0) {
      return;
    }
    decoder.read(data, row, nonNull);
    if (nonNull < rows) {
      ValueSpreader.spreadBits(data, row, validity, row, rows);
    }
  }

  @Override
  FieldVector finishBatch() {
    return loadVector(storageField, batchRows, nullCount, List.of(validity, data));
  }

  @Override
  protected void skipValues(int values) {
    if (values > 0) {
      decoder.skip(values);
    }
  }

  @Override
  protected void ensureValueCapacity(int values) {
    long bytes = Bitmaps.bytesFor(values);
    if (bytes <= data.capacity()) {
      return;
    }
    ArrowBuf bigger = allocator.buffer(Math.max(bytes, 2 * data.capacity()));
    bigger.setZero(0, bigger.capacity());
    bigger.setBytes(0, data, 0, data.capacity());
    data.close();
    data = bigger;
  }

  @Override
  protected FieldVector finishSpread(ArrowBuf slotValidity, int slots, int nulls) {
    ValueSpreader.spreadBits(data, 0, slotValidity, 0, slots);
    return loadVector(storageField, slots, nulls, List.of(slotValidity, data));
  }

  @Override
  protected void releaseValues() {
    if (data != null) {
      data.close();
      data = null;
    }
  }

}
