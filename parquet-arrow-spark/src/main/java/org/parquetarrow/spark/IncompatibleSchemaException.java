package org.parquetarrow.spark;

import org.parquetarrow.ParquetException;

/**
 * A schema given to a read ({@code spark.read().schema(...)}) asks for a column in a form the
 * files cannot be read as: another type than the files' that is not a wider one, or a name that
 * two of the files' fields match ignoring case (when {@code spark.sql.caseSensitive} is off). The
 * message names the column and both sides.
 *
 * <pre>{@code
 * spark.read().format("parquet-arrow").schema("id string").load(dir).count();
 * // IncompatibleSchemaException: column 'id': the files hold bigint, the schema given asks for string; ...
 * }</pre>
 */
public class IncompatibleSchemaException extends ParquetException {
  private static final long serialVersionUID = 1L;

  private final String column;

  public IncompatibleSchemaException(String column, String why) {
    super("column '" + column + "': " + why);
    this.column = column;
  }

  /** The column's path, its names joined by dots. */
  public String column() {
    return column;
  }
}
