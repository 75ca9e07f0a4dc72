package org.parquetarrow.encoding;

import org.parquetarrow.CorruptFileException;

/**
 * DELTA_LENGTH_BYTE_ARRAY: all lengths, DELTA_BINARY_PACKED, then all bytes back to back. Lengths
 * are decoded a chunk at a time and each chunk's bytes are appended with one copy.
 *
 * <pre>{@code
 * var d = new DeltaLengthByteArrayDecoder();
 * d.init(page, offset, length, count);
 * d.read(binaryOutput, count);
 * }</pre>
 */
public final class DeltaLengthByteArrayDecoder implements BinaryValueDecoder {
  private static final String WHAT = "DELTA_LENGTH_BYTE_ARRAY";
  private static final int CHUNK = 1024;

  private final DeltaBinaryPackedReader lengths = new DeltaBinaryPackedReader(WHAT + " lengths");
  private final int[] chunk = new int[CHUNK];
  private byte[] buf;
  private int dataPos;
  private int limit;

  @Override
  public void init(byte[] buf, int offset, int length, int valueCount) {
    Checks.checkSection(buf, offset, length);
    lengths.init(buf, offset, length, valueCount);
    this.buf = buf;
    this.dataPos = lengths.end();
    this.limit = offset + length;
  }

  /** Values not yet read or skipped. */
  public int remaining() {
    return lengths.remaining();
  }

  @Override
  public void read(BinaryOutput out, int n) {
    Checks.checkCount(n);
    Checks.checkRemaining(WHAT, lengths.remaining(), n);
    for (int done = 0; done < n; ) {
      int c = Math.min(CHUNK, n - done);
      lengths.readInts(chunk, 0, c);
      long total = checkedTotal(c);
      out.reserve(c, total);
      out.appendConcatenated(chunk, 0, c, buf, dataPos, total);
      dataPos += (int) total;
      done += c;
    }
  }

  @Override
  public void skip(int n) {
    Checks.checkCount(n);
    Checks.checkRemaining(WHAT, lengths.remaining(), n);
    for (int done = 0; done < n; ) {
      int c = Math.min(CHUNK, n - done);
      lengths.readInts(chunk, 0, c);
      dataPos += (int) checkedTotal(c);
      done += c;
    }
  }

  /** Sums the chunk's lengths, rejecting negative ones and a total past the page end. */
  private long checkedTotal(int c) {
    long total = 0;
    int negative = 0;
    for (int i = 0; i < c; i++) {
      int len = chunk[i];
      negative |= len;
      total += len;
    }
    if (negative < 0) {
      for (int i = 0; i < c; i++) {
        if (chunk[i] < 0) {
          throw new CorruptFileException(WHAT + ": negative value length " + chunk[i]);
        }
      }
    }
    if (total > limit - dataPos) {
      throw new CorruptFileException(WHAT + ": values need " + total + " bytes, "
          + (limit - dataPos) + " remain in the page");
    }
    return total;
  }
}
