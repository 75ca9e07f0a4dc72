package org.parquetarrow.format;

/** Edge interpolation of the GEOGRAPHY logical type. */
public enum EdgeInterpolationAlgorithm {
  SPHERICAL(0),
  VINCENTY(1),
  THOMAS(2),
  ANDOYER(3),
  KARNEY(4);

  private static final EdgeInterpolationAlgorithm[] BY_VALUE = new EdgeInterpolationAlgorithm[64];

  static {
    for (EdgeInterpolationAlgorithm e : values()) {
      if (e.value >= 0) {
        BY_VALUE[e.value] = e;
      }
    }
  }

  private final int value;

  EdgeInterpolationAlgorithm(int value) {
    this.value = value;
  }

  /** The value written to the thrift metadata. */
  public int value() {
    return value;
  }

  /** The constant for a thrift value, or {@code null} when the value is not defined. */
  public static EdgeInterpolationAlgorithm fromValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
