package org.parquetarrow;

/**
 * Modular encryption: a file that needs keys that were not given, a wrong key, or a module whose
 * authentication tag does not verify.
 */
public class ParquetCryptoException extends ParquetException {
  private static final long serialVersionUID = 1L;

  public ParquetCryptoException(String problem) {
    super(problem);
  }

  public ParquetCryptoException(String problem, Throwable cause) {
    super(problem, cause);
  }
}
