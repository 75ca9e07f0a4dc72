package org.parquetarrow.write;

import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;

/**
 * A {@link ParquetFileWriter} was closed, or used, after one of its writes, flushes or its close
 * failed. The failure aborted the writer: nothing appeared at the destination and the temporary
 * file was removed. {@link #getCause()} is that first failure. The first {@code close()} after the
 * failure throws it, later ones do nothing; every later {@code write} throws it.
 *
 * <p>In a try-with-resources block the exception of the failed {@code write} is the one thrown,
 * with this one (from {@code close()}) suppressed on it:
 *
 * <pre>{@code
 * try (ParquetFileWriter w = ParquetFileWriter.open(path, schema, WriterProperties.defaults())) {
 *   w.write(root);          // throws SchemaMismatchException: no file at path
 * }
 * }</pre>
 */
public class WriterFailedException extends ParquetException {
  private static final long serialVersionUID = 1L;

  WriterFailedException(String file, String action, Throwable failure) {
    super("cannot " + action + ": an earlier failure aborted the writer, nothing was written (" + describe(failure)
        + ")", ErrorLocation.ofFile(file), failure);
  }

  private static String describe(Throwable failure) {
    // the file is this exception's location already
    String message = failure instanceof ParquetException p && p.location().rowGroup() < 0
        && p.location().column() == null ? p.problem() : failure.getMessage();
    String type = failure.getClass().getSimpleName();
    return message == null ? type : type + ": " + message;
  }
}
