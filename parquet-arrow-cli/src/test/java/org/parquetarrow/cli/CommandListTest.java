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
