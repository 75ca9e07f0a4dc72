package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ErrorReportingTest {
  @Test
  void missingFileIsOneLineAndStatusTwo() {
    Cli r = Cli.run("meta", "/no/such/file.parquet");
    assertEquals(2, r.exit());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(r.err().contains("/no/such/file.parquet"), r.err());
  }

  @Test
  void truncatedFileNamesTheFileAndTraceOnlyWithVerbose(@TempDir Path dir) throws Exception {
    byte[] whole = Files.readAllBytes(Path.of(Cli.corpus("data/sort_columns.parquet")));
    Path cut = dir.resolve("cut.parquet");
    Files.write(cut, Arrays.copyOf(whole, whole.length - 100));
    for (String command : new String[] {"schema", "meta", "pages", "layout", "bench"}) {
      String[] args = switch (command) {
        case "layout" -> new String[] {command, cut.toString(), "--svg", dir.resolve("x.svg").toString()};
        case "bench" -> new String[] {command, cut.toString(), "--footer", "--repeat", "1", "--warmup", "0"};
        default -> new String[] {command, cut.toString()};
      };
      Cli r = Cli.run(args);
      assertEquals(2, r.exit(), command + ": " + r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
      assertTrue(r.err().contains("cut.parquet"), r.err());
    }
    Cli verbose = Cli.run("meta", cut.toString(), "--verbose");
    assertEquals(2, verbose.exit());
    assertTrue(verbose.err().contains("\tat org.parquetarrow."), verbose.err());
  }

  @Test
  void badOptionIsStatusTwoAndEveryCommandHasHelp() {
    assertEquals(2, Cli.run("meta", "--no-such-option", "x").exit());
    assertEquals(2, Cli.run("no-such-command").exit());
    for (String c : new String[] {"schema", "meta", "pages", "bloom", "layout", "bench", "from-arrow"}) {
      Cli r = Cli.run(c, "--help");
      assertEquals(0, r.exit(), c);
      assertTrue(r.out().contains("Usage: parquet-arrow " + c), r.out());
    }
  }
}
