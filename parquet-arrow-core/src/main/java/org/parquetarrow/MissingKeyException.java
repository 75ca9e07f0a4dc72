package org.parquetarrow;

/**
 * An encrypted column was asked for and no key for it was given. Its {@link #problem()} names the
 * Java option that supplies keys; a front end with other words for that (the command's
 * {@code --column-key}) can say so by catching this type instead of reading the message. The
 * column is in {@link #location()}.
 *
 * <pre>{@code
 * try (ParquetFileReader r = ParquetFileReader.open(path, ReadOptions.defaults(allocator))) { ... }
 * catch (MissingKeyException e) {
 *   throw new IllegalArgumentException("column " + e.location().column() + " needs a key", e);
 * }
 * }</pre>
 */
public class MissingKeyException extends ParquetCryptoException {
  private static final long serialVersionUID = 1L;

  public MissingKeyException(String problem) {
    super(problem);
  }
}
