package org.parquetarrow.bench.data;

/**
 * Stateless pseudo-random values keyed by (row, column), so a generated row does not depend on the
 * rows before it and every size of a data set is a prefix-consistent sample of the full one.
 */
final class Mix {
  private Mix() {}

  /** SplitMix64's finaliser over a (row, column) key. */
  static long of(long row, int column) {
    long z = row * 0x9E3779B97F4A7C15L + (column + 1) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** A value in [0, bound) from the high bits of {@code h}. */
  static int below(long h, int bound) {
    return (int) (((h >>> 32) * bound) >>> 32);
  }
}
