package org.parquetarrow.encoding;

import java.util.Arrays;
import org.parquetarrow.CorruptFileException;

/**
 * DELTA_BYTE_ARRAY (front coding) for BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY: prefix lengths
 * (DELTA_BINARY_PACKED), then suffixes (DELTA_LENGTH_BYTE_ARRAY). Each value is the previous
 * value's first {@code prefix} bytes followed by its suffix. The previous value is kept across
 * reads and skips of the page.
 *
 * <p>For FIXED_LEN_BYTE_ARRAY(n) construct with {@code fixedLength = n}: every value is then
 * checked to be {@code n} bytes, so {@link BinaryOutput#data()} is the fixed-width layout.
 *
 * <pre>{@code
 * var d = new DeltaByteArrayDecoder();
 * d.init(page, offset, length, count);
 * d.read(binaryOutput, count);
 * }</pre>
 */
public final class DeltaByteArrayDecoder implements BinaryValueDecoder {
  private static final String WHAT = "DELTA_BYTE_ARRAY";
  private static final int CHUNK = 1024;

  private final int fixedLength;
  private final DeltaBinaryPackedReader prefixes = new DeltaBinaryPackedReader(WHAT + " prefix lengths");
  private final DeltaBinaryPackedReader suffixes = new DeltaBinaryPackedReader(WHAT + " suffix lengths");
  private final int[] prefix = new int[CHUNK];
  private final int[] suffix = new int[CHUNK];
  private byte[] buf;
  private int dataPos;
  private int limit;
  private byte[] last = new byte[64];
  private int lastLength;

  /** A decoder for variable-length values (BYTE_ARRAY). */
  public DeltaByteArrayDecoder() {
    this.fixedLength = -1;
  }

  /** A decoder whose values must all be {@code fixedLength} bytes (FIXED_LEN_BYTE_ARRAY). */
  public DeltaByteArrayDecoder(int fixedLength) {
    if (fixedLength < 0) {
      throw new IllegalArgumentException("fixed length " + fixedLength);
    }
    this.fixedLength = fixedLength;
  }

  @Override
  public void init(byte[] buf, int offset, int length, int valueCount) {
    Checks.checkSection(buf, offset, length);
    int end = offset + length;
    prefixes.init(buf, offset, length, valueCount);
    int suffixStart = prefixes.end();
    suffixes.init(buf, suffixStart, end - suffixStart, valueCount);
    if (prefixes.totalCount() != suffixes.totalCount()) {
      throw new CorruptFileException(WHAT + ": " + prefixes.totalCount() + " prefix lengths but "
          + suffixes.totalCount() + " suffix lengths");
    }
    this.buf = buf;
    this.dataPos = suffixes.end();
    this.limit = end;
    this.lastLength = 0;
  }

  /** Values not yet read or skipped. */
  public int remaining() {
    return prefixes.remaining();
  }

  @Override
  public void read(BinaryOutput out, int n) {
    decode(out, n);
  }

  @Override
  public void skip(int n) {
    decode(null, n);
  }

  private void decode(BinaryOutput out, int n) {
    Checks.checkCount(n);
    Checks.checkRemaining(WHAT, prefixes.remaining(), n);
    for (int done = 0; done < n; ) {
      int c = Math.min(CHUNK, n - done);
      prefixes.readInts(prefix, 0, c);
      suffixes.readInts(suffix, 0, c);
      long total = validate(c);
      if (out != null) {
        out.reserve(c, total);
      }
      for (int i = 0; i < c; i++) {
        int p = prefix[i];
        int s = suffix[i];
        int len = p + s;
        if (len > last.length) {
          last = Arrays.copyOf(last, Math.max(len, 2 * last.length));
        }
        System.arraycopy(buf, dataPos, last, p, s);
        dataPos += s;
        lastLength = len;
        if (out != null) {
          out.appendReserved(last, 0, len);
        }
      }
      done += c;
    }
  }

  /**
   * Checks the chunk's lengths before any byte moves: prefixes within the previous value,
   * non-negative suffixes within the page, fixed lengths. Returns the chunk's output bytes.
   */
  private long validate(int c) {
    long previous = lastLength;
    long total = 0;
    long suffixBytes = 0;
    for (int i = 0; i < c; i++) {
      int p = prefix[i];
      int s = suffix[i];
      if (p < 0 || p > previous) {
        throw new CorruptFileException(WHAT + ": prefix length " + p
            + " is longer than the previous value (" + previous + " bytes)");
      }
      if (s < 0) {
        throw new CorruptFileException(WHAT + ": negative suffix length " + s);
      }
      suffixBytes += s;
      if (suffixBytes > limit - dataPos) {
        throw new CorruptFileException(WHAT + ": suffixes need " + suffixBytes + " bytes, "
            + (limit - dataPos) + " remain in the page");
      }
      long len = (long) p + s;
      if (fixedLength >= 0 && len != fixedLength) {
        throw new CorruptFileException(WHAT + ": value of " + len
            + " bytes in a FIXED_LEN_BYTE_ARRAY(" + fixedLength + ") column");
      }
      total += len;
      previous = len;
    }
    return total;
  }
}
