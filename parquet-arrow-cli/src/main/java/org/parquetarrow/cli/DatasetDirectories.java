package org.parquetarrow.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A directory given to a command that reads one file: the user most likely means the dataset in
 * it, which {@code scan} reads; the refusal says which command to run instead, with the path filled in.
 */
final class DatasetDirectories {
  private DatasetDirectories() {}

  /**
   * Refuses {@code location} when it is a local directory: {@code instead} names what to run, with
   * {@code DIR} standing for the directory; {@code FILE} for one of its Parquet files where a
   * file-level command still applies.
   *
   * @throws UserInputException naming the directory and the command to run instead
   */
  static void refuse(String location, String instead) {
    if (Locations.isRemote(location)) {
      return;
    }
    Path dir = org.parquetarrow.io.LocalStorage.path(location);
    if (!Files.isDirectory(dir)) {
      return;
    }
    String text = instead.replace("DIR", location);
    if (text.contains("FILE")) {
      text = text.replace("FILE", firstParquetFile(dir).map(Path::toString).orElse(location + "/<file>.parquet"));
    }
    throw new UserInputException(location + ": it is a directory, not a Parquet file; " + text);
  }

  /** A Parquet file below {@code dir} (the first in path order, so the hint is the same each run). */
  private static Optional<Path> firstParquetFile(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".parquet") && Files.isRegularFile(p)).sorted().findFirst();
    } catch (IOException | UncheckedIOException unreadable) {
      return Optional.empty(); // the hint only: the refusal stands without it
    }
  }
}
