package org.parquetarrow.encoding;

/**
 * Decodes BYTE_ARRAY (and, for DELTA_BYTE_ARRAY and dictionaries, FIXED_LEN_BYTE_ARRAY) values
 * by appending them to a {@link BinaryOutput}.
 *
 * <pre>{@code
 * try (BinaryOutput out = new BinaryOutput(allocator, BinaryOutput.OffsetWidth.INT32, 1024, 1 << 16)) {
 *   BinaryValueDecoder d = new PlainBinaryDecoder();
 *   d.init(page, valuesStart, valuesLength, nonNullCount);
 *   d.read(out, nonNullCount);
 * }
 * }</pre>
 */
public interface BinaryValueDecoder extends ValueDecoder {
  /** Appends the next {@code n} values to {@code out}. */
  void read(BinaryOutput out, int n);
}
