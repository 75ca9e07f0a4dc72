package org.parquetarrow.io;

/**
 * A contiguous span of a file to read: {@code length} bytes starting at {@code offset}, as asked
 * of {@link InputFile#readRanges}.
 *
 * <pre>{@code
 * List<ByteBuffer> parts = in.readRanges(List.of(FileRange.of(4, 1_024), FileRange.of(90_000, 512)));
 * }</pre>
 */
public record FileRange(long offset, long length) {

  public FileRange {
    if (offset < 0 || length < 0 || offset > Long.MAX_VALUE - length) {
      throw new IllegalArgumentException("invalid file range at " + offset + " of " + length + " bytes");
    }
  }

  public static FileRange of(long offset, long length) {
    return new FileRange(offset, length);
  }

  /** The first byte after the range. */
  public long end() {
    return offset + length;
  }

  /** Whether the range holds no byte. */
  public boolean isEmpty() {
    return length == 0;
  }

  /** Whether the range lies within {@code [0, fileLength)}. */
  public boolean fitsIn(long fileLength) {
    return end() <= fileLength;
  }

  @Override
  public String toString() {
    return "[" + offset + ", " + end() + ")";
  }
}
