package org.parquetarrow;

import java.io.IOException;
import java.io.UncheckedIOException;

/** An I/O failure of the underlying storage, with the Parquet location it happened at. */
public class ParquetIOException extends ParquetException {
  private static final long serialVersionUID = 1L;

  public ParquetIOException(String problem, IOException cause) {
    super(problem, cause);
  }

  public ParquetIOException(String problem, UncheckedIOException cause) {
    super(problem, cause.getCause());
  }
}
