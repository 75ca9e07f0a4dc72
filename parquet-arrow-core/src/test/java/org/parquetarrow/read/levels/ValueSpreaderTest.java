package org.parquetarrow.read.levels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.encoding.BinaryOutput.OffsetWidth;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Spreading dense values to their slots, against a naive reference (slot s takes dense value
 * "valid slots before s" when valid, zero otherwise), for every width, bits and binary offsets.
 */
class ValueSpreaderTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void handWorkedInt32() {
    // validity 1 0 0 1 1 0 1 ; dense 10 20 30 40 -> 10 0 0 20 30 0 40
    ArrowBuf validity = Buffers.zeroed(memory.allocator(), 1);
    ArrowBuf data = Buffers.filled(memory.allocator(), 28, 0x77);
    try (validity; data) {
      Buffers.setBits(validity, 0, "1001101");
      for (int i = 0; i < 4; i++) {
        data.setInt(4L * i, 10 * (i + 1));
      }
      assertEquals(4, ValueSpreader.spreadFixedWidth(data, 0, 4, validity, 0, 7));
      assertArrayEquals(new int[] {10, 0, 0, 20, 30, 0, 40}, Buffers.int32(data, 0, 7));
    }
  }

  @Test
  void handWorkedBinaryOffsetsInPlace() {
    // values "ab", "", "cde" at valid slots 1, 2, 4 of 6: dense offsets 0 2 2 5
    ArrowBuf validity = Buffers.zeroed(memory.allocator(), 1);
    ArrowBuf offsets = Buffers.zeroed(memory.allocator(), 4 * 7);
    try (validity; offsets) {
      Buffers.setBits(validity, 0, "011010");
      int[] dense = {0, 2, 2, 5};
      for (int i = 0; i < dense.length; i++) {
        offsets.setInt(4L * i, dense[i]);
      }
      assertEquals(3, ValueSpreader.spreadOffsets(offsets, 0, offsets, 0, OffsetWidth.INT32,
          validity, 0, 6));
      assertArrayEquals(new int[] {0, 0, 2, 2, 2, 5, 5}, Buffers.int32(offsets, 0, 7));
    }
  }

  @Test
  void everyWidthAgainstTheReference() {
    Random random = new Random(7);
    int[] widths = {1, 2, 3, 4, 7, 8, 12, 16, 17};
    for (int round = 0; round < 400; round++) {
      int width = widths[round % widths.length];
      int slots = random.nextInt(300);
      long bitOffset = random.nextInt(20);
      long byteOffset = random.nextInt(9);
      boolean[] valid = randomValidity(random, slots);
      ArrowBuf validity = Buffers.zeroed(memory.allocator(), (bitOffset + slots + 7) / 8);
      ArrowBuf data = Buffers.filled(memory.allocator(), byteOffset + (long) slots * width + 5, 0xee);
      try (validity; data) {
        byte[][] dense = writeValidityAndDense(random, valid, validity, bitOffset, data, byteOffset, width);
        int moved = ValueSpreader.spreadFixedWidth(data, byteOffset, width, validity, bitOffset, slots);
        assertEquals(dense.length, moved);
        int k = 0;
        for (int s = 0; s < slots; s++) {
          byte[] want = valid[s] ? dense[k++] : new byte[width];
          byte[] got = new byte[width];
          data.getBytes(byteOffset + (long) s * width, got);
          assertArrayEquals(want, got, "width " + width + " slot " + s + " round " + round);
        }
        for (long b = 0; b < byteOffset; b++) {
          assertEquals((byte) 0xee, data.getByte(b), "bytes before the values stay");
        }
        long after = byteOffset + (long) slots * width;
        assertEquals((byte) 0xee, data.getByte(after), "bytes after the values stay");
      }
    }
  }

  @Test
  void fewNullsPerBlockAgainstTheReference() {
    // a nullable column's usual shape: blocks of 64 slots with a handful of nulls, in runs or alone
    Random random = new Random(70);
    int[] widths = {1, 2, 3, 4, 7, 8, 12, 16, 17};
    for (int round = 0; round < 600; round++) {
      int width = widths[round % widths.length];
      int slots = 1 + random.nextInt(400);
      long bitOffset = random.nextInt(20);
      long byteOffset = random.nextInt(9);
      boolean[] valid = new boolean[slots];
      int oneIn = 4 + random.nextInt(40);
      for (int s = 0; s < slots; s++) {
        valid[s] = random.nextInt(oneIn) != 0;
      }
      if (round % 5 == 0) {
        valid[0] = false; // a null at the very bottom, and at the top
        valid[slots - 1] = false;
      }
      ArrowBuf validity = Buffers.zeroed(memory.allocator(), (bitOffset + slots + 7) / 8);
      ArrowBuf data = Buffers.filled(memory.allocator(), byteOffset + (long) slots * width + 5, 0xee);
      try (validity; data) {
        byte[][] dense = writeValidityAndDense(random, valid, validity, bitOffset, data, byteOffset, width);
        int moved = ValueSpreader.spreadFixedWidth(data, byteOffset, width, validity, bitOffset, slots);
        assertEquals(dense.length, moved);
        int k = 0;
        for (int s = 0; s < slots; s++) {
          byte[] want = valid[s] ? dense[k++] : new byte[width];
          byte[] got = new byte[width];
          data.getBytes(byteOffset + (long) s * width, got);
          assertArrayEquals(want, got, "width " + width + " slot " + s + " round " + round);
        }
        for (long b = 0; b < byteOffset; b++) {
          assertEquals((byte) 0xee, data.getByte(b), "bytes before the values stay");
        }
        assertEquals((byte) 0xee, data.getByte(byteOffset + (long) slots * width), "bytes after stay");
      }
    }
  }

  @Test
  void bitsAgainstTheReference() {
    Random random = new Random(8);
    for (int round = 0; round < 400; round++) {
      int slots = random.nextInt(400);
      long bitOffset = random.nextInt(20);
      long valueOffset = random.nextInt(20);
      boolean[] valid = randomValidity(random, slots);
      ArrowBuf validity = Buffers.zeroed(memory.allocator(), (bitOffset + slots + 7) / 8);
      ArrowBuf values = Buffers.filled(memory.allocator(), (valueOffset + slots + 7) / 8 + 1, 0xff);
      try (validity; values) {
        StringBuilder validBits = new StringBuilder();
        StringBuilder dense = new StringBuilder();
        StringBuilder expected = new StringBuilder();
        for (boolean v : valid) {
          validBits.append(v ? '1' : '0');
          if (v) {
            char bit = random.nextBoolean() ? '1' : '0';
            dense.append(bit);
            expected.append(bit);
          } else {
            expected.append('0');
          }
        }
        Buffers.setBits(validity, bitOffset, validBits.toString());
        Buffers.setBits(values, valueOffset, dense.toString());
        // the bits after the dense ones are garbage (set), as a decoder may leave them
        assertEquals(dense.length(),
            ValueSpreader.spreadBits(values, valueOffset, validity, bitOffset, slots));
        assertEquals(expected.toString(), Buffers.bits(values, valueOffset, slots), "round " + round);
        assertEquals("1".repeat((int) valueOffset), Buffers.bits(values, 0, (int) valueOffset));
      }
    }
  }

  @Test
  void binaryOffsetsAgainstTheReference() {
    Random random = new Random(9);
    for (int round = 0; round < 400; round++) {
      OffsetWidth width = round % 2 == 0 ? OffsetWidth.INT32 : OffsetWidth.INT64;
      int bytes = width == OffsetWidth.INT64 ? 8 : 4;
      boolean inPlace = round % 3 != 0;
      int slots = random.nextInt(300);
      long bitOffset = random.nextInt(20);
      long first = random.nextInt(4);
      boolean[] valid = randomValidity(random, slots);
      ArrowBuf validity = Buffers.zeroed(memory.allocator(), (bitOffset + slots + 7) / 8);
      ArrowBuf dense = Buffers.zeroed(memory.allocator(), (first + slots + 1) * bytes);
      ArrowBuf out = inPlace ? dense : Buffers.filled(memory.allocator(), (first + slots + 1) * bytes, 0x33);
      try (validity; dense) {
        StringBuilder validBits = new StringBuilder();
        long start = random.nextInt(1000) + (width == OffsetWidth.INT64 ? 5_000_000_000L : 0);
        long end = start;
        long[] expected = new long[slots + 1];
        expected[0] = start;
        int k = 0;
        put(dense, first + k, end, width);
        for (int s = 0; s < slots; s++) {
          validBits.append(valid[s] ? '1' : '0');
          if (valid[s]) {
            end += random.nextInt(6);
            put(dense, first + ++k, end, width);
          }
          expected[s + 1] = end;
        }
        Buffers.setBits(validity, bitOffset, validBits.toString());
        assertEquals(k, ValueSpreader.spreadOffsets(dense, first, out, first, width, validity,
            bitOffset, slots));
        long[] got = width == OffsetWidth.INT64
            ? Buffers.int64(out, first, slots + 1)
            : java.util.Arrays.stream(Buffers.int32(out, first, slots + 1)).asLongStream().toArray();
        assertArrayEquals(expected, got, "round " + round);
      } finally {
        if (!inPlace) {
          out.close();
        }
      }
    }
  }

  @Test
  void buffersTooSmallAreRefused() {
    ArrowBuf validity = Buffers.zeroed(memory.allocator(), 8);
    ArrowBuf data = Buffers.zeroed(memory.allocator(), 64);
    try (validity; data) {
      ArrowBuf small = data.slice(0, 39);
      assertThrows(IndexOutOfBoundsException.class,
          () -> ValueSpreader.spreadFixedWidth(small, 0, 4, validity, 0, 10));
      ArrowBuf shortBits = validity.slice(0, 1);
      assertThrows(IndexOutOfBoundsException.class,
          () -> ValueSpreader.spreadFixedWidth(data, 0, 4, shortBits, 1, 8));
      assertThrows(IndexOutOfBoundsException.class,
          () -> ValueSpreader.spreadOffsets(data, 0, data.slice(0, 40), 0, OffsetWidth.INT32,
              validity, 0, 10));
    }
  }

  private static void put(ArrowBuf buf, long entry, long value, OffsetWidth width) {
    if (width == OffsetWidth.INT64) {
      buf.setLong(entry * 8, value);
    } else {
      buf.setInt(entry * 4, (int) value);
    }
  }

  /** Mixes long valid runs, long null runs and scattered nulls, to reach every block case. */
  private static boolean[] randomValidity(Random random, int slots) {
    boolean[] valid = new boolean[slots];
    int mode = random.nextInt(4);
    for (int s = 0; s < slots; ) {
      int run = 1 + random.nextInt(mode == 0 ? 3 : 150);
      boolean v = mode == 1 ? random.nextInt(10) != 0 : random.nextBoolean();
      for (int i = 0; i < run && s < slots; i++, s++) {
        valid[s] = mode == 0 ? random.nextBoolean() : v;
      }
    }
    return valid;
  }

  /** Sets the validity bits and writes random dense values; returns those values. */
  private static byte[][] writeValidityAndDense(Random random, boolean[] valid, ArrowBuf validity,
      long bitOffset, ArrowBuf data, long byteOffset, int width) {
    StringBuilder bits = new StringBuilder();
    int count = 0;
    for (boolean v : valid) {
      bits.append(v ? '1' : '0');
      count += v ? 1 : 0;
    }
    Buffers.setBits(validity, bitOffset, bits.toString());
    byte[][] dense = new byte[count][width];
    for (int i = 0; i < count; i++) {
      random.nextBytes(dense[i]);
      data.setBytes(byteOffset + (long) i * width, dense[i]);
    }
    return dense;
  }
}
