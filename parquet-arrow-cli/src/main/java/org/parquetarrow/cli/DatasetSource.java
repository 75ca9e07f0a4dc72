package org.parquetarrow.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;

/**
 * The dataset a {@code scan PATH} names: a file, a directory (hive partitions below it) or a glob,
 * whose fixed leading directories are the root that partition directories count from
 * ({@code data/year=*}{@code /*.parquet}: root {@code data}, pattern {@code year=*}{@code /*.parquet}).
 */
final class DatasetSource {
  private DatasetSource() {}

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
