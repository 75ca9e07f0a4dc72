package org.parquetarrow.dataset;

import java.nio.file.Path;

/**
 * Which files and directories discovery skips, as Spark, Hive and pyarrow do: names starting with
 * {@code .} or {@code _} ({@code _SUCCESS}, {@code _temporary/}, {@code _metadata}, {@code
 * .part-0.crc}) and checksum files ending in {@code .crc}, at any level below the dataset root.
 */
final class FilePaths {
  private FilePaths() {}

  static boolean ignoredName(String name) {
    return name.startsWith(".") || name.startsWith("_") || name.endsWith(".crc");
  }

  /** Whether any component of {@code relative} (a path below the root) is ignored. */
  static boolean ignored(Path relative) {
    for (Path part : relative) {
      if (ignoredName(part.toString())) {
        return true;
      }
    }
    return false;
  }

  /** Whether any component of {@code relativeKey} (a key or path below the root, {@code /}-separated) is ignored. */
  static boolean ignored(String relativeKey) {
    for (String part : components(relativeKey)) {
      if (!part.isEmpty() && ignoredName(part)) {
        return true;
      }
    }
    return false;
  }

  /** The components of a relative key: split at {@code /} (and the platform's separator). */
  static String[] components(String relativeKey) {
    String sep = java.io.File.separator;
    String normal = sep.equals("/") ? relativeKey : relativeKey.replace(sep, "/");
    return normal.split("/", -1);
  }
}
