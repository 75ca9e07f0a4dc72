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
import org.parquetarrow.encoding.DictionaryFixedWidthDecoder;
import org.parquetarrow.encoding.FixedWidthDictionary;
import org.parquetarrow.encoding.FixedWidthValueDecoder;
import org.parquetarrow.encoding.PlainFixedWidthDecoder;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.read.levels.ValueSpreader;
import org.parquetarrow.read.page.ByteSlice;
import org.parquetarrow.read.page.DataPage;
import org.parquetarrow.read.page.DictionaryPage;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * The values of a leaf whose Arrow storage type is fixed-width: integers, floats, dates, times,
 * timestamps, decimals (from all four physical types), FLOAT16, fixed-size binary, UUID. Values are
 * decoded densely into the vector's data buffer (through a scratch buffer and a bulk {@link
 * FixedConversion} when the physical and Arrow layouts differ), then moved up to their rows in
 * place by {@link ValueSpreader}. PLAIN values whose layout needs no conversion go from the page
 * bytes straight to their rows when the stretch has nulls ({@link
 * ValueSpreader#scatterFixedWidth}): one pass instead of a copy and a spread over the copy;
 * dictionary indices are gathered straight to their rows the same way.
 */
final class FixedWidthSink implements ValueSink {
  private final BufferAllocator allocator;
  private final Field storageField;
  private final PhysicalType physical;
  /** Bytes per stored value; for BYTE_ARRAY (decimals) 0. */
  private final int physicalWidth;
  private final int targetWidth;
  /** What a batch's values are, for a refused allocation's message (made once, not per batch). */
  private final String valuesUnit;
  private final FixedConversion conversion;

  private FixedWidthDictionary fixedDictionary;
  private BinaryDictionary binaryDictionary;
  private FixedWidthValueDecoder fixedDecoder;
  /**
   * The page's decoder when its values are PLAIN and stored as Arrow lays them out: they are then
   * placed at their rows straight from the page bytes.
   */
  private PlainFixedWidthDecoder plainDecoder;
  /** Likewise for dictionary pages: the indices are gathered straight to their rows. */
  private DictionaryFixedWidthDecoder dictionaryDecoder;
  private BinaryValueDecoder binaryDecoder;

  private ArrowBuf data;
  private ArrowBuf dense;
  private BinaryOutput binaryScratch;

  FixedWidthSink(
      ColumnDescriptor column,
      Field storageField,
      int targetWidth,
      FixedConversion conversion,
      BufferAllocator allocator) {
    this.allocator = allocator;
    this.storageField = storageField;
    this.physical = column.physicalType();
    this.physicalWidth = PhysicalWidths.of(column);
    this.targetWidth = targetWidth;
    this.valuesUnit = "values of " + targetWidth + " bytes";
    this.conversion = conversion;
  }

  @Override
  public void startChunk() {
    fixedDictionary = null;
    binaryDictionary = null;
  }

  @Override
  public void loadDictionary(DictionaryPage d) {
    ByteSlice s = d.data();
    if (physical == PhysicalType.BYTE_ARRAY) {
      binaryDictionary = BinaryDictionary.fromPlain(s.array(), s.offset(), s.length(), d.numValues());
    } else {
      fixedDictionary =
          FixedWidthDictionary.fromPlain(s.array(), s.offset(), s.length(), d.numValues(), physicalWidth);
    }
  }

  @Override
  public void startPage(DataPage page) {
    ByteSlice v = page.values();
    fixedDecoder = null;
    binaryDecoder = null;
    if (physical != PhysicalType.BYTE_ARRAY) {
      fixedDecoder = ValueDecoders.fixedWidth(page.encoding(), physical, physicalWidth, fixedDictionary);
    }
    plainDecoder = null;
    dictionaryDecoder = null;
    if (fixedDecoder != null) {
      fixedDecoder.init(v.array(), v.offset(), v.length(), page.numValues());
      if (conversion == FixedConversion.NONE) {
        if (fixedDecoder instanceof PlainFixedWidthDecoder p) {
          plainDecoder = p;
        } else if (fixedDecoder instanceof DictionaryFixedWidthDecoder d) {
          dictionaryDecoder = d;
        }
      }
    } else {
      int fixedLength = physical == PhysicalType.FIXED_LEN_BYTE_ARRAY ? physicalWidth : 0;
      binaryDecoder = ValueDecoders.binary(page.encoding(), physical, fixedLength, binaryDictionary);
      binaryDecoder.init(v.array(), v.offset(), v.length(), page.numValues());
    }
  }

  @Override
  public void allocate(int rows) {
    // every row is written by read (values, or zeros for nulls): no need to clear first
    // a wide FIXED_LEN_BYTE_ARRAY (its type_length is the footer's word) times the batch's rows
    // can ask more than the caller's allocator allows
    data = Allocations.buffer(allocator, Math.max(1L, (long) rows * targetWidth), rows, valuesUnit);
  }

  @Override
  public void read(int nonNull, int row, int rows, ArrowBuf validity) {
    if (nonNull == 0) {
      data.setZero((long) row * targetWidth, (long) rows * targetWidth);
      return;
    }
    long at = (long) row * targetWidth;
    if (plainDecoder != null && nonNull < rows) {
      // one pass from the page to the rows: no dense copy for the spreading to read again
      int from = plainDecoder.consume(nonNull);
      ValueSpreader.scatterFixedWidth(plainDecoder.array(), from, nonNull, targetWidth, data, at,
          validity, row, rows);
      return;
    }
    if (dictionaryDecoder != null && nonNull < rows) {
      dictionaryDecoder.readScattered(data, at, validity, row, rows, nonNull);
      return;
    }
    // the dense values go to the stretch's first slots, then move up to their rows in place
    if (physical == PhysicalType.BYTE_ARRAY) {
      BinaryOutput out = binaryScratch(nonNull);
      binaryDecoder.read(out, nonNull);
      FixedConversion.bigEndianVariableToDecimal(out, nonNull, data, at, targetWidth);
    } else if (fixedDecoder != null && conversion == FixedConversion.NONE) {
      fixedDecoder.read(data, at, nonNull);
    } else {
      dense = ValueSink.scratch(allocator, dense, (long) nonNull * physicalWidth);
      if (fixedDecoder != null) {
        fixedDecoder.read(dense, 0, nonNull);
      } else {
        BinaryOutput out = binaryScratch(nonNull);
        binaryDecoder.read(out, nonNull);
        dense.setBytes(0, out.data(), 0, (long) nonNull * physicalWidth);
      }
      conversion.convert(dense, physicalWidth, data, at, targetWidth, nonNull);
    }
    if (nonNull < rows) {
      ValueSpreader.spreadFixedWidth(data, at, targetWidth, validity, row, rows);
    }
  }

  private BinaryOutput binaryScratch(int values) {
    if (binaryScratch == null) {
      binaryScratch = new BinaryOutput(allocator, BinaryOutput.OffsetWidth.INT32, values, 16L * values);
    }
    binaryScratch.clear();
    return binaryScratch;
  }

  @Override
  public FieldVector finish(ArrowBuf validity, int rows, int nulls) {
    return ValueSink.load(storageField, allocator, rows, nulls, List.of(validity, data));
  }

  @Override
  public void skip(int values) {
    if (values > 0) {
      if (fixedDecoder != null) {
        fixedDecoder.skip(values);
      } else {
        binaryDecoder.skip(values);
      }
    }
  }

  @Override
  public void ensureCapacity(int values) {
    data = ValueSink.grown(allocator, data, (long) values * targetWidth);
  }

  @Override
  public FieldVector finishSpread(ArrowBuf slotValidity, int slots, int nulls) {
    ValueSpreader.spreadFixedWidth(data, 0, targetWidth, slotValidity, 0, slots);
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
    if (dense != null) {
      dense.close();
      dense = null;
    }
    if (binaryScratch != null) {
      binaryScratch.close();
      binaryScratch = null;
    }
  }
}
