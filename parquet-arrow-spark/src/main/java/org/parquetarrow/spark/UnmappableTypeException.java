package org.parquetarrow.spark;

import org.parquetarrow.UnsupportedFeatureException;

/**
 * A column whose Arrow type has no Spark SQL type (for example {@code time64}, {@code decimal256}
 * above 38 digits, intervals, unions). The message names the column and both types.
 */
public class UnmappableTypeException extends UnsupportedFeatureException {
  private static final long serialVersionUID = 1L;

  private final String column;

  public UnmappableTypeException(String column, String arrowType, String why) {
    super("Arrow type " + arrowType, "column '" + column + "' of Arrow type " + arrowType
        + " cannot be read into Spark: " + why);
    this.column = column;
  }

  /** The dotted path of the column. */
  public String column() {
    return column;
  }
}
