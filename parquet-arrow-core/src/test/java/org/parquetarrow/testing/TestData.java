package org.parquetarrow.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Where the shared test corpora are. The folders come from the system properties
 * {@code parquet.testing.dir} and {@code arrow.testing.dir} (relative paths resolve against the
 * reactor root, {@code project.root}); without them, {@code ../shared/...} beside the checkout.
 * A folder that is named but missing fails the test: it never skips.
 */
public final class TestData {
  private TestData() {}

  public static Path parquetTesting() {
    return resolve("parquet.testing.dir", "../shared/parquet-testing");
  }

  public static Path arrowTesting() {
    String own = System.getProperty("arrow.testing.dir");
    if (own == null || own.isBlank()) {
      return require(parquetTesting().resolveSibling("arrow-testing"), "arrow.testing.dir (derived)");
    }
    return resolve("arrow.testing.dir", "../shared/arrow-testing");
  }

  /** Every regular file below {@code dir}, sorted by path. */
  public static List<Path> filesUnder(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path resolve(String property, String fallback) {
    String value = System.getProperty(property);
    Path root = Path.of(System.getProperty("project.root", System.getProperty("user.dir")));
    Path p = value == null || value.isBlank() ? root.resolve(fallback) : Path.of(value);
    if (!p.isAbsolute()) {
      p = root.resolve(p);
    }
    return require(p.normalize(), property);
  }

  private static Path require(Path p, String property) {
    if (!Files.isDirectory(p)) {
      throw new IllegalStateException("test corpus folder " + p + " (from " + property + ") does not exist");
    }
    return p;
  }
}
