package org.parquetarrow.schema;

import java.util.List;

/**
 * A column name or path in a projection or an option (such as the dictionary columns) names no
 * column of the file. An argument check, hence an {@link IllegalArgumentException} (as the
 * dataset's {@code ExpressionBindException} for filters); the message names the column and lists
 * the valid names.
 *
 * <pre>{@code
 * try {
 *   ParquetFileReader.open(path, ReadOptions.builder(allocator).columns("nmae").build());
 * } catch (UnknownColumnException e) {
 *   // no column "nmae" (did you mean name?); the file has: id, name, address, address.city, tags, tags.item
 *   log.warn("{} (valid: {})", e.getMessage(), e.validNames());
 * }
 * }</pre>
 */
public final class UnknownColumnException extends IllegalArgumentException {
  /** Most names the message lists before "… and N more". */
  static final int LISTED = 24;

  private final String column;
  private final List<String> validNames;

  UnknownColumnException(String what, String column, List<String> validNames) {
    super(message(what, column, validNames));
    this.column = column;
    this.validNames = List.copyOf(validNames);
  }

  /** The name or path at fault, as given. */
  public String column() {
    return column;
  }

  /**
   * Every name the file answers to in Arrow form: top-level fields and the dotted paths of the
   * fields under them.
   */
  public List<String> validNames() {
    return validNames;
  }

  private static String message(String what, String column, List<String> valid) {
    StringBuilder sb = new StringBuilder(what).append(" \"").append(column).append("\"")
        .append(ColumnSuggestions.didYouMean(column, valid)).append("; the file has: ");
    int shown = Math.min(LISTED, valid.size());
    sb.append(String.join(", ", valid.subList(0, shown)));
    if (valid.size() > shown) {
      sb.append(", … and ").append(valid.size() - shown).append(" more");
    }
    return sb.toString();
  }
}
