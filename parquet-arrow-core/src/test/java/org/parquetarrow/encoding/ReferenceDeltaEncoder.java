package org.parquetarrow.encoding;

import java.util.Random;

/**
 * A deliberately plain DELTA_BINARY_PACKED writer for tests, straight from the spec's three steps,
 * with bit-by-bit packing. Options let it imitate writers that do INT32 arithmetic in 64 bits,
 * and fill padding and unused bit widths with garbage that readers must ignore.
 */
final class ReferenceDeltaEncoder {
  int blockSize = 128;
  int miniblocks = 4;
  /** Compute INT32 deltas modulo 2^32 (as 32-bit writers do) instead of in 64 bits. */
  boolean int32Arithmetic;
  /** Fill padding values and unused miniblock widths with random bits. */
  Random garbage;

  byte[] encode(long[] values) {
    TestBytes out = TestBytes.create();
    out.uleb(blockSize).uleb(miniblocks).uleb(values.length)
        .zigzag(values.length == 0 ? 0 : values[0]);
    int perMiniblock = blockSize / miniblocks;
    for (int start = 1; start < values.length; start += blockSize) {
      int count = Math.min(blockSize, values.length - start);
      long[] deltas = new long[count];
      long min = Long.MAX_VALUE;
      for (int i = 0; i < count; i++) {
        long d = values[start + i] - values[start + i - 1];
        if (int32Arithmetic) {
          d = (int) d;
        }
        deltas[i] = d;
        min = Math.min(min, d);
      }
      out.zigzag(min);
      int used = (count + perMiniblock - 1) / perMiniblock;
      int[] widths = new int[miniblocks];
      for (int m = 0; m < miniblocks; m++) {
        if (m >= used) {
          widths[m] = garbage == null ? 0 : garbage.nextInt(256);
          continue;
        }
        long max = 0;
        for (int i = m * perMiniblock; i < Math.min(count, (m + 1) * perMiniblock); i++) {
          long rel = deltas[i] - min;
          if (int32Arithmetic) {
            rel &= 0xffffffffL;
          }
          max |= rel;
        }
        widths[m] = 64 - Long.numberOfLeadingZeros(max);
      }
      for (int w : widths) {
        out.bytes(w);
      }
      for (int m = 0; m < used; m++) {
        long[] packed = new long[perMiniblock];
        for (int i = 0; i < perMiniblock; i++) {
          int k = m * perMiniblock + i;
          if (k < count) {
            long rel = deltas[k] - min;
            packed[i] = int32Arithmetic ? rel & 0xffffffffL : rel;
          } else {
            packed[i] = garbage == null ? 0 : garbage.nextLong() & TestBytes.mask(widths[m]);
          }
        }
        out.packedLsb(packed, widths[m]);
      }
    }
    return out.toArray();
  }
}
