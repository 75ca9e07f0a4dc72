package org.parquetarrow;

/**
 * The file breaks the Parquet format: bad magic, impossible lengths, malformed metadata, pages
 * that do not decode, data that contradicts its own metadata.
 */
public class CorruptFileException extends ParquetException {
  private static final long serialVersionUID = 1L;

  public CorruptFileException(String problem) {
    super(problem);
  }

  public CorruptFileException(String problem, Throwable cause) {
    super(problem, cause);
  }

  public CorruptFileException(String problem, ErrorLocation location, Throwable cause) {
    super(problem, location, cause);
  }
}
