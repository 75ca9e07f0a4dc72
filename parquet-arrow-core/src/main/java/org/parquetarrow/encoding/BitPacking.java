package org.parquetarrow.encoding;

import java.util.Objects;

/**
 * Bit packing of fixed-width unsigned integers, 32 values at a time, in the two orders Parquet
 * uses:
 *
 * <ul>
 *   <li>LSB first (the RLE / bit-packed hybrid, PLAIN booleans, DELTA_BINARY_PACKED miniblocks):
 *       32 values of width {@code w} take exactly {@code 4 * w} bytes. Unpacking is specialised per
 *       width (straight-line code in {@code IntBitUnpacker} / {@code LongBitUnpacker});
 *   <li>MSB first (the deprecated BIT_PACKED level encoding): any number of values from any bit
 *       position.
 * </ul>
 *
 * <pre>{@code
 * // the spec's example: 0..7 with bit width 3, padded to 32 values
 * byte[] packed = new byte[12];
 * packed[0] = (byte) 0b10001000; packed[1] = (byte) 0b11000110; packed[2] = (byte) 0b11111010;
 * int[] values = new int[32];
 * BitPacking.unpack32(packed, 0, values, 0, 3);   // values[0..7] = 0, 1, ..., 7
 * }</pre>
 */
public final class BitPacking {
  /** The widest value an {@code int[]} unpack takes. */
  public static final int MAX_INT_WIDTH = 32;
  /** The widest value a {@code long[]} unpack takes. */
  public static final int MAX_LONG_WIDTH = 64;

  private BitPacking() {}

  /**
   * Unpacks 32 LSB-first values of {@code bitWidth} (0..32) bits from {@code 4 * bitWidth} bytes
   * at {@code in[inPos]} into {@code out[outPos .. outPos + 32)}.
   */
  public static void unpack32(byte[] in, int inPos, int[] out, int outPos, int bitWidth) {
    checkWidth(bitWidth, MAX_INT_WIDTH);
    Objects.checkFromIndexSize(inPos, 4 * bitWidth, in.length);
    Objects.checkFromIndexSize(outPos, 32, out.length);
    IntBitUnpacker.unpack32(in, inPos, out, outPos, bitWidth);
  }

  /**
   * Unpacks 32 LSB-first values of {@code bitWidth} (0..64) bits from {@code 4 * bitWidth} bytes
   * at {@code in[inPos]} into {@code out[outPos .. outPos + 32)}.
   */
  public static void unpack32(byte[] in, int inPos, long[] out, int outPos, int bitWidth) {
    checkWidth(bitWidth, MAX_LONG_WIDTH);
    Objects.checkFromIndexSize(inPos, 4 * bitWidth, in.length);
    Objects.checkFromIndexSize(outPos, 32, out.length);
    LongBitUnpacker.unpack32(in, inPos, out, outPos, bitWidth);
  }

  /**
   * Packs 32 values of {@code bitWidth} (0..32) bits, LSB first, into {@code 4 * bitWidth} bytes
   * at {@code out[outPos]}. Bits above the width are ignored.
   */
  public static void pack32(int[] in, int inPos, byte[] out, int outPos, int bitWidth) {
    checkWidth(bitWidth, MAX_INT_WIDTH);
    Objects.checkFromIndexSize(inPos, 32, in.length);
    Objects.checkFromIndexSize(outPos, 4 * bitWidth, out.length);
    long mask = bitWidth == 32 ? 0xffffffffL : (1L << bitWidth) - 1;
    long acc = 0;
    int bits = 0;
    int o = outPos;
    for (int i = 0; i < 32; i++) {
      acc |= (in[inPos + i] & mask) << bits;
      bits += bitWidth;
      // at most 7 + 32 bits are pending, so the accumulator never overflows
      while (bits >= 8) {
        out[o++] = (byte) acc;
        acc >>>= 8;
        bits -= 8;
      }
    }
  }

  /**
   * Packs 32 values of {@code bitWidth} (0..64) bits, LSB first, into {@code 4 * bitWidth} bytes
   * at {@code out[outPos]}. Bits above the width are ignored.
   */
  public static void pack32(long[] in, int inPos, byte[] out, int outPos, int bitWidth) {
    checkWidth(bitWidth, MAX_LONG_WIDTH);
    Objects.checkFromIndexSize(inPos, 32, in.length);
    Objects.checkFromIndexSize(outPos, 4 * bitWidth, out.length);
    long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
    long acc = 0;
    int bits = 0;
    int o = outPos;
    for (int i = 0; i < 32; i++) {
      long v = in[inPos + i] & mask;
      acc |= v << bits;
      int total = bits + bitWidth;
      if (total >= 64) {
        LittleEndian.putLong(out, o, acc);
        o += 8;
        // the value's bits that did not fit in the word just written
        acc = bits == 0 ? 0 : v >>> (64 - bits);
        total -= 64;
      }
      while (total >= 8) {
        out[o++] = (byte) acc;
        acc >>>= 8;
        total -= 8;
      }
      bits = total;
    }
  }

  /**
   * Unpacks {@code n} MSB-first values of {@code bitWidth} (0..32) bits starting {@code bitPos}
   * bits into {@code in} (the deprecated BIT_PACKED encoding), into {@code out[outPos ..]}.
   */
  public static void unpackMsbFirst(
      byte[] in, long bitPos, int[] out, int outPos, int n, int bitWidth) {
    checkWidth(bitWidth, MAX_INT_WIDTH);
    Objects.checkFromIndexSize(outPos, n, out.length);
    long endBit = bitPos + (long) n * bitWidth;
    if (bitPos < 0 || (endBit + 7) >>> 3 > in.length) {
      throw new IndexOutOfBoundsException(
          "bits " + bitPos + ".." + endBit + " outside " + in.length + " bytes");
    }
    long p = bitPos;
    for (int i = 0; i < n; i++) {
      int v = 0;
      int need = bitWidth;
      while (need > 0) {
        int b = in[(int) (p >>> 3)] & 0xff;
        int avail = 8 - (int) (p & 7);
        int take = Math.min(avail, need);
        v = (v << take) | ((b >>> (avail - take)) & ((1 << take) - 1));
        need -= take;
        p += take;
      }
      out[outPos + i] = v;
    }
  }

  /** The bit width that holds every value in {@code 0..maxValue}: 0 for 0, 1 for 1, 2 for 2..3, ... */
  public static int bitWidth(long maxValue) {
    if (maxValue < 0) {
      throw new IllegalArgumentException("negative maximum " + maxValue);
    }
    return 64 - Long.numberOfLeadingZeros(maxValue);
  }

  private static void checkWidth(int bitWidth, int max) {
    if (bitWidth < 0 || bitWidth > max) {
      throw new IllegalArgumentException("bit width " + bitWidth + " outside 0.." + max);
    }
  }
}
