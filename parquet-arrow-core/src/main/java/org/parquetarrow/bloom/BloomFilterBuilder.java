package org.parquetarrow.bloom;

/**
 * Builds one column chunk's bloom filter sized for the distinct values the chunk really holds, at
 * most {@code maxDistinctValues}: a chunk of ten values gets a 32-byte filter, not the one sized
 * for the bound.
 *
 * <p>The distinct hashes are kept in an open-addressing set of longs while the set takes no more
 * memory than the largest filter (at least {@value #MIN_SET_BYTES} bytes); {@link #build()} then
 * makes the filter for their exact count. A chunk with more distinct values goes on into the
 * largest filter, which {@link #build()} folds to the size its estimated count needs (a folded
 * filter is bit for bit the one the same inserts give at the smaller size). Sizes follow
 * {@link SplitBlockBloomFilter#optimalBytes}.
 *
 * <pre>{@code
 * BloomFilterBuilder b = new BloomFilterBuilder(1_000_000, 0.01);
 * for (long id : ids) {
 *   b.insert(SplitBlockBloomFilter.hashLong(id));
 * }
 * SplitBlockBloomFilter filter = b.build(); // 32 bytes for up to 26 distinct ids
 * }</pre>
 */
public final class BloomFilterBuilder {
  /** Memory the set may take even when the largest filter is smaller, to count small chunks exactly. */
  static final int MIN_SET_BYTES = 8 * 1024;
  private static final int FIRST_SLOTS = 64;

  private final double fpp;
  private final int maxBytes;
  private final int maxSlots;
  /** The distinct hashes other than 0 (0 marks a free slot), or {@code null} once {@link #largest} took over. */
  private long[] slots;
  private int size;
  private boolean hasZero;
  /** The filter of the largest size, once the chunk has too many distinct values for the set. */
  private SplitBlockBloomFilter largest;

  /**
   * A builder for a filter of at most {@code maxDistinctValues} at false-positive probability
   * {@code fpp}.
   *
   * @throws IllegalArgumentException if {@code maxDistinctValues < 1} or {@code fpp} is not in (0, 1)
   */
  public BloomFilterBuilder(long maxDistinctValues, double fpp) {
    if (maxDistinctValues < 1) {
      throw new IllegalArgumentException("the most distinct values must be positive: " + maxDistinctValues);
    }
    if (!(fpp > 0 && fpp < 1)) {
      throw new IllegalArgumentException("false-positive probability must be in (0, 1): " + fpp);
    }
    this.fpp = fpp;
    this.maxBytes = SplitBlockBloomFilter.optimalBytes(maxDistinctValues, fpp);
    this.maxSlots = Math.max(maxBytes, MIN_SET_BYTES) / Long.BYTES;
    this.slots = new long[Math.min(FIRST_SLOTS, maxSlots)];
  }

  /** The size of the filter for the bound: the most {@link #build()} returns. */
  public int maxBytes() {
    return maxBytes;
  }

  /** Adds a value's hash (as {@link SplitBlockBloomFilter#hashLong} and its siblings make it). */
  public void insert(long hash) {
    if (largest != null) {
      largest.insert(hash);
    } else if (hash == 0) {
      hasZero = true;
    } else {
      addToSet(hash);
    }
  }

  private void addToSet(long hash) {
    long[] t = slots;
    int mask = t.length - 1;
    // xxHash64 mixes well: its low bits are as good a slot as any
    int i = (int) hash & mask;
    long s;
    while ((s = t[i]) != 0) {
      if (s == hash) {
        return;
      }
      i = (i + 1) & mask;
    }
    t[i] = hash;
    if (++size > t.length >>> 1) {
      grow();
    }
  }

  /** Doubles the set at half load, or hands its hashes to the largest filter when it may not double. */
  private void grow() {
    long[] old = slots;
    if (old.length * 2L > maxSlots) {
      largest = new SplitBlockBloomFilter(maxBytes);
      for (long h : old) {
        if (h != 0) {
          largest.insert(h);
        }
      }
      slots = null;
      return;
    }
    long[] t = new long[old.length * 2];
    int mask = t.length - 1;
    for (long h : old) {
      if (h != 0) {
        int i = (int) h & mask;
        while (t[i] != 0) {
          i = (i + 1) & mask;
        }
        t[i] = h;
      }
    }
    slots = t;
  }

  /**
   * The filter of the hashes inserted, sized for their distinct count (estimated from the largest
   * filter's fill past the set) at the builder's fpp, at most {@link #maxBytes()}. Call it once.
   */
  public SplitBlockBloomFilter build() {
    if (largest != null) {
      long estimate = largest.estimatedDistinctValues();
      int bytes = estimate == Long.MAX_VALUE ? maxBytes : SplitBlockBloomFilter.optimalBytes(estimate, fpp);
      return bytes >= maxBytes ? largest : largest.foldedTo(bytes);
    }
    int distinct = size + (hasZero ? 1 : 0);
    SplitBlockBloomFilter f = new SplitBlockBloomFilter(Math.min(maxBytes, SplitBlockBloomFilter.optimalBytes(distinct, fpp)));
    if (hasZero) {
      f.insert(0);
    }
    for (long h : slots) {
      if (h != 0) {
        f.insert(h);
      }
    }
    return f;
  }
}
