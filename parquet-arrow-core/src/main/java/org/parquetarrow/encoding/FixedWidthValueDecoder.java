package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * Decodes fixed-width values (INT32, INT64, INT96, FLOAT, DOUBLE, FIXED_LEN_BYTE_ARRAY) into an
 * Arrow data buffer, little-endian, {@link #byteWidth()} bytes each.
 *
 * <pre>{@code
 * FixedWidthValueDecoder d = new PlainFixedWidthDecoder(8);
 * d.init(page, valuesStart, valuesLength, nonNullCount);
 * d.read(vector.getDataBuffer(), 0, nonNullCount);
 * }</pre>
 */
public interface FixedWidthValueDecoder extends ValueDecoder {
  /** Bytes per value in the output. */
  int byteWidth();

  /**
   * Writes the next {@code n} values to {@code dst} from byte {@code dstOffset} on.
   *
   * @throws org.parquetarrow.CorruptFileException if fewer than {@code n} values remain or the
   *     data is malformed
   * @throws IndexOutOfBoundsException if {@code dst} is too small
   */
  void read(ArrowBuf dst, long dstOffset, int n);
}
