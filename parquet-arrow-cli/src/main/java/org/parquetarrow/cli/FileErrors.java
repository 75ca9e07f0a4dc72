package org.parquetarrow.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * Plain words for a local file's I/O failure. The JDK's {@link FileSystemException}s carry only the
 * path as their message ("/tmp/out/x.svg"), which printed after the path the user gave says nothing.
 */
final class FileErrors {
  private FileErrors() {}

  /** Why {@code e} happened, without its path: "the directory /a/b does not exist", "permission denied". */
  static String reason(IOException e) {
    if (e instanceof NoSuchFileException f && f.getFile() != null) {
      Path parent = Path.of(f.getFile()).toAbsolutePath().getParent();
      return parent != null && !Files.isDirectory(parent) ? "the directory " + parent + " does not exist"
          : "no such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "it already exists";
    }
    if (e instanceof NotDirectoryException) {
      return "not a directory";
    }
    if (e instanceof FileSystemException fs && fs.getReason() != null) {
      return fs.getReason();
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /** The user-facing error for {@code name} ({@code -}: stdout) that could not be written. */
  static UserInputException cannotWrite(String name, IOException e) {
    return new UserInputException(("-".equals(name) ? "stdout" : name) + ": cannot write: " + reason(e), e);
  }
}
