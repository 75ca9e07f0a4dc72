package org.parquetarrow.encoding;

import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;

/**
 * DELTA_BINARY_PACKED for INT32 ({@link #int32()}) or INT64 ({@link #int64()}). The value count
 * comes from the encoded header; block and miniblock sizes and bit widths (0..64) are validated
 * when the page starts. Arithmetic wraps, as the spec requires.
 *
 * <pre>{@code
 * var d = DeltaBinaryPackedDecoder.int64();
 * d.init(page, offset, length, numValues);
 * d.read(bigIntVector.getDataBuffer(), 0, d.totalValueCount());
 * }</pre>
 */
public final class DeltaBinaryPackedDecoder implements FixedWidthValueDecoder {
  private final boolean int32;
  private final DeltaBinaryPackedReader reader = new DeltaBinaryPackedReader("DELTA_BINARY_PACKED");

  private DeltaBinaryPackedDecoder(boolean int32) {
    this.int32 = int32;
  }

  /** A decoder writing 4-byte values. */
  public static DeltaBinaryPackedDecoder int32() {
    return new DeltaBinaryPackedDecoder(true);
  }

  /** A decoder writing 8-byte values. */
  public static DeltaBinaryPackedDecoder int64() {
    return new DeltaBinaryPackedDecoder(false);
  }

  @Override
  public int byteWidth() {
    return int32 ? 4 : 8;
  }

  @Override
  public void init(byte[] buf, int offset, int length, int valueCount) {
    Checks.checkSection(buf, offset, length);
    reader.init(buf, offset, length, valueCount);
  }

  /** The value count stored in the page's header. */
  public int totalValueCount() {
    return reader.totalCount();
  }

  /** Values not yet read or skipped. */
  public int remaining() {
    return reader.remaining();
  }

  /** The offset just after the encoded values in the array given to {@code init}. */
  public int endOffset() {
    return reader.end();
  }

  @Override
  public void read(ArrowBuf dst, long dstOffset, int n) {
    reader.readInto(dst, dstOffset, n, int32);
  }

  /** Reads the next {@code n} values into a heap array (INT32 values, or the low half of INT64). */
  public void readInts(int[] dst, int off, int n) {
    Objects.checkFromIndexSize(off, n, dst.length);
    reader.readInts(dst, off, n);
  }

  /** Reads the next {@code n} values into a heap array. */
  public void readLongs(long[] dst, int off, int n) {
    Objects.checkFromIndexSize(off, n, dst.length);
    reader.readLongs(dst, off, n);
  }

  @Override
  public void skip(int n) {
    reader.skip(n);
  }
}
