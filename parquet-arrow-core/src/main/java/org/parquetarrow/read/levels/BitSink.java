package org.parquetarrow.read.levels;

import org.parquetarrow.encoding.Bitmaps;

/**
 * Appends runs of up to 64 bits to a bitmap from a start bit, gathering them in a 64-bit word
 * that is stored whenever it fills. The range was checked by the caller; bits before the start
 * and after the last appended bit keep their value.
 */
final class BitSink {
  private final long base;
  private final boolean store;
  private final long start;
  private long pos;
  private long acc;
  private int accBits;

  /**
   * @param base from {@link Bitmaps#checkedAddress}
   * @param store false to only count the bits (no bitmap)
   */
  BitSink(long base, boolean store, long startBit) {
    this.base = base;
    this.store = store;
    this.start = startBit;
    this.pos = startBit;
  }

  /** Appends the low {@code count} (0..64) bits of {@code bits}; higher bits must be 0. */
  void append(long bits, int count) {
    acc |= bits << accBits;
    int total = accBits + count;
    if (total >= 64) {
      if (store) {
        Bitmaps.write(base, pos, 64, acc);
      }
      pos += 64;
      // the bits that did not fit in the stored word (none when it was empty)
      acc = accBits == 0 ? 0 : bits >>> (64 - accBits);
      total -= 64;
    }
    accBits = total;
  }

  /** Stores the last partial word; returns the number of bits appended. */
  long finish() {
    if (store) {
      Bitmaps.write(base, pos, accBits, acc);
    }
    return pos - start + accBits;
  }
}
