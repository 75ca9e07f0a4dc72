package org.parquetarrow;

/**
 * Where in a Parquet file a problem was found. Every part is optional: {@code null} for the file
 * and column, {@code -1} for the numbers.
 *
 * @param file        the file's name or path, as its {@code InputFile} reports it
 * @param rowGroup    row group ordinal
 * @param column      dotted column path
 * @param page        page ordinal within the column chunk
 * @param offset      byte offset in the file
 */
public record ErrorLocation(String file, int rowGroup, String column, int page, long offset) {

  public static final ErrorLocation UNKNOWN = new ErrorLocation(null, -1, null, -1, -1);

  public static ErrorLocation ofFile(String file) {
    return new ErrorLocation(file, -1, null, -1, -1);
  }

  public ErrorLocation withFile(String f) {
    return new ErrorLocation(f, rowGroup, column, page, offset);
  }

  public ErrorLocation withRowGroup(int rg) {
    return new ErrorLocation(file, rg, column, page, offset);
  }

  public ErrorLocation withColumn(String c) {
    return new ErrorLocation(file, rowGroup, c, page, offset);
  }

  public ErrorLocation withPage(int p) {
    return new ErrorLocation(file, rowGroup, column, p, offset);
  }

  public ErrorLocation withOffset(long o) {
    return new ErrorLocation(file, rowGroup, column, page, o);
  }

  /** Keeps every part this location has and takes the missing ones from {@code outer}. */
  public ErrorLocation fillFrom(ErrorLocation outer) {
    if (outer == null) {
      return this;
    }
    return new ErrorLocation(
        file != null ? file : outer.file,
        rowGroup >= 0 ? rowGroup : outer.rowGroup,
        column != null ? column : outer.column,
        page >= 0 ? page : outer.page,
        offset >= 0 ? offset : outer.offset);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    if (file != null) {
      sb.append("file ").append(file);
    }
    if (rowGroup >= 0) {
      sep(sb).append("row group ").append(rowGroup);
    }
    if (column != null) {
      sep(sb).append("column ").append(column);
    }
    if (page >= 0) {
      sep(sb).append("page ").append(page);
    }
    if (offset >= 0) {
      sep(sb).append("offset ").append(offset);
    }
    return sb.toString();
  }

  private static StringBuilder sep(StringBuilder sb) {
    return sb.length() == 0 ? sb : sb.append(", ");
  }
}
