package org.parquetarrow.bench.dataset;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Bytes this process has read through {@code read}/{@code pread} system calls so far ({@code
 * rchar} of {@code /proc/self/io}, Linux), whoever made them: Java, DuckDB's or Arrow C++'s native
 * code, any thread. The difference around a scan is the bytes that scan read, page cache hits
 * included, plus whatever else the process read meanwhile (class loading; nothing much once warm).
 * {@code -1} where there is no such file.
 */
public final class ProcessIo {
  private static final Path IO = Path.of("/proc/self/io");

  private ProcessIo() {}

  public static long bytesRead() {
    try {
      for (String line : Files.readAllLines(IO)) {
        if (line.startsWith("rchar:")) {
          return Long.parseLong(line.substring(6).trim());
        }
      }
      return -1;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
