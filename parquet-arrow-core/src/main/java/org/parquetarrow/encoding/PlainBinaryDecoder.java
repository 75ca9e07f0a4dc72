package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * PLAIN BYTE_ARRAY values: each a 4-byte little-endian length, then its bytes. A read checks,
 * copies and offsets each value in one pass; it walks the lengths first only when the output has
 * no room for the rest of the page, to reserve exactly what the values need.
 *
 * <pre>{@code
 * var d = new PlainBinaryDecoder();
 * d.init(page, offset, length, count);
 * d.read(binaryOutput, count);
 * }</pre>
 */
public final class PlainBinaryDecoder implements BinaryValueDecoder {
  private byte[] buf;
  private int pos;
  private int limit;

  @Override
  public void init(byte[] buf, int offset, int length, int valueCount) {
    Checks.checkSection(buf, offset, length);
    this.buf = buf;
    this.pos = offset;
    this.limit = offset + length;
  }

  /** One pass per value: its length checked, its bytes copied, its offset written. */
  @Override
  public void read(BinaryOutput out, int n) {
    Checks.checkCount(n);
    pos = out.appendPlain(buf, pos, reserve(out, n, n), n);
  }

  /** As {@link #read}, the null rows taking empty entries in the same loop. */
  @Override
  public void readSpaced(BinaryOutput out, int nonNull, ArrowBuf validity, long bitOffset, int rows) {
    Checks.checkCount(nonNull);
    Checks.checkCount(rows);
    long bits = Bitmaps.checkedAddress(validity, bitOffset, rows);
    int end = reserve(out, nonNull, rows);
    pos = out.appendPlainSpaced(buf, pos, end, nonNull, bits, bitOffset, rows);
  }

  /**
   * Reserves room in {@code out} for {@code entries} entries holding the next {@code n} values,
   * and returns the position the values end before at the latest. The page's bytes left bound
   * the values' bytes, so where the output has room for those, no pass over the lengths is
   * needed first; otherwise the values are walked to reserve no more than they need.
   */
  private int reserve(BinaryOutput out, int n, int entries) {
    if (out.hasRoom(entries, (long) (limit - pos) + BinaryOutput.WORD_COPY_MAX)) {
      return limit;
    }
    int end = walk(n);
    out.reserve(entries, (long) (end - pos) + BinaryOutput.WORD_COPY_MAX);
    return end;
  }

  @Override
  public void skip(int n) {
    Checks.checkCount(n);
    pos = walk(n);
  }

  /**
   * Checks the next {@code n} values are complete; returns the offset after them.
   *
   * @throws org.parquetarrow.CorruptFileException if a length is cut off, negative or too long
   */
  private int walk(int n) {
    int p = pos;
    for (int i = 0; i < n; i++) {
      p += 4 + BinaryOutput.plainLength(buf, p, limit, i, n);
    }
    return p;
  }
}
