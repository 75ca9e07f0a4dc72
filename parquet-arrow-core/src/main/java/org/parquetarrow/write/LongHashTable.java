package org.parquetarrow.write;

/**
 * An open-addressing map from 64-bit keys to dense ids (0, 1, 2, ... in insertion order), the
 * dictionary of fixed-width columns. No boxing.
 */
final class LongHashTable {
  private long[] keys = new long[64];
  private int[] slots = new int[128]; // id + 1; 0 = empty
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
    int mask = slots.length - 1;
    int h = mix(key) & mask;
    while (true) {
      int s = slots[h];
      if (s == 0) {
        return add(key, h);
      }
      if (keys[s - 1] == key) {
        return s - 1;
      }
      h = (h + 1) & mask;
    }
  }

  private int add(long key, int slot) {
    if (size == keys.length) {
      keys = java.util.Arrays.copyOf(keys, size * 2);
    }
    keys[size] = key;
    slots[slot] = ++size;
    if (size * 2 > slots.length) {
      rehash();
    }
    return size - 1;
  }

  private void rehash() {
    int[] n = new int[slots.length * 2];
    int mask = n.length - 1;
    for (int id = 0; id < size; id++) {
      int h = mix(keys[id]) & mask;
      while (n[h] != 0) {
        h = (h + 1) & mask;
      }
      n[h] = id + 1;
    }
    slots = n;
  }

  void clear() {
    java.util.Arrays.fill(slots, 0);
    size = 0;
  }

  private static int mix(long k) {
    long h = k * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32));
  }
}
