package org.parquetarrow;

/**
 * Base of every exception parquet-arrow throws. Unchecked, and always carries as much of the
 * {@link ErrorLocation} (file, row group, column path, page, byte offset) as the layer that raised
 * or passed it knew; outer layers fill in what inner layers could not know.
 *
 * <pre>{@code
 * try (var reader = ParquetFileReader.open(path)) { ... }
 * catch (CorruptFileException e) {
 *   log.warn("{} is damaged at {}", e.location().file(), e.location());
 * }
 * }</pre>
 */
public class ParquetException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String problem;
  private ErrorLocation location;

  public ParquetException(String problem) {
    this(problem, ErrorLocation.UNKNOWN, null);
  }

  public ParquetException(String problem, Throwable cause) {
    this(problem, ErrorLocation.UNKNOWN, cause);
  }

  public ParquetException(String problem, ErrorLocation location, Throwable cause) {
    super(problem, cause);
    this.problem = problem;
    this.location = location == null ? ErrorLocation.UNKNOWN : location;
  }

  /** The problem alone, without the location. */
  public String problem() {
    return problem;
  }

  public ErrorLocation location() {
    return location;
  }

  /**
   * Adds what {@code outer} knows and this exception's location does not (inner knowledge wins),
   * and returns this exception so that it can be rethrown: {@code throw e.locate(here);}.
   */
  public ParquetException locate(ErrorLocation outer) {
    this.location = this.location.fillFrom(outer);
    return this;
  }

  @Override
  public String getMessage() {
    String where = location.toString();
    return where.isEmpty() ? problem : problem + " [" + where + "]";
  }
}
