package org.parquetarrow.format;

/** Deprecated converted types (superseded by {@link LogicalType}, still written for old readers). */
public enum ConvertedType {
  UTF8(0),
  MAP(1),
  MAP_KEY_VALUE(2),
  LIST(3),
  ENUM(4),
  DECIMAL(5),
  DATE(6),
  TIME_MILLIS(7),
  TIME_MICROS(8),
  TIMESTAMP_MILLIS(9),
  TIMESTAMP_MICROS(10),
  UINT_8(11),
  UINT_16(12),
  UINT_32(13),
  UINT_64(14),
  INT_8(15),
  INT_16(16),
  INT_32(17),
  INT_64(18),
  JSON(19),
  BSON(20),
  INTERVAL(21);

  private static final ConvertedType[] BY_VALUE = new ConvertedType[64];

  static {
    for (ConvertedType e : values()) {
      if (e.value >= 0) {
        BY_VALUE[e.value] = e;
      }
    }
  }

  private final int value;

  ConvertedType(int value) {
    this.value = value;
  }

  /** The value written to the thrift metadata. */
  public int value() {
    return value;
  }

  /** The constant for a thrift value, or {@code null} when the value is not defined. */
  public static ConvertedType fromValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
