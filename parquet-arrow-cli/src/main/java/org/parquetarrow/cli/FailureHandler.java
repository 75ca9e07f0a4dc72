package org.parquetarrow.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import org.apache.arrow.vector.ipc.InvalidArrowFileException;
import org.parquetarrow.MissingKeyException;
import org.parquetarrow.ParquetException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns a failed command into one line on stderr and an exit status: 2 when the input cannot be
 * read or written as asked, 1 for anything else (a bug). The stack trace only with --verbose.
 */
final class FailureHandler implements IExecutionExceptionHandler {
  static final int BAD_INPUT = 2;
  static final int INTERNAL = 1;

  @Override
  public int handleExecutionException(Exception e, CommandLine cl, ParseResult parsed) {
    PrintWriter err = cl.getErr();
    boolean input = isInputProblem(e);
    String message = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
    if (e instanceof java.nio.file.FileSystemException fs && fs.getFile() != null) {
      message = fs.getFile() + ": " + FileErrors.reason(fs); // the JDK's own message is the bare path
    }
    if (e instanceof MissingKeyException missing && missing.location().column() != null) {
      // the reader's own text names the Java option for keys; a command user has options instead
      message = "column " + missing.location().column() + " is encrypted; give its key with --column-key"
          + " (or --footer-key if it uses the footer key), or leave it out of --columns [" + missing.location() + "]";
    }
    if (outOfArrowMemory(e)) {
      err.println("parquet-arrow " + cl.getCommandName() + ": out of memory for Arrow buffers (" + message
          + "); give the JVM more, e.g. " + MORE_MEMORY);
    } else {
      err.println("parquet-arrow " + cl.getCommandName() + ": "
          + (input ? message : "internal error: " + e.getClass().getSimpleName() + ": " + message));
    }
    if (verbose(parsed)) {
      e.printStackTrace(err);
    }
    err.flush();
    return input ? BAD_INPUT : INTERNAL;
  }

  /** What a user changes when memory runs out: the launcher passes this variable to the JVM. */
  static final String MORE_MEMORY = "PARQUET_ARROW_JAVA_OPTS=-Xmx8g (direct memory follows -Xmx unless"
      + " -XX:MaxDirectMemorySize is given)";

  private static boolean outOfArrowMemory(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof org.apache.arrow.memory.OutOfMemoryException) {
        return true;
      }
    }
    return false;
  }

  static boolean isInputProblem(Throwable e) {
    return e instanceof ParquetException
        || e instanceof UserInputException
        || e instanceof IOException
        || e instanceof UncheckedIOException
        || e instanceof InvalidArrowFileException;
  }

  private static boolean verbose(ParseResult parsed) {
    for (ParseResult p = parsed; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption("--verbose")) {
        return true;
      }
    }
    return false;
  }
}
