package org.parquetarrow.bloom;

import java.nio.ByteOrder;
import net.openhft.hashing.LongHashFunction;

/**
 * The Parquet split-block bloom filter: blocks of eight 32-bit words; a value's 64-bit xxHash picks
 * a block with its high half and sets one bit per word with its low half times the spec's eight
 * salts. Values are hashed as their PLAIN encoding (without the length of a BYTE_ARRAY), seed 0.
 *
 * <p>A writer sizes a chunk's filter with {@link BloomFilterBuilder}; a reader gets a stored one
 * with {@link BloomFilterReader}.
 *
 * <pre>{@code
 * var f = SplitBlockBloomFilter.sized(10_000, 0.01);
 * f.insert(SplitBlockBloomFilter.hashLong(42L));
 * boolean maybe = f.mightContain(SplitBlockBloomFilter.hashLong(42L)); // true
 * }</pre>
 */
public final class SplitBlockBloomFilter {
  /** Smallest filter: one block. */
  public static final int MIN_BYTES = 32;
  /** Largest filter, as parquet-java and Arrow C++. */
  public static final int MAX_BYTES = 128 * 1024 * 1024;

  private static final int[] SALT = {
      0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b, 0x9efc4947, 0x5c6bfb31};
  private static final LongHashFunction XX = LongHashFunction.xx(0);
  private static final boolean LITTLE = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

  private final int[] words;
  private final int blocks;

  /** An empty filter of {@code numBytes} (a power of two between {@link #MIN_BYTES} and {@link #MAX_BYTES}). */
  public SplitBlockBloomFilter(int numBytes) {
    this(checkedWords(numBytes, true));
  }

  private SplitBlockBloomFilter(int[] words) {
    this.words = words;
    this.blocks = words.length / 8;
  }

  /**
   * Words for a filter of {@code numBytes}. Written filters are a power of two (as parquet-java
   * and Arrow C++ write them); a filter read from a file only needs whole 32-byte blocks, since
   * the block choice works for any block count.
   */
  private static int[] checkedWords(int numBytes, boolean powerOfTwo) {
    boolean shape = powerOfTwo ? Integer.bitCount(numBytes) == 1 : numBytes % MIN_BYTES == 0;
    if (numBytes < MIN_BYTES || numBytes > MAX_BYTES || !shape) {
      throw new IllegalArgumentException("bloom filter size must be "
          + (powerOfTwo ? "a power of two" : "a multiple of 32") + " in [32, 128 MiB]: " + numBytes);
    }
    return new int[numBytes / 4];
  }

  /** A filter sized for {@code distinctValues} at false-positive probability {@code fpp}. */
  public static SplitBlockBloomFilter sized(long distinctValues, double fpp) {
    return new SplitBlockBloomFilter(optimalBytes(distinctValues, fpp));
  }

  /**
   * Bytes for {@code distinctValues} at {@code fpp}: {@code -8 n / ln(1 - p^(1/8))} bits (the
   * false-positive rate of a split-block filter), rounded up to a power of two and clamped.
   */
  public static int optimalBytes(long distinctValues, double fpp) {
    double bits = -8.0 * distinctValues / Math.log(1 - Math.pow(fpp, 1.0 / 8));
    long bytes = (long) Math.ceil(bits / 8);
    if (bytes >= MAX_BYTES) {
      return MAX_BYTES;
    }
    int b = MIN_BYTES;
    while (b < bytes) {
      b <<= 1;
    }
    return b;
  }

  /**
   * The filter stored as {@code bitset} (words little-endian, as {@link #toBytes()} writes them), to
   * probe a filter read from a file.
   *
   * @throws IllegalArgumentException if the length is not a multiple of 32 in [32, 128 MiB]
   */
  public static SplitBlockBloomFilter fromBytes(byte[] bitset) {
    return fromBytes(bitset, 0, bitset.length);
  }

  /** As {@link #fromBytes(byte[])}, from the {@code length} bytes of {@code bytes} at {@code offset}. */
  static SplitBlockBloomFilter fromBytes(byte[] bytes, int offset, int length) {
    SplitBlockBloomFilter f = new SplitBlockBloomFilter(checkedWords(length, false));
    for (int i = 0, b = offset; i < f.words.length; i++, b += 4) {
      f.words[i] = (bytes[b] & 0xff) | (bytes[b + 1] & 0xff) << 8
          | (bytes[b + 2] & 0xff) << 16 | (bytes[b + 3] & 0xff) << 24;
    }
    return f;
  }

  public int numBytes() {
    return words.length * 4;
  }

  public void insert(long hash) {
    int block = (int) (((hash >>> 32) * blocks) >>> 32) * 8;
    int key = (int) hash;
    for (int i = 0; i < 8; i++) {
      words[block + i] |= 1 << ((key * SALT[i]) >>> 27);
    }
  }

  public boolean mightContain(long hash) {
    int block = (int) (((hash >>> 32) * blocks) >>> 32) * 8;
    int key = (int) hash;
    for (int i = 0; i < 8; i++) {
      if ((words[block + i] & (1 << ((key * SALT[i]) >>> 27))) == 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * The block of a filter of {@code blocks} blocks that {@code hash} selects: {@code ((hash >>> 32)
   * * blocks) >>> 32}, as the spec defines it. A reader probing by block ({@link BloomFilterBlocks})
   * fetches only this block of the bitset.
   */
  static int blockIndex(long hash, int blocks) {
    return (int) (((hash >>> 32) * blocks) >>> 32);
  }

  /**
   * Whether the 8 words of one block (little-endian, as stored, at {@code offset} of {@code
   * bytes}) have every bit {@code hash} sets.
   */
  static boolean blockMightContain(byte[] bytes, int offset, long hash) {
    int key = (int) hash;
    for (int i = 0, b = offset; i < 8; i++, b += 4) {
      int word = (bytes[b] & 0xff) | (bytes[b + 1] & 0xff) << 8 | (bytes[b + 2] & 0xff) << 16 | (bytes[b + 3] & 0xff) << 24;
      if ((word & (1 << ((key * SALT[i]) >>> 27))) == 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * The number of distinct hashes inserted, estimated from the bits set. Each insert sets one bit
   * in word {@code i} of one block for every {@code i}: the words {@code i} of all blocks form a
   * classic one-hash filter of {@code 32 * blocks} bits, whose unset share after {@code n} inserts
   * is {@code (1 - 1 / (32 * blocks))^n}. {@link Long#MAX_VALUE} when every bit is set.
   */
  long estimatedDistinctValues() {
    long set = 0;
    for (int w : words) {
      set += Integer.bitCount(w);
    }
    long bits = words.length * 32L;
    if (set == bits) {
      return Long.MAX_VALUE;
    }
    return Math.round(Math.log1p(-(double) set / bits) / Math.log1p(-1.0 / (32.0 * blocks)));
  }

  /**
   * This filter at {@code numBytes} (a smaller power of two), holding exactly what a filter of that
   * size would hold after the same inserts: a hash's block is {@code floor(h * blocks / 2^32)} of
   * its high half, so halving the blocks sends blocks {@code 2j} and {@code 2j + 1} to block
   * {@code j}, and the bits within a block do not depend on the block count.
   */
  SplitBlockBloomFilter foldedTo(int numBytes) {
    SplitBlockBloomFilter f = new SplitBlockBloomFilter(numBytes);
    if (f.blocks > blocks || blocks % f.blocks != 0) {
      throw new IllegalArgumentException("cannot fold " + numBytes() + " bytes to " + numBytes);
    }
    int ratio = blocks / f.blocks;
    for (int b = 0; b < blocks; b++) {
      int from = b * 8;
      int to = (b / ratio) * 8;
      for (int i = 0; i < 8; i++) {
        f.words[to + i] |= words[from + i];
      }
    }
    return f;
  }

  /** The bitset as stored in the file: words little-endian. */
  public byte[] toBytes() {
    byte[] b = new byte[words.length * 4];
    for (int i = 0; i < words.length; i++) {
      int w = words[i];
      b[4 * i] = (byte) w;
      b[4 * i + 1] = (byte) (w >>> 8);
      b[4 * i + 2] = (byte) (w >>> 16);
      b[4 * i + 3] = (byte) (w >>> 24);
    }
    return b;
  }

  /** xxHash64 of an INT32's PLAIN bytes (4, little-endian). */
  public static long hashInt(int v) {
    return XX.hashInt(LITTLE ? v : Integer.reverseBytes(v));
  }

  /** xxHash64 of an INT64's PLAIN bytes (8, little-endian). */
  public static long hashLong(long v) {
    return XX.hashLong(LITTLE ? v : Long.reverseBytes(v));
  }

  public static long hashBytes(byte[] b, int off, int len) {
    return XX.hashBytes(b, off, len);
  }
}
