package org.parquetarrow.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The local file system as a {@link Storage}: locations are plain paths or {@code file:} URIs;
 * an entry's version is its modification time. Stateless: {@link #close()} does nothing.
 *
 * <pre>{@code
 * List<StorageEntry> files = LocalStorage.instance().list("/data/events");
 * }</pre>
 */
public final class LocalStorage implements Storage {
  private static final LocalStorage INSTANCE = new LocalStorage();

  private LocalStorage() {}

  public static LocalStorage instance() {
    return INSTANCE;
  }

  /**
   * The path of a local location.
   *
   * @throws IllegalArgumentException if {@code location} has a scheme other than {@code file}
   */
  public static Path path(String location) {
    String scheme = Storages.scheme(location);
    if (scheme == null) {
      return Path.of(location);
    }
    if (!scheme.equals("file")) {
      throw new IllegalArgumentException("not a local path or file: URI: " + location);
    }
    return Path.of(URI.create(location));
  }

  @Override
  public InputFile open(String location, IoStatistics statistics) throws IOException {
    return LocalInputFile.open(path(location));
  }

  /**
   * {@inheritDoc} Locations of entries are {@code location} followed by the relative path, with
   * the platform's separator.
   *
   * @throws NoSuchFileException if there is nothing at {@code location}
   */
  @Override
  public List<StorageEntry> list(String location, IoStatistics statistics) throws IOException {
    Path root = path(location);
    if (Files.isRegularFile(root)) {
      return List.of(entry(location, root));
    }
    if (!Files.isDirectory(root)) {
      throw new NoSuchFileException(root.toString());
    }
    String base = location.endsWith(root.getFileSystem().getSeparator()) || location.endsWith("/")
        ? location : location + root.getFileSystem().getSeparator();
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile)
          .sorted()
          .map(p -> entry(base + root.relativize(p), p))
          .toList();
    } catch (UncheckedIOException e) {
      // a directory that vanishes or cannot be read while walking
      throw e.getCause();
    }
  }

  private static StorageEntry entry(String location, Path p) {
    try {
      return new StorageEntry(location, Files.size(p), Files.getLastModifiedTime(p).toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {}

  @Override
  public String toString() {
    return "local files";
  }
}
