package org.parquetarrow.read.levels;

import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.parquetarrow.encoding.Bitmaps;

/**
 * The flat fast path: definition levels of a column with no list on its path (maximum repetition
 * level 0) to validity bitmaps. Every level entry is one slot of every node on the path, so a
 * node's validity is just {@code def >= node.validDefLevel()}: the leaf is valid at the maximum
 * definition level, each nullable struct ancestor from its own level.
 *
 * <pre>{@code
 * // optional group a { optional int32 b; }  levels: 2 = value, 1 = a present but b null, 0 = a null
 * int[] def = {2, 1, 0, 2};
 * int aValid = DefinitionLevels.toValidity(def, 0, 4, 1, aBits, 0);  // 1101 -> 3
 * int bValid = DefinitionLevels.toValidity(def, 0, 4, 2, bBits, 0);  // 1001 -> 2
 * }</pre>
 *
 * <p>For the leaf of a flat column, {@link org.parquetarrow.encoding.LevelDecoder#readValidity}
 * builds the same bitmap straight from the page's runs, without a level array; use this class when
 * the levels are decoded anyway (struct ancestors, several leaves sharing one struct).
 */
public final class DefinitionLevels {
  private DefinitionLevels() {}

  /**
   * Writes bit {@code bitOffset + i} of {@code validity} for each level {@code def[from + i]}, {@code
   * i < n}: set when the level is at least {@code validFrom}. Bits outside the range keep their
   * value.
   *
   * @return the number of set bits (valid slots)
   * @throws IndexOutOfBoundsException if the levels or the bitmap range lie outside their arrays
   */
  public static int toValidity(int[] def, int from, int n, int validFrom, ArrowBuf validity,
      long bitOffset) {
    Objects.checkFromIndexSize(from, n, def.length);
    long base = Bitmaps.checkedAddress(validity, bitOffset, n);
    int valid = 0;
    long pos = bitOffset;
    for (int i = from, end = from + n; i < end; ) {
      int len = Math.min(64, end - i);
      long word = Branchless.atLeastMask(def, i, len, validFrom);
      Bitmaps.write(base, pos, len, word);
      valid += Long.bitCount(word);
      i += len;
      pos += len;
    }
    return valid;
  }
}
