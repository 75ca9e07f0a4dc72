package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * Decodes BOOLEAN values into an Arrow bitmap (one bit per value, LSB first), e.g. the data buffer
 * of a {@code BitVector}.
 *
 * <pre>{@code
 * BooleanValueDecoder d = new PlainBooleanDecoder();
 * d.init(page, valuesStart, valuesLength, nonNullCount);
 * d.read(bitVector.getDataBuffer(), 0, nonNullCount);
 * }</pre>
 */
public interface BooleanValueDecoder extends ValueDecoder {
  /**
   * Writes the next {@code n} values as bits {@code bitOffset .. bitOffset + n - 1} of {@code
   * bitmap}; other bits keep their value.
   */
  void read(ArrowBuf bitmap, long bitOffset, int n);
}
