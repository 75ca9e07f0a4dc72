package org.parquetarrow.format;

/** Bloom filter compression (thrift union; the value is the union field id). */
public enum BloomFilterCompression {
  UNCOMPRESSED(1),
  /** A value this library does not know (from a newer writer); the raw value is lost. */
  UNKNOWN(-1);

  private static final BloomFilterCompression[] BY_VALUE = new BloomFilterCompression[64];

  static {
    for (BloomFilterCompression e : values()) {
      if (e.value >= 0) {
        BY_VALUE[e.value] = e;
      }
    }
  }

  private final int value;

  BloomFilterCompression(int value) {
    this.value = value;
  }

  /** The value written to the thrift metadata. */
  public int value() {
    return value;
  }

  /** The constant for a thrift value, or {@code null} when the value is not defined. */
  public static BloomFilterCompression fromValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
