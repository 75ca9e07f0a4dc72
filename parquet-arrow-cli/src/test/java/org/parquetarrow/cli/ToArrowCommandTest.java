package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.CorpusCatalog;
import org.parquetarrow.testing.CorpusCatalog.Expect;
import org.parquetarrow.testing.Golden;
import org.parquetarrow.testing.Goldens;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/** {@code to-arrow}: the IPC file it writes equals the Arrow C++ golden, value by value. */
class ToArrowCommandTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static Stream<CorpusCatalog.Entry> readableFiles() {
    List<CorpusCatalog.Entry> files = new ArrayList<>();
    for (CorpusCatalog.Entry e : CorpusCatalog.load().withExpect(Expect.READS, Expect.READS_LENIENT)) {
      if (e.isParquet() && e.golden().read()) {
        files.add(e);
      }
    }
    assertTrue(files.size() >= 70, "the catalog lists " + files.size() + " readable files with goldens");
    return files.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("readableFiles")
  void everyReadableCorpusFileEqualsItsGolden(CorpusCatalog.Entry file, @TempDir Path dir) throws Exception {
    Path out = dir.resolve("out.arrow");
    Cli r = Cli.run("to-arrow", file.path().toString(), out.toString(), "--batch-size", "1000");
    assertEquals(0, r.exit(), r.err());
    assertEquals("", r.err());
    assertTrue(r.out().startsWith("wrote " + file.golden().rowCount() + " rows"), r.out());
    try (ArrowFileReader golden = file.golden().open(memory.allocator());
        ArrowFileReader actual = open(out)) {
      Comparison c = ArrowAssertions.compareData(Batches.of(golden), Batches.of(actual), CompareOptions.strict());
      assertTrue(c.same(), c::describe);
    }
  }

  @Test
  void columnsAndBatchSize(@TempDir Path dir) throws Exception {
    // alltypes_tiny_pages: 7300 rows (golden row count)
    Path source = TestData.parquetTesting().resolve("data/alltypes_tiny_pages.parquet");
    Golden golden = Goldens.of(source);
    Path out = dir.resolve("two.arrow");
    Cli r = Cli.run("to-arrow", source.toString(), out.toString(), "--columns", "id,string_col", "--batch-size", "3000");
    assertEquals(0, r.exit(), r.err());
    try (ArrowFileReader actual = open(out)) {
      List<String> names = actual.getVectorSchemaRoot().getSchema().getFields().stream().map(Field::getName).toList();
      assertEquals(List.of("id", "string_col"), names);
      List<Integer> rows = new ArrayList<>();
      List<Object> ids = new ArrayList<>();
      List<Object> strings = new ArrayList<>();
      while (actual.loadNextBatch()) {
        VectorSchemaRoot b = actual.getVectorSchemaRoot();
        rows.add(b.getRowCount());
        for (int i = 0; i < b.getRowCount(); i++) {
          ids.add(b.getVector("id").getObject(i));
          strings.add(String.valueOf(b.getVector("string_col").getObject(i)));
        }
      }
      assertEquals(List.of(3000, 3000, 1300), rows);
      assertEquals(GoldenValues.column(golden.ipcFile(), "id"), ids);
      assertEquals(GoldenValues.column(golden.ipcFile(), "string_col").stream().map(String::valueOf).toList(), strings);
    }
  }

  @Test
  void dashWritesAnIpcStreamToStdout() throws Exception {
    Path source = TestData.parquetTesting().resolve("data/nested_lists.snappy.parquet");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream saved = System.out;
    Cli r;
    try {
      System.setOut(new PrintStream(bytes, true));
      r = Cli.run("to-arrow", source.toString(), "-");
    } finally {
      System.setOut(saved);
    }
    assertEquals(0, r.exit(), r.err());
    assertEquals("", r.out(), "the stream is the only output");
    try (ArrowFileReader golden = Goldens.of(source).open(memory.allocator());
        ArrowStreamReader actual = new ArrowStreamReader(new ByteArrayInputStream(bytes.toByteArray()), memory.allocator())) {
      ArrowAssertions.assertSameSchemaAndData(Batches.of(golden), Batches.of(actual), CompareOptions.strict());
    }
  }

  @Test
  void fromArrowThenToArrowGivesBackTheDataAndTypes(@TempDir Path dir) throws Exception {
    for (String name : List.of("data/alltypes_plain.parquet", "data/nested_lists.snappy.parquet",
        "data/nullable.impala.parquet", "data/data_index_bloom_encoding_stats.parquet")) {
      Golden golden = Goldens.of(TestData.parquetTesting().resolve(name));
      Path parquet = dir.resolve("round.parquet");
      Path back = dir.resolve("back.arrow");
      Cli w = Cli.run("from-arrow", golden.ipcFile().toString(), parquet.toString(), "--row-group-rows", "3");
      assertEquals(0, w.exit(), name + ": " + w.err());
      Cli r = Cli.run("to-arrow", parquet.toString(), back.toString(), "--batch-size", "2");
      assertEquals(0, r.exit(), name + ": " + r.err());
      try (ArrowFileReader expected = golden.open(memory.allocator());
          ArrowFileReader actual = open(back)) {
        ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(actual),
            CompareOptions.strict().ignoringMetadata());
      }
    }
  }

  /**
   * An output in a directory that does not exist: the message names the directory and the file asked
   * for (not the temporary ".partial" beside it), and the batch read before the output was opened is
   * released (with --verbose a leak would show as the allocator's suppressed exception).
   */
  @Test
  void anOutputInAMissingDirectoryIsNamedAndLeaksNothing(@TempDir Path dir) {
    Path out = dir.resolve("no/such/x.arrow");
    Cli r = Cli.run("to-arrow", Cli.corpus("data/alltypes_plain.parquet"), out.toString());
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains(out + ": cannot write: the directory " + dir.resolve("no/such") + " does not exist"),
        r.err());
    assertFalse(r.err().contains(".partial"), r.err());
    Cli verbose = Cli.run("to-arrow", Cli.corpus("data/alltypes_plain.parquet"), out.toString(), "--verbose");
    assertEquals(2, verbose.exit(), verbose.err());
    assertFalse(verbose.err().contains("leaked"), verbose.err());
    assertFalse(Files.exists(dir.resolve("no")));
  }

  @Test
  void badColumnsAndMissingFilesAreInputErrors(@TempDir Path dir) {
    Path out = dir.resolve("x.arrow");
    Cli noColumn = Cli.run("to-arrow", Cli.corpus("data/alltypes_plain.parquet"), out.toString(), "--columns", "nope");
    assertEquals(2, noColumn.exit());
    assertTrue(noColumn.err().contains("alltypes_plain.parquet") && noColumn.err().contains("nope"), noColumn.err());
    assertEquals(2, Cli.run("to-arrow", dir.resolve("missing.parquet").toString(), out.toString()).exit());
    assertEquals(2, Cli.run("to-arrow", Cli.corpus("data/alltypes_plain.parquet"), out.toString(), "--batch-size", "0").exit());
    Cli truncated = Cli.run("to-arrow", truncated(dir).toString(), out.toString());
    assertEquals(2, truncated.exit(), truncated.err());
    assertEquals(1, truncated.err().strip().lines().count(), truncated.err());
    assertFalse(Files.exists(out), "nothing published on failure");
  }

  private static Path truncated(Path dir) throws java.io.UncheckedIOException {
    try {
      byte[] all = Files.readAllBytes(TestData.parquetTesting().resolve("data/alltypes_plain.parquet"));
      Path p = dir.resolve("cut.parquet");
      Files.write(p, java.util.Arrays.copyOf(all, all.length / 2));
      return p;
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private ArrowFileReader open(Path file) throws java.io.IOException {
    return new ArrowFileReader(FileChannel.open(file, StandardOpenOption.READ), memory.allocator());
  }
}
