package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.read.levels.Buffers;
import org.parquetarrow.testing.LeakCheckingAllocator;

/** Bit helpers at every offset and length, against a character-per-bit model of the bitmap. */
class BitmapsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void handWorked() {
    ArrowBuf buf = Buffers.zeroed(memory.allocator(), 3);
    try (buf) {
      Bitmaps.writeBits(buf, 5, 7, 0b1011001);
      // bit 5 gets the lowest bit (1), then 0, 0, 1, 1, 0, 1
      assertEquals("00000" + "1001101" + "000000000000", Buffers.bits(buf, 0, 24));
      assertEquals(0b1011001, Bitmaps.readBits(buf, 5, 7));
      assertEquals(0b11, Bitmaps.readBits(buf, 8, 2));
      assertEquals(4, Bitmaps.countSetBits(buf, 0, 24));
      assertEquals(3, Bitmaps.countSetBits(buf, 8, 16)); // bits 8, 9, 11
      Bitmaps.setRange(buf, 2, 20, true);
      assertEquals("00" + "1".repeat(20) + "00", Buffers.bits(buf, 0, 24));
      Bitmaps.setRange(buf, 9, 3, false);
      assertEquals("00" + "1111111" + "000" + "1".repeat(10) + "00", Buffers.bits(buf, 0, 24));
    }
  }

  @Test
  void depositPlacesBitsAtTheMaskPositions() {
    assertEquals(0b1000_0100L, Bitmaps.deposit(0b11, 0b1000_0100));
    assertEquals(0b0000_0100L, Bitmaps.deposit(0b01, 0b1000_0100));
    assertEquals(0L, Bitmaps.deposit(-1L, 0));
    assertEquals(-1L, Bitmaps.deposit(-1L, -1L));
    assertEquals(0x8000_0000_0000_0000L, Bitmaps.deposit(0b10, 0x8000_0000_0000_0001L));
  }

  @Test
  void compressAgreesWithBitByBitForEveryKeptCount() {
    Random random = new Random(64);
    for (int kept = 0; kept <= 64; kept++) {
      for (int round = 0; round < 200; round++) {
        long mask = 0;
        while (Long.bitCount(mask) < kept) {
          mask |= 1L << random.nextInt(64);
        }
        long src = random.nextLong();
        long want = 0;
        int at = 0;
        for (int i = 0; i < 64; i++) {
          if ((mask >>> i & 1) != 0) {
            want |= (src >>> i & 1) << at++;
          }
        }
        assertEquals(want, Bitmaps.compress(src, mask), "src " + src + " mask " + mask);
      }
    }
  }

  @Test
  void compressGathersTheMaskedBits() {
    assertEquals(0b11L, Bitmaps.compress(0b1000_0100L, 0b1000_0100L));
    assertEquals(0b10L, Bitmaps.compress(0b1000_0000L, 0b1000_0100L));
    assertEquals(-1L, Bitmaps.compress(-1L, -1L));
    assertEquals(0L, Bitmaps.compress(-1L, 0L));
    assertEquals(0x7fff_ffff_ffff_ffffL, Bitmaps.compress(-1L, -2L));
    Random random = new Random(12);
    for (int round = 0; round < 20_000; round++) {
      long src = random.nextLong();
      // masks from sparse to dense, to take both ways through compress
      long mask = random.nextLong();
      for (int k = random.nextInt(4); k > 0; k--) {
        mask = random.nextBoolean() ? mask | random.nextLong() : mask & random.nextLong();
      }
      long want = 0;
      int at = 0;
      for (int i = 0; i < 64; i++) {
        if ((mask >>> i & 1) == 1) {
          want |= (src >>> i & 1) << at++;
        }
      }
      assertEquals(want, Bitmaps.compress(src, mask));
      assertEquals(src & mask, Bitmaps.deposit(Bitmaps.compress(src, mask), mask));
    }
  }

  @Test
  void randomReadsWritesAndRanges() {
    Random random = new Random(11);
    int bits = 8 * 40;
    ArrowBuf buf = Buffers.zeroed(memory.allocator(), 40);
    try (buf) {
      char[] model = "0".repeat(bits).toCharArray();
      for (int round = 0; round < 5000; round++) {
        int count = random.nextInt(65);
        int at = random.nextInt(bits - count + 1);
        switch (random.nextInt(4)) {
          case 0 -> {
            long v = random.nextLong();
            Bitmaps.writeBits(buf, at, count, v);
            for (int i = 0; i < count; i++) {
              model[at + i] = ((v >>> i) & 1) == 1 ? '1' : '0';
            }
          }
          case 1 -> {
            long want = 0;
            for (int i = 0; i < count; i++) {
              want |= (model[at + i] == '1' ? 1L : 0L) << i;
            }
            assertEquals(want, Bitmaps.readBits(buf, at, count), "read at " + at + " of " + count);
          }
          case 2 -> {
            int len = random.nextInt(bits - at + 1);
            boolean value = random.nextBoolean();
            Bitmaps.setRange(buf, at, len, value);
            for (int i = 0; i < len; i++) {
              model[at + i] = value ? '1' : '0';
            }
          }
          default -> {
            int len = random.nextInt(bits - at + 1);
            long want = 0;
            for (int i = 0; i < len; i++) {
              want += model[at + i] == '1' ? 1 : 0;
            }
            assertEquals(want, Bitmaps.countSetBits(buf, at, len));
          }
        }
        if (round % 500 == 0) {
          assertEquals(new String(model), Buffers.bits(buf, 0, bits));
        }
      }
      assertEquals(new String(model), Buffers.bits(buf, 0, bits));
    }
  }

  @Test
  void theWriterAppendsRunsAndWordsAtEveryOffsetAndKeepsTheBitsAround() {
    Random random = new Random(29);
    int bytes = 96;
    int bits = 8 * bytes;
    for (int round = 0; round < 3000; round++) {
      ArrowBuf buf = memory.allocator().buffer(bytes);
      try (buf) {
        char[] model = new char[bits];
        for (int i = 0; i < bytes; i++) {
          int b = random.nextInt(256);
          buf.setByte(i, b);
          for (int j = 0; j < 8; j++) {
            model[8 * i + j] = ((b >>> j) & 1) == 1 ? '1' : '0';
          }
        }
        int start = random.nextInt(bits);
        int count = random.nextInt(bits - start + 1);
        Bitmaps.Writer w = new Bitmaps.Writer();
        w.start(buf, start, count);
        int at = start;
        int end = start + count;
        while (at < end) {
          int left = end - at;
          switch (random.nextInt(3)) {
            case 0 -> {
              // short runs mostly, sometimes long ones spanning several words
              int n = Math.min(left, random.nextBoolean() ? random.nextInt(20) : random.nextInt(400));
              boolean set = random.nextBoolean();
              w.appendRun(set, n);
              for (int i = 0; i < n; i++) {
                model[at++] = set ? '1' : '0';
              }
            }
            case 1 -> {
              int n = Math.min(left, random.nextInt(33));
              int v = random.nextInt();
              w.appendBits(v, n);
              for (int i = 0; i < n; i++) {
                model[at++] = ((v >>> i) & 1) == 1 ? '1' : '0';
              }
            }
            default -> {
              if (left < 64) {
                continue;
              }
              long v = random.nextLong();
              w.appendLong(v);
              for (int i = 0; i < 64; i++) {
                model[at++] = ((v >>> i) & 1) == 1 ? '1' : '0';
              }
            }
          }
        }
        w.finish();
        assertEquals(new String(model), Buffers.bits(buf, 0, bits), "from bit " + start + ", " + count + " bits");
      }
    }
  }

  @Test
  void rangesOutsideTheBufferAreRefused() {
    ArrowBuf buf = Buffers.zeroed(memory.allocator(), 8);
    try (buf) {
      ArrowBuf two = buf.slice(0, 2);
      assertThrows(IndexOutOfBoundsException.class, () -> Bitmaps.readBits(two, 10, 7));
      assertThrows(IndexOutOfBoundsException.class, () -> Bitmaps.writeBits(two, -1, 3, 0));
      assertThrows(IndexOutOfBoundsException.class, () -> Bitmaps.setRange(two, 0, 17, true));
      assertThrows(IndexOutOfBoundsException.class, () -> Bitmaps.countSetBits(two, 3, 14));
      assertThrows(IllegalArgumentException.class, () -> Bitmaps.readBits(buf, 0, 65));
      assertEquals(0, Bitmaps.countSetBits(two, 16, 0));
    }
  }
}
