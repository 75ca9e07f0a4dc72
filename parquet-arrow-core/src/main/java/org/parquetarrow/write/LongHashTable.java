package org.parquetarrow.write;

import java.util.Arrays;

/**
 * A map from 64-bit keys to dense ids (0, 1, 2, ... in insertion order), the dictionary of
 * fixed-width columns. No boxing.
 *
 * <p>Keys that lie close together (dates, small counts, scaled prices, foreign keys: most columns
 * worth a dictionary) are found by their offset in a direct array once the keys seen so far span
 * at most {@value #DENSITY} slots per key (or {@value #SMALL_DIRECT} slots in all): one predictable
 * load instead of a hash, a probe and a compare. Other keys live in an open-addressing table whose slots keep each key beside its id, so
 * a lookup in a dictionary too large for the cache touches one line, not two. A key is in exactly
 * one of the two.
 */
final class LongHashTable {
  /** The direct array is built when the keys seen span at most this many slots per key, */
  private static final int DENSITY = 8;
  /**
   * or at most this many slots whatever their number (32 KiB of ids: a few scaled decimals), once
   * there are enough keys ({@value #SMALL_DIRECT_PER_KEY} slots per key at most, so that a column
   * of four values does not take 32 KiB),
   */
  private static final int SMALL_DIRECT = 8192;
  private static final int SMALL_DIRECT_PER_KEY = 128;
  /** and never more than this many (4 MiB of ids). */
  private static final int MAX_DIRECT = 1 << 20;
  /** The size of the first look at the keys' span. */
  private static final int FIRST_DENSITY_CHECK = 4;

  // both start small and double: a writer holds one table per column, and a file may have 100,000
  // columns of a few rows each
  private long[] keys = new long[8];
  /** Slot {@code s}: the key at {@code 2s}, its id + 1 at {@code 2s + 1} (0: empty). */
  private long[] table = new long[2 * 16];
  /** Keys in {@link #table}. */
  private int hashed;
  private int size;
  private long min = Long.MAX_VALUE;
  private long max = Long.MIN_VALUE;

  /** Id + 1 of key {@code directBase + i} at {@code i} (0: absent); empty until the keys are dense. */
  private int[] direct = new int[0];
  private long directBase;
  /** The size at which the next look at the keys' span is due. */
  private int nextDensityCheck = FIRST_DENSITY_CHECK;

  int size() {
    return size;
  }

  /** The key with id {@code id}. */
  long key(int id) {
    return keys[id];
  }

  /** The id of {@code key}, added when absent. */
  int idOf(long key) {
    long offset = key - directBase;
    if (Long.compareUnsigned(offset, direct.length) < 0) {
      int id = direct[(int) offset];
      return id != 0 ? id - 1 : addDirect(key, (int) offset);
    }
    return hashedIdOf(key);
  }

  /** {@code out[outOffset + i - from] = idOf(keys[i])} for {@code i} in {@code [from, to)}. */
  void idsOf(long[] in, int from, int to, int[] out, int outOffset) {
    int o = outOffset;
    for (int i = from; i < to; i++) {
      long key = in[i];
      long offset = key - directBase;
      int[] d = direct;
      if (Long.compareUnsigned(offset, d.length) < 0) {
        int id = d[(int) offset];
        out[o++] = id != 0 ? id - 1 : addDirect(key, (int) offset);
      } else {
        out[o++] = hashedIdOf(key);
      }
    }
  }

  private int hashedIdOf(long key) {
    long[] t = table;
    int mask = (t.length >>> 1) - 1;
    int h = mix(key) & mask;
    while (true) {
      long id = t[2 * h + 1];
      if (id == 0) {
        return addHashed(key, h);
      }
      if (t[2 * h] == key) {
        return (int) id - 1;
      }
      h = (h + 1) & mask;
    }
  }

  private int newId(long key) {
    if (size == keys.length) {
      keys = Arrays.copyOf(keys, size * 2);
    }
    keys[size] = key;
    min = Math.min(min, key);
    max = Math.max(max, key);
    return size++;
  }

  private int addDirect(long key, int offset) {
    int id = newId(key);
    direct[offset] = id + 1;
    return id;
  }

  private int addHashed(long key, int slot) {
    int id = newId(key);
    table[2 * slot] = key;
    table[2 * slot + 1] = id + 1L;
    hashed++;
    if (size >= nextDensityCheck && becameDense()) {
      return id;
    }
    if (hashed * 4L > table.length) { // more than half the slots used
      rebuildTable(table.length * 2);
    }
    return id;
  }

  /**
   * Builds (or widens) the direct array when the keys seen so far are dense enough, and moves
   * every key that falls in it out of the hash table. Checked each time the size has grown by a
   * quarter, so the work stays linear in the keys, and keys that keep rising (sorted keys) stay
   * inside the room left above them.
   */
  private boolean becameDense() {
    nextDensityCheck = size + Math.max(1, size / 4);
    // the span in unsigned arithmetic: max - min overflows only for keys far apart, which fail the test
    long span = max - min + 1;
    long small = Math.min(SMALL_DIRECT, (long) size * SMALL_DIRECT_PER_KEY);
    long bound = Math.min(MAX_DIRECT, Math.max(small, (long) size * DENSITY));
    if (span <= 0 || span > bound) {
      return false;
    }
    // the room left on both sides, for keys still to come
    long length = bound;
    directBase = min - (length - span) / 2;
    direct = new int[(int) length];
    hashed = 0;
    for (int id = 0; id < size; id++) {
      long offset = keys[id] - directBase;
      if (Long.compareUnsigned(offset, direct.length) < 0) {
        direct[(int) offset] = id + 1;
      } else {
        hashed++;
      }
    }
    rebuildTable(Math.max(2 * 16, Integer.highestOneBit(Math.max(1, hashed)) * 8));
    return true;
  }

  /** Re-inserts the keys that are not in the direct array into a table of {@code length} longs. */
  private void rebuildTable(int length) {
    long[] n = new long[length];
    int mask = (n.length >>> 1) - 1;
    for (int id = 0; id < size; id++) {
      long key = keys[id];
      if (Long.compareUnsigned(key - directBase, direct.length) < 0) {
        continue;
      }
      int h = mix(key) & mask;
      while (n[2 * h + 1] != 0) {
        h = (h + 1) & mask;
      }
      n[2 * h] = key;
      n[2 * h + 1] = id + 1L;
    }
    table = n;
  }

  void clear() {
    Arrays.fill(table, 0);
    direct = new int[0];
    directBase = 0;
    hashed = 0;
    size = 0;
    min = Long.MAX_VALUE;
    max = Long.MIN_VALUE;
    nextDensityCheck = FIRST_DENSITY_CHECK;
  }

  private static int mix(long k) {
    long h = k * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32));
  }
}
