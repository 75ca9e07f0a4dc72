package org.parquetarrow;

/**
 * A batch handed to a writer does not fit the schema the writer was opened with: a field's name,
 * type (with its parameters: bit width and sign, unit and time zone, precision and scale, widths,
 * nested children), nullability or dictionary encoding differs, or the batch has another number of
 * fields, or a field fewer values than the batch has rows. The batch is refused before any of it is
 * written.
 *
 * <pre>{@code
 * try {
 *   writer.write(root);
 * } catch (SchemaMismatchException e) {
 *   // e.field() = "user.age", e.getMessage() =
 *   // "field 'user.age': the batch has int64, the writer's schema int32 [file out.parquet]"
 * }
 * }</pre>
 */
public class SchemaMismatchException extends ParquetException {
  private static final long serialVersionUID = 1L;

  private final String field;

  /**
   * @param field   the dotted Arrow path of the field that differs ({@code user.age},
   *                {@code tags.item}, {@code attrs.key}), or {@code null} when the batch as a whole
   *                differs (its number of fields)
   * @param problem what differs, naming the field and both types
   */
  public SchemaMismatchException(String field, String problem) {
    super(problem);
    this.field = field;
  }

  /** The dotted Arrow path of the field that differs, or {@code null} for the batch as a whole. */
  public String field() {
    return field;
  }
}
