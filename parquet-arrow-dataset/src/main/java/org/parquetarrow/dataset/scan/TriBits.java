package org.parquetarrow.dataset.scan;

/**
 * The three-valued result of a filter over the rows of a batch, as two bitmaps (one bit a row):
 * rows where it is true and rows where it is false; rows in neither are unknown (SQL null).
 */
final class TriBits {
  final long[] isTrue;
  final long[] isFalse;
  final int rows;

  TriBits(int rows) {
    this.rows = rows;
    int words = (rows + 63) >>> 6;
    this.isTrue = new long[words];
    this.isFalse = new long[words];
  }

  void set(int row, boolean value) {
    long bit = 1L << row;
    if (value) {
      isTrue[row >>> 6] |= bit;
    } else {
      isFalse[row >>> 6] |= bit;
    }
  }

  boolean isTrue(int row) {
    return (isTrue[row >>> 6] & (1L << row)) != 0;
  }

  boolean isFalse(int row) {
    return (isFalse[row >>> 6] & (1L << row)) != 0;
  }

  /** SQL {@code and}: true when both are, false when either is. */
  void and(TriBits o) {
    for (int w = 0; w < isTrue.length; w++) {
      isTrue[w] &= o.isTrue[w];
      isFalse[w] |= o.isFalse[w];
    }
  }

  /** SQL {@code or}: true when either is, false when both are. */
  void or(TriBits o) {
    for (int w = 0; w < isTrue.length; w++) {
      isTrue[w] |= o.isTrue[w];
      isFalse[w] &= o.isFalse[w];
    }
  }

  /** SQL {@code not}: unknown stays unknown. */
  void not() {
    for (int w = 0; w < isTrue.length; w++) {
      long t = isTrue[w];
      isTrue[w] = isFalse[w];
      isFalse[w] = t;
    }
  }

  /** The bits of word {@code w} that stand for rows below {@code rows}. */
  static long rowsMask(int rows, int w) {
    int left = rows - (w << 6);
    return left >= 64 ? -1L : (1L << left) - 1;
  }

  /** Rows where the filter is true. */
  int trueCount() {
    int n = 0;
    for (long w : isTrue) {
      n += Long.bitCount(w);
    }
    return n;
  }

  /** Runs of consecutive rows where the filter is true. */
  int trueRuns() {
    int n = 0;
    long carry = 0; // the last row of the word before, as bit 0
    for (int w = 0; w < isTrue.length; w++) {
      long word = isTrue[w] & rowsMask(rows, w);
      n += Long.bitCount(word & ~((word << 1) | carry));
      carry = word >>> 63;
    }
    return n;
  }
}
