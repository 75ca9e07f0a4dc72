package org.parquetarrow.dataset;

import java.nio.file.Path;

/**
 * A file discovery skipped because it could not be read, when asked to skip rather than fail.
 *
 * @param location the file (a local path, {@code s3://...}, a URL)
 * @param error why
 */
public record SkippedFile(String location, Exception error) {
  public SkippedFile(Path path, Exception error) {
    this(path.toString(), error);
  }

  /** The file as a local path (meaningful for local files). */
  public Path path() {
    return Path.of(location);
  }
}
