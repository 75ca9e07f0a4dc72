package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;

/**
 * {@link DictionaryIndexDecoder#readMatches}: the rows' answers straight from the RLE/bit-packed
 * indices. The streams are written here by the spec's rules (a run header {@code count << 1} and
 * the value in {@code ceil(width / 8)} little-endian bytes for a repeated run, {@code groups << 1 |
 * 1} and the values packed least significant bit first for a bit-packed run), and the expected bits
 * are the entry bitmap looked up index by index from the list the stream was written from.
 */
class DictionaryIndexMatchesTest {
  /** Entries the tests' dictionaries claim at most: indices of wide widths stay below it. */
  private static final int MAX_ENTRIES = 1 << 20;

  @Test
  void everyBitWidthWithRepeatedAndBitPackedRunsReadInUnevenPieces() {
    Random random = new Random(15);
    for (int width = 1; width <= 32; width++) {
      int size = width >= 20 ? MAX_ENTRIES : 1 << width;
      List<int[]> runs = new ArrayList<>();
      List<Integer> indices = new ArrayList<>();
      for (int r = 0; r < 40; r++) {
        if (random.nextBoolean()) {
          int count = 1 + random.nextInt(200);
          int v = random.nextInt(size);
          runs.add(new int[] {count, v});
          for (int i = 0; i < count; i++) {
            indices.add(v);
          }
        } else {
          int[] packed = new int[8 * (1 + random.nextInt(20))];
          for (int i = 0; i < packed.length; i++) {
            // the largest index now and then, to see the top bits of the width
            packed[i] = random.nextInt(8) == 0 ? size - 1 : random.nextInt(size);
            indices.add(packed[i]);
          }
          runs.add(packed);
        }
      }
      long[] entries = new long[(size + 63) >>> 6];
      for (int e = 0; e < size; e++) {
        if (random.nextInt(3) == 0) {
          entries[e >>> 6] |= 1L << e;
        }
      }
      byte[] page = page(width, runs);
      int n = indices.size();
      int at = 37; // not a word boundary
      long[] expected = new long[(at + n + 63) >>> 6];
      for (int i = 0; i < n; i++) {
        int k = indices.get(i);
        if ((entries[k >>> 6] >>> k & 1) != 0) {
          expected[(at + i) >>> 6] |= 1L << (at + i);
        }
      }
      DictionaryIndexDecoder d = new DictionaryIndexDecoder();
      d.init(page, 0, page.length, n, size);
      long[] out = new long[expected.length];
      for (int done = 0; done < n; ) {
        int piece = Math.min(n - done, 1 + random.nextInt(150));
        d.readMatches(entries, out, at + done, piece);
        done += piece;
      }
      assertArrayEquals(expected, out, "bit width " + width);
    }
  }

  @Test
  void aRepeatedRunIsARangeOfBitsAcrossWords() {
    // one run of 200 × index 1, entry 1 matching: bits 3 .. 202
    byte[] page = page(1, List.of(new int[] {200, 1}));
    DictionaryIndexDecoder d = new DictionaryIndexDecoder();
    d.init(page, 0, page.length, 200, 2);
    long[] out = new long[4];
    d.readMatches(new long[] {0b10}, out, 3, 200);
    assertArrayEquals(new long[] {-1L << 3, -1L, -1L, (1L << 11) - 1}, out);
    // entry 1 not matching: nothing set
    d.init(page, 0, page.length, 200, 2);
    long[] none = new long[4];
    d.readMatches(new long[] {0b01}, none, 3, 200);
    assertArrayEquals(new long[4], none);
  }

  @Test
  void anIndexPastTheDictionaryIsCorruptInEitherRunKind() {
    // repeated run of index 5 in a dictionary of 5
    byte[] repeated = page(3, List.of(new int[] {9, 5}));
    CorruptFileException e = assertThrows(CorruptFileException.class, () -> matches(repeated, 9, 5));
    assertTrue(e.getMessage().contains("index 5 is outside the dictionary of 5 values"), e.getMessage());
    // bit-packed: the eighth index is 7
    byte[] packed = page(3, List.of(new int[] {0, 1, 2, 3, 4, 0, 1, 7}));
    e = assertThrows(CorruptFileException.class, () -> matches(packed, 8, 5));
    assertTrue(e.getMessage().contains("index 7 is outside the dictionary of 5 values"), e.getMessage());
    // width 32, index 2^32 - 1: named unsigned
    byte[] top = page(32, List.of(new int[] {3, -1}));
    e = assertThrows(CorruptFileException.class, () -> matches(top, 3, 5));
    assertTrue(e.getMessage().contains("index 4294967295 is outside"), e.getMessage());
  }

  @Test
  void dataEndingEarlyIsCorrupt() {
    byte[] page = page(2, List.of(new int[] {4, 1}));
    CorruptFileException e = assertThrows(CorruptFileException.class, () -> matches(page, 6, 4));
    assertTrue(e.getMessage().contains("ends before 6 indices"), e.getMessage());
  }

  @Test
  void tooFewEntryBitsAreRefused() {
    byte[] page = page(7, List.of(new int[] {4, 1}));
    DictionaryIndexDecoder d = new DictionaryIndexDecoder();
    d.init(page, 0, page.length, 4, 100);
    assertThrows(IllegalArgumentException.class, () -> d.readMatches(new long[1], new long[1], 0, 4));
    assertEquals(100, d.dictionarySize());
  }

  private static long[] matches(byte[] page, int n, int size) {
    DictionaryIndexDecoder d = new DictionaryIndexDecoder();
    d.init(page, 0, page.length, n, size);
    long[] out = new long[(n + 63) >>> 6];
    d.readMatches(new long[] {-1L}, out, 0, n);
    return out;
  }

  /**
   * A dictionary page's data: the width byte, then each run: {@code {count, value}} repeated, any
   * other length (a multiple of 8) bit-packed.
   */
  static byte[] page(int width, List<int[]> runs) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(width);
    for (int[] run : runs) {
      if (run.length == 2) {
        uleb(out, (long) run[0] << 1);
        for (int b = 0; b < (width + 7) / 8; b++) {
          out.write(run[1] >>> (8 * b));
        }
      } else {
        uleb(out, ((long) run.length / 8) << 1 | 1);
        byte[] bits = new byte[run.length * width / 8];
        for (int i = 0; i < run.length; i++) {
          for (int b = 0; b < width; b++) {
            if ((run[i] >>> b & 1) != 0) {
              int bit = i * width + b;
              bits[bit >>> 3] |= (byte) (1 << (bit & 7));
            }
          }
        }
        out.writeBytes(bits);
      }
    }
    return out.toByteArray();
  }

  private static void uleb(ByteArrayOutputStream out, long v) {
    while ((v & ~0x7FL) != 0) {
      out.write((int) (v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out.write((int) v);
  }
}
