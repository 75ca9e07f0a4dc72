package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link RleBitPackedHybridEncoder#writeBits}, which encodes a validity bitmap's bits as
 * definition levels of width 1, writes what {@link RleBitPackedHybridEncoder#write(int[], int,
 * int)} writes for the same levels: exact bytes worked out from the spec for small cases, and the
 * int path's bytes for random bitmaps of every null density, at every bit offset, cut into
 * calls of random sizes, mixed with values written one at a time.
 */
class RleBitsEncoderTest {
  private static final Logger LOG = LoggerFactory.getLogger(RleBitsEncoderTest.class);

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void exactBytesFromTheSpec() {
    try (ArrowBuf buf = memory.allocator().buffer(8)) {
      buf.setZero(0, 8);
      // sixteen valid rows: one repeated run, header 16 << 1 = 0x20, value 1 in one byte
      buf.setByte(0, 0xff);
      buf.setByte(1, 0xff);
      assertArrayEquals(new byte[] {0x20, 1}, bits(buf, 0, 16));
      // 1,0,1,0,1,0,1,0: one bit-packed group, header (1 << 1) | 1, the group's byte LSB first: 0x55
      buf.setByte(2, 0x55);
      assertArrayEquals(new byte[] {3, 0x55}, bits(buf, 16, 8));
      // the same eight levels from bit 4 of a byte: 0x5 in the high nibble of byte 3, 0x5 low in byte 4
      buf.setByte(3, 0x50);
      buf.setByte(4, 0x05);
      assertArrayEquals(new byte[] {3, 0x55}, bits(buf, 28, 8));
      // three levels 1, 1, 0: one group padded with zeros, 0b011
      buf.setByte(5, 0x03);
      assertArrayEquals(new byte[] {3, 0x03}, bits(buf, 40, 3));
      // two levels 1, 1: a short repeated run, header 2 << 1
      assertArrayEquals(new byte[] {4, 1}, bits(buf, 40, 2));
    }
  }

  @Test
  void widthOtherThanOneIsRefused() {
    var e = new RleBitPackedHybridEncoder(2);
    assertThrows(IllegalStateException.class, () -> e.writeBits(0, 0, 8));
  }

  @Test
  void randomBitmapsEncodeAsTheirLevels() {
    long seed = new Random().nextLong();
    LOG.info("RleBitsEncoderTest seed {}", seed);
    Random random = new Random(seed);
    double[] nullShares = {0, 0.001, 0.05, 0.3, 0.5, 0.9, 1};
    int bytes = 4096;
    try (ArrowBuf buf = memory.allocator().buffer(bytes)) {
      for (int round = 0; round < 400; round++) {
        double nulls = nullShares[round % nullShares.length];
        boolean runs = random.nextBoolean();
        int[] levels = new int[bytes * 8];
        int level = 1;
        for (int i = 0; i < levels.length; i++) {
          if (runs) {
            // long runs of either level, switching now and then
            if (random.nextInt(random.nextBoolean() ? 40 : 400) == 0) {
              level ^= 1;
            }
          } else {
            level = random.nextDouble() < nulls ? 0 : 1;
          }
          levels[i] = level;
        }
        buf.setZero(0, bytes);
        for (int i = 0; i < levels.length; i++) {
          if (levels[i] == 1) {
            buf.setByte(i >>> 3, buf.getByte(i >>> 3) | (1 << (i & 7)));
          }
        }
        int from = random.nextInt(64);
        int n = random.nextInt(levels.length - from - 16);
        // the same levels through both paths, cut at the same places, after the same few single values
        var expected = new RleBitPackedHybridEncoder(1);
        var actual = new RleBitPackedHybridEncoder(1);
        int lead = random.nextInt(12);
        for (int k = 0; k < lead; k++) {
          int v = random.nextInt(2);
          expected.write(v);
          actual.write(v);
        }
        for (int at = 0; at < n; ) {
          int piece = Math.min(n - at, random.nextInt(4) == 0 ? random.nextInt(9) : random.nextInt(3000));
          expected.write(levels, from + at, piece);
          actual.writeBits(buf.memoryAddress(), from + at, piece);
          at += piece;
        }
        ByteSink a = new ByteSink();
        expected.flushWithLengthTo(a);
        ByteSink b = new ByteSink();
        actual.flushWithLengthTo(b);
        assertArrayEquals(a.toByteArray(), b.toByteArray(),
            "seed " + seed + " round " + round + " from " + from + " n " + n + " lead " + lead);
        assertEquals(countOnes(levels, from, n), Bitmaps.countSetBits(buf.memoryAddress(), from, n),
            "seed " + seed + " round " + round);
      }
    }
  }

  private static long countOnes(int[] levels, int from, int n) {
    long c = 0;
    for (int i = from; i < from + n; i++) {
      c += levels[i];
    }
    return c;
  }

  private static byte[] bits(ArrowBuf buf, long from, int n) {
    var e = new RleBitPackedHybridEncoder(1);
    e.writeBits(buf.memoryAddress(), from, n);
    ByteSink s = new ByteSink();
    e.flushTo(s);
    return s.toByteArray();
  }
}
