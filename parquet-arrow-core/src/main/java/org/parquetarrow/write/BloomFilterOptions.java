package org.parquetarrow.write;

/**
 * How to size one column's split-block bloom filters: at most {@code expectedDistinctValues}
 * distinct values per column chunk, at false-positive probability {@code falsePositiveProbability}.
 * Each chunk's filter is sized for the chunk's actual distinct count up to this bound (a power of
 * two bytes, at least 32: a chunk of ten distinct values gets a 32-byte filter whatever the
 * bound); a chunk with more distinct values than the bound gets the bound's filter, and so more
 * false positives than asked for.
 *
 * <pre>{@code
 * // filters of up to 2 MiB (a million distinct ids at 1%), each as small as its row group allows
 * WriterProperties.builder().column("user_id", c -> c.bloomFilter(new BloomFilterOptions(1_000_000, 0.01)))
 * }</pre>
 *
 * @param expectedDistinctValues the most distinct values per column chunk a filter is sized for, at least 1
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
