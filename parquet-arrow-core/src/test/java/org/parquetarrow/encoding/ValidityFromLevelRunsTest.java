package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Definition levels of maximum 1 (a flat nullable column) written straight into a validity bitmap
 * from the RLE/bit-packed hybrid runs, with no level array between. The level streams are built
 * here by hand (run headers, LSB-first packing one bit at a time, as the spec defines them) and
 * the expected bits are the levels they encode; the bits around each range are set beforehand
 * and must survive.
 */
class ValidityFromLevelRunsTest {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ValidityFromLevelRunsTest.class);

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private final LevelDecoder levels = new LevelDecoder();

  /** A level stream being built, with the levels it encodes. */
  private static final class Stream {
    final TestBytes bytes = TestBytes.create();
    int[] levels = new int[64];
    int n;

    Stream rle(int value, int count) {
      bytes.uleb((long) count << 1).bytes(value);
      grow(count);
      Arrays.fill(levels, n, n + count, value);
      n += count;
      return this;
    }

    Stream packed(int[] values) {
      if (values.length % 8 != 0) {
        throw new IllegalArgumentException("whole groups of 8");
      }
      bytes.uleb(((long) (values.length / 8) << 1) | 1);
      long[] vs = new long[values.length];
      for (int i = 0; i < values.length; i++) {
        vs[i] = values[i];
      }
      bytes.packedLsb(vs, 1);
      grow(values.length);
      System.arraycopy(values, 0, levels, n, values.length);
      n += values.length;
      return this;
    }

    Stream randomPacked(Random random, int groups, int percentOnes) {
      int[] v = new int[groups * 8];
      for (int i = 0; i < v.length; i++) {
        v[i] = random.nextInt(100) < percentOnes ? 1 : 0;
      }
      return packed(v);
    }

    private void grow(int more) {
      if (n + more > levels.length) {
        levels = Arrays.copyOf(levels, Math.max(2 * levels.length, n + more));
      }
    }
  }

  /**
   * Reads the stream's levels into validity from bit {@code bitOffset} in reads of the given
   * sizes (cycled) and checks every bit, the counts and the neighbouring bits.
   */
  private void check(Stream s, long bitOffset, int[] readSizes, String what) {
    byte[] page = s.bytes.toArray();
    levels.initV2(page, 0, page.length, 1);
    long bytes = (bitOffset + s.n + 7) / 8 + 2;
    try (ArrowBuf validity = memory.allocator().buffer(bytes)) {
      validity.setOne(0, bytes);
      int done = 0;
      int reads = 0;
      while (done < s.n) {
        int take = Math.min(s.n - done, readSizes[reads++ % readSizes.length]);
        int expected = 0;
        for (int i = done; i < done + take; i++) {
          expected += s.levels[i];
        }
        assertEquals(expected, levels.readValidity(validity, bitOffset + done, take),
            what + ": non-null count of read " + reads + " at level " + done);
        done += take;
      }
      for (long b = 0; b < bytes * 8; b++) {
        boolean set = (validity.getByte(b >>> 3) & (1 << (b & 7))) != 0;
        long level = b - bitOffset;
        boolean want = level < 0 || level >= s.n || s.levels[(int) level] == 1;
        assertEquals(want, set, what + ": bit " + b + " (level " + level + ")");
      }
    }
  }

  @Test
  void handWorkedRunsAndGroup() {
    // spec: RLE header (count << 1), value in one byte; bit-packed header (groups << 1 | 1), then
    // values LSB first: 0b10110010 = levels 0,1,0,0,1,1,0,1
    byte[] page = TestBytes.create().bytes(3 << 1, 1).bytes(1 << 1 | 1, 0b10110010).bytes(2 << 1, 0).toArray();
    levels.initV2(page, 0, page.length, 1);
    try (ArrowBuf validity = memory.allocator().buffer(4)) {
      validity.setZero(0, 4);
      assertEquals(7, levels.readValidity(validity, 3, 13));
      // bits 3..15: 1 1 1 | 0 1 0 0 1 1 0 1 | 0 0
      int expected = 0b111 << 3 | 0b10110010 << 6;
      assertEquals(expected, validity.getInt(0));
    }
  }

  @Test
  void repeatedRunsOfEveryLengthUpTo200() {
    Random random = new Random(200);
    for (int value = 0; value <= 1; value++) {
      for (int length = 1; length <= 200; length++) {
        Stream s = new Stream().randomPacked(random, 1, 50).rle(value, length).randomPacked(random, 2, 50)
            .rle(1 - value, length).rle(value, 1);
        long bitOffset = length % 11;
        check(s, bitOffset, new int[] {s.n}, "value " + value + " length " + length);
        check(s, bitOffset, new int[] {1 + length % 7, 5, 64, 3}, "value " + value + " length " + length + " cut");
      }
    }
  }

  @Test
  void bitPackedRunsOfEveryGroupCountCrossingWords() {
    Random random = new Random(63);
    for (int groups = 1; groups <= 63; groups++) {
      for (int percent : new int[] {0, 10, 50, 90, 100}) {
        Stream s = new Stream().rle(1, 3).randomPacked(random, groups, percent).rle(0, 9)
            .randomPacked(random, 64 - groups, percent);
        for (long bitOffset : new long[] {0, 1, 7, 8, 61, 64, 67}) {
          String what = groups + " groups, " + percent + "% ones, offset " + bitOffset;
          check(s, bitOffset, new int[] {s.n}, what);
          // batch boundaries inside runs, inside bytes and across words
          check(s, bitOffset, new int[] {13, 1, 64, 7, 100, 2}, what + " cut");
        }
      }
    }
  }

  @Test
  void allNullAndNoNullPages() {
    check(new Stream().rle(0, 10_000), 5, new int[] {4_096, 1_000, 17}, "all null");
    check(new Stream().rle(1, 10_000), 3, new int[] {4_096, 1_000, 17}, "no null");
    int[] ones = new int[504];
    Arrays.fill(ones, 1);
    check(new Stream().packed(ones).packed(new int[504]), 9, new int[] {333, 64, 1}, "packed");
  }

  @Test
  void genericReadsAndSkipsInterleaveWithValidity() {
    // a skip or an int read may leave values of a bit-packed group unpacked: validity must
    // continue exactly after them
    Random random = new Random(5);
    Stream s = new Stream();
    while (s.n < 3_000) {
      if (random.nextInt(3) == 0) {
        s.rle(random.nextInt(2), 1 + random.nextInt(40));
      } else {
        s.randomPacked(random, 1 + random.nextInt(10), 85);
      }
    }
    byte[] page = s.bytes.toArray();
    levels.initV2(page, 0, page.length, 1);
    try (ArrowBuf validity = memory.allocator().buffer(s.n / 8 + 1)) {
      validity.setZero(0, validity.capacity());
      int done = 0;
      int[] scratch = new int[64];
      int step = 0;
      while (done < s.n) {
        int take = Math.min(s.n - done, 1 + random.nextInt(50));
        switch (step++ % 3) {
          case 0 -> {
            int expected = 0;
            for (int i = done; i < done + take; i++) {
              expected += s.levels[i];
            }
            assertEquals(expected, levels.readValidity(validity, done, take), "read at " + done);
            for (int i = done; i < done + take; i++) {
              assertEquals(s.levels[i] == 1, (validity.getByte(i >>> 3) & (1 << (i & 7))) != 0, "bit " + i);
            }
          }
          case 1 -> levels.skip(take);
          default -> {
            levels.read(scratch, 0, take);
            for (int i = 0; i < take; i++) {
              assertEquals(s.levels[done + i], scratch[i], "level " + (done + i));
            }
          }
        }
        done += take;
      }
    }
  }

  @Test
  void randomStreamsAgainstTheLevelArrayPath() {
    long seed = System.nanoTime();
    LOG.info("seed {}; replay by setting it in this test", seed);
    Random random = new Random(seed);
    for (int round = 0; round < 200; round++) {
      Stream s = new Stream();
      int target = random.nextInt(5_000);
      while (s.n < target) {
        if (random.nextBoolean()) {
          s.rle(random.nextInt(2), 1 + random.nextInt(random.nextBoolean() ? 12 : 300));
        } else {
          s.randomPacked(random, 1 + random.nextInt(63), random.nextInt(101));
        }
      }
      byte[] page = s.bytes.toArray();
      // the old path: levels into an int array, one bit per level
      LevelDecoder reference = new LevelDecoder();
      reference.initV2(page, 0, page.length, 1);
      int[] decoded = new int[s.n];
      reference.read(decoded, 0, s.n);
      s.levels = decoded;
      int[] sizes = {1 + random.nextInt(200), 1 + random.nextInt(9), 1 + random.nextInt(4_096)};
      check(s, random.nextInt(130), sizes, "seed " + seed + " round " + round);
    }
  }

  @Test
  void truncatedLastGroupReadsTheValuesItHolds() {
    // a bit-packed run declaring 2 groups (16 values) with one byte: the 8 values it holds read
    byte[] page = TestBytes.create().bytes(2 << 1 | 1, 0b01101111).toArray();
    levels.initV2(page, 0, page.length, 1);
    try (ArrowBuf validity = memory.allocator().buffer(8)) {
      validity.setZero(0, 8);
      assertEquals(6, levels.readValidity(validity, 0, 8));
      assertEquals(0b01101111, validity.getByte(0));
      assertThrows(CorruptFileException.class, () -> levels.readValidity(validity, 8, 1));
    }
  }

  @Test
  void levelsEndingEarlyOrOutsideTheBitmapAreRefused() {
    byte[] page = TestBytes.create().bytes(5 << 1, 1).toArray();
    levels.initV2(page, 0, page.length, 1);
    try (ArrowBuf validity = memory.allocator().buffer(8)) {
      CorruptFileException e = assertThrows(CorruptFileException.class, () -> levels.readValidity(validity, 0, 6));
      assertTrue(e.getMessage().contains("ends before 6 levels"), e.getMessage());
      levels.initV2(page, 0, page.length, 1);
      assertThrows(IndexOutOfBoundsException.class, () -> levels.readValidity(validity, 60, 5));
    }
  }
}
