package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A misspelled column anywhere a command takes one: the error names it and offers the existing
 * names closest to it ("did you mean"), saying so when only the case differs. The file's columns
 * are {@code id} and {@code name}.
 */
class MisspelledColumnTest {
  private static String file(Path dir) throws Exception {
    Path arrow = dir.resolve("ids.arrow");
    ArrowFiles.idsAndNames(arrow, 10, 10);
    Path file = dir.resolve("ids.parquet");
    Cli w = Cli.run("from-arrow", arrow.toString(), file.toString(), "--bloom", "id");
    assertEquals(0, w.exit(), w.err());
    return file.toString();
  }

  @Test
  void aFilterColumnTypo(@TempDir Path dir) throws Exception {
    Cli r = Cli.run("scan", file(dir), "--filter", "nmae = 'x'");
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains("unknown column nmae (did you mean name?)"), r.err());
  }

  @Test
  void aFilterColumnInAnotherCase(@TempDir Path dir) throws Exception {
    Cli r = Cli.run("scan", file(dir), "--filter", "ID > 3");
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains("unknown column ID (did you mean id? names are case-sensitive)"), r.err());
  }

  @Test
  void aScanProjectionTypo(@TempDir Path dir) throws Exception {
    Cli r = Cli.run("scan", file(dir), "--columns", "id,nme");
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains("nme (did you mean name?)"), r.err());
  }

  @Test
  void aHeadProjectionTypo(@TempDir Path dir) throws Exception {
    Cli r = Cli.run("head", file(dir), "--columns", "Name");
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains("\"Name\" (did you mean name? names are case-sensitive)"), r.err());
  }

  @Test
  void aBloomColumnTypo(@TempDir Path dir) throws Exception {
    Cli r = Cli.run("bloom", file(dir), "--column", "idd", "--value", "3");
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains("no column 'idd' (did you mean id?)"), r.err());
  }

  @Test
  void nothingCloseOffersNoGuess(@TempDir Path dir) throws Exception {
    Cli r = Cli.run("scan", file(dir), "--filter", "price > 3");
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains("unknown column price; known: id, name"), r.err());
  }
}
