package org.parquetarrow.read.levels;

/** Comparisons as 0/1 integers, so that level loops add and mask instead of branching. */
final class Branchless {
  private Branchless() {}

  /**
   * 1 when {@code level >= threshold}, else 0. Exact for levels and thresholds in {@code [0,
   * 2^30)}; for other values the result is still 0 or 1, which keeps callers memory-safe.
   */
  static int atLeast(int level, int threshold) {
    return (threshold - 1 - level) >>> 31;
  }

  /** Bit {@code t} set when {@code levels[from + t] >= threshold}, for {@code t < count <= 64}. */
  static long atLeastMask(int[] levels, int from, int count, int threshold) {
    long mask = 0;
    if (count == 64) { // a constant trip count lets the JIT unroll the common case fully
      for (int t = 0; t < 64; t++) {
        mask |= (long) ((threshold - 1 - levels[from + t]) >>> 31) << t;
      }
    } else {
      for (int t = 0; t < count; t++) {
        mask |= (long) ((threshold - 1 - levels[from + t]) >>> 31) << t;
      }
    }
    return mask;
  }

  /** Bit {@code t} set when {@code levels[from + t] <= threshold}, for {@code t < count <= 64}. */
  static long atMostMask(int[] levels, int from, int count, int threshold) {
    long mask = 0;
    if (count == 64) {
      for (int t = 0; t < 64; t++) {
        mask |= (long) ((levels[from + t] - 1 - threshold) >>> 31) << t;
      }
    } else {
      for (int t = 0; t < count; t++) {
        mask |= (long) ((levels[from + t] - 1 - threshold) >>> 31) << t;
      }
    }
    return mask;
  }
}
