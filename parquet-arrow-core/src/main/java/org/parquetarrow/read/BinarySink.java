package org.parquetarrow.read;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.encoding.BinaryDictionary;
import org.parquetarrow.encoding.BinaryOutput;
import org.parquetarrow.encoding.BinaryValueDecoder;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.read.levels.ValueSpreader;
import org.parquetarrow.read.page.ByteSlice;
import org.parquetarrow.read.page.DataPage;
import org.parquetarrow.read.page.DictionaryPage;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * The values of a BYTE_ARRAY leaf as a binary or string vector, with 32- or 64-bit offsets. The
 * batch's non-null values are appended densely to one {@link BinaryOutput}; when the batch is
 * finished the offsets are spread over the null rows in one pass.
 */
final class BinarySink implements ValueSink {
  private final BufferAllocator allocator;
  private final Field storageField;
  private final PhysicalType physical;
  private final BinaryOutput.OffsetWidth offsetWidth;
  private BinaryDictionary dictionary;
  private BinaryValueDecoder decoder;
  private BinaryOutput values;

  BinarySink(
      ColumnDescriptor column,
      Field storageField,
      BinaryOutput.OffsetWidth offsetWidth,
      BufferAllocator allocator) {
    this.allocator = allocator;
    this.physical = column.physicalType();
    this.storageField = storageField;
    this.offsetWidth = offsetWidth;
  }

  @Override
  public void startChunk() {
    dictionary = null;
  }

  @Override
  public void loadDictionary(DictionaryPage d) {
    ByteSlice s = d.data();
    dictionary = BinaryDictionary.fromPlain(s.array(), s.offset(), s.length(), d.numValues());
  }

  @Override
  public void startPage(DataPage page) {
    decoder = ValueDecoders.binary(page.encoding(), physical, 0, dictionary);
    ByteSlice v = page.values();
    decoder.init(v.array(), v.offset(), v.length(), page.numValues());
  }

  @Override
  public void allocate(int rows) {
    values = new BinaryOutput(allocator, offsetWidth, rows, Math.max(64L, 16L * rows));
  }

  @Override
  public void read(int nonNull, int row, int rows, ArrowBuf validity) {
    if (nonNull > 0) {
      decoder.read(values, nonNull);
    }
  }

  @Override
  public FieldVector finish(ArrowBuf validity, int rows, int nulls) {
    if (nulls == 0) {
      return ValueSink.load(storageField, allocator, rows, 0, List.of(validity, values.offsets(), values.data()));
    }
    try (ArrowBuf offsets = spreadOffsets(validity, rows)) {
      return ValueSink.load(storageField, allocator, rows, nulls, List.of(validity, offsets, values.data()));
    }
  }

  @Override
  public void skip(int values) {
    if (values > 0) {
      decoder.skip(values);
    }
  }

  @Override
  public void ensureCapacity(int values) {
    // the binary output grows as values are appended
  }

  @Override
  public FieldVector finishSpread(ArrowBuf slotValidity, int slots, int nulls) {
    int w = offsetWidth == BinaryOutput.OffsetWidth.INT64 ? 8 : 4;
    try (ArrowBuf offsets = allocator.buffer((long) (slots + 1) * w)) {
      ValueSpreader.spreadOffsets(
          values.offsets(), 0, offsets, 0, offsetWidth, slotValidity, 0, slots);
      return ValueSink.load(storageField, allocator, slots, nulls, List.of(slotValidity, offsets, values.data()));
    }
  }

  /** Offsets for every row: a null row has no bytes. */
  private ArrowBuf spreadOffsets(ArrowBuf validity, int rows) {
    int w = offsetWidth == BinaryOutput.OffsetWidth.INT64 ? 8 : 4;
    ArrowBuf offsets = allocator.buffer((long) (rows + 1) * w);
    try {
      ValueSpreader.spreadOffsets(values.offsets(), 0, offsets, 0, offsetWidth, validity, 0, rows);
    } catch (RuntimeException e) {
      offsets.close();
      throw e;
    }
    return offsets;
  }

  @Override
  public long batchBytes() {
    return values == null ? 0 : values.dataLength();
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
