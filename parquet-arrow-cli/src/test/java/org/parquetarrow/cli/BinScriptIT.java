package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** End to end through {@code bin/parquet-arrow} and the shaded jar, in a separate JVM. */
class BinScriptIT {
  private record Run(int exit, String out, String err) {}

  private static Run run(Path stdin, String... args) throws Exception {
    return runWithJavaOpts(stdin, null, args);
  }

  /** As {@link #run(Path, String...)}, with {@code javaOpts} (or none) given to the JVM. */
  private static Run runWithJavaOpts(Path stdin, String javaOpts, String... args) throws Exception {
    Path root = Path.of(System.getProperty("project.root"));
    List<String> cmd = new ArrayList<>();
    cmd.add(root.resolve("bin/parquet-arrow").toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    // the launcher's class-data sharing cache is LauncherCacheIT's: none made in the user's home
    pb.environment().put("PARQUET_ARROW_CDS", "off");
    if (javaOpts != null) {
      pb.environment().put("PARQUET_ARROW_JAVA_OPTS", javaOpts);
    }
    Path out = Files.createTempFile("out", ".txt");
    Path err = Files.createTempFile("err", ".txt");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    if (stdin != null) {
      pb.redirectInput(stdin.toFile());
    }
    int exit = pb.start().waitFor();
    return new Run(exit, Files.readString(out), Files.readString(err));
  }

  @Test
  void schemaAndMetaThroughTheScript() throws Exception {
    String f = Cli.corpus("data/data_index_bloom_encoding_stats.parquet");
    Run s = run(null, "schema", f);
    assertEquals(0, s.exit(), s.err());
    assertTrue(s.out().contains("Arrow schema:\n  String: Utf8"), s.out());
    Run m = run(null, "meta", f, "--json");
    assertEquals(0, m.exit(), m.err());
    assertEquals(14, new ObjectMapper().readTree(m.out()).get("num_rows").asLong());
    Run missing = run(null, "meta", "/no/such.parquet");
    assertEquals(2, missing.exit());
    assertEquals(1, missing.err().strip().lines().count(), missing.err());
  }

  @Test
  void arrowStreamOnStdinToParquet(@TempDir Path dir) throws Exception {
    Path stream = dir.resolve("in.arrows");
    writeStream(stream, 5000);
    Path parquet = dir.resolve("out.parquet");
    Run w = run(stream, "from-arrow", "-", parquet.toString(), "--codec", "gzip");
    assertEquals(0, w.exit(), w.err());
    assertEquals("", w.err(), "stderr is a file here: no progress bar, and no log noise");
    Run m = run(null, "meta", parquet.toString(), "--json");
    JsonNode meta = new ObjectMapper().readTree(m.out());
    assertEquals(5000, meta.get("num_rows").asLong());
    JsonNode c = meta.get("row_groups").get(0).get("columns").get(0);
    assertEquals("GZIP", c.get("codec").asText());
    // by construction: v = 3 * i for i in [0, 5000)
    assertEquals(0, c.get("statistics").get("min").asLong());
    assertEquals(3 * 4999, c.get("statistics").get("max").asLong());
  }

  private static void writeStream(Path file, int rows) throws IOException {
    try (BufferAllocator a = new RootAllocator();
        BigIntVector v = new BigIntVector("v", a);
        OutputStream os = Files.newOutputStream(file)) {
      VectorSchemaRoot root = VectorSchemaRoot.of(v);
      try (ArrowStreamWriter w = new ArrowStreamWriter(root, null, os)) {
        w.start();
        v.allocateNew(rows);
        for (int i = 0; i < rows; i++) {
          v.set(i, 3L * i);
        }
        root.setRowCount(rows);
        w.writeBatch();
        w.end();
      }
    }
  }

  @Test
  void demoAsTheReadmeRunsIt(@TempDir Path dir) throws Exception {
    Run d = run(null, "demo", dir.toString(), "--rows", "30000");
    assertEquals(0, d.exit(), d.err());
    assertEquals("", d.err());
    assertTrue(d.out().contains("== throughput") && d.out().contains("read:  30,000 rows"), d.out());
    Run m = run(null, "meta", dir.resolve("orders.parquet").toString(), "--json");
    assertEquals(30000, new ObjectMapper().readTree(m.out()).get("num_rows").asLong());

    // scan to an Arrow IPC stream on stdout; the metrics summary goes to stderr
    Path root = Path.of(System.getProperty("project.root"));
    Path stream = dir.resolve("scan.arrows");
    Path err = dir.resolve("scan-err.txt");
    ProcessBuilder pb = new ProcessBuilder(root.resolve("bin/parquet-arrow").toString(), "scan",
        dir.resolve("orders.parquet").toString(), "--filter", "order_id between 100 and 199", "--columns", "order_id", "--out", "-");
    pb.redirectOutput(stream.toFile()).redirectError(err.toFile());
    assertEquals(0, pb.start().waitFor(), Files.readString(err));
    assertTrue(Files.readString(err).contains("rows:") && Files.readString(err).contains(" 100 out"), Files.readString(err));
    List<Long> ids = new ArrayList<>();
    try (BufferAllocator a = new RootAllocator();
        org.apache.arrow.vector.ipc.ArrowStreamReader reader =
            new org.apache.arrow.vector.ipc.ArrowStreamReader(Files.newInputStream(stream), a)) {
      while (reader.loadNextBatch()) {
        BigIntVector v = (BigIntVector) reader.getVectorSchemaRoot().getVector("order_id");
        for (int i = 0; i < v.getValueCount(); i++) {
          ids.add(v.get(i));
        }
      }
    }
    assertEquals(java.util.stream.LongStream.rangeClosed(100, 199).boxed().toList(), ids);
  }

  @Test
  void toArrowStreamOnStdoutIsTheGoldenData(@TempDir Path dir) throws Exception {
    String source = "data/nested_maps.snappy.parquet";
    Path root = Path.of(System.getProperty("project.root"));
    Path out = dir.resolve("out.arrows");
    ProcessBuilder pb = new ProcessBuilder(root.resolve("bin/parquet-arrow").toString(), "to-arrow", Cli.corpus(source), "-");
    pb.redirectOutput(out.toFile()).redirectError(dir.resolve("err.txt").toFile());
    assertEquals(0, pb.start().waitFor(), Files.readString(dir.resolve("err.txt")));
    try (BufferAllocator a = new RootAllocator();
        org.apache.arrow.vector.ipc.ArrowStreamReader actual =
            new org.apache.arrow.vector.ipc.ArrowStreamReader(Files.newInputStream(out), a);
        org.apache.arrow.vector.ipc.ArrowFileReader golden =
            org.parquetarrow.testing.Goldens.of(org.parquetarrow.testing.TestData.parquetTesting().resolve(source)).open(a)) {
      org.parquetarrow.testing.ArrowAssertions.assertSameSchemaAndData(org.parquetarrow.testing.Batches.of(golden),
          org.parquetarrow.testing.Batches.of(actual), org.parquetarrow.testing.CompareOptions.strict());
    }
  }

  @Test
  void versionNamesTheWriter() throws Exception {
    Run v = run(null, "--version");
    assertEquals(0, v.exit(), v.err());
    assertTrue(v.out().startsWith("parquet-arrow version"), v.out());
    assertTrue(new String(v.out().getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8).length() > 0);
  }

  /**
   * A fresh {@code schema} loads the classes of its own command only: not the other commands'
   * (each one picocli models costs its options' classes too), not Jackson (which only the
   * JSON-printing commands use). The JVM's class-load log says which classes it loaded.
   */
  @Test
  void schemaLoadsNeitherTheOtherCommandsNorJackson(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("classes.log");
    String f = Cli.corpus("data/alltypes_plain.parquet");
    Run s = runWithJavaOpts(null, "-Xlog:class+load=info:file=" + log, "schema", f);
    assertEquals(0, s.exit(), s.err());
    assertTrue(s.out().contains("Arrow schema:"), s.out());
    List<String> loaded = Files.readAllLines(log);
    assertTrue(loaded.stream().anyMatch(l -> l.contains(" org.parquetarrow.cli.SchemaCommand ")),
        "the log names the classes loaded: " + loaded.size() + " lines");
    for (String other : new String[] {"MetaCommand", "ScanCommand", "ServeCommand", "ToArrowCommand",
        "BenchCommand", "DemoCommand"}) {
      assertTrue(loaded.stream().noneMatch(l -> l.contains(" org.parquetarrow.cli." + other + " ")),
          other + " was loaded for schema");
    }
    List<String> jackson = loaded.stream().filter(l -> l.contains(" com.fasterxml.jackson.")).toList();
    assertEquals(List.of(), jackson, "Jackson classes loaded for schema");
  }

  /** One row whose single string is {@code length} copies of 'a', written by our writer. */
  private static void writeOneLongString(Path file, int length) {
    org.apache.arrow.vector.types.pojo.Schema schema = new org.apache.arrow.vector.types.pojo.Schema(
        List.of(org.apache.arrow.vector.types.pojo.Field.nullable("s", org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE)));
    try (BufferAllocator a = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
        org.parquetarrow.write.ParquetFileWriter w = org.parquetarrow.write.ParquetFileWriter.open(file, schema,
            org.parquetarrow.write.WriterProperties.defaults())) {
      byte[] value = new byte[length];
      java.util.Arrays.fill(value, (byte) 'a');
      org.apache.arrow.vector.VarCharVector v = (org.apache.arrow.vector.VarCharVector) root.getVector("s");
      v.allocateNew(length, 1);
      v.setSafe(0, value);
      root.setRowCount(1);
      w.write(root);
    }
  }

  /**
   * A value larger than the heap allows ends the command with one line that says so and what to
   * change, not the JVM's stack trace; with enough heap, the same value prints whole as a JSON line
   * (rows are streamed to the output, so a 64 MiB value needs far less than four copies of itself).
   */
  @Test
  void aValueTooLargeForTheHeapIsSaidSoAndOneThatFitsPrintsWhole(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("long-string.parquet");
    int length = 64 << 20;
    writeOneLongString(file, length);

    // 160 MiB: the page is read and decoded, the value's text is too much
    Run small = runWithJavaOpts(null, "-Xmx160m", "cat", file.toString(), "--json");
    assertEquals(1, small.exit(), small.err());
    assertEquals(1, small.err().strip().lines().count(), small.err());
    assertTrue(small.err().startsWith("parquet-arrow cat: out of Java memory"), small.err());
    assertTrue(small.err().contains("PARQUET_ARROW_JAVA_OPTS=-Xmx"), small.err());

    // 320 MiB: before rows were streamed, the text, its char buffer and the JSON string ran out here
    Run enough = runWithJavaOpts(null, "-Xmx320m", "cat", file.toString(), "--json");
    assertEquals(0, enough.exit(), enough.err());
    // {"s":"aaa…"} and a newline
    assertEquals(length + 9, enough.out().length());
    assertTrue(enough.out().startsWith("{\"s\":\"aaaa") && enough.out().endsWith("aaa\"}\n"));
  }
}
