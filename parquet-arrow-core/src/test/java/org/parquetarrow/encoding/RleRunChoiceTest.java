package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The RLE / bit-packed hybrid encoder stores a repeated value as a repeated run only where that is
 * the shorter form: a run of 8 to 23 levels of width 1 between bit-packed groups (8 to 15 at the
 * start or after a repeated run) stays in the bit-packed run. Exact bytes worked out from the
 * spec's layout for each side of each threshold; random values of every width with runs of all
 * lengths, written one by one, in slices and as repeats, decode to themselves and in all are
 * shorter than the encoding that makes every run of 8 a repeated run (parquet-java's and Arrow
 * C++'s, modelled here on its own); random null levels are never longer than it.
 */
class RleRunChoiceTest {
  private static final int[] ALTERNATING = {0, 1, 0, 1, 0, 1, 0, 1}; // one group: LSB first 0b10101010

  @Test
  void shortRunBetweenGroupsStaysBitPacked() {
    // group, 16 ones, group: one bit-packed run of 4 groups, header (4 << 1) | 1
    assertArrayEquals(new byte[] {9, (byte) 0xAA, (byte) 0xFF, (byte) 0xFF, (byte) 0xAA},
        encode(1, concat(ALTERNATING, repeat(1, 16), ALTERNATING)));
    // 23 ones: two groups bit-packed, the last seven ones pending with the next group's first value
    assertArrayEquals(new byte[] {11, (byte) 0xAA, (byte) 0xFF, (byte) 0xFF, 0x7F, 0x55},
        encode(1, concat(ALTERNATING, repeat(1, 23), ALTERNATING)));
  }

  @Test
  void longRunBetweenGroupsIsARepeatedRun() {
    // 24 ones: repeated run header 24 << 1 = 0x30 and value 1, between two one-group bit-packed runs
    assertArrayEquals(new byte[] {3, (byte) 0xAA, 0x30, 1, 3, (byte) 0xAA},
        encode(1, concat(ALTERNATING, repeat(1, 24), ALTERNATING)));
  }

  @Test
  void runAtTheStartNeedsNoBitPackedHeaderOfItsOwn() {
    // 15 ones, then 0 and a group: bit-packed 0xFF, then seven ones and the 0 (0x7F), then 0x55
    assertArrayEquals(new byte[] {7, (byte) 0xFF, 0x7F, 0x55},
        encode(1, concat(repeat(1, 15), new int[] {0}, new int[] {1, 0, 1, 0, 1, 0, 1, 0})));
    // 16 ones: as a repeated run (2 bytes) no longer than as two groups and their header (3 bytes)
    assertArrayEquals(new byte[] {0x20, 1, 3, (byte) 0xAA}, encode(1, concat(repeat(1, 16), ALTERNATING)));
  }

  @Test
  void widthThreeKeepsEveryRepeatedRun() {
    // eight 5s bit-packed take 3 bytes, as many as a repeated run with the next run's header
    int[] group = {0, 1, 2, 3, 4, 5, 6, 7};
    byte[] packed = {(byte) 0x88, (byte) 0xC6, (byte) 0xFA}; // 0..7 at 3 bits each, LSB first
    assertArrayEquals(new byte[] {3, packed[0], packed[1], packed[2], 0x10, 5, 3, packed[0], packed[1], packed[2]},
        encode(3, concat(group, repeat(5, 8), group)));
  }

  @Test
  void randomRunsDecodeToThemselvesAndAreShorterThanEveryRunRepeatedInAll() {
    Random r = new Random(20261127L);
    long ours = 0;
    long everyRunRepeated = 0;
    for (int round = 0; round < 3000; round++) {
      int width = round % 10 == 9 ? 1 + r.nextInt(32) : 1 + r.nextInt(4);
      int n = r.nextInt(3000);
      int[] values = new int[n];
      int distinct = 1 + r.nextInt(Math.min(1 << Math.min(width, 20), 8));
      long mask = width == 32 ? 0xffffffffL : (1L << width) - 1;
      int[] alphabet = new int[distinct];
      for (int k = 0; k < distinct; k++) {
        alphabet[k] = (int) (r.nextLong() & mask);
      }
      int meanRun = 1 + r.nextInt(40);
      for (int i = 0; i < n; ) {
        int v = alphabet[r.nextInt(distinct)];
        int len = Math.min(n - i, 1 + r.nextInt(2 * meanRun));
        Arrays.fill(values, i, i + len, v);
        i += len;
      }
      byte[] one = encode(width, values);
      // in slices, and as repeats, the same bytes
      var slices = new RleBitPackedHybridEncoder(width);
      for (int i = 0; i < n; ) {
        int piece = Math.min(n - i, r.nextInt(4) == 0 ? r.nextInt(9) : r.nextInt(700));
        slices.write(values, i, piece);
        i += piece;
      }
      var repeats = new RleBitPackedHybridEncoder(width);
      for (int i = 0; i < n; ) {
        int j = i;
        while (j < n && values[j] == values[i]) {
          j++;
        }
        repeats.writeRepeated(values[i], j - i);
        i = j;
      }
      String where = "round " + round + " width " + width + " n " + n;
      assertArrayEquals(one, bytes(slices), where + ": slices");
      assertArrayEquals(one, bytes(repeats), where + ": repeats");
      var decoder = new RleBitPackedHybridDecoder();
      decoder.init(one, 0, one.length, width);
      int[] back = new int[n];
      for (int got = 0; got < n; ) {
        got += decoder.read(back, got, n - got);
      }
      assertArrayEquals(values, back, where);
      ours += one.length;
      everyRunRepeated += everyRunRepeatedLength(values, width);
    }
    // a short run stored bit-packed can cost a byte where what follows turns out to be a repeated
    // run too; over many runs the choice wins
    assertTrue(ours < everyRunRepeated, ours + " against " + everyRunRepeated + " bytes");
  }

  /**
   * Definition levels of a flat nullable column, nulls at random (runs of valid rows of every
   * length): never longer than every run repeated, and at one null in twenty at least a tenth shorter.
   */
  @Test
  void randomNullLevelsAreNeverLonger() {
    Random r = new Random(20261128L);
    double[] nullShares = {0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.95};
    for (double nulls : nullShares) {
      for (int round = 0; round < 20; round++) {
        int[] levels = new int[20_000];
        for (int i = 0; i < levels.length; i++) {
          levels[i] = r.nextDouble() < nulls ? 0 : 1;
        }
        byte[] ours = encode(1, levels);
        long reference = everyRunRepeatedLength(levels, 1);
        String where = "nulls " + nulls + " round " + round + ": " + ours.length + " against " + reference;
        assertTrue(ours.length <= reference, where);
        if (nulls == 0.05) {
          assertTrue(ours.length <= 0.9 * reference, where);
        }
        var decoder = new RleBitPackedHybridDecoder();
        decoder.init(ours, 0, ours.length, 1);
        int[] back = new int[levels.length];
        for (int got = 0; got < back.length; ) {
          got += decoder.read(back, got, back.length - got);
        }
        assertArrayEquals(levels, back, where);
      }
    }
  }

  /**
   * Bytes of the hybrid encoding that makes every 8 equal values from the start of a group a
   * repeated run (parquet-java's RunLengthBitPackingHybridEncoder): bit-packed runs of up to 63
   * groups, a repeated run's header and value, the last group padded.
   */
  private static long everyRunRepeatedLength(int[] values, int width) {
    int valueBytes = (width + 7) / 8;
    long bytes = 0;
    int groupsInRun = 0;
    int i = 0;
    int n = values.length;
    int pending = 0; // values of the open group
    while (i < n) {
      if (pending == 0 && i + 8 <= n && allEqual(values, i)) {
        int j = i;
        while (j < n && values[j] == values[i]) {
          j++;
        }
        groupsInRun = 0;
        bytes += uleb((long) (j - i) << 1) + valueBytes;
        i = j;
        continue;
      }
      pending++;
      i++;
      if (pending == 8 || i == n) {
        if (groupsInRun == 0) {
          bytes++;
        }
        bytes += width;
        groupsInRun = groupsInRun + 1 == 63 ? 0 : groupsInRun + 1;
        pending = 0;
      }
    }
    return bytes;
  }

  private static boolean allEqual(int[] v, int from) {
    for (int k = 1; k < 8; k++) {
      if (v[from + k] != v[from]) {
        return false;
      }
    }
    return true;
  }

  private static int uleb(long v) {
    int n = 1;
    while (v >= 0x80) {
      v >>>= 7;
      n++;
    }
    return n;
  }

  private static byte[] encode(int width, int[] values) {
    var e = new RleBitPackedHybridEncoder(width);
    for (int v : values) {
      e.write(v);
    }
    return bytes(e);
  }

  private static byte[] bytes(RleBitPackedHybridEncoder e) {
    ByteSink s = new ByteSink();
    e.flushTo(s);
    return s.toByteArray();
  }

  private static int[] repeat(int v, int n) {
    int[] a = new int[n];
    Arrays.fill(a, v);
    return a;
  }

  private static int[] concat(int[]... parts) {
    int n = 0;
    for (int[] p : parts) {
      n += p.length;
    }
    int[] out = new int[n];
    int at = 0;
    for (int[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }
}
