package org.parquetarrow.spark;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.parquetarrow.MissingFileException;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.EmptyDatasetException;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageEntry;

/**
 * Spark's file-source options that choose which files a read lists, taken as its built-in sources
 * take them: {@code pathGlobFilter} (a glob on file names, {@code *.parquet}, in every directory
 * below the paths; partition directories still count) and {@code basePath} (the directory
 * {@code key=value} partitions are counted below, so that loading {@code /data/events/year=2024}
 * with base path {@code /data/events} keeps the column {@code year}). Spark's options this
 * source cannot honour ({@code modifiedBefore}, {@code modifiedAfter}, {@code ignoreMissingFiles},
 * a {@code LEGACY} rebase mode) are refused, never ignored.
 *
 * @param pathGlobFilter the file-name glob, or {@code null} for every file
 * @param basePath the partition root, or {@code null} for the loaded directory
 */
record FileListing(String pathGlobFilter, String basePath) {

  /**
   * @throws IllegalArgumentException naming an option this source does not honour, or a glob
   *     that does not parse
   */
  static FileListing parse(Map<String, String> options) {
    for (String refused : List.of("modifiedBefore", "modifiedAfter")) {
      if (get(options, refused) != null) {
        throw new IllegalArgumentException("option " + refused + " is not supported by the parquet-arrow source;"
            + " choose the files by path, pathGlobFilter or a partition filter instead");
      }
    }
    if ("true".equalsIgnoreCase(trimmed(get(options, "ignoreMissingFiles")))) {
      throw new IllegalArgumentException("option ignoreMissingFiles is not supported by the parquet-arrow source:"
          + " a file listed by the driver and gone when read fails the task");
    }
    for (String rebase : List.of("datetimeRebaseMode", "int96RebaseMode")) {
      String mode = trimmed(get(options, rebase));
      if (mode != null && mode.toUpperCase(Locale.ROOT).equals("LEGACY")) {
        throw new IllegalArgumentException("option " + rebase + "=LEGACY is not supported by the parquet-arrow source:"
            + " dates and timestamps are read in the proleptic Gregorian calendar (CORRECTED), as the files store them");
      }
    }
    String glob = get(options, "pathGlobFilter");
    if (glob != null) {
      try {
        FileSystems.getDefault().getPathMatcher("glob:" + glob);
      } catch (IllegalArgumentException e) { // PatternSyntaxException among them
        throw new IllegalArgumentException("option pathGlobFilter: not a glob: '" + glob + "' (" + e.getMessage() + ")", e);
      }
    }
    return new FileListing(glob, get(options, "basePath"));
  }

  /** Whether the paths are listed as they are, every file below them counting. */
  boolean isDefault() {
    return pathGlobFilter == null && basePath == null;
  }

  /**
   * The files below {@code locations} (files or directories, one storage) whose names pass the
   * glob, partitioned below the base path (or the one location, when a directory).
   *
   * @throws MissingFileException naming a location that is not there
   * @throws EmptyDatasetException when no file passes
   */
  Dataset discover(List<String> locations, Storage storage, DiscoveryOptions options) {
    PathMatcher names = pathGlobFilter == null ? null : FileSystems.getDefault().getPathMatcher("glob:" + pathGlobFilter);
    List<StorageEntry> files = new ArrayList<>();
    for (String location : locations) {
      List<StorageEntry> listed;
      try {
        listed = storage.list(location);
      } catch (NoSuchFileException e) {
        MissingFileException x = new MissingFileException("no such file or directory " + location, e);
        x.locate(org.parquetarrow.ErrorLocation.ofFile(location));
        throw x;
      } catch (IOException e) {
        throw new org.parquetarrow.ParquetIOException("cannot list " + location, e);
      }
      for (StorageEntry e : listed) {
        String below = below(location, e.location());
        if (!ignored(below) && (names == null || names.matches(Path.of(name(e.location()))))) {
          files.add(e);
        }
      }
    }
    if (files.isEmpty()) {
      throw new EmptyDatasetException("no Parquet files found below " + String.join(", ", locations)
          + (pathGlobFilter == null ? "" : " whose names match " + pathGlobFilter));
    }
    String root = basePath != null ? basePath : locations.size() == 1 ? locations.get(0) : null;
    if (root != null) {
      for (StorageEntry e : files) {
        if (!e.location().startsWith(withSlash(root)) && !e.location().equals(root)) {
          throw new IllegalArgumentException("option basePath " + root + " is not a directory above " + e.location());
        }
      }
    }
    return DatasetDiscovery.entries(files, root, storage, options);
  }

  private static String below(String location, String file) {
    return file.startsWith(withSlash(location)) ? file.substring(withSlash(location).length()) : "";
  }

  private static String withSlash(String dir) {
    return dir.endsWith("/") ? dir : dir + "/";
  }

  private static String name(String location) {
    int slash = location.lastIndexOf('/');
    return slash < 0 ? location : location.substring(slash + 1);
  }

  /** Hidden, {@code _}-prefixed and checksum files and directories, which Spark's listing leaves out too. */
  private static boolean ignored(String relative) {
    for (String part : relative.split("/")) {
      if (part.startsWith(".") || part.startsWith("_") || part.endsWith(".crc")) {
        return true;
      }
    }
    return false;
  }

  private static String trimmed(String s) {
    return s == null ? null : s.trim();
  }

  private static String get(Map<String, String> options, String key) {
    for (Map.Entry<String, String> e : options.entrySet()) {
      if (e.getKey().equalsIgnoreCase(key)) {
        return e.getValue();
      }
    }
    return null;
  }
}
