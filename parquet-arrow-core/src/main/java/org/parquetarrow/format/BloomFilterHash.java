package org.parquetarrow.format;

/** Bloom filter hash (thrift union; the value is the union field id). */
public enum BloomFilterHash {
  XXHASH(1),
  /** A value this library does not know (from a newer writer); the raw value is lost. */
  UNKNOWN(-1);

  private static final BloomFilterHash[] BY_VALUE = new BloomFilterHash[64];

  static {
    for (BloomFilterHash e : values()) {
      if (e.value >= 0) {
        BY_VALUE[e.value] = e;
      }
    }
  }

  private final int value;

  BloomFilterHash(int value) {
    this.value = value;
  }

  /** The value written to the thrift metadata. */
  public int value() {
    return value;
  }

  /** The constant for a thrift value, or {@code null} when the value is not defined. */
  public static BloomFilterHash fromValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
