package org.parquetarrow.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.io.Storage;

/**
 * The dataset a {@code scan PATH} names: a file, a directory (hive partitions below it) or a glob
 * (locally, or in an object store: {@code s3://bucket/prefix/}),
 * whose fixed leading directories are the root that partition directories count from
 * ({@code data/year=*}{@code /*.parquet}: root {@code data}, pattern {@code year=*}{@code /*.parquet}).
 */
final class DatasetSource {
  private DatasetSource() {}

  /**
   * The dataset at {@code path}: a local path as below, or a remote location ({@code
   * s3://bucket/prefix/}, {@code s3://bucket/key}, an {@code https://} file) read from the
   * storage {@code locations} holds; a glob in a remote location matches the keys below its
   * fixed leading part.
   */
  static Dataset discover(Locations locations, String path, DiscoveryOptions options) {
    if (!Locations.isRemote(path)) {
      return discover(path, options);
    }
    Storage storage = locations.storage(path);
    int schemeEnd = path.indexOf("://") + 3;
    int firstGlob = firstGlob(path, schemeEnd);
    try {
      if (firstGlob < 0) {
        return DatasetDiscovery.location(path, storage, options);
      }
      int rootEnd = path.lastIndexOf('/', firstGlob);
      if (rootEnd < schemeEnd) {
        throw new UserInputException(path + ": a glob needs a fixed bucket or host before it");
      }
      return DatasetDiscovery.glob(path.substring(0, rootEnd + 1), path.substring(rootEnd + 1), storage, options);
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      throw new UserInputException(path + ": " + e.getMessage(), e);
    }
  }

  private static int firstGlob(String s, int from) {
    for (int i = from; i < s.length(); i++) {
      if (isGlob(String.valueOf(s.charAt(i)))) {
        return i;
      }
    }
    return -1;
  }

  static Dataset discover(String path, DiscoveryOptions options) {
    if (isGlob(path)) {
      String[] parts = path.split("/", -1);
      int fixed = 0;
      while (fixed < parts.length && !isGlob(parts[fixed])) {
        fixed++;
      }
      String rootText = String.join("/", java.util.Arrays.copyOf(parts, fixed));
      Path root = fixed == 0 ? Path.of(".") : Path.of(rootText.isEmpty() ? "/" : rootText);
      String pattern = String.join("/", java.util.Arrays.copyOfRange(parts, fixed, parts.length));
      if (!Files.isDirectory(root)) {
        throw new UserInputException(path + ": no such directory " + root);
      }
      return DatasetDiscovery.glob(root, pattern, options);
    }
    Path p = Path.of(path);
    if (Files.isDirectory(p)) {
      return DatasetDiscovery.directory(p, options);
    }
    if (!Files.isRegularFile(p)) {
      throw new UserInputException(path + ": no such file or directory");
    }
    return DatasetDiscovery.file(p, options);
  }

  private static boolean isGlob(String s) {
    for (int i = 0; i < s.length(); i++) {
      switch (s.charAt(i)) {
        case '*', '?', '[', '{' -> {
          return true;
        }
        default -> { }
      }
    }
    return false;
  }
}
