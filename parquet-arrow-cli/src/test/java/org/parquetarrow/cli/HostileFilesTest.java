package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.testing.TestData;

/**
 * The fuzzer reproducers of arrow-testing (each once a crash, hang or memory blow-up in some reader)
 * and the malformed files of parquet-testing, through every command that reads a file: each either
 * succeeds or reports bad input (status 2), never an internal failure (status 1), and quickly.
 */
class HostileFilesTest {
  @Test
  void fuzzerReproducersAreInputErrorsNeverCrashes(@TempDir Path dir) {
    List<Path> files = TestData.filesUnder(TestData.arrowTesting().resolve("data/parquet/fuzzing"));
    assertTrue(files.size() > 100, "fuzzing corpus present: " + files.size());
    assertTimeoutPreemptively(Duration.ofMinutes(3), () -> {
      for (Path f : files) {
        check(f, dir);
      }
    });
  }

  @Test
  void malformedCorpusFilesAreInputErrorsNeverCrashes(@TempDir Path dir) {
    List<Path> files = TestData.filesUnder(TestData.parquetTesting().resolve("bad_data")).stream()
        .filter(p -> p.toString().endsWith(".parquet")).toList();
    assertTrue(files.size() >= 8, "bad_data present: " + files.size());
    for (Path f : files) {
      check(f, dir);
    }
  }

  private static void check(Path f, Path dir) {
    String file = f.toString();
    String[][] runs = {
      {"schema", file},
      {"meta", file, "--json"},
      {"pages", file},
      {"layout", file, "--svg", dir.resolve("x.svg").toString()},
      {"bench", file, "--footer", "--repeat", "1", "--warmup", "0"},
      {"head", file, "-n", "5"},
      {"cat", file, "--json"},
      {"to-arrow", file, dir.resolve("x.arrow").toString()},
      {"bench", file, "--repeat", "1", "--warmup", "0"},
    };
    for (String[] args : runs) {
      Cli r = Cli.run(args);
      assertTrue(r.exit() == 0 || r.exit() == 2, String.join(" ", args) + " -> " + r.exit() + ": " + r.err());
      if (r.exit() == 2) {
        assertTrue(r.err().strip().lines().count() == 1, String.join(" ", args) + ": " + r.err());
      }
    }
  }
}
