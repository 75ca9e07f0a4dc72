package org.parquetarrow.format;

/** Whether the min/max lists of a {@link ColumnIndex} are ordered. */
public enum BoundaryOrder {
  UNORDERED(0),
  ASCENDING(1),
  DESCENDING(2);

  private static final BoundaryOrder[] BY_VALUE = new BoundaryOrder[64];

  static {
    for (BoundaryOrder e : values()) {
      if (e.value >= 0) {
        BY_VALUE[e.value] = e;
      }
    }
  }

  private final int value;

  BoundaryOrder(int value) {
    this.value = value;
  }

  /** The value written to the thrift metadata. */
  public int value() {
    return value;
  }

  /** The constant for a thrift value, or {@code null} when the value is not defined. */
  public static BoundaryOrder fromValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
