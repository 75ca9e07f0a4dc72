package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;

class RleBitPackedHybridDecoderTest {
  private final RleBitPackedHybridDecoder decoder = new RleBitPackedHybridDecoder();

  private int[] readAll(byte[] data, int width, int n) {
    decoder.init(data, 0, data.length, width);
    int[] out = new int[n];
    assertEquals(n, decoder.read(out, 0, n));
    return out;
  }

  /** The spec's example as one bit-packed run: header (1 group << 1) | 1 = 3, then 3 bytes. */
  @Test
  void specExampleAsBitPackedRun() {
    byte[] data = {3, (byte) 0b10001000, (byte) 0b11000110, (byte) 0b11111010};
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, readAll(data, 3, 8));
  }

  @Test
  void repeatedRunThenBitPackedRun() {
    // 300 fives (header 600 = 0xd8 0x04, value in 1 byte), then 8 bit-packed values 0..7, width 3
    byte[] data = TestBytes.create().uleb(600).bytes(5).bytes(3, 0x88, 0xc6, 0xfa).toArray();
    int[] all = readAll(data, 3, 308);
    for (int i = 0; i < 300; i++) {
      assertEquals(5, all[i]);
    }
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, Arrays.copyOfRange(all, 300, 308));
    // and the data ends there: a further read returns nothing
    assertEquals(0, decoder.read(new int[4], 0, 4));
  }

  @Test
  void repeatedValueTakesRoundUpBytes() {
    // width 9: the repeated value takes 2 bytes, little-endian: 0x1ff = 511
    byte[] data = TestBytes.create().uleb(10 << 1).bytes(0xff, 0x01).toArray();
    int[] expected = new int[10];
    Arrays.fill(expected, 511);
    assertArrayEquals(expected, readAll(data, 9, 10));
    // width 32: 4 bytes
    data = TestBytes.create().uleb(3 << 1).le32(-7).toArray();
    assertArrayEquals(new int[] {-7, -7, -7}, readAll(data, 32, 3));
  }

  @Test
  void randomRunsReadInOddChunksAndSkipped() {
    long seed = 42;
    Random random = new Random(seed);
    for (int width : new int[] {1, 2, 3, 7, 8, 13, 17, 31, 32}) {
      TestBytes b = TestBytes.create();
      int[] expected = new int[20_000];
      int n = 0;
      while (n < expected.length - 600) {
        if (random.nextBoolean()) {
          int count = 1 + random.nextInt(300);
          int value = (int) (random.nextLong() & TestBytes.mask(width));
          b.uleb((long) count << 1);
          for (int i = 0; i < (width + 7) / 8; i++) {
            b.bytes(value >>> (8 * i));
          }
          Arrays.fill(expected, n, n + count, value);
          n += count;
        } else {
          int groups = 1 + random.nextInt(70);
          long[] values = new long[groups * 8];
          for (int i = 0; i < values.length; i++) {
            values[i] = random.nextLong() & TestBytes.mask(width);
            expected[n + i] = (int) values[i];
          }
          b.uleb(((long) groups << 1) | 1).packedLsb(values, width);
          n += values.length;
        }
      }
      byte[] data = b.toArray();
      // read in chunks of varying size, skipping some
      decoder.init(data, 0, data.length, width);
      int pos = 0;
      while (pos < n) {
        int chunk = Math.min(n - pos, 1 + random.nextInt(100));
        if (random.nextInt(4) == 0) {
          assertEquals(chunk, decoder.skip(chunk));
        } else {
          int[] got = new int[chunk + 3];
          assertEquals(chunk, decoder.read(got, 3, chunk));
          assertArrayEquals(Arrays.copyOfRange(expected, pos, pos + chunk),
              Arrays.copyOfRange(got, 3, 3 + chunk), "width " + width + " at " + pos + " seed " + seed);
        }
        pos += chunk;
      }
      assertEquals(0, decoder.read(new int[1], 0, 1));
    }
  }

  @Test
  void exposesRuns() {
    byte[] data = TestBytes.create().uleb(100 << 1).bytes(1).bytes(3, 0x88, 0xc6, 0xfa).toArray();
    decoder.init(data, 0, data.length, 3);
    assertEquals(100, decoder.runRemaining());
    assertTrue(decoder.isRepeatedRun());
    assertEquals(1, decoder.repeatedValue());
    decoder.skip(40);
    assertEquals(60, decoder.runRemaining());
    decoder.skip(60);
    assertEquals(8, decoder.runRemaining());
    assertFalse(decoder.isRepeatedRun());
    int[] two = new int[2];
    decoder.read(two, 0, 2);
    assertArrayEquals(new int[] {0, 1}, two);
    assertEquals(6, decoder.runRemaining());
    decoder.skip(6);
    assertEquals(0, decoder.runRemaining());
  }

  @Test
  void bitWidthZero() {
    // a repeated run of width 0 has no value bytes; a bit-packed run of width 0 has no data
    byte[] data = TestBytes.create().uleb(5 << 1).uleb((2 << 1) | 1).toArray();
    assertArrayEquals(new int[21], readAll(data, 0, 21));
  }

  @Test
  void hugeRunsSkipInConstantTime() {
    // the longest legal repeated run, 2^31 - 1 values of 1, then the same as a bit-packed run of width 0
    byte[] data = TestBytes.create().uleb((long) Integer.MAX_VALUE << 1).bytes(1)
        .uleb(((long) Integer.MAX_VALUE << 1) | 1).toArray();
    decoder.init(data, 0, data.length, 1);
    assertEquals(Integer.MAX_VALUE, decoder.skip(Integer.MAX_VALUE));
    decoder.init(data, 2 + 4, data.length - 6, 0);
    assertEquals(Integer.MAX_VALUE, decoder.skip(Integer.MAX_VALUE));
    assertEquals(8L * Integer.MAX_VALUE - Integer.MAX_VALUE, decoder.runRemaining());
  }

  @Test
  void bitPackedRunWithMissingPaddingReadsWhatIsThere() {
    // declares 1 group (8 values) of width 8 but only 3 bytes follow: 3 values can be read
    byte[] data = {3, 10, 20, 30};
    decoder.init(data, 0, data.length, 8);
    int[] out = new int[3];
    assertEquals(3, decoder.read(out, 0, 3));
    assertArrayEquals(new int[] {10, 20, 30}, out);
    // a fourth value was promised but its byte is missing
    assertThrows(CorruptFileException.class, () -> decoder.read(new int[1], 0, 1));
  }

  @Test
  void rejectsHostileInput() {
    byte[] ok = {2, 1};
    assertThrows(CorruptFileException.class, () -> decoder.init(ok, 0, 2, 33));
    assertThrows(CorruptFileException.class, () -> decoder.init(ok, 0, 2, 254));
    assertThrows(CorruptFileException.class, () -> decoder.init(ok, 0, 2, -1));
    // header cut off inside its varint
    assertCorrupt(new byte[] {(byte) 0x80}, 1, 1);
    // repeated run without its value byte
    assertCorrupt(new byte[] {4}, 1, 1);
    // repeated run of width 9 with only 1 of its 2 value bytes
    assertCorrupt(new byte[] {4, 1}, 9, 1);
    // repeated value 3 does not fit in 1 bit
    assertCorrupt(new byte[] {4, 3}, 1, 1);
    // header varint longer than 5 bytes
    assertCorrupt(new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 1}, 1, 1);
    // header over 32 bits: 0x1_0000_0000 << 0 (5 bytes, top bits set)
    assertCorrupt(new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x10}, 1, 1);
    // bit-packed run of 2^31 - 1 groups of width 8 with one byte present
    byte[] huge = TestBytes.create().uleb(((long) Integer.MAX_VALUE << 1) | 1).bytes(7).toArray();
    decoder.init(huge, 0, huge.length, 8);
    int[] one = new int[1];
    assertEquals(1, decoder.read(one, 0, 1));
    assertEquals(7, one[0]);
    assertThrows(CorruptFileException.class, () -> decoder.read(new int[1000], 0, 1000));
    // bit-packed run of width 17 whose bytes cannot hold even one value
    assertCorrupt(new byte[] {3, 1, 2}, 17, 1);
  }

  @Test
  void neverReadsOutsideItsSection() {
    // the section is the middle of the array; the bytes around it would decode as values
    byte[] data = {4, 9, /* section: */ 6, 1, /* after: */ 6, 1};
    decoder.init(data, 2, 2, 1);
    int[] out = new int[5];
    assertEquals(3, decoder.read(out, 0, 5));
    assertArrayEquals(new int[] {1, 1, 1, 0, 0}, out);
  }

  private void assertCorrupt(byte[] data, int width, int n) {
    assertThrows(CorruptFileException.class, () -> {
      decoder.init(data, 0, data.length, width);
      decoder.read(new int[n], 0, n);
    });
    assertThrows(CorruptFileException.class, () -> {
      decoder.init(data, 0, data.length, width);
      decoder.skip(n);
    });
  }
}
