package org.parquetarrow;

import java.io.IOException;

/**
 * A file (or directory) asked for does not exist: the {@code FileNotFoundError} of pyarrow, so
 * that a caller can tell a wrong path from a damaged file.
 *
 * <pre>{@code
 * try (ParquetFileReader r = ParquetFileReader.open(path, options)) { ... }
 * catch (MissingFileException e) { log.warn("{} is not there", e.location().file()); }
 * }</pre>
 */
public class MissingFileException extends ParquetIOException {
  private static final long serialVersionUID = 1L;

  public MissingFileException(String problem, IOException cause) {
    super(problem, cause);
  }
}
