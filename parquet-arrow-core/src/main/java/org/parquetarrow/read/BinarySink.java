package org.parquetarrow.read;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.encoding.BinaryDictionary;
import org.parquetarrow.encoding.BinaryOutput;
import org.parquetarrow.encoding.BinaryValueDecoder;
import org.parquetarrow.read.levels.ValueSpreader;
import org.parquetarrow.read.page.ByteSlice;
import org.parquetarrow.read.page.DataPage;
import org.parquetarrow.read.page.DictionaryPage;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * Reads a BYTE_ARRAY leaf into a binary or string vector, with 32- or 64-bit offsets. The batch's
 * non-null values are appended densely to one {@link BinaryOutput}; when the batch is finished the
 * offsets are spread over the null rows in one pass.
 */
final class BinarySink extends LeafReader {
  private final Field storageField;
  private final BinaryOutput.OffsetWidth offsetWidth;
  private BinaryDictionary dictionary;
  private BinaryValueDecoder decoder;
  private BinaryOutput values;

  BinarySink(
      ColumnDescriptor column,
      Field storageField,
      BinaryOutput.OffsetWidth offsetWidth,
      BufferAllocator allocator,
      boolean keepLevels) {
    super(column, allocator, keepLevels);
    this.storageField = storageField;
    this.offsetWidth = offsetWidth;
  }

  @Override
  protected void onNewChunk() {
    dictionary = null;
  }

  @Override
  protected void loadDictionary(DictionaryPage d) {
    ByteSlice s = d.data();
    dictionary = BinaryDictionary.fromPlain(s.array(), s.offset(), s.length(), d.numValues());
  }

  @Override
  protected void startValues(DataPage page) {
    decoder = ValueDecoders.binary(page.encoding(), column.physicalType(), 0, dictionary);
    ByteSlice v = page.values();
    decoder.init(v.array(), v.offset(), v.length(), page.numValues());
  }

  @Override
  protected void allocateValues(int rows) {
    values = new BinaryOutput(allocator, offsetWidth, rows, Math.max(64L, 16L * rows));
  }

  @Override
  protected void readValues(int nonNull, int row, int rows) {
    if (nonNull > 0) {
      decoder.read(values, nonNull);
    }
  }

  @Override
  FieldVector finishBatch() {
    if (nullCount == 0) {
      return loadVector(storageField, batchRows, 0, List.of(validity, values.offsets(), values.data()));
    }
    try (ArrowBuf offsets = spreadOffsets()) {
      return loadVector(storageField, batchRows, nullCount, List.of(validity, offsets, values.data()));
    }
  }

  @Override
  protected void skipValues(int values) {
    if (values > 0) {
      decoder.skip(values);
    }
  }

  @Override
  protected void ensureValueCapacity(int values) {
    // the binary output grows as values are appended
  }

  @Override
  protected FieldVector finishSpread(ArrowBuf slotValidity, int slots, int nulls) {
    int w = offsetWidth == BinaryOutput.OffsetWidth.INT64 ? 8 : 4;
    try (ArrowBuf offsets = allocator.buffer((long) (slots + 1) * w)) {
      ValueSpreader.spreadOffsets(
          values.offsets(), 0, offsets, 0, offsetWidth, slotValidity, 0, slots);
      return loadVector(storageField, slots, nulls, List.of(slotValidity, offsets, values.data()));
    }
  }

  /** Offsets for every row: a null row has no bytes. */
  private ArrowBuf spreadOffsets() {
    int w = offsetWidth == BinaryOutput.OffsetWidth.INT64 ? 8 : 4;
    ArrowBuf offsets = allocator.buffer((long) (batchRows + 1) * w);
    try {
      ValueSpreader.spreadOffsets(values.offsets(), 0, offsets, 0, offsetWidth, validity, 0, batchRows);
    } catch (RuntimeException e) {
      offsets.close();
      throw e;
    }
    return offsets;
  }

  @Override
  long batchBytes() {
    return values == null ? 0 : values.dataLength();
  }

  @Override
  protected void releaseValues() {
    if (values != null) {
      values.close();
      values = null;
    }
  }
}
