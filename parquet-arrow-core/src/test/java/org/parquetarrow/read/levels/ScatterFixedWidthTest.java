package org.parquetarrow.read.levels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Values placed at their slots straight from page bytes ({@link ValueSpreader#scatterFixedWidth}),
 * against the naive definition (slot s takes value "valid slots before s" when valid, zeros
 * otherwise) and against the old path (a dense copy, then {@link
 * ValueSpreader#spreadFixedWidth}), for every width and block shape.
 */
class ScatterFixedWidthTest {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ScatterFixedWidthTest.class);

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final int[] WIDTHS = {1, 2, 3, 4, 8, 12, 16, 17};

  @Test
  void handWorkedInt32() {
    // validity 1 0 0 1 1 0 1 ; page values 10 20 30 40 after two bytes of something else
    byte[] page = {9, 9, 10, 0, 0, 0, 20, 0, 0, 0, 30, 0, 0, 0, 40, 0, 0, 0};
    ArrowBuf validity = Buffers.zeroed(memory.allocator(), 1);
    ArrowBuf data = Buffers.filled(memory.allocator(), 28, 0x77);
    try (validity; data) {
      Buffers.setBits(validity, 0, "1001101");
      assertEquals(4, ValueSpreader.scatterFixedWidth(page, 2, 4, 4, data, 0, validity, 0, 7));
      assertArrayEquals(new int[] {10, 0, 0, 20, 30, 0, 40}, Buffers.int32(data, 0, 7));
    }
  }

  @Test
  void everyWidthAndShapeAgainstTheDefinitionAndTheOldPath() {
    long seed = System.nanoTime();
    LOG.info("seed {}; replay by setting it in this test", seed);
    Random random = new Random(seed);
    for (int round = 0; round < 1_500; round++) {
      int width = WIDTHS[round % WIDTHS.length];
      int slots = random.nextInt(round % 10 == 0 ? 2_000 : 300);
      long bitOffset = random.nextInt(130);
      long byteOffset = random.nextInt(9) + (long) random.nextInt(3) * width;
      boolean[] valid = validity(random, slots, round % 7);
      int count = 0;
      for (boolean v : valid) {
        count += v ? 1 : 0;
      }
      // the values end exactly at the page's end, so a read past them would leave the array
      int srcOffset = random.nextInt(13);
      byte[] page = new byte[srcOffset + count * width];
      random.nextBytes(page);
      String what = "seed " + seed + " round " + round + " width " + width + " slots " + slots;
      ArrowBuf bits = Buffers.zeroed(memory.allocator(), (bitOffset + slots + 7) / 8 + 1);
      ArrowBuf data = Buffers.filled(memory.allocator(), byteOffset + (long) slots * width + 5, 0xee);
      ArrowBuf old = Buffers.filled(memory.allocator(), byteOffset + (long) slots * width + 5, 0xee);
      try (bits; data; old) {
        StringBuilder s = new StringBuilder();
        for (boolean v : valid) {
          s.append(v ? '1' : '0');
        }
        Buffers.setBits(bits, bitOffset, s.toString());
        assertEquals(count, ValueSpreader.scatterFixedWidth(page, srcOffset, count, width, data, byteOffset,
            bits, bitOffset, slots), what);
        int k = 0;
        for (int slot = 0; slot < slots; slot++) {
          byte[] want = new byte[width];
          if (valid[slot]) {
            System.arraycopy(page, srcOffset + k++ * width, want, 0, width);
          }
          byte[] got = new byte[width];
          data.getBytes(byteOffset + (long) slot * width, got);
          assertArrayEquals(want, got, what + " slot " + slot);
        }
        for (long b = 0; b < byteOffset; b++) {
          assertEquals((byte) 0xee, data.getByte(b), what + ": bytes before the slots stay");
        }
        assertEquals((byte) 0xee, data.getByte(byteOffset + (long) slots * width), what + ": bytes after stay");
        // the old path: the dense values first, then spread in place
        old.setBytes(byteOffset, page, srcOffset, (long) count * width);
        ValueSpreader.spreadFixedWidth(old, byteOffset, width, bits, bitOffset, slots);
        for (long b = 0; b < old.capacity(); b++) {
          if (old.getByte(b) != data.getByte(b)) {
            assertEquals(old.getByte(b), data.getByte(b), what + ": byte " + b + " differs from the old path");
          }
        }
      }
    }
  }

  @Test
  void fullAndEmptyBlocksAtEveryAlignment() {
    for (int width : WIDTHS) {
      for (int bitOffset = 0; bitOffset < 70; bitOffset += 3) {
        for (String pattern : new String[] {"1".repeat(200), "0".repeat(200),
            "1".repeat(64) + "0".repeat(64) + "1".repeat(64) + "0", "0" + "1".repeat(127) + "0".repeat(5)}) {
          int slots = pattern.length();
          int count = (int) pattern.chars().filter(c -> c == '1').count();
          byte[] page = new byte[count * width];
          for (int i = 0; i < page.length; i++) {
            page[i] = (byte) (i * 7 + 1);
          }
          ArrowBuf bits = Buffers.zeroed(memory.allocator(), (bitOffset + slots + 7) / 8);
          ArrowBuf data = Buffers.filled(memory.allocator(), (long) slots * width, 0xee);
          try (bits; data) {
            Buffers.setBits(bits, bitOffset, pattern);
            assertEquals(count, ValueSpreader.scatterFixedWidth(page, 0, count, width, data, 0, bits, bitOffset, slots));
            int k = 0;
            for (int slot = 0; slot < slots; slot++) {
              for (int b = 0; b < width; b++) {
                byte want = pattern.charAt(slot) == '1' ? page[k * width + b] : 0;
                assertEquals(want, data.getByte((long) slot * width + b),
                    "width " + width + " offset " + bitOffset + " slot " + slot);
              }
              k += pattern.charAt(slot) == '1' ? 1 : 0;
            }
          }
        }
      }
    }
  }

  @Test
  void moreSetBitsThanValuesOrRangesOutsideAreRefused() {
    ArrowBuf bits = Buffers.zeroed(memory.allocator(), 8);
    ArrowBuf data = Buffers.zeroed(memory.allocator(), 64);
    try (bits; data) {
      Buffers.setBits(bits, 0, "1101");
      byte[] page = new byte[12];
      // three set bits, two values: the third read would leave the values
      assertThrows(IllegalArgumentException.class,
          () -> ValueSpreader.scatterFixedWidth(page, 4, 2, 4, data, 0, bits, 0, 4));
      // the values said to be there are not in the array
      assertThrows(IndexOutOfBoundsException.class,
          () -> ValueSpreader.scatterFixedWidth(page, 4, 3, 4, data, 0, bits, 0, 4));
      assertThrows(IndexOutOfBoundsException.class,
          () -> ValueSpreader.scatterFixedWidth(page, 0, 3, 4, data.slice(0, 15), 0, bits, 0, 4));
      assertThrows(IndexOutOfBoundsException.class,
          () -> ValueSpreader.scatterFixedWidth(page, 0, 3, 4, data, 0, bits.slice(0, 1), 6, 4));
    }
  }

  /** Validity of a chosen shape: scattered nulls, runs, few nulls per block, all or none valid. */
  private static boolean[] validity(Random random, int slots, int shape) {
    boolean[] valid = new boolean[slots];
    for (int s = 0; s < slots; ) {
      int run = switch (shape) {
        case 0 -> 1;
        case 1 -> 1 + random.nextInt(200);
        default -> 1 + random.nextInt(20);
      };
      boolean v = switch (shape) {
        case 2 -> random.nextInt(10) != 0;
        case 3 -> true;
        case 4 -> false;
        default -> random.nextBoolean();
      };
      for (int i = 0; i < run && s < slots; i++, s++) {
        valid[s] = shape == 0 ? random.nextInt(10) != 0 : v;
      }
    }
    return valid;
  }
}
