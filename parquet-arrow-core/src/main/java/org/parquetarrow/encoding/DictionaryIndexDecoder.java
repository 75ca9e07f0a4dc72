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

  /**
   * Reads the next {@code n} indices as their entries' answers: bit {@code at + i} of {@code out}
   * (an LSB-first bitmap whose bits {@code at .. at + n - 1} are clear) is set when bit {@code
   * index(i)} of {@code entries} is. A repeated run is one look-up for the whole run and one range
   * of bits; bit-packed values are unpacked 64 at a time into a scratch array that stays in cache
   * and looked up from there. No index outlives the call.
   *
   * <pre>{@code
   * long[] rows = new long[(count + 63) >>> 6];
   * indices.readMatches(matchingEntries, rows, 0, count);
   * }</pre>
   *
   * @param entries one bit per dictionary entry, at least {@link #dictionarySize()} bits
   * @throws CorruptFileException if the data ends early or an index is outside the dictionary
   */
  public void readMatches(long[] entries, long[] out, int at, int n) {
    Checks.checkCount(n);
    if ((long) entries.length << 6 < dictionarySize) {
      throw new IllegalArgumentException(entries.length + " words of entry bits for a dictionary of " + dictionarySize);
    }
    Objects.checkFromIndexSize((long) at, n, (long) out.length << 6);
    int done = 0;
    while (done < n) {
      long run = rle.runRemaining();
      if (run == 0) {
        throw endsEarly(n);
      }
      int take = (int) Math.min(run, n - done);
      if (rle.isRepeatedRun()) {
        int k = rle.repeatedValue();
        checkIndex(k, dictionarySize);
        if (((entries[k >>> 6] >>> k) & 1L) != 0) {
          setRange(out, at + done, take);
        }
        rle.skip(take);
        done += take;
      } else {
        while (take > 0) {
          int c = Math.min(take, 64);
          if (rle.read(scratch, 0, c) != c) {
            throw endsEarly(n);
          }
          checkIndices(scratch, 0, c, dictionarySize);
          long w = 0;
          for (int i = 0; i < c; i++) {
            int k = scratch[i];
            w |= ((entries[k >>> 6] >>> k) & 1L) << i;
          }
          orBits(out, at + done, w, c);
          done += c;
          take -= c;
        }
      }
    }
  }

  private final int[] scratch = new int[64];

  /** Sets bits {@code from .. from + len - 1} of {@code bits}. */
  private static void setRange(long[] bits, int from, int len) {
    int end = from + len;
    int w = from >>> 6;
    int last = (end - 1) >>> 6;
    if (w == last) {
      bits[w] |= (-1L >>> (64 - len)) << from;
      return;
    }
    bits[w] |= -1L << from;
    for (int i = w + 1; i < last; i++) {
      bits[i] = -1L;
    }
    bits[last] |= -1L >>> (64 - ((end & 63) == 0 ? 64 : end & 63));
  }

  /** Ors the low {@code c} bits of {@code w} (the others clear) into {@code bits} from bit {@code at}. */
  private static void orBits(long[] bits, int at, long w, int c) {
    int i = at >>> 6;
    int sh = at & 63;
    bits[i] |= w << sh;
    if (sh != 0 && sh + c > 64) {
      bits[i + 1] |= w >>> (64 - sh);
    }
  }

  private static void checkIndex(int k, int size) {
    if (k < 0 || k >= size) {
      throw new CorruptFileException(WHAT + ": index " + Integer.toUnsignedString(k)
          + " is outside the dictionary of " + size + " values");
    }
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
