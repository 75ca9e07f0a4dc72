package org.parquetarrow.write;

import org.parquetarrow.encoding.ByteSink;
import org.parquetarrow.encoding.ByteStreamSplitEncoder;
import org.parquetarrow.encoding.DeltaBinaryPackedEncoder;
import org.parquetarrow.encoding.DeltaByteArrayEncoder;
import org.parquetarrow.encoding.DeltaLengthByteArrayEncoder;
import org.parquetarrow.encoding.PlainBooleanEncoder;
import org.parquetarrow.encoding.RleBitPackedHybridEncoder;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * Encodes the values of a data page that is not dictionary encoded: ranges of the column's
 * {@link LeafValues} are appended while the page fills, {@link #flushTo} writes the page's value
 * section and starts over.
 */
abstract class ValueEncoder {

  abstract Encoding encoding();

  abstract void append(int from, int to);

  abstract long estimatedSize();

  abstract void flushTo(ByteSink sink);

  /**
   * The encoder of {@code encoding} for a column.
   *
   * @throws IllegalArgumentException when the encoding does not apply to the column's physical type
   */
  static ValueEncoder create(Encoding encoding, ColumnDescriptor column, LeafValues values, DataPageVersion version) {
    PhysicalType type = column.physicalType();
    boolean ok = switch (encoding) {
      case PLAIN -> true;
      case DELTA_BINARY_PACKED -> type == PhysicalType.INT32 || type == PhysicalType.INT64;
      case DELTA_LENGTH_BYTE_ARRAY -> type == PhysicalType.BYTE_ARRAY;
      case DELTA_BYTE_ARRAY -> type == PhysicalType.BYTE_ARRAY || type == PhysicalType.FIXED_LEN_BYTE_ARRAY;
      case BYTE_STREAM_SPLIT -> type == PhysicalType.FLOAT || type == PhysicalType.DOUBLE
          || type == PhysicalType.INT32 || type == PhysicalType.INT64 || type == PhysicalType.FIXED_LEN_BYTE_ARRAY;
      case RLE -> type == PhysicalType.BOOLEAN;
      default -> false;
    };
    if (!ok) {
      throw new IllegalArgumentException("encoding " + encoding + " cannot encode column " + column.dottedPath()
          + " of type " + type);
    }
    return switch (encoding) {
      case PLAIN -> values instanceof BooleanValues b ? new PlainBooleans(b) : new Plain(values);
      case DELTA_BINARY_PACKED -> new DeltaBinaryPacked((FixedWidthValues) values);
      case DELTA_LENGTH_BYTE_ARRAY -> new DeltaLength((BinaryValues) values);
      case DELTA_BYTE_ARRAY -> new DeltaByteArray((BinaryValues) values);
      case BYTE_STREAM_SPLIT -> new ByteStreamSplit(values);
      default -> new RleBooleans((BooleanValues) values);
    };
  }

  private static final class Plain extends ValueEncoder {
    private final LeafValues values;
    // starts small and grows with the page: a file of 100,000 columns must not hold 64 KiB per
    // column before any data (a 2-row upload of that width ran out of heap)
    private final ByteSink sink = new ByteSink();

    Plain(LeafValues values) {
      this.values = values;
    }

    Encoding encoding() {
      return Encoding.PLAIN;
    }

    void append(int from, int to) {
      values.writePlain(from, to, sink);
    }

    long estimatedSize() {
      return sink.size();
    }

    void flushTo(ByteSink out) {
      out.write(sink);
      sink.reset();
    }
  }

  private static final class PlainBooleans extends ValueEncoder {
    private final BooleanValues values;
    private final PlainBooleanEncoder encoder = new PlainBooleanEncoder();

    PlainBooleans(BooleanValues values) {
      this.values = values;
    }

    Encoding encoding() {
      return Encoding.PLAIN;
    }

    void append(int from, int to) {
      values.writePlain(from, to, encoder);
    }

    long estimatedSize() {
      return encoder.estimatedSize();
    }

    void flushTo(ByteSink out) {
      encoder.flushTo(out);
    }
  }

  private static final class RleBooleans extends ValueEncoder {
    private final BooleanValues values;
    private final RleBitPackedHybridEncoder encoder = new RleBitPackedHybridEncoder(1);

    RleBooleans(BooleanValues values) {
      this.values = values;
    }

    Encoding encoding() {
      return Encoding.RLE;
    }

    void append(int from, int to) {
      byte[] v = values.values;
      for (int i = from; i < to; i++) {
        encoder.write(v[i]);
      }
    }

    long estimatedSize() {
      return encoder.estimatedSize();
    }

    void flushTo(ByteSink out) {
      encoder.flushWithLengthTo(out);
    }
  }

  private static final class DeltaBinaryPacked extends ValueEncoder {
    private final FixedWidthValues values;
    private final DeltaBinaryPackedEncoder encoder;

    DeltaBinaryPacked(FixedWidthValues values) {
      this.values = values;
      this.encoder = values.width() == 4 ? DeltaBinaryPackedEncoder.int32() : DeltaBinaryPackedEncoder.int64();
    }

    Encoding encoding() {
      return Encoding.DELTA_BINARY_PACKED;
    }

    void append(int from, int to) {
      encoder.write(values.values, from, to - from);
    }

    long estimatedSize() {
      return encoder.estimatedSize();
    }

    void flushTo(ByteSink out) {
      encoder.flushTo(out);
    }
  }

  private static final class DeltaLength extends ValueEncoder {
    private final BinaryValues values;
    private final DeltaLengthByteArrayEncoder encoder = new DeltaLengthByteArrayEncoder();

    DeltaLength(BinaryValues values) {
      this.values = values;
    }

    Encoding encoding() {
      return Encoding.DELTA_LENGTH_BYTE_ARRAY;
    }

    void append(int from, int to) {
      for (int i = from; i < to; i++) {
        encoder.write(values.data, values.offsets[i], values.offsets[i + 1] - values.offsets[i]);
      }
    }

    long estimatedSize() {
      return encoder.estimatedSize();
    }

    void flushTo(ByteSink out) {
      encoder.flushTo(out);
    }
  }

  private static final class DeltaByteArray extends ValueEncoder {
    private final BinaryValues values;
    private final DeltaByteArrayEncoder encoder = new DeltaByteArrayEncoder();

    DeltaByteArray(BinaryValues values) {
      this.values = values;
    }

    Encoding encoding() {
      return Encoding.DELTA_BYTE_ARRAY;
    }

    void append(int from, int to) {
      for (int i = from; i < to; i++) {
        encoder.write(values.data, values.offsets[i], values.offsets[i + 1] - values.offsets[i]);
      }
    }

    long estimatedSize() {
      return encoder.estimatedSize();
    }

    void flushTo(ByteSink out) {
      encoder.flushTo(out);
    }
  }

  private static final class ByteStreamSplit extends ValueEncoder {
    private final LeafValues values;
    private final ByteStreamSplitEncoder encoder;
    private final ByteSink scratch = new ByteSink(1024);

    ByteStreamSplit(LeafValues values) {
      this.values = values;
      int width = values instanceof FixedWidthValues f ? f.width() : ((BinaryValues) values).fixedWidth;
      this.encoder = new ByteStreamSplitEncoder(width);
    }

    Encoding encoding() {
      return Encoding.BYTE_STREAM_SPLIT;
    }

    void append(int from, int to) {
      scratch.reset();
      values.writePlain(from, to, scratch);
      encoder.write(scratch.array(), 0, to - from);
    }

    long estimatedSize() {
      return encoder.estimatedSize();
    }

    void flushTo(ByteSink out) {
      encoder.flushTo(out);
    }
  }
}
