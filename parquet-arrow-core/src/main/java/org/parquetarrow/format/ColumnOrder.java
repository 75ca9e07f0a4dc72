package org.parquetarrow.format;

/** Sort order of a leaf column's statistics (thrift union {@code ColumnOrder}; the value is the union field id). */
public enum ColumnOrder {
  TYPE_DEFINED_ORDER(1),
  IEEE_754_TOTAL_ORDER(2),
  INT96_TIMESTAMP_ORDER(3),
  /** A value this library does not know (from a newer writer); the raw value is lost. */
  UNKNOWN(-1);

  private static final ColumnOrder[] BY_VALUE = new ColumnOrder[64];

  static {
    for (ColumnOrder e : values()) {
      if (e.value >= 0) {
        BY_VALUE[e.value] = e;
      }
    }
  }

  private final int value;

  ColumnOrder(int value) {
    this.value = value;
  }

  /** The value written to the thrift metadata. */
  public int value() {
    return value;
  }

  /** The constant for a thrift value, or {@code null} when the value is not defined. */
  public static ColumnOrder fromValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
