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
import org.parquetarrow.encoding.DictionaryBinaryDecoder;
import org.parquetarrow.encoding.PlainBinaryDecoder;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.read.levels.ValueSpreader;
import org.parquetarrow.read.page.ByteSlice;
import org.parquetarrow.read.page.DataPage;
import org.parquetarrow.read.page.DictionaryPage;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * The values of a BYTE_ARRAY leaf as a binary or string vector, with 32- or 64-bit offsets. A flat
 * leaf's values are appended to one {@link BinaryOutput} with an entry per row (a null row's is
 * empty), so its offsets are the vector's as they are; a repeated leaf's values are appended
 * densely and their offsets spread over the slots when the batch is finished.
 */
final class BinarySink implements ValueSink {
  private final BufferAllocator allocator;
  private final Field storageField;
  private final PhysicalType physical;
  private final BinaryOutput.OffsetWidth offsetWidth;
  private BinaryDictionary dictionary;
  /**
   * The decoders of the usual encodings, kept from page to page: a dictionary decoder holds index
   * scratch arrays, and a fresh one per page was new heap memory on the decoding thread for every
   * page (on a machine that pages out idle memory, a fault per page of it).
   */
  private final PlainBinaryDecoder plain = new PlainBinaryDecoder();
  private DictionaryBinaryDecoder dictionaryDecoder;
  private BinaryValueDecoder decoder;
  private BinaryOutput values;
  /** Rows and value bytes of the last finished batch. */
  private int lastRows;
  private long lastBytes;

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
    dictionaryDecoder = null;
  }

  @Override
  public void loadDictionary(DictionaryPage d) {
    ByteSlice s = d.data();
    dictionary = BinaryDictionary.fromPlain(s.array(), s.offset(), s.length(), d.numValues());
    dictionaryDecoder = null;
  }

  @Override
  public void startPage(DataPage page) {
    decoder = decoderFor(page.encoding());
    ByteSlice v = page.values();
    decoder.init(v.array(), v.offset(), v.length(), page.numValues());
  }

  private BinaryValueDecoder decoderFor(Encoding encoding) {
    if (encoding == Encoding.PLAIN) {
      return plain;
    }
    if (ValueDecoders.isDictionary(encoding) && dictionary != null) {
      if (dictionaryDecoder == null) {
        dictionaryDecoder = new DictionaryBinaryDecoder(dictionary);
      }
      return dictionaryDecoder;
    }
    // the rarer encodings, and a dictionary page missing, which this call reports
    return ValueDecoders.binary(encoding, physical, 0, dictionary);
  }

  @Override
  public void allocate(int rows) {
    values = new BinaryOutput(allocator, offsetWidth, rows, dataCapacity(rows));
  }

  /**
   * The data buffer's first capacity: the bytes per row of the last batch, with an eighth more
   * (values vary in length between batches) and room for the decoders' word copies, so that the
   * buffer is sized once rather than grown by copying; 16 bytes per row for the first batch. An
   * estimate above {@value #MAX_ESTIMATE} bytes is not trusted (a short batch of huge values
   * says little about the next): the buffer then starts there and grows as values come.
   */
  private long dataCapacity(int rows) {
    long usual = Math.max(64L, 16L * rows);
    if (lastRows == 0) {
      return usual;
    }
    double estimate = (double) lastBytes / lastRows * rows * 1.125 + 1024;
    return Math.max(64L, (long) Math.min(estimate, Math.max(usual, MAX_ESTIMATE)));
  }

  private static final long MAX_ESTIMATE = 64L << 20;

  /**
   * A stretch with nulls is read with the values placed at their rows, so the batch's offsets come
   * out one per row; a stretch without nulls (and a repeated leaf's dense values) in bulk.
   */
  @Override
  public void read(int nonNull, int row, int rows, ArrowBuf validity) {
    if (nonNull == rows) {
      if (nonNull > 0) {
        decoder.read(values, nonNull);
      }
    } else {
      decoder.readSpaced(values, nonNull, validity, row, rows);
    }
  }

  @Override
  public FieldVector finish(ArrowBuf validity, int rows, int nulls) {
    remember(rows);
    if (nulls > 0 && values.valueCount() != rows) {
      // every stretch with nulls is read with an entry per row (read above)
      throw new IllegalStateException(
          values.valueCount() + " entries for a batch of " + rows + " rows with nulls");
    }
    return ValueSink.load(storageField, allocator, rows, nulls, List.of(validity, values.offsets(), values.data()));
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

  /** Notes the batch's bytes per row for the next batch's {@link #dataCapacity}. */
  private void remember(int rows) {
    if (rows > 0) {
      lastRows = rows;
      lastBytes = values.dataLength();
    }
  }

  @Override
  public FieldVector finishSpread(ArrowBuf slotValidity, int slots, int nulls) {
    remember(slots);
    int w = offsetWidth == BinaryOutput.OffsetWidth.INT64 ? 8 : 4;
    try (ArrowBuf offsets = Allocations.buffer(allocator, (long) (slots + 1) * w, slots + 1L, "offsets")) {
      ValueSpreader.spreadOffsets(
          values.offsets(), 0, offsets, 0, offsetWidth, slotValidity, 0, slots);
      return ValueSink.load(storageField, allocator, slots, nulls, List.of(slotValidity, offsets, values.data()));
    }
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
