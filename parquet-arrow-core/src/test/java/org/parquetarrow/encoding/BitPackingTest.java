package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BitPackingTest {
  private static final long SEED = 0x5EED_0001L;

  /** Encodings.md, RLE section: 0..7 with bit width 3 pack to 10001000 11000110 11111010. */
  @Test
  void specExampleLsbFirst() {
    byte[] in = new byte[12];
    in[0] = (byte) 0b10001000;
    in[1] = (byte) 0b11000110;
    in[2] = (byte) 0b11111010;
    int[] out = new int[32];
    BitPacking.unpack32(in, 0, out, 0, 3);
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, Arrays.copyOf(out, 8));
    assertArrayEquals(new int[24], Arrays.copyOfRange(out, 8, 32));

    int[] values = new int[32];
    for (int i = 0; i < 8; i++) {
      values[i] = i;
    }
    byte[] packed = new byte[12];
    BitPacking.pack32(values, 0, packed, 0, 3);
    assertArrayEquals(in, packed);
  }

  /** Encodings.md, BIT_PACKED section: 0..7 with bit width 3 pack to 00000101 00111001 01110111. */
  @Test
  void specExampleMsbFirst() {
    byte[] in = {(byte) 0b00000101, (byte) 0b00111001, (byte) 0b01110111};
    int[] out = new int[8];
    BitPacking.unpackMsbFirst(in, 0, out, 0, 8, 3);
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, out);
    // from a bit position inside a byte: values 1..7 start at bit 3
    int[] tail = new int[7];
    BitPacking.unpackMsbFirst(in, 3, tail, 0, 7, 3);
    assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6, 7}, tail);
  }

  @Test
  void everyIntWidthAgainstBitByBitReference() {
    Random random = new Random(SEED);
    for (int w = 0; w <= 32; w++) {
      for (int round = 0; round < 20; round++) {
        long[] expected = randomValues(random, w, round);
        byte[] packed = TestBytes.packLsb(expected, w);
        // place the group at an odd offset inside a larger array
        byte[] in = new byte[packed.length + 7];
        System.arraycopy(packed, 0, in, 3, packed.length);
        int[] out = new int[40];
        BitPacking.unpack32(in, 3, out, 5, w);
        for (int i = 0; i < 32; i++) {
          assertEquals(expected[i], out[5 + i] & 0xffffffffL, "width " + w + " value " + i + " seed " + SEED);
        }
        int[] values = new int[32];
        for (int i = 0; i < 32; i++) {
          values[i] = (int) expected[i] | (w == 32 ? 0 : random.nextInt() << w); // high garbage ignored
        }
        byte[] repacked = new byte[4 * w];
        BitPacking.pack32(values, 0, repacked, 0, w);
        assertArrayEquals(packed, repacked, "pack width " + w);
      }
    }
  }

  @Test
  void everyLongWidthAgainstBitByBitReference() {
    Random random = new Random(SEED + 1);
    for (int w = 0; w <= 64; w++) {
      for (int round = 0; round < 20; round++) {
        long[] expected = randomValues(random, w, round);
        byte[] packed = TestBytes.packLsb(expected, w);
        long[] out = new long[32];
        BitPacking.unpack32(packed, 0, out, 0, w);
        assertArrayEquals(expected, out, "width " + w + " seed " + SEED);
        byte[] repacked = new byte[4 * w];
        long[] noisy = expected.clone();
        if (w < 64) {
          for (int i = 0; i < 32; i++) {
            noisy[i] |= random.nextLong() << w;
          }
        }
        BitPacking.pack32(noisy, 0, repacked, 0, w);
        assertArrayEquals(packed, repacked, "pack width " + w);
      }
    }
  }

  @Test
  void msbFirstAgainstReference() {
    Random random = new Random(SEED + 2);
    for (int w = 0; w <= 32; w++) {
      long[] expected = new long[37];
      for (int i = 0; i < expected.length; i++) {
        expected[i] = random.nextLong() & TestBytes.mask(w);
      }
      byte[] packed = TestBytes.packMsb(expected, w);
      int[] out = new int[37];
      BitPacking.unpackMsbFirst(packed, 0, out, 0, 37, w);
      for (int i = 0; i < 37; i++) {
        assertEquals(expected[i], out[i] & 0xffffffffL, "width " + w);
      }
    }
  }

  @Test
  void rejectsBadArguments() {
    assertThrows(IllegalArgumentException.class, () -> BitPacking.unpack32(new byte[200], 0, new int[32], 0, 33));
    assertThrows(IllegalArgumentException.class, () -> BitPacking.unpack32(new byte[300], 0, new long[32], 0, 65));
    assertThrows(IndexOutOfBoundsException.class, () -> BitPacking.unpack32(new byte[11], 0, new int[32], 0, 3));
    assertThrows(IndexOutOfBoundsException.class, () -> BitPacking.unpackMsbFirst(new byte[2], 0, new int[8], 0, 8, 3));
    assertEquals(0, BitPacking.bitWidth(0));
    assertEquals(1, BitPacking.bitWidth(1));
    assertEquals(2, BitPacking.bitWidth(3));
    assertEquals(3, BitPacking.bitWidth(4));
  }

  /** Extremes first (all zero, all ones), then random values of the width. */
  private static long[] randomValues(Random random, int w, int round) {
    long[] v = new long[32];
    for (int i = 0; i < 32; i++) {
      long r = round == 0 ? 0 : round == 1 ? -1L : random.nextLong();
      v[i] = r & TestBytes.mask(w);
    }
    return v;
  }
}
