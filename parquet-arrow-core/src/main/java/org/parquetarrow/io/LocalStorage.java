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
   * Opens the file {@code entry} lists, failing if it is no longer that file: its size, or its
   * modification time where the entry's version is one ({@link #list} gives them), differs from
   * the listing's, as for a file rewritten in place since. A dataset scan opens its files so, and
   * never decodes new bytes with the footer it read from the old ones.
   *
   * @throws ObjectChangedException naming the file if it changed since it was listed
   */
  @Override
  public InputFile open(StorageEntry entry, IoStatistics statistics) throws IOException {
    Path p = path(entry.location());
    InputFile in = LocalInputFile.open(p);
    try {
      long size = in.length();
      String modified = isModificationTime(entry.version()) ? Files.getLastModifiedTime(p).toString() : null;
      if ((entry.size() >= 0 && size != entry.size()) || (modified != null && !modified.equals(entry.version()))) {
        throw new ObjectChangedException(entry.location(), FileRange.of(0, Math.max(0, entry.size())),
            "it is now " + size + " bytes modified " + Files.getLastModifiedTime(p) + ", listed as " + entry.size()
            + " bytes modified " + entry.version());
      }
      return in;
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  /** Whether {@code version} is a modification time as {@link #list} writes it. */
  private static boolean isModificationTime(String version) {
    if (version == null) {
      return false;
    }
    try {
      java.time.Instant.parse(version);
      return true;
    } catch (java.time.format.DateTimeParseException e) {
      return false;
    }
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
