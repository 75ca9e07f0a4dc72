package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.parquetarrow.CorruptFileException;

/**
 * BYTE_STREAM_SPLIT for FLOAT, DOUBLE, INT32, INT64 and FIXED_LEN_BYTE_ARRAY(n): byte {@code k} of
 * value {@code i} is at {@code k * N + i}, where {@code N = length / byteWidth} is the number of
 * values in the page (the section has no header, so N comes from its length). Reads interleave the
 * streams back into a heap chunk and copy it out in bulk.
 *
 * <pre>{@code
 * var d = new ByteStreamSplitDecoder(8);          // DOUBLE or INT64
 * d.init(page, offset, length, count);
 * d.read(float8Vector.getDataBuffer(), 0, count);
 * }</pre>
 */
public final class ByteStreamSplitDecoder implements FixedWidthValueDecoder {
  private static final int CHUNK_BYTES = 8192;

  private final int byteWidth;
  private final byte[] chunk;
  private byte[] buf;
  private int start;
  private int streamLength;
  private int index;

  /** @param byteWidth bytes per value (the number of streams), at least 1 */
  public ByteStreamSplitDecoder(int byteWidth) {
    if (byteWidth < 1) {
      throw new IllegalArgumentException("byte width " + byteWidth);
    }
    this.byteWidth = byteWidth;
    this.chunk = new byte[Math.max(CHUNK_BYTES / byteWidth, 1) * byteWidth];
  }

  @Override
  public int byteWidth() {
    return byteWidth;
  }

  @Override
  public void init(byte[] buf, int offset, int length, int valueCount) {
    Checks.checkSection(buf, offset, length);
    if (length % byteWidth != 0) {
      throw new CorruptFileException("BYTE_STREAM_SPLIT: section of " + length
          + " bytes is not a multiple of the value width " + byteWidth);
    }
    this.buf = buf;
    this.start = offset;
    this.streamLength = length / byteWidth;
    this.index = 0;
  }

  @Override
  public void read(ArrowBuf dst, long dstOffset, int n) {
    Checks.checkCount(n);
    Checks.checkRemaining("BYTE_STREAM_SPLIT", streamLength - index, n);
    long address = ArrowBufs.address(dst, dstOffset, (long) n * byteWidth);
    int perChunk = chunk.length / byteWidth;
    for (int done = 0; done < n; ) {
      int c = Math.min(perChunk, n - done);
      interleave(c);
      MemoryUtil.copyToMemory(chunk, 0, address + (long) done * byteWidth, (long) c * byteWidth);
      index += c;
      done += c;
    }
  }

  @Override
  public void skip(int n) {
    Checks.checkCount(n);
    Checks.checkRemaining("BYTE_STREAM_SPLIT", streamLength - index, n);
    index += n;
  }

  /** Gathers values {@code index .. index + c} from the streams into {@code chunk}. */
  private void interleave(int c) {
    byte[] in = buf;
    byte[] out = chunk;
    int n = streamLength;
    int base = start + index;
    switch (byteWidth) {
      case 4:
        for (int i = 0; i < c; i++) {
          int p = base + i;
          int v = (in[p] & 0xff) | (in[p + n] & 0xff) << 8 | (in[p + 2 * n] & 0xff) << 16
              | (in[p + 3 * n] & 0xff) << 24;
          LittleEndian.putInt(out, 4 * i, v);
        }
        break;
      case 8:
        for (int i = 0; i < c; i++) {
          int p = base + i;
          long lo = (in[p] & 0xff) | (in[p + n] & 0xff) << 8 | (in[p + 2 * n] & 0xff) << 16
              | (in[p + 3 * n] & 0xffL) << 24;
          long hi = (in[p + 4 * n] & 0xff) | (in[p + 5 * n] & 0xff) << 8
              | (in[p + 6 * n] & 0xff) << 16 | (in[p + 7 * n] & 0xffL) << 24;
          LittleEndian.putLong(out, 8 * i, lo | hi << 32);
        }
        break;
      default:
        // any width: one stream at a time, each a strided scatter into the chunk
        for (int k = 0; k < byteWidth; k++) {
          int p = base + k * n;
          for (int i = 0, o = k; i < c; i++, o += byteWidth) {
            out[o] = in[p + i];
          }
        }
    }
  }
}
