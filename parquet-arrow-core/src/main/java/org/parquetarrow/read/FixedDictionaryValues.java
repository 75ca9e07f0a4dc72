package org.parquetarrow.read;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.encoding.Allocations;
import org.parquetarrow.encoding.BinaryOutput;
import org.parquetarrow.encoding.BinaryValueDecoder;
import org.parquetarrow.encoding.Bitmaps;
import org.parquetarrow.encoding.FixedWidthValueDecoder;
import org.parquetarrow.encoding.PlainFixedWidthDecoder;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.read.page.ByteSlice;
import org.parquetarrow.read.page.DataPage;
import org.parquetarrow.read.page.DictionaryPage;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * The dictionary values of a fixed-width leaf (INT32, INT64, FLOAT, DOUBLE, FIXED_LEN_BYTE_ARRAY)
 * read as {@code dictionary<int32, T>}: the chunk's dictionary page decoded and converted to the
 * Arrow width once per chunk ({@link FixedConversion}, as a plain read converts each value), then
 * copied whole into the batch's dictionary; plain pages' values decoded and converted straight
 * into it.
 */
final class FixedDictionaryValues implements DictionaryValues {
  private final BufferAllocator allocator;
  private final PhysicalType physical;
  private final int physicalWidth;
  private final int targetWidth;
  /** What the dictionary's entries are, for a refused allocation's message (made once). */
  private final String entriesUnit;
  private final FixedConversion conversion;

  /** The chunk's dictionary in the Arrow width; {@code chunkSize} entries, -1 without one. */
  private ArrowBuf chunkValues;
  private int chunkSize = -1;
  private FixedWidthValueDecoder fixedDecoder;
  private BinaryValueDecoder binaryDecoder;
  /** Scratch for physical values before conversion. */
  private ArrowBuf dense;
  private BinaryOutput binaryScratch;

  private ArrowBuf values;
  private int count;

  FixedDictionaryValues(ColumnDescriptor column, int targetWidth, FixedConversion conversion, BufferAllocator allocator) {
    this.allocator = allocator;
    this.physical = column.physicalType();
    this.physicalWidth = PhysicalWidths.of(column);
    this.targetWidth = targetWidth;
    this.entriesUnit = "dictionary entries of " + targetWidth + " bytes";
    this.conversion = conversion;
  }

  @Override
  public void startChunk() {
    chunkSize = -1;
  }

  @Override
  public void loadDictionary(DictionaryPage d) {
    ByteSlice s = d.data();
    int n = d.numValues();
    if ((long) n * physicalWidth > s.length()) {
      throw new CorruptFileException("dictionary page: " + n + " values of " + physicalWidth
          + " bytes need " + (long) n * physicalWidth + " bytes, the page has " + s.length());
    }
    PlainFixedWidthDecoder plain = new PlainFixedWidthDecoder(physicalWidth);
    plain.init(s.array(), s.offset(), s.length(), n);
    chunkValues = ValueSink.scratch(allocator, chunkValues, (long) n * targetWidth);
    decodeInto(plain, n, chunkValues, 0);
    chunkSize = n;
  }

  @Override
  public int chunkSize() {
    return chunkSize;
  }

  @Override
  public void startPlainPage(DataPage page) {
    ByteSlice v = page.values();
    fixedDecoder = ValueDecoders.fixedWidth(page.encoding(), physical, physicalWidth, null);
    binaryDecoder = null;
    if (fixedDecoder != null) {
      fixedDecoder.init(v.array(), v.offset(), v.length(), page.numValues());
    } else {
      // FIXED_LEN_BYTE_ARRAY in DELTA_BYTE_ARRAY: variable-length output of fixed-length values
      binaryDecoder = ValueDecoders.binary(page.encoding(), physical, physicalWidth, null);
      binaryDecoder.init(v.array(), v.offset(), v.length(), page.numValues());
    }
  }

  @Override
  public void allocate() {
    values = Allocations.buffer(allocator, Math.max(64L, 64L * targetWidth), 64, entriesUnit);
    count = 0;
  }

  @Override
  public int appendChunkDictionary() {
    int base = count;
    grow(chunkSize);
    values.setBytes((long) count * targetWidth, chunkValues, 0, (long) chunkSize * targetWidth);
    count += chunkSize;
    return base;
  }

  @Override
  public int appendPlain(int n) {
    int first = count;
    grow(n);
    long at = (long) count * targetWidth;
    if (fixedDecoder != null) {
      decodeInto(fixedDecoder, n, values, at);
    } else {
      BinaryOutput out = binaryScratch(n);
      binaryDecoder.read(out, n);
      dense = ValueSink.scratch(allocator, dense, (long) n * physicalWidth);
      dense.setBytes(0, out.data(), 0, (long) n * physicalWidth);
      conversion.convert(dense, physicalWidth, values, at, targetWidth, n);
    }
    count += n;
    return first;
  }

  /** Decodes {@code n} values with {@code decoder} and writes them converted from byte {@code at} of {@code to}. */
  private void decodeInto(FixedWidthValueDecoder decoder, int n, ArrowBuf to, long at) {
    if (conversion == FixedConversion.NONE) {
      decoder.read(to, at, n);
      return;
    }
    dense = ValueSink.scratch(allocator, dense, (long) n * physicalWidth);
    decoder.read(dense, 0, n);
    conversion.convert(dense, physicalWidth, to, at, targetWidth, n);
  }

  private void grow(int more) {
    values = ValueSink.grown(allocator, values, ((long) count + more) * targetWidth);
  }

  @Override
  public void skipPlain(int n) {
    if (fixedDecoder != null) {
      fixedDecoder.skip(n);
    } else {
      binaryDecoder.skip(n);
    }
  }

  @Override
  public int count() {
    return count;
  }

  @Override
  public long batchBytes() {
    return 0;
  }

  @Override
  public FieldVector finish(Field field, BufferAllocator allocator) {
    try (ArrowBuf valid = Allocations.zeroed(allocator, Math.max(1, Bitmaps.bytesFor(count)), count, "dictionary validity bits")) {
      Bitmaps.setRange(valid, 0, count, true);
      return ValueSink.load(field, allocator, count, 0, List.of(valid, values));
    }
  }

  private BinaryOutput binaryScratch(int n) {
    if (binaryScratch == null) {
      binaryScratch = new BinaryOutput(allocator, BinaryOutput.OffsetWidth.INT32, n, (long) n * physicalWidth);
    }
    binaryScratch.clear();
    return binaryScratch;
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
    for (ArrowBuf b : new ArrowBuf[] {chunkValues, dense}) {
      if (b != null) {
        b.close();
      }
    }
    chunkValues = null;
    dense = null;
    if (binaryScratch != null) {
      binaryScratch.close();
      binaryScratch = null;
    }
  }
}
