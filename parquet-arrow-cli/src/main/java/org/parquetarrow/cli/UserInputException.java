package org.parquetarrow.cli;

/**
 * Input the command cannot use as asked (a file that cannot be opened, a column the file does not
 * have, a value that does not parse): exit status 2, reported in one line.
 */
final class UserInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  UserInputException(String message) {
    super(message);
  }

  UserInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
