package org.parquetarrow.format;

/** Unit of the TIME and TIMESTAMP logical types (thrift union {@code TimeUnit}: MILLIS=1, MICROS=2, NANOS=3). */
public enum TimeUnit {
  MILLIS(1),
  MICROS(2),
  NANOS(3);

  private static final TimeUnit[] BY_VALUE = new TimeUnit[64];

  static {
    for (TimeUnit e : values()) {
      if (e.value >= 0) {
        BY_VALUE[e.value] = e;
      }
    }
  }

  private final int value;

  TimeUnit(int value) {
    this.value = value;
  }

  /** The value written to the thrift metadata. */
  public int value() {
    return value;
  }

  /** The constant for a thrift value, or {@code null} when the value is not defined. */
  public static TimeUnit fromValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
