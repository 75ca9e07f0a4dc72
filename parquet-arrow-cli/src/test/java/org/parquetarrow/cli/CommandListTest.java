package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line builds only the subcommand its arguments name: what the user sees does not
 * change with it. Usage lists every command, {@code help CMD} and a misspelt command still know
 * them all, and the top-level {@code --verbose} works before or after the command.
 */
class CommandListTest {
  private static final String[] COMMANDS = {"schema", "meta", "pages", "bloom", "layout", "head", "cat",
      "bench", "to-arrow", "from-arrow", "scan", "demo", "serve", "get", "help"};

  @Test
  void helpListsEveryCommand() {
    for (String[] args : new String[][] {{"--help"}, {"help"}, {}}) {
      Cli r = Cli.run(args);
      String usage = args.length == 0 ? r.err() : r.out();
      String commands = usage.substring(usage.indexOf("Commands:"));
      for (String c : COMMANDS) {
        assertTrue(commands.contains("\n  " + c + " "), String.join(" ", args) + " lists " + c + ":\n" + usage);
      }
    }
  }

  /**
   * picocli formats every description with {@code String.format}: a bare {@code %} makes it print a
   * warning to the process's stderr and show the text unformatted.
   */
  @Test
  void everyCommandsHelpRendersWithoutFormatWarnings() {
    java.io.PrintStream stderr = System.err;
    java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
    Cli fromArrow;
    try {
      System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
      for (String c : COMMANDS) {
        Cli r = Cli.run(c, "--help");
        assertEquals(0, r.exit(), c + " --help: " + r.err());
      }
      fromArrow = Cli.run("from-arrow", "--help");
    } finally {
      System.setErr(stderr);
    }
    assertEquals("", warnings.toString(java.nio.charset.StandardCharsets.UTF_8));
    assertTrue(fromArrow.out().replaceAll("\\s+", " ").contains("at 1% false positives."), fromArrow.out());
  }

  @Test
  void helpOfACommandAndAMisspeltCommand() {
    Cli help = Cli.run("help", "schema");
    assertEquals(0, help.exit(), help.err());
    assertTrue(help.out().contains("Usage: parquet-arrow schema"), help.out());
    Cli misspelt = Cli.run("schem", "x.parquet");
    assertEquals(2, misspelt.exit());
    assertTrue(misspelt.err().contains("schema"), "suggests the command: " + misspelt.err());
  }

  @Test
  void verboseBeforeOrAfterTheCommand(@TempDir Path dir) throws Exception {
    String f = Cli.corpus("data/alltypes_plain.parquet");
    for (String[] args : new String[][] {{"--verbose", "schema", f}, {"schema", f, "--verbose"}}) {
      Cli r = Cli.run(args);
      assertEquals(0, r.exit(), r.err());
      assertTrue(r.out().contains("Arrow schema:"), r.out());
    }
    Path junk = Files.writeString(dir.resolve("junk.parquet"), "not a parquet file at all");
    Cli failing = Cli.run("--verbose", "meta", junk.toString());
    assertEquals(2, failing.exit());
    assertTrue(failing.err().contains("\tat org.parquetarrow."), "stack trace: " + failing.err());
  }
}
