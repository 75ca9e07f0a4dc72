package org.parquetarrow.format;

/** Kinds of page in a column chunk. */
public enum PageType {
  DATA_PAGE(0),
  INDEX_PAGE(1),
  DICTIONARY_PAGE(2),
  DATA_PAGE_V2(3),
  /** A value this library does not know (from a newer writer); the raw value is lost. */
  UNKNOWN(-1);

  private static final PageType[] BY_VALUE = new PageType[64];

  static {
    for (PageType e : values()) {
      if (e.value >= 0) {
        BY_VALUE[e.value] = e;
      }
    }
  }

  private final int value;

  PageType(int value) {
    this.value = value;
  }

  /** The value written to the thrift metadata. */
  public int value() {
    return value;
  }

  /** The constant for a thrift value, or {@code null} when the value is not defined. */
  public static PageType fromValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
