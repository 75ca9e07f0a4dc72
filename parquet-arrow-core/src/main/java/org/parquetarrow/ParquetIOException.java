package org.parquetarrow;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** An I/O failure of the underlying storage, with the Parquet location it happened at. */
public class ParquetIOException extends ParquetException {
  private static final long serialVersionUID = 1L;

  public ParquetIOException(String problem, IOException cause) {
    super(problem, cause);
  }

  public ParquetIOException(String problem, UncheckedIOException cause) {
    super(problem, cause.getCause());
  }

  /**
   * The failure to open {@code path} (to read it, or to create a file in its directory) in plain
   * words — "no such file", "the directory … does not exist", "it is a directory", "permission
   * denied" — instead of the JDK's bare path, located at the file. A missing file or directory is a
   * {@link MissingFileException}.
   *
   * @param action what was being done, e.g. {@code "cannot open the file"}
   */
  public static ParquetIOException opening(String action, Path path, IOException e) {
    ParquetIOException x;
    if (e instanceof NoSuchFileException) {
      Path parent = path.toAbsolutePath().getParent();
      boolean folderMissing = parent != null && !Files.isDirectory(parent);
      x = new MissingFileException(action + ": "
          + (folderMissing ? "the directory " + parent + " does not exist" : "no such file"), e);
    } else if (e instanceof AccessDeniedException) {
      x = new ParquetIOException(action + ": permission denied", e);
    } else if (Files.isDirectory(path)) {
      x = new ParquetIOException(action + ": it is a directory, not a file", e);
    } else {
      String reason = e instanceof FileSystemException fs && fs.getReason() != null ? fs.getReason() : e.getMessage();
      x = new ParquetIOException(action + ": " + reason, e);
    }
    x.locate(ErrorLocation.ofFile(path.toString()));
    return x;
  }
}
