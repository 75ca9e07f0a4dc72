package org.parquetarrow.encoding;

/**
 * The part every value decoder shares: start a page's value section, skip values. Reading is
 * typed by output shape in the sub-interfaces ({@link FixedWidthValueDecoder}, {@link
 * BooleanValueDecoder}, {@link BinaryValueDecoder}), one call per batch, never per value.
 *
 * <p>Decoders see only non-null values, one after another ("dense"); the caller spreads them to
 * their row positions using the definition levels.
 */
public interface ValueDecoder {
  /**
   * Starts decoding the value section {@code buf[offset .. offset + length)} of a page. The
   * decoder reads the array in place, so the caller must not change those bytes until it is done
   * with this page.
   *
   * @param valueCount how many values the section holds at most (a v1 page's value count
   *     including nulls is fine): decoders check counts stored in the data against it
   * @throws org.parquetarrow.CorruptFileException if the section's own header is malformed
   */
  void init(byte[] buf, int offset, int length, int valueCount);

  /**
   * Skips the next {@code n} values.
   *
   * @throws org.parquetarrow.CorruptFileException if fewer than {@code n} values remain
   */
  void skip(int n);
}
