package org.parquetarrow.encoding;

import org.parquetarrow.CorruptFileException;

/**
 * PLAIN BYTE_ARRAY values: each a 4-byte little-endian length, then its bytes. A read first walks
 * the lengths of the batch (checking each against the bytes left), reserves the output once, then
 * copies.
 *
 * <pre>{@code
 * var d = new PlainBinaryDecoder();
 * d.init(page, offset, length, count);
 * d.read(binaryOutput, count);
 * }</pre>
 */
public final class PlainBinaryDecoder implements BinaryValueDecoder {
  private static final String WHAT = "PLAIN BYTE_ARRAY";

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

  @Override
  public void read(BinaryOutput out, int n) {
    Checks.checkCount(n);
    int end = walk(n);
    long total = (long) (end - pos) - 4L * n;
    out.reserve(n, total);
    int p = pos;
    for (int i = 0; i < n; i++) {
      int len = LittleEndian.getInt(buf, p);
      out.appendReservedShort(buf, p + 4, len);
      p += 4 + len;
    }
    pos = end;
  }

  @Override
  public void skip(int n) {
    Checks.checkCount(n);
    pos = walk(n);
  }

  /** Checks the next {@code n} values are complete; returns the offset after them. */
  private int walk(int n) {
    int p = pos;
    for (int i = 0; i < n; i++) {
      if (limit - p < 4) {
        throw new CorruptFileException(WHAT + ": value " + i + " of " + n
            + ": the page ends before its length at byte " + p);
      }
      int len = LittleEndian.getInt(buf, p);
      if (len < 0 || len > limit - p - 4) {
        throw new CorruptFileException(WHAT + ": value length " + Integer.toUnsignedString(len)
            + " at byte " + p + " exceeds the " + (limit - p - 4) + " bytes left in the page");
      }
      p += 4 + len;
    }
    return p;
  }
}
