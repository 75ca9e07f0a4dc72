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
}
