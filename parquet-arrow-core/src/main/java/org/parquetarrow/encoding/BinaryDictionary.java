package org.parquetarrow.encoding;

import java.util.Arrays;
import java.util.Objects;
import org.parquetarrow.CorruptFileException;

/**
 * A dictionary of BYTE_ARRAY values copied from a PLAIN dictionary page, with a gather of values
 * by index into a {@link BinaryOutput}.
 *
 * <pre>{@code
 * var dict = BinaryDictionary.fromPlain(dictPage, 0, dictPage.length, numEntries);
 * dict.gather(ids, 0, count, binaryOutput);
 * }</pre>
 */
public final class BinaryDictionary {
  /**
   * Entry {@code i} is {@code data[offsets[i] .. offsets[i + 1])}; one entry more than the
   * dictionary holds, an empty one at index {@link #size()}, stands for a null row in {@link
   * #gatherRows}.
   */
  private final int[] offsets;
  private final byte[] data;
  /** Length of the longest entry. */
  private final int longest;

  private BinaryDictionary(int[] offsets, byte[] data) {
    this.offsets = offsets;
    this.data = data;
    int max = 0;
    for (int i = 0; i + 2 < offsets.length; i++) {
      max = Math.max(max, offsets[i + 1] - offsets[i]);
    }
    this.longest = max;
  }

  /**
   * Parses {@code count} PLAIN BYTE_ARRAY values (4-byte length, then bytes) of a dictionary page.
   *
   * @throws CorruptFileException if a length is negative or runs past the page
   */
  public static BinaryDictionary fromPlain(byte[] buf, int offset, int length, int count) {
    Checks.checkSection(buf, offset, length);
    if (count < 0 || count > length / 4) {
      // every value takes at least its 4-byte length: a larger count cannot be real
      throw new CorruptFileException("dictionary page: " + count + " BYTE_ARRAY values cannot fit in "
          + length + " bytes");
    }
    int[] offsets = new int[count + 2];
    int p = offset;
    int end = offset + length;
    int total = 0;
    for (int i = 0; i < count; i++) {
      if (end - p < 4) {
        throw new CorruptFileException("dictionary page: ends before the length of value " + i);
      }
      int len = LittleEndian.getInt(buf, p);
      if (len < 0 || len > end - p - 4) {
        throw new CorruptFileException("dictionary page: value " + i + " length "
            + Integer.toUnsignedString(len) + " exceeds the " + (end - p - 4) + " bytes left");
      }
      p += 4 + len;
      total += len;
      offsets[i + 1] = total;
    }
    offsets[count + 1] = total;
    // padded so that short values near the end can be gathered as whole words as well
    if (total > Integer.MAX_VALUE - 64 - BinaryOutput.WORD_COPY_MAX) {
      throw new CorruptFileException("dictionary page: " + total + " bytes of values, too many for one array");
    }
    byte[] data = new byte[total + BinaryOutput.WORD_COPY_MAX];
    p = offset;
    for (int i = 0; i < count; i++) {
      int len = offsets[i + 1] - offsets[i];
      System.arraycopy(buf, p + 4, data, offsets[i], len);
      p += 4 + len;
    }
    return new BinaryDictionary(offsets, data);
  }

  public int size() {
    return offsets.length - 2;
  }

  /** A copy of entry {@code i}. */
  public byte[] get(int i) {
    Objects.checkIndex(i, size());
    return Arrays.copyOfRange(data, offsets[i], offsets[i + 1]);
  }

  /**
   * Appends the values of {@code ids[off .. off + n)} to {@code out}.
   *
   * @throws CorruptFileException if an index is outside the dictionary
   */
  public void gather(int[] ids, int off, int n, BinaryOutput out) {
    Objects.checkFromIndexSize(off, n, ids.length);
    DictionaryIndexDecoder.checkIndices(ids, off, n, size());
    gatherChecked(ids, off, n, out);
  }

  /**
   * Appends one entry per row for {@code ids[off .. off + n)}, where an index of {@link #size()}
   * (one past the last entry) appends an empty entry: the rows of a nullable column, a null row
   * standing as that index, in the same loop as the values, without a branch per row.
   *
   * @throws CorruptFileException if an index is outside {@code 0 .. size()}
   */
  void gatherRows(int[] ids, int off, int n, BinaryOutput out) {
    Objects.checkFromIndexSize(off, n, ids.length);
    DictionaryIndexDecoder.checkIndices(ids, off, n, size() + 1);
    gatherChecked(ids, off, n, out);
  }

  /** As {@link #gather}, for indices already checked against the dictionary (by {@link DictionaryIndexDecoder#read}). */
  void gatherValid(int[] ids, int off, int n, BinaryOutput out) {
    Objects.checkFromIndexSize(off, n, ids.length);
    gatherChecked(ids, off, n, out);
  }

  /** Whether every entry is gathered as whole words ({@link #gatherSpaced} applies). */
  boolean gathersWords() {
    return longest <= BinaryOutput.WORD_COPY_MAX;
  }

  /**
   * Appends one entry per row of {@code rows}: a row whose bit (at address {@code validity}, from
   * {@code bitOffset}, checked by the caller) is set takes the entry of the next of the indices
   * {@code dense[0 .. valid)}, which are already checked against the dictionary, any other row an
   * empty entry; exactly {@code valid} bits are set. Only when {@link #gathersWords}; {@code dense}
   * has a slot past the last index.
   */
  void gatherSpaced(int[] dense, int valid, long validity, long bitOffset, int rows, BinaryOutput out) {
    if (!gathersWords()) {
      throw new IllegalStateException("entries of up to " + longest + " bytes are not gathered as words");
    }
    int words = Math.max(1, (longest + 7) >>> 3);
    long slack = 8L * words;
    if (!out.hasRoom(rows, (long) valid * longest + slack)) {
      out.reserve(rows, exactBytes(dense, 0, valid) + slack);
    }
    out.appendWordsSpaced(data, offsets, dense, valid, validity, bitOffset, rows, words, size());
  }

  private void gatherChecked(int[] ids, int off, int n, BinaryOutput out) {
    if (longest <= BinaryOutput.WORD_COPY_MAX) {
      // every entry fits the same few whole words, which the padding of data covers: with that
      // much slack in the output too, each value is copied as those words, with no check per value
      int words = Math.max(1, (longest + 7) >>> 3);
      long slack = 8L * words;
      if (!out.hasRoom(n, (long) n * longest + slack)) {
        out.reserve(n, exactBytes(ids, off, n) + slack);
      }
      out.appendWords(data, offsets, ids, off, n, words);
      return;
    }
    long bound = (long) n * longest;
    if (!out.hasRoom(n, bound)) {
      // only when the output would otherwise grow: reserve the exact bytes, not the bound
      out.reserve(n, exactBytes(ids, off, n));
    }
    for (int i = off; i < off + n; i++) {
      int start = offsets[ids[i]];
      out.appendReservedShort(data, start, offsets[ids[i] + 1] - start);
    }
  }

  private long exactBytes(int[] ids, int off, int n) {
    long total = 0;
    for (int i = off; i < off + n; i++) {
      total += offsets[ids[i] + 1] - offsets[ids[i]];
    }
    return total;
  }
}
