package org.parquetarrow.format;

/** Field repetition (thrift {@code FieldRepetitionType}). */
public enum Repetition {
  REQUIRED(0),
  OPTIONAL(1),
  REPEATED(2),
  VECTOR(3);

  private static final Repetition[] BY_VALUE = new Repetition[64];

  static {
    for (Repetition e : values()) {
      if (e.value >= 0) {
        BY_VALUE[e.value] = e;
      }
    }
  }

  private final int value;

  Repetition(int value) {
    this.value = value;
  }

  /** The value written to the thrift metadata. */
  public int value() {
    return value;
  }

  /** The constant for a thrift value, or {@code null} when the value is not defined. */
  public static Repetition fromValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
