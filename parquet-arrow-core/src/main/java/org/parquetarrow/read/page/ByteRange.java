package org.parquetarrow.read.page;

/**
 * A contiguous span of a file: {@code length} bytes starting at {@code offset}.
 *
 * <pre>{@code
 * ByteRange r = new ByteRange(4, 1_024);   // bytes [4, 1028)
 * }</pre>
 */
public record ByteRange(long offset, long length) {

  public ByteRange {
    if (offset < 0 || length < 0 || offset > Long.MAX_VALUE - length) {
      throw new IllegalArgumentException(
          "invalid byte range at " + offset + " of " + length + " bytes");
    }
  }

  /** The first byte after the range. */
  public long end() {
    return offset + length;
  }

  public boolean isEmpty() {
    return length == 0;
  }
}
