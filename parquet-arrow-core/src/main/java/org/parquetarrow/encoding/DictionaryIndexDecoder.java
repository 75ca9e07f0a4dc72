package org.parquetarrow.encoding;

import java.util.Objects;
import org.parquetarrow.CorruptFileException;

/**
 * RLE_DICTIONARY / PLAIN_DICTIONARY data: one byte of bit width (0..32), then the RLE /
 * bit-packed hybrid of dictionary indices. Every index read is checked against the dictionary
 * size.
 *
 * <pre>{@code
 * var indices = new DictionaryIndexDecoder();
 * indices.init(page, offset, length, count, dictionary.size());
 * indices.read(ids, 0, count);
 * }</pre>
 */
public final class DictionaryIndexDecoder {
  private static final String WHAT = "dictionary indices";

  private final RleBitPackedHybridDecoder rle = new RleBitPackedHybridDecoder();
  private int dictionarySize;

  /**
   * Starts a page's indices.
   *
   * @throws CorruptFileException if the bit width byte is missing or above 32
   */
  public void init(byte[] buf, int offset, int length, int valueCount, int dictionarySize) {
    Checks.checkSection(buf, offset, length);
    if (dictionarySize < 0) {
      throw new IllegalArgumentException("dictionary size " + dictionarySize);
    }
    this.dictionarySize = dictionarySize;
    if (length == 0) {
      // no bit width byte: only a page without values may be empty
      rle.init(buf, offset, 0, 0);
      return;
    }
    int bitWidth = buf[offset] & 0xff;
    if (bitWidth > RleBitPackedHybridDecoder.MAX_BIT_WIDTH) {
      throw new CorruptFileException(WHAT + ": bit width " + bitWidth + " exceeds "
          + RleBitPackedHybridDecoder.MAX_BIT_WIDTH);
    }
    rle.init(buf, offset + 1, length - 1, bitWidth);
  }

  public int dictionarySize() {
    return dictionarySize;
  }

  /**
   * Reads exactly {@code n} indices into {@code dst[off ..]}.
   *
   * @throws CorruptFileException if the data ends early or an index is outside the dictionary
   */
  public void read(int[] dst, int off, int n) {
    Checks.checkCount(n);
    Objects.checkFromIndexSize(off, n, dst.length);
    if (rle.read(dst, off, n) != n) {
      throw endsEarly(n);
    }
    checkIndices(dst, off, n, dictionarySize);
  }

  /** Skips exactly {@code n} indices. */
  public void skip(int n) {
    if (rle.skip(n) != n) {
      throw endsEarly(n);
    }
  }

  /** Rejects any index outside {@code 0 .. size - 1}, without a branch per index. */
  static void checkIndices(int[] ids, int off, int n, int size) {
    int bad = 0;
    int last = size - 1;
    for (int i = off; i < off + n; i++) {
      bad |= ids[i] | (last - ids[i]);
    }
    if (bad < 0) {
      for (int i = off; i < off + n; i++) {
        if (ids[i] < 0 || ids[i] > last) {
          throw new CorruptFileException(WHAT + ": index " + Integer.toUnsignedString(ids[i])
              + " is outside the dictionary of " + size + " values");
        }
      }
    }
  }

  private static CorruptFileException endsEarly(int n) {
    return new CorruptFileException(WHAT + ": the page's data ends before " + n
        + " indices were read");
  }
}
