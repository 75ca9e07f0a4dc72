package org.parquetarrow.encoding;

import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Dictionary-encoded BYTE_ARRAY values: indices decoded a chunk at a time and gathered from a
 * {@link BinaryDictionary}.
 *
 * <pre>{@code
 * var d = new DictionaryBinaryDecoder(BinaryDictionary.fromPlain(dictPage, 0, len, entries));
 * d.init(page, offset, length, count);
 * d.read(binaryOutput, count);
 * }</pre>
 */
public final class DictionaryBinaryDecoder implements BinaryValueDecoder {
  private static final int CHUNK = 1024;

  private final BinaryDictionary dictionary;
  private final DictionaryIndexDecoder indices = new DictionaryIndexDecoder();
  private final int[] ids = new int[CHUNK];
  /** The dense indices of a chunk of rows; one slot more, read (and not used) after the last. */
  private final int[] dense = new int[CHUNK + 1];

  public DictionaryBinaryDecoder(BinaryDictionary dictionary) {
    this.dictionary = Objects.requireNonNull(dictionary, "dictionary");
  }

  @Override
  public void init(byte[] buf, int offset, int length, int valueCount) {
    indices.init(buf, offset, length, valueCount, dictionary.size());
  }

  @Override
  public void read(BinaryOutput out, int n) {
    Checks.checkCount(n);
    for (int done = 0; done < n; ) {
      int c = Math.min(CHUNK, n - done);
      indices.read(ids, 0, c);
      dictionary.gatherValid(ids, 0, c, out);
      done += c;
    }
  }

  /**
   * Places the values at their rows a chunk of rows at a time: the chunk's indices are decoded
   * densely, then each row takes the next index or, when null, the dictionary's empty entry, and
   * its words are copied in the same loop; a dictionary with entries too long for whole-word
   * copies spreads the indices to the rows first and gathers them in a second loop.
   */
  @Override
  public void readSpaced(BinaryOutput out, int nonNull, ArrowBuf validity, long bitOffset, int rows) {
    Checks.checkCount(nonNull);
    Checks.checkCount(rows);
    long bits = Bitmaps.checkedAddress(validity, bitOffset, rows);
    int empty = dictionary.size();
    boolean words = dictionary.gathersWords();
    int placed = 0;
    for (int done = 0; done < rows; ) {
      int c = Math.min(CHUNK, rows - done);
      int valid = 0;
      for (int b = 0; b < c; b += 64) {
        valid += Long.bitCount(Bitmaps.read(bits, bitOffset + done + b, Math.min(64, c - b)));
      }
      if (valid > nonNull - placed) {
        throw new IllegalStateException(
            "validity has more set bits than the " + nonNull + " values to place");
      }
      indices.read(dense, 0, valid);
      if (words) {
        dictionary.gatherSpaced(dense, valid, bits, bitOffset + done, c, out);
        placed += valid;
        done += c;
        continue;
      }
      int k = 0;
      for (int b = 0; b < c; b += 64) {
        int w = Math.min(64, c - b);
        long word = Bitmaps.read(bits, bitOffset + done + b, w);
        for (int t = 0; t < w; t++) {
          int set = (int) (word >>> t) & 1;
          ids[b + t] = set != 0 ? dense[k] : empty;
          k += set;
        }
      }
      dictionary.gatherRows(ids, 0, c, out);
      placed += valid;
      done += c;
    }
    if (placed != nonNull) {
      throw new IllegalStateException(
          "validity has " + placed + " set bits, " + nonNull + " values to place");
    }
  }

  @Override
  public void skip(int n) {
    Checks.checkCount(n);
    indices.skip(n);
  }
}
