package org.parquetarrow.write;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import net.openhft.hashing.LongHashFunction;

/**
 * An open-addressing map from byte strings to dense ids (insertion order), the dictionary of
 * binary columns. Keys are copied into one growing array; no object per key.
 */
final class BytesHashTable {
  private static final LongHashFunction HASH = LongHashFunction.xx();
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private byte[] data = new byte[1024];
  private int dataSize;
  private int[] offsets = new int[65]; // offsets[id] .. offsets[id + 1]
  private int[] slots = new int[128];  // id + 1; 0 = empty
  private int[] hashes = new int[64];
  private int size;

  int size() {
    return size;
  }

  /** Total bytes of the keys. */
  long dataSize() {
    return dataSize;
  }

  byte[] data() {
    return data;
  }

  int offset(int id) {
    return offsets[id];
  }

  int length(int id) {
    return offsets[id + 1] - offsets[id];
  }

  int idOf(byte[] src, int off, int len) {
    int hash = (int) HASH.hashBytes(src, off, len);
    int mask = slots.length - 1;
    int h = hash & mask;
    while (true) {
      int s = slots[h];
      if (s == 0) {
        return add(src, off, len, hash, h);
      }
      int id = s - 1;
      if (hashes[id] == hash && offsets[id + 1] - offsets[id] == len && equal(data, offsets[id], src, off, len)) {
        return id;
      }
      h = (h + 1) & mask;
    }
  }

  /** Whether {@code len} bytes at {@code a[aOff]} and {@code b[bOff]} are equal, eight at a time (keys are short). */
  private static boolean equal(byte[] a, int aOff, byte[] b, int bOff, int len) {
    int i = 0;
    for (; i + 8 <= len; i += 8) {
      if ((long) LONGS.get(a, aOff + i) != (long) LONGS.get(b, bOff + i)) {
        return false;
      }
    }
    for (; i < len; i++) {
      if (a[aOff + i] != b[bOff + i]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Stores a key under the next id without indexing it, for a caller that finds ids its own way
   * (short fixed-width keys packed into a {@link LongHashTable}); {@link #idOf} does not see it.
   */
  int append(byte[] src, int off, int len) {
    ensureRoom(len);
    System.arraycopy(src, off, data, dataSize, len);
    dataSize += len;
    offsets[size + 1] = dataSize;
    return size++;
  }

  private void ensureRoom(int len) {
    if (size + 2 > offsets.length) {
      offsets = Arrays.copyOf(offsets, offsets.length * 2);
      hashes = Arrays.copyOf(hashes, offsets.length);
    }
    if (dataSize + len > data.length) {
      data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(dataSize + (long) len,
          data.length * 2L)));
    }
  }

  private int add(byte[] src, int off, int len, int hash, int slot) {
    ensureRoom(len);
    System.arraycopy(src, off, data, dataSize, len);
    dataSize += len;
    hashes[size] = hash;
    offsets[size + 1] = dataSize;
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
      int h = hashes[id] & mask;
      while (n[h] != 0) {
        h = (h + 1) & mask;
      }
      n[h] = id + 1;
    }
    slots = n;
  }

  void clear() {
    Arrays.fill(slots, 0);
    size = 0;
    dataSize = 0;
  }
}
