package org.parquetarrow.write;

import java.util.Arrays;

/**
 * An open-addressing map from 64-bit keys to dense ids (0, 1, 2, ... in insertion order), the
 * dictionary of fixed-width columns. No boxing. Each slot keeps its key beside its id in one
 * array, so a lookup in a dictionary too large for the cache touches one line, not two.
 */
final class LongHashTable {
  private long[] keys = new long[64];
  /** Slot {@code s}: the key at {@code 2s}, its id + 1 at {@code 2s + 1} (0: empty). */
  private long[] table = new long[2 * 128];
  private int size;

  int size() {
    return size;
  }

  /** The key with id {@code id}. */
  long key(int id) {
    return keys[id];
  }

  /** The id of {@code key}, added when absent. */
  int idOf(long key) {
    long[] t = table;
    int mask = (t.length >>> 1) - 1;
    int h = mix(key) & mask;
    while (true) {
      long id = t[2 * h + 1];
      if (id == 0) {
        return add(key, h);
      }
      if (t[2 * h] == key) {
        return (int) id - 1;
      }
      h = (h + 1) & mask;
    }
  }

  private int add(long key, int slot) {
    if (size == keys.length) {
      keys = Arrays.copyOf(keys, size * 2);
    }
    keys[size] = key;
    table[2 * slot] = key;
    table[2 * slot + 1] = ++size;
    if (size * 4L > table.length) { // more than half the slots used
      rehash();
    }
    return size - 1;
  }

  private void rehash() {
    long[] n = new long[table.length * 2];
    int mask = (n.length >>> 1) - 1;
    for (int id = 0; id < size; id++) {
      long key = keys[id];
      int h = mix(key) & mask;
      while (n[2 * h + 1] != 0) {
        h = (h + 1) & mask;
      }
      n[2 * h] = key;
      n[2 * h + 1] = id + 1;
    }
    table = n;
  }

  void clear() {
    Arrays.fill(table, 0);
    size = 0;
  }

  private static int mix(long k) {
    long h = k * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32));
  }
}
