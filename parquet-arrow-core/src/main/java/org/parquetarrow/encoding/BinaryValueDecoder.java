package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;

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

  /**
   * Appends {@code rows} entries to {@code out}, one per row of a nullable column: the row whose
   * bit {@code bitOffset + r} of {@code validity} is set takes the next value, any other row an
   * empty entry (Arrow's offsets of a null slot). Exactly {@code nonNull} of those bits are set.
   * The offsets then need no spreading over the null rows. This default appends the values
   * densely, then spreads their offsets in place.
   *
   * <pre>{@code
   * decoder.readSpaced(out, nonNullCount, validity, firstRow, rowCount);
   * }</pre>
   *
   * @throws IllegalStateException if the set bits are not {@code nonNull}
   */
  default void readSpaced(BinaryOutput out, int nonNull, ArrowBuf validity, long bitOffset, int rows) {
    Checks.checkCount(nonNull);
    Checks.checkCount(rows);
    long bits = Bitmaps.checkedAddress(validity, bitOffset, rows);
    out.reserve(rows, 0);
    read(out, nonNull);
    out.spreadLast(nonNull, rows, bits, bitOffset);
  }
}
