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
}
