package org.parquetarrow.write;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * An open-addressing map from byte strings to dense ids (insertion order), the dictionary of
 * binary columns. Keys are copied into one growing array; no object per key.
 *
 * <p>Each slot holds, beside the id, a tag (24 bits of the hash and the key's length) and the
 * key's first 8 bytes: a probe reads one cache line, and a key of at most 8 bytes (most
 * dictionary strings) is matched without touching the key bytes, which in a large dictionary
 * would be a cache miss per lookup. Beside the slots, {@link #suffixes} holds the last 8 bytes of
 * each longer key, so that keys of up to 16 bytes ({@code category-12}, TPC-H's ship modes and
 * instructions) are matched without reading the key's offset and bytes either. The hash is only
 * for this table (the bloom filter's xxHash64 is taken elsewhere): each 8-byte word is folded in by
 * a 128-bit multiply, whose high and low halves together spread every key bit over the slot bits
 * (keys that differ only in their last bytes, such as {@code category-12}, would cluster under a
 * plain 64-bit multiply); the first and the last word are folded side by side, not one after the
 * other, so that a key of up to 16 bytes costs the latency of one multiply.
 */
final class BytesHashTable {
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long K1 = 0x9E3779B97F4A7C15L;
  private static final long K2 = 0xC2B2AE3D27D4EB4FL;
  private static final long K3 = 0x165667B19E3779F9L;
  /** Tables up to this many longs (4,096 slots) are kept at most a quarter full. */
  private static final int SMALL_TABLE_LONGS = 8192;

  // every array starts small and doubles: a writer holds one table per column, and a file may have
  // 100,000 columns of a few rows each
  private byte[] data = new byte[64];
  private int dataSize;
  private int[] offsets = new int[9]; // offsets[id] .. offsets[id + 1]
  /** Two longs per slot: tag << 32 | (id + 1) (0 = empty), then the key's first 8 bytes. */
  private long[] table = new long[2 * 16];
  /** Per slot, the last 8 bytes of a key longer than 8 (little endian; overlapping its first 8 below 16 bytes). */
  private long[] suffixes = new long[16];
  /** The low 32 bits of each key's hash (for the slot), kept to rehash without the key bytes. */
  private int[] hashes = new int[8];
  /** Each key's first 8 bytes, little endian, zero-padded: see {@link #orderPrefix}. */
  private long[] prefixes = new long[8];
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

  /**
   * The first 8 bytes of key {@code id} as an unsigned big-endian number, zero-padded: keys whose
   * prefixes differ compare (unsigned lexicographically) as their prefixes do, without reading
   * the key bytes; equal prefixes need the whole keys.
   */
  long orderPrefix(int id) {
    return Long.reverseBytes(prefixes[id]);
  }

  int idOf(byte[] src, int off, int len) {
    long prefix = prefix(src, off, len);
    long suffix = len > 8 ? (long) LONGS.get(src, off + len - 8) : 0;
    long hash = hash(src, off, len, prefix, suffix);
    long tag = (hash >>> 40 << 8) | Math.min(len, 255);
    long[] t = table;
    long[] s = suffixes;
    int mask = (t.length >>> 1) - 1;
    int h = (int) hash & mask;
    while (true) {
      long meta = t[2 * h];
      if (meta == 0) {
        return add(src, off, len, prefix, suffix, tag, (int) hash, h);
      }
      // tag, prefix and suffix hold the whole key up to 16 bytes (the tag holds lengths below 255
      // exactly); longer keys compare the bytes between
      if (meta >>> 32 == tag && t[2 * h + 1] == prefix && (len <= 8 || s[h] == suffix)) {
        int id = (int) meta - 1;
        if (len <= 16 || middleEquals(id, src, off, len)) {
          return id;
        }
      }
      h = (h + 1) & mask;
    }
  }

  /**
   * Whether key {@code id}, whose first and last 8 bytes equal those of the {@code len > 16} bytes
   * at {@code src[off]}, has their length and the same bytes between.
   */
  private boolean middleEquals(int id, byte[] src, int off, int len) {
    return (len < 255 || offsets[id + 1] - offsets[id] == len)
        && equal(data, offsets[id] + 8, src, off + 8, len - 16);
  }

  /** The first {@code min(len, 8)} bytes at {@code b[off]}, little endian, zero-padded. */
  private static long prefix(byte[] b, int off, int len) {
    if (len >= 8) {
      return (long) LONGS.get(b, off);
    }
    if (off + 8 <= b.length) {
      return len == 0 ? 0 : (long) LONGS.get(b, off) & (-1L >>> (64 - 8 * len));
    }
    long p = 0;
    for (int i = len - 1; i >= 0; i--) {
      p = (p << 8) | (b[off + i] & 0xffL);
    }
    return p;
  }

  /** The hash of a key whose first and last 8 bytes are {@code prefix} and {@code suffix} (0 up to 8 bytes). */
  private static long hash(byte[] b, int off, int len, long prefix, long suffix) {
    long h = mix(prefix ^ K1, len ^ K2);
    if (len > 8) {
      h ^= mix(suffix ^ K3, K2);
      for (int i = 8; i + 8 < len; i += 8) {
        h = mix(h ^ (long) LONGS.get(b, off + i), K2);
      }
    }
    return h;
  }

  /** The 128-bit product of {@code a} and {@code b} folded to 64 bits: every input bit reaches every output bit. */
  private static long mix(long a, long b) {
    return Math.multiplyHigh(a, b) ^ (a * b);
  }

  /**
   * Whether {@code len >= 1} bytes at {@code a[aOff]} and {@code b[bOff]}, both preceded by 8
   * equal bytes, are equal: eight at a time, the last eight overlapping the ones before (no byte
   * loop for the short tails of most keys).
   */
  private static boolean equal(byte[] a, int aOff, byte[] b, int bOff, int len) {
    int i = 0;
    for (; i + 8 <= len; i += 8) {
      if ((long) LONGS.get(a, aOff + i) != (long) LONGS.get(b, bOff + i)) {
        return false;
      }
    }
    return i == len || (long) LONGS.get(a, aOff + len - 8) == (long) LONGS.get(b, bOff + len - 8);
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
    prefixes[size] = prefix(src, off, len);
    return size++;
  }

  private void ensureRoom(int len) {
    if (size + 2 > offsets.length) {
      offsets = Arrays.copyOf(offsets, offsets.length * 2);
      hashes = Arrays.copyOf(hashes, offsets.length);
      prefixes = Arrays.copyOf(prefixes, offsets.length);
    }
    if (dataSize + len > data.length) {
      data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(dataSize + (long) len,
          data.length * 2L)));
    }
  }

  private int add(byte[] src, int off, int len, long prefix, long suffix, long tag, int hash, int slot) {
    ensureRoom(len);
    System.arraycopy(src, off, data, dataSize, len);
    dataSize += len;
    hashes[size] = hash;
    prefixes[size] = prefix;
    offsets[size + 1] = dataSize;
    table[2 * slot] = (tag << 32) | (size + 1L);
    table[2 * slot + 1] = prefix;
    suffixes[slot] = suffix;
    size++;
    // up to 1,024 keys (a table of at most 96 KiB) the table stays at most a quarter full, beyond
    // that half: in a small dictionary looked up at random (50 `category-NN` values) a probe that
    // meets another key costs a mispredicted branch, which at half full (50 keys in 128 slots)
    // about one lookup in three made (9.8 → 6.1 ns per lookup at a quarter); in a large dictionary
    // empty slots would only take cache
    if (size * (table.length <= SMALL_TABLE_LONGS ? 4 : 2) > table.length >>> 1) {
      rehash();
    }
    return size - 1;
  }

  private void rehash() {
    long[] old = table;
    long[] n = new long[old.length * 2];
    long[] ns = new long[n.length >>> 1];
    int mask = (n.length >>> 1) - 1;
    for (int s = 0; s < old.length; s += 2) {
      long meta = old[s];
      if (meta == 0) {
        continue;
      }
      int id = (int) meta - 1;
      int h = hashes[id] & mask;
      while (n[2 * h] != 0) {
        h = (h + 1) & mask;
      }
      n[2 * h] = meta;
      n[2 * h + 1] = old[s + 1];
      ns[h] = suffixes[s >>> 1];
    }
    table = n;
    suffixes = ns;
  }

  void clear() {
    Arrays.fill(table, 0);
    size = 0;
    dataSize = 0;
  }
}
