package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * {@code --lanes N} (ReadOptions.parallelism) on the commands reading one file: the output is the
 * one-lane output, byte for byte, on a file of several row groups; bad values are picocli's usage
 * errors.
 */
class LanesOptionTest {
  private static final int GROUPS = 6;
  private static final int ROWS_PER_GROUP = 1_000;

  @TempDir static Path dir;
  private static String file;

  @BeforeAll
  static void writeSixRowGroups() throws Exception {
    Path path = dir.resolve("groups.parquet");
    Schema schema = new Schema(List.of(
        new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        new Field("name", FieldType.nullable(new ArrowType.Utf8()), null)));
    WriterProperties props = WriterProperties.builder().rowGroupRows(ROWS_PER_GROUP).build();
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetFileWriter writer = ParquetFileWriter.open(LocalOutputFile.of(path), schema, props)) {
      int rows = GROUPS * ROWS_PER_GROUP;
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarCharVector name = (VarCharVector) root.getVector("name");
      id.allocateNew(rows);
      name.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        id.set(i, 7L * i - 3);
        if (i % 5 == 0) {
          name.setNull(i);
        } else {
          name.setSafe(i, ("n" + i).getBytes(StandardCharsets.UTF_8));
        }
      }
      root.setRowCount(rows);
      writer.write(root);
    }
    file = path.toString();
    try (LocalInputFile in = LocalInputFile.open(path)) {
      assertEquals(GROUPS, ParquetFooter.read(in).metadata().rowGroups().size());
    }
  }

  @Test
  void catWithLanesPrintsWhatOneLanePrints() {
    for (String format : new String[] {"--json", "--columns=id,name"}) {
      Cli one = Cli.run("cat", file, format);
      assertEquals(0, one.exit(), one.err());
      // a line per row, and the tab-separated output's header line
      assertEquals(GROUPS * ROWS_PER_GROUP + (format.equals("--json") ? 0 : 1), one.out().lines().count());
      for (String lanes : new String[] {"2", "3", "8"}) {
        Cli many = Cli.run("cat", file, format, "--lanes", lanes);
        assertEquals(0, many.exit(), many.err());
        assertEquals(one.out(), many.out(), "--lanes " + lanes);
      }
    }
    // an independent check of a row in the fourth row group: id 7 * 3001 - 3, name "n3001"
    assertTrue(Cli.run("cat", file, "--json", "--lanes", "3").out().contains("{\"id\":21004,\"name\":\"n3001\"}"));
  }

  @Test
  void toArrowWithLanesWritesTheSameIpcFile() throws Exception {
    Path one = dir.resolve("one.arrow");
    Path three = dir.resolve("three.arrow");
    Cli a = Cli.run("to-arrow", file, one.toString(), "--batch-size", "700");
    assertEquals(0, a.exit(), a.err());
    Cli b = Cli.run("to-arrow", file, three.toString(), "--batch-size", "700", "--lanes", "3");
    assertEquals(0, b.exit(), b.err());
    assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(three));
  }

  @Test
  void benchReportsItsLanes() {
    Cli r = Cli.run("bench", file, "--lanes", "2", "--repeat", "1", "--warmup", "0", "--json");
    assertEquals(0, r.exit(), r.err());
    JsonNode b = r.json();
    assertEquals(2, b.get("lanes").asInt());
    assertEquals(1, b.get("threads").asInt());
    assertEquals(GROUPS * ROWS_PER_GROUP, b.get("rows").asLong());
  }

  @Test
  void zeroNegativeAndNonNumbersAreUsageErrors() {
    for (String command : new String[] {"cat", "bench", "to-arrow"}) {
      for (String bad : new String[] {"0", "-2", "two", "1.5"}) {
        Cli r = command.equals("to-arrow")
            ? Cli.run(command, file, dir.resolve("x.arrow").toString(), "--lanes", bad)
            : Cli.run(command, file, "--lanes", bad);
        assertEquals(2, r.exit(), command + " --lanes " + bad + ": " + r.err());
        assertTrue(r.err().contains("Invalid value for option '--lanes'"), r.err());
        assertTrue(r.err().contains("Usage:"), r.err());
      }
    }
  }

  @Test
  void benchHelpTellsLanesFromThreads() {
    Cli r = Cli.run("bench", "--help");
    assertEquals(0, r.exit());
    String help = r.out().replaceAll("\\s+", " "); // picocli wraps the descriptions
    assertTrue(help.contains("--lanes=N"), help);
    assertTrue(help.contains("--threads=N Scan: a pool of N threads decoding the columns of each batch"), help);
    assertTrue(help.contains("rows still come in file order"), help);
  }
}
