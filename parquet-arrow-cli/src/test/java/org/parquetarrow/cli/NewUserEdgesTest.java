package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a new user meets in the first hour: help texts that say what the options do, and errors in
 * the command's own words naming the file at fault.
 */
class NewUserEdgesTest {
  @Test
  void columnsHelpSaysTheOrderGivenAsTheOutputHasIt(@TempDir Path dir) throws Exception {
    for (String command : new String[] {"head", "cat", "to-arrow"}) {
      String help = Cli.run(command, "--help").out();
      assertFalse(help.contains("kept in file order"), command + ": " + help);
      assertTrue(help.replaceAll("\\s+", " ").contains("in the order given"), command + ": " + help);
    }
    Path arrow = dir.resolve("ids.arrow");
    ArrowFiles.idsAndNames(arrow, 3, 3);
    Path file = dir.resolve("ids.parquet");
    assertEquals(0, Cli.run("from-arrow", arrow.toString(), file.toString()).exit());
    Cli head = Cli.run("head", file.toString(), "--columns", "name,id,name");
    assertEquals(0, head.exit(), head.err());
    String header = head.out().lines().findFirst().orElseThrow().strip();
    assertTrue(header.matches("name\\s+id"), header);
  }

  @Test
  void scanThreadsHelpSaysOneFileIsReadInParallelToo() {
    String help = Cli.run("scan", "--help").out().replaceAll("\\s+", " ");
    // a single file is cut into runs of row groups read side by side (Scanner.piecesPerFile): the
    // old text, "Files read at the same time", sent users of one big file looking for --lanes
    assertFalse(help.contains("Files read at the same time"), help);
    assertTrue(help.contains("runs of whole row groups"), help);
  }

  @Test
  void anEncryptedColumnWithoutKeysIsExplainedInTheCommandsOptions(@TempDir Path dir) {
    String file = Cli.corpus("data/encrypt_columns_plaintext_footer.parquet.encrypted");
    String[][] runs = {
      {"head", file},
      {"cat", file},
      {"to-arrow", file, dir.resolve("x.arrow").toString()},
      {"scan", file},
    };
    for (String[] args : runs) {
      Cli r = Cli.run(args);
      assertEquals(2, r.exit(), args[0] + ": " + r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
      // before: "give its key with ReadOptions.Builder.decryption", a Java option the command lacks
      assertFalse(r.err().contains("ReadOptions"), args[0] + ": " + r.err());
      assertTrue(r.err().contains("--column-key"), args[0] + ": " + r.err());
      assertTrue(r.err().contains("encrypt_columns_plaintext_footer.parquet.encrypted"), r.err());
    }
  }

  @Test
  void aFileWhoseSchemaCannotBeReadIsNamedInADatasetScan(@TempDir Path dir) throws Exception {
    // parquet-testing's case-127 shreds a variant as UINT32, outside the spec's table: refused by type
    Path data = Files.createDirectories(dir.resolve("data"));
    Files.copy(Path.of(Cli.corpus("shredded_variant/case-127.parquet")), data.resolve("odd-one.parquet"));
    Cli r = Cli.run("scan", data.toString());
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains("Unsupported shredded value type"), r.err());
    // before: "[column var.typed_value]" only, leaving the user to find the file among many
    assertTrue(r.err().contains("odd-one.parquet"), r.err());
  }

  /**
   * Outputs that cannot be written say why in words, after the path the user gave: the JDK's own
   * message for a missing directory or a path below a regular file is only the path again.
   */
  @Test
  void anOutputThatCannotBeWrittenSaysWhy(@TempDir Path dir) throws Exception {
    String file = Cli.corpus("data/alltypes_plain.parquet");
    Path svg = dir.resolve("missing/x.svg");
    Cli layout = Cli.run("layout", file, "--svg", svg.toString());
    assertEquals(2, layout.exit(), layout.err());
    assertTrue(layout.err().contains(svg + ": cannot write: the directory " + dir.resolve("missing") + " does not exist"),
        layout.err());

    Path metrics = dir.resolve("missing/m.json");
    Cli scan = Cli.run("scan", file, "--metrics-json", metrics.toString());
    assertEquals(2, scan.exit(), scan.err());
    assertTrue(scan.err().contains(metrics + ": cannot write: the directory " + dir.resolve("missing") + " does not exist"),
        scan.err());
    assertFalse(scan.err().contains("rows:"), "refused before scanning: " + scan.err());

    Path aFile = dir.resolve("plain-file");
    Files.writeString(aFile, "not a directory");
    Cli demo = Cli.run("demo", aFile.resolve("sub").toString(), "--rows", "100");
    assertEquals(2, demo.exit(), demo.err());
    assertTrue(demo.err().contains(aFile.toString()), demo.err());
    String said = demo.err().substring(demo.err().indexOf(aFile.toString()) + aFile.toString().length());
    assertTrue(said.matches("(?s)(/sub)?: \\S.*"), "a reason after the path: " + demo.err());
  }

  /**
   * A dataset directory given to a command that reads one file: the refusal names the command that
   * reads it instead, with the user's path filled in, and that command runs.
   */
  @Test
  void aDirectoryGivenToAFileCommandSaysWhatToRunInstead(@TempDir Path dir) throws Exception {
    Path data = Files.createDirectories(dir.resolve("events/k=1"));
    Path file = data.resolve("part-0.parquet");
    Files.copy(Path.of(Cli.corpus("data/alltypes_plain.parquet")), file);
    String ds = dir.resolve("events").toString();
    String[][] runs = {
      {"head", ds}, {"cat", ds}, {"to-arrow", ds, dir.resolve("x.arrow").toString()}, {"schema", ds}, {"meta", ds},
    };
    String[] instead = {
      "parquet-arrow scan " + ds + " --limit 10", "parquet-arrow scan " + ds + " --limit 10",
      "parquet-arrow scan " + ds + " --out " + dir.resolve("x.arrow"), "parquet-arrow scan " + ds + " --limit 0",
      "parquet-arrow scan " + ds + " --explain",
    };
    for (int i = 0; i < runs.length; i++) {
      Cli r = Cli.run(runs[i]);
      assertEquals(2, r.exit(), runs[i][0] + ": " + r.err());
      assertEquals(1, r.err().strip().lines().count(), r.err());
      assertTrue(r.err().contains(ds + ": it is a directory, not a Parquet file"), r.err());
      assertTrue(r.err().contains(instead[i]), runs[i][0] + ": " + r.err());
      String[] suggested = instead[i].substring("parquet-arrow ".length()).split(" ");
      Cli s = Cli.run(suggested);
      assertEquals(0, s.exit(), String.join(" ", suggested) + ": " + s.err());
    }
    // schema and meta also name one of the dataset's files, and the file-level command runs on it
    assertTrue(Cli.run("schema", ds).err().contains("parquet-arrow schema " + file), "schema names a file");
    assertTrue(Cli.run("meta", ds).err().contains("parquet-arrow meta " + file), "meta names a file");
    assertEquals(0, Cli.run("schema", file.toString()).exit());
    assertFalse(new java.io.File(dir.resolve("x.arrow").toString()).length() == 0, "scan --out wrote the dataset");
  }

  /** DuckDB's SELECT a, a gives two columns; a scan cannot (Arrow and JSON outputs): it says so instead of giving one. */
  @Test
  void aColumnNamedTwiceInAScanIsRefused() {
    String file = Cli.corpus("data/alltypes_plain.parquet");
    Cli r = Cli.run("scan", file, "--columns", "id,bool_col,id");
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains("--columns names id twice"), r.err());
    assertEquals(0, Cli.run("scan", file, "--columns", "id,bool_col").exit());
  }
}
