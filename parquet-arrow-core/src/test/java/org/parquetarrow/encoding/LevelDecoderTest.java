package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.testing.LeakCheckingAllocator;

class LevelDecoderTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private final LevelDecoder levels = new LevelDecoder();

  @Test
  void v1RleWithLengthPrefix() {
    // levels 1,1,1,0,0 with max 1: run of three 1s, run of two 0s; 4 bytes of data after the length
    byte[] page = TestBytes.create().le32(4).bytes(6, 1, 4, 0).bytes(0xAA, 0xBB).toArray();
    assertEquals(8, levels.initV1Rle(page, 0, page.length, 1));
    int[] out = new int[5];
    levels.read(out, 0, 5);
    assertArrayEquals(new int[] {1, 1, 1, 0, 0}, out);
    assertThrows(CorruptFileException.class, () -> levels.read(new int[1], 0, 1));
  }

  @Test
  void v1BitPackedIsMsbFirst() {
    // spec example: 0..7 with width 3 (max level 7) in 3 bytes; a trailing byte is not consumed
    byte[] page = {0b00000101, 0b00111001, 0b01110111, 0x55};
    assertEquals(3, levels.initV1BitPacked(page, 0, page.length, 7, 8));
    int[] out = new int[8];
    levels.read(out, 0, 3);
    levels.skip(1);
    levels.read(out, 3, 4);
    assertArrayEquals(new int[] {0, 1, 2, 4, 5, 6, 7, 0}, out);
    assertThrows(CorruptFileException.class, () -> levels.read(new int[2], 0, 2));
    // 30 values of 2 bits need 8 bytes (the spec's arithmetic); 7 is too few
    assertEquals(8, levels.initV1BitPacked(new byte[8], 0, 8, 3, 30));
    assertThrows(CorruptFileException.class, () -> levels.initV1BitPacked(new byte[7], 0, 7, 3, 30));
  }

  @Test
  void v2HasNoPrefix() {
    byte[] page = {0x10, 2, 0x08, 1};  // 8 twos then 4 ones, max 2
    levels.initV2(page, 0, page.length, 2);
    int[] out = new int[12];
    levels.read(out, 0, 12);
    assertArrayEquals(new int[] {2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1}, out);
  }

  @Test
  void maxLevelZeroStoresNothing() {
    byte[] page = {1, 2, 3};
    assertEquals(0, levels.initV1Rle(page, 0, page.length, 0));
    int[] out = {9, 9, 9};
    levels.read(out, 0, 3);
    assertArrayEquals(new int[3], out);
    try (ArrowBuf validity = memory.allocator().buffer(2)) {
      validity.setZero(0, 2);
      assertEquals(10, levels.readValidity(validity, 2, 10));
      assertEquals(0b1111_1100, validity.getByte(0) & 0xff);
      assertEquals(0b0000_1111, validity.getByte(1) & 0xff);
    }
    // a v2 section stored for maximum level 0 (data/rle_boolean_encoding.parquet has one) is ignored
    levels.initV2(new byte[] {(byte) 0x88, 0x01}, 0, 2, 0);
    levels.read(out, 0, 3);
    assertArrayEquals(new int[3], out);
  }

  @Test
  void validityFromRunsKeepsNeighbouringBits() {
    // max 1; 13 ones (repeated), 8 bit-packed 1,0,1,0,0,0,0,1 (0b10000101), 6 zeros (repeated)
    byte[] page = TestBytes.create().uleb(13 << 1).bytes(1).uleb(3).bytes(0b10000101)
        .uleb(6 << 1).bytes(0).toArray();
    levels.initV2(page, 0, page.length, 1);
    try (ArrowBuf validity = memory.allocator().buffer(8)) {
      validity.setOne(0, 8);
      // write 27 bits from bit 5: bits 0..4 and 32.. keep their 1s
      int nonNull = levels.readValidity(validity, 5, 27);
      assertEquals(13 + 3, nonNull);
      long bits = validity.getLong(0);
      long expected = 0b11111L                   // bits 0..4, untouched
          | (((1L << 13) - 1) << 5)              // 13 ones
          | (0b10000101L << 18)                  // bit-packed part
          | (0L << 26)                           // 6 zeros at 26..31
          | (0xFFFFFFFFL << 32);                 // untouched
      assertEquals(Long.toBinaryString(expected), Long.toBinaryString(bits));
    }
  }

  @Test
  void validityMatchesLevelByLevel() {
    long seed = 7;
    Random random = new Random(seed);
    for (int max : new int[] {1, 2, 3, 5}) {
      int width = BitPacking.bitWidth(max);
      TestBytes b = TestBytes.create();
      int[] expected = new int[5000];
      int n = 0;
      while (n < 4500) {
        if (random.nextBoolean()) {
          int count = 1 + random.nextInt(200);
          int v = random.nextInt(max + 1);
          b.uleb((long) count << 1).bytes(v);
          java.util.Arrays.fill(expected, n, n + count, v);
          n += count;
        } else {
          int groups = 1 + random.nextInt(20);
          long[] vs = new long[groups * 8];
          for (int i = 0; i < vs.length; i++) {
            vs[i] = random.nextInt(max + 1);
            expected[n + i] = (int) vs[i];
          }
          b.uleb(((long) groups << 1) | 1).packedLsb(vs, width);
          n += vs.length;
        }
      }
      byte[] page = b.toArray();
      levels.initV2(page, 0, page.length, max);
      try (ArrowBuf validity = memory.allocator().buffer((n + 7) / 8 + 1)) {
        validity.setZero(0, validity.capacity());
        int offset = 0;
        int totalNonNull = 0;
        while (offset < n) {
          int chunk = Math.min(n - offset, 1 + random.nextInt(300));
          totalNonNull += levels.readValidity(validity, offset, chunk);
          offset += chunk;
        }
        int expectedNonNull = 0;
        for (int i = 0; i < n; i++) {
          boolean set = (validity.getByte(i >>> 3) & (1 << (i & 7))) != 0;
          assertEquals(expected[i] == max, set, "level " + i + " max " + max + " seed " + seed);
          expectedNonNull += expected[i] == max ? 1 : 0;
        }
        assertEquals(expectedNonNull, totalNonNull);
      }
    }
  }

  @Test
  void validityFromBitPackedLevels() {
    byte[] page = TestBytes.packMsb(TestBytes.longs(1, 0, 1, 1, 0, 0, 1, 1, 1, 0), 1);
    levels.initV1BitPacked(page, 0, page.length, 1, 10);
    try (ArrowBuf validity = memory.allocator().buffer(2)) {
      validity.setZero(0, 2);
      assertEquals(6, levels.readValidity(validity, 0, 10));
      assertEquals(0b11001101, validity.getByte(0) & 0xff);
      assertEquals(0b01, validity.getByte(1) & 0xff);
    }
  }

  @Test
  void rejectsBadLevels() {
    // stored length larger than the page
    byte[] page = TestBytes.create().le32(100).bytes(2, 1).toArray();
    assertThrows(CorruptFileException.class, () -> levels.initV1Rle(page, 0, page.length, 1));
    // stored length with the top bit set (as unsigned: over 2 GiB)
    byte[] negative = TestBytes.create().le32(-4).bytes(2, 1).toArray();
    assertThrows(CorruptFileException.class, () -> levels.initV1Rle(negative, 0, negative.length, 1));
    // no room for the length itself
    assertThrows(CorruptFileException.class, () -> levels.initV1Rle(new byte[3], 0, 3, 1));
    // level 3 with max 2 (fits the 2-bit width but exceeds the maximum), repeated and bit-packed
    byte[] tooHigh = {4, 3};
    levels.initV2(tooHigh, 0, 2, 2);
    assertThrows(CorruptFileException.class, () -> levels.read(new int[2], 0, 2));
    levels.initV2(tooHigh, 0, 2, 2);
    try (ArrowBuf validity = memory.allocator().buffer(1)) {
      assertThrows(CorruptFileException.class, () -> levels.readValidity(validity, 0, 2));
      byte[] packed = {3, (byte) 0b11100100, 0};  // 0,1,2,3 ... with max 2
      levels.initV2(packed, 0, 3, 2);
      assertThrows(CorruptFileException.class, () -> levels.readValidity(validity, 0, 4));
      // fewer levels than asked for
      levels.initV2(new byte[] {4, 1}, 0, 2, 1);
      assertThrows(CorruptFileException.class, () -> levels.readValidity(validity, 0, 3));
    }
  }
}
