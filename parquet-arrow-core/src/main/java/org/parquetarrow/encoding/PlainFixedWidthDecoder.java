package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.parquetarrow.CorruptFileException;

/**
 * PLAIN fixed-width values: INT32 (4 bytes), INT64 (8), INT96 (12), FLOAT (4), DOUBLE (8) and
 * FIXED_LEN_BYTE_ARRAY(n) (n). The page bytes already are Arrow's little-endian layout, so a read
 * is one bulk copy.
 *
 * <pre>{@code
 * var d = new PlainFixedWidthDecoder(4);          // INT32 or FLOAT
 * d.init(page, offset, length, count);
 * d.read(intVector.getDataBuffer(), 0, count);
 * }</pre>
 */
public final class PlainFixedWidthDecoder implements FixedWidthValueDecoder {
  private final int byteWidth;
  private byte[] buf;
  private int pos;
  private int limit;

  /** @param byteWidth bytes per value, at least 1 */
  public PlainFixedWidthDecoder(int byteWidth) {
    if (byteWidth < 1) {
      throw new IllegalArgumentException("byte width " + byteWidth);
    }
    this.byteWidth = byteWidth;
  }

  @Override
  public int byteWidth() {
    return byteWidth;
  }

  @Override
  public void init(byte[] buf, int offset, int length, int valueCount) {
    Checks.checkSection(buf, offset, length);
    this.buf = buf;
    this.pos = offset;
    this.limit = offset + length;
  }

  @Override
  public void read(ArrowBuf dst, long dstOffset, int n) {
    int bytes = take(n);
    ArrowBufs.putBytes(dst, dstOffset, buf, pos, bytes);
    pos += bytes;
  }

  @Override
  public void skip(int n) {
    pos += take(n);
  }

  /**
   * The array the values are read from: with {@link #consume}, lets a caller place the values
   * itself (e.g. straight at their slots under nulls) instead of through a dense {@link #read}.
   */
  public byte[] array() {
    return buf;
  }

  /**
   * Consumes the next {@code n} values, checking they are there, and returns the index in {@link
   * #array} of the first one's first byte.
   *
   * @throws CorruptFileException if fewer than {@code n} values remain
   */
  public int consume(int n) {
    int bytes = take(n);
    int from = pos;
    pos += bytes;
    return from;
  }

  /** Values left in the section. */
  public int remaining() {
    return (limit - pos) / byteWidth;
  }

  private int take(int n) {
    Checks.checkCount(n);
    long bytes = (long) n * byteWidth;
    if (bytes > limit - pos) {
      throw new CorruptFileException("PLAIN: " + n + " values of " + byteWidth + " bytes need "
          + bytes + " bytes, " + (limit - pos) + " remain in the page");
    }
    return (int) bytes;
  }
}
