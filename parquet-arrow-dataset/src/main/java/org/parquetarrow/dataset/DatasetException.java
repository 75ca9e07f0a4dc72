package org.parquetarrow.dataset;

import org.parquetarrow.ParquetException;

/**
 * A dataset cannot be assembled: no files, schemas that do not unify, inconsistent partition
 * directories. The message names the files at fault.
 */
public class DatasetException extends ParquetException {
  public DatasetException(String problem) {
    super(problem);
  }

  public DatasetException(String problem, Throwable cause) {
    super(problem, cause);
  }
}
