package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * BYTE_STREAM_SPLIT encoding for values of {@code byteWidth} bytes (FLOAT, DOUBLE, INT32, INT64,
 * FIXED_LEN_BYTE_ARRAY): values are collected, and {@link #flushTo} writes byte 0 of every value,
 * then byte 1, and so on.
 *
 * <pre>{@code
 * var enc = new ByteStreamSplitEncoder(8);
 * enc.write(float8Vector.getDataBuffer(), 0, rowCount);
 * enc.flushTo(pageSink);
 * }</pre>
 */
public final class ByteStreamSplitEncoder {
  private final int byteWidth;
  private final ByteSink values = new ByteSink();

  public ByteStreamSplitEncoder(int byteWidth) {
    if (byteWidth < 1) {
      throw new IllegalArgumentException("byte width " + byteWidth);
    }
    this.byteWidth = byteWidth;
  }

  /** Appends {@code n} values stored at {@code src[offset ..]}. */
  public void write(ArrowBuf src, long offset, int n) {
    long bytes = (long) n * byteWidth;
    if (bytes > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(bytes + " bytes in one call");
    }
    values.write(src, offset, (int) bytes);
  }

  /** Appends {@code n} values stored back to back at {@code src[off ..]}. */
  public void write(byte[] src, int off, int n) {
    values.write(src, off, n * byteWidth);
  }

  public int estimatedSize() {
    return values.size();
  }

  public void flushTo(ByteSink sink) {
    int n = values.size() / byteWidth;
    int at = sink.reserve(values.size());
    byte[] in = values.array();
    byte[] out = sink.array();
    for (int k = 0; k < byteWidth; k++) {
      int o = at + k * n;
      for (int i = 0, p = k; i < n; i++, p += byteWidth) {
        out[o + i] = in[p];
      }
    }
    values.reset();
  }
}
