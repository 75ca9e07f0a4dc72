package org.parquetarrow.write;

/**
 * How to size one column's split-block bloom filters: from the number of distinct values expected in
 * a column chunk and the false-positive probability wanted.
 *
 * <pre>{@code
 * WriterProperties.builder().column("user_id", c -> c.bloomFilter(new BloomFilterOptions(1_000_000, 0.01)))
 * }</pre>
 *
 * @param expectedDistinctValues distinct values expected per column chunk, at least 1
 * @param falsePositiveProbability in (0, 1)
 */
public record BloomFilterOptions(long expectedDistinctValues, double falsePositiveProbability) {

  public BloomFilterOptions {
    if (expectedDistinctValues < 1) {
      throw new IllegalArgumentException("expected distinct values must be positive: " + expectedDistinctValues);
    }
    if (!(falsePositiveProbability > 0 && falsePositiveProbability < 1)) {
      throw new IllegalArgumentException("false-positive probability must be in (0, 1): " + falsePositiveProbability);
    }
  }
}
