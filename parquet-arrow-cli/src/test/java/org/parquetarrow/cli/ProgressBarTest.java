package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgressBarTest {
  @Test
  void barOnlyWhenTheLauncherSaysStderrIsATerminal(@TempDir Path dir) throws Exception {
    Path arrow = dir.resolve("in.arrow");
    ArrowFiles.idsAndNames(arrow, 4000, 1000);
    Cli quiet = Cli.run("from-arrow", arrow.toString(), dir.resolve("a.parquet").toString());
    assertEquals(0, quiet.exit(), quiet.err());
    assertEquals("", quiet.err());
    System.setProperty(ProgressBar.TTY_PROPERTY, "true");
    try {
      Cli shown = Cli.run("from-arrow", arrow.toString(), dir.resolve("b.parquet").toString());
      assertEquals(0, shown.exit(), shown.err());
      // the last batch is always drawn: 4 of 4 record batches of the IPC file
      assertTrue(shown.err().contains("100% 4 batches"), shown.err());
      assertTrue(shown.err().startsWith("\rfrom-arrow ["), shown.err());
      assertTrue(shown.err().endsWith("\r\033[K"), "the bar's line is cleared at the end");
    } finally {
      System.clearProperty(ProgressBar.TTY_PROPERTY);
    }
  }
}
