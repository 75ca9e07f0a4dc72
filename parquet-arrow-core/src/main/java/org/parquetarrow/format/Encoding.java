package org.parquetarrow.format;

/** Value and level encodings. */
public enum Encoding {
  PLAIN(0),
  PLAIN_DICTIONARY(2),
  RLE(3),
  BIT_PACKED(4),
  DELTA_BINARY_PACKED(5),
  DELTA_LENGTH_BYTE_ARRAY(6),
  DELTA_BYTE_ARRAY(7),
  RLE_DICTIONARY(8),
  BYTE_STREAM_SPLIT(9),
  /** A value this library does not know (from a newer writer); the raw value is lost. */
  UNKNOWN(-1);

  private static final Encoding[] BY_VALUE = new Encoding[64];

  static {
    for (Encoding e : values()) {
      if (e.value >= 0) {
        BY_VALUE[e.value] = e;
      }
    }
  }

  private final int value;

  Encoding(int value) {
    this.value = value;
  }

  /** The value written to the thrift metadata. */
  public int value() {
    return value;
  }

  /** The constant for a thrift value, or {@code null} when the value is not defined. */
  public static Encoding fromValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
