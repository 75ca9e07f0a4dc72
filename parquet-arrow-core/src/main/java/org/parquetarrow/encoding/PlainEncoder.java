package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * PLAIN encoding of dense values taken from Arrow buffers. Fixed-width values are copied in
 * bulk; BYTE_ARRAY values get their 4-byte length. Booleans, which pack across calls, have
 * their own {@link PlainBooleanEncoder}.
 *
 * <pre>{@code
 * PlainEncoder.writeFixedWidth(intVector.getDataBuffer(), 0, rowCount, 4, pageSink);
 * PlainEncoder.writeBinary(varChar.getOffsetBuffer(), varChar.getDataBuffer(),
 *     BinaryOutput.OffsetWidth.INT32, 0, rowCount, pageSink);
 * }</pre>
 */
public final class PlainEncoder {
  private PlainEncoder() {}

  /** Appends {@code n} values of {@code byteWidth} bytes stored at {@code src[offset ..]}. */
  public static void writeFixedWidth(ArrowBuf src, long offset, int n, int byteWidth, ByteSink sink) {
    long bytes = (long) n * byteWidth;
    if (bytes > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(bytes + " bytes in one call");
    }
    sink.write(src, offset, (int) bytes);
  }

  /**
   * Appends values {@code from .. from + n - 1} of an Arrow variable-width layout (offsets and
   * data buffers).
   */
  public static void writeBinary(ArrowBuf offsets, ArrowBuf data, BinaryOutput.OffsetWidth width,
      int from, int n, ByteSink sink) {
    boolean wide = width == BinaryOutput.OffsetWidth.INT64;
    long start = wide ? offsets.getLong(8L * from) : offsets.getInt(4L * from);
    for (int i = from; i < from + n; i++) {
      long end = wide ? offsets.getLong(8L * (i + 1)) : offsets.getInt(4L * (i + 1));
      long len = end - start;
      if (len < 0 || len > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("value " + i + " has length " + len);
      }
      sink.writeIntLe((int) len);
      sink.write(data, start, (int) len);
      start = end;
    }
  }

  /** Appends one BYTE_ARRAY value. */
  public static void writeBinary(byte[] value, int off, int len, ByteSink sink) {
    sink.writeIntLe(len);
    sink.write(value, off, len);
  }
}
