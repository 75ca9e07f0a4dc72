package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FromArrowCommandTest {
  @Test
  void optionsReachTheFile(@TempDir Path dir) throws Exception {
    Path arrow = dir.resolve("in.arrow");
    Path parquet = dir.resolve("out.parquet");
    ArrowFiles.idsAndNames(arrow, 10_000, 2_500);
    Cli w = Cli.run("from-arrow", arrow.toString(), parquet.toString(), "--codec", "zstd", "--page-version", "2",
        "--bloom", "id", "--row-group-rows", "4000", "--dictionary", "off");
    assertEquals(0, w.exit(), w.err());
    assertTrue(w.out().contains("wrote 10000 rows"), w.out());
    assertEquals("", w.err(), "no progress bar when stderr is not a terminal");

    JsonNode m = Cli.run("meta", parquet.toString(), "--json").json();
    assertEquals(10_000, m.get("num_rows").asLong());
    long[] rows = new long[m.get("row_groups").size()];
    for (int i = 0; i < rows.length; i++) {
      JsonNode g = m.get("row_groups").get(i);
      rows[i] = g.get("num_rows").asLong();
      for (JsonNode c : g.get("columns")) {
        assertEquals("ZSTD", c.get("codec").asText());
        assertFalse(c.get("dictionary").asBoolean());
        assertEquals(c.get("path").asText().equals("id"), c.get("bloom_filter").asBoolean());
        assertTrue(c.get("column_index").asBoolean());
      }
    }
    assertEquals("[4000, 4000, 2000]", Arrays.toString(rows));
    JsonNode first = m.get("row_groups").get(0).get("columns");
    // by construction: id = row index, name null on every 10th row
    assertEquals(0, first.get(0).get("statistics").get("min").asLong());
    assertEquals(3999, first.get(0).get("statistics").get("max").asLong());
    assertEquals(400, first.get(1).get("statistics").get("null_count").asLong());
    assertEquals("name-1", first.get(1).get("statistics").get("min").asText());
    assertEquals("name-999", first.get(1).get("statistics").get("max").asText());

    for (JsonNode p : PagesCommandTest.pages("pages", parquet.toString(), "--json")) {
      assertEquals("DATA_PAGE_V2", p.get("type").asText());
    }
  }

  @Test
  void everyCodecAndPageIndexOff(@TempDir Path dir) throws Exception {
    Path arrow = dir.resolve("in.arrow");
    ArrowFiles.idsAndNames(arrow, 1000, 1000);
    for (String codec : List.of("uncompressed", "snappy", "gzip", "zstd", "lz4_raw", "brotli")) {
      Path parquet = dir.resolve(codec + ".parquet");
      Cli w = Cli.run("from-arrow", arrow.toString(), parquet.toString(), "--codec", codec, "--page-index", "off");
      assertEquals(0, w.exit(), w.err());
      for (JsonNode c : Cli.run("meta", parquet.toString(), "--json").json().get("row_groups").get(0).get("columns")) {
        assertEquals(codec.toUpperCase(java.util.Locale.ROOT), c.get("codec").asText());
        assertFalse(c.get("column_index").asBoolean());
        assertFalse(c.get("offset_index").asBoolean());
      }
    }
  }

  @Test
  void arrowCppGoldenConvertsBack(@TempDir Path dir) throws Exception {
    // the IPC file Arrow C++ made from data_index_bloom_encoding_stats.parquet, written back to Parquet
    String source = "data/data_index_bloom_encoding_stats.parquet";
    Path parquet = dir.resolve("back.parquet");
    Cli w = Cli.run("from-arrow", Cli.golden(source).toString(), parquet.toString());
    assertEquals(0, w.exit(), w.err());
    Cli s = Cli.run("schema", parquet.toString());
    assertTrue(s.out().contains("Arrow schema:\n  String: Utf8"), s.out());
    JsonNode c = Cli.run("meta", parquet.toString(), "--json").json().get("row_groups").get(0).get("columns").get(0);
    List<String> values = GoldenValues.column(Cli.golden(source), "String").stream()
        .filter(Objects::nonNull).map(Object::toString).toList();
    assertEquals(14, c.get("num_values").asLong());
    String min = values.stream().min((a, b) -> Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8),
        b.getBytes(StandardCharsets.UTF_8))).orElseThrow();
    assertEquals(min, c.get("statistics").get("min").asText());
  }

  @Test
  void badInputAndOptionsAreInputErrors(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("x.parquet");
    Cli notArrow = Cli.run("from-arrow", Cli.corpus("data/sort_columns.parquet"), out.toString());
    assertEquals(2, notArrow.exit(), notArrow.err());
    assertTrue(notArrow.err().contains("sort_columns.parquet"), notArrow.err());
    assertFalse(Files.exists(out), "nothing published on failure");

    Path arrow = dir.resolve("in.arrow");
    ArrowFiles.idsAndNames(arrow, 10, 10);
    assertEquals(2, Cli.run("from-arrow", arrow.toString(), out.toString(), "--codec", "lzo").exit());
    assertEquals(2, Cli.run("from-arrow", arrow.toString(), out.toString(), "--page-version", "3").exit());
    assertEquals(2, Cli.run("from-arrow", arrow.toString(), out.toString(), "--row-group-rows", "0").exit());
    assertEquals(2, Cli.run("from-arrow", dir.resolve("missing.arrow").toString(), out.toString()).exit());
  }

  /**
   * A garbled record batch in the middle of an IPC file: Arrow Java's reader fails on it with an
   * unchecked {@code IndexOutOfBoundsException}, which must reach the user as a bad-input error naming
   * the file and the batch (exit 2), not as an internal error, and leave no output.
   */
  @Test
  void aGarbledRecordBatchIsAnInputErrorNamingTheBatch(@TempDir Path dir) throws Exception {
    Path arrow = dir.resolve("in.arrow");
    ArrowFiles.idsAndNames(arrow, 4_000, 1_000);
    org.apache.arrow.vector.ipc.message.ArrowBlock third;
    try (org.apache.arrow.memory.RootAllocator a = new org.apache.arrow.memory.RootAllocator();
        org.apache.arrow.vector.ipc.ArrowFileReader reader = new org.apache.arrow.vector.ipc.ArrowFileReader(
            java.nio.channels.FileChannel.open(arrow, java.nio.file.StandardOpenOption.READ), a)) {
      third = reader.getRecordBlocks().get(2);
    }
    byte[] garbage = new byte[third.getMetadataLength() - 8];
    Arrays.fill(garbage, (byte) 0xFF);
    try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(arrow,
        java.nio.file.StandardOpenOption.WRITE)) {
      ch.write(java.nio.ByteBuffer.wrap(garbage), third.getOffset() + 8);
    }

    Path out = dir.resolve("x.parquet");
    Cli file = Cli.run("from-arrow", arrow.toString(), out.toString());
    assertEquals(2, file.exit(), file.err());
    assertTrue(file.err().contains("in.arrow: cannot read Arrow IPC record batch 3"), file.err());
    assertFalse(file.err().contains("internal error"), file.err());
    assertFalse(Files.exists(out), "nothing published on failure");

    Path ds = dir.resolve("ds");
    Cli dataset = Cli.run("from-arrow", arrow.toString(), ds.toString(), "--partition-by", "id");
    assertEquals(2, dataset.exit(), dataset.err());
    assertTrue(dataset.err().contains("in.arrow: cannot read Arrow IPC record batch 3"), dataset.err());
    assertTrue(!Files.exists(ds) || files(ds).isEmpty(), "no data file published: " + (Files.exists(ds) ? files(ds) : ""));

    // cut off before its footer: refused when opened
    Path cut = dir.resolve("cut.arrow");
    byte[] whole = Files.readAllBytes(dir.resolve("in.arrow"));
    Files.write(cut, Arrays.copyOf(whole, whole.length / 2));
    Cli truncated = Cli.run("from-arrow", cut.toString(), out.toString());
    assertEquals(2, truncated.exit(), truncated.err());
    assertTrue(truncated.err().contains("cut.arrow: cannot read Arrow IPC"), truncated.err());
    assertFalse(Files.exists(out));
  }

  /** The data files below {@code dir}, relative, sorted. */
  private static List<String> files(Path dir) throws java.io.IOException {
    try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().toList();
    }
  }

  @Test
  void partitionedDatasetWithEachExistingDataPolicy(@TempDir Path dir) throws Exception {
    Path arrow = dir.resolve("in.arrow");
    Path out = dir.resolve("ds");
    ArrowFiles.idsAndGroups(arrow, 1000, 300);
    Cli w = Cli.run("from-arrow", arrow.toString(), out.toString(), "--partition-by", "grp",
        "--max-rows-per-file", "100", "--codec", "zstd");
    assertEquals(0, w.exit(), w.err());

    // rows per partition, counted from the generator: each becomes ceil(rows / 100) files of 100 rows
    java.util.Map<String, Integer> rows = new java.util.TreeMap<>();
    for (int id = 0; id < 1000; id++) {
      String g = ArrowFiles.group(id);
      rows.merge("grp=" + (g == null ? "__HIVE_DEFAULT_PARTITION__" : g), 1, Integer::sum);
    }
    List<String> expected = new java.util.ArrayList<>();
    int fileCount = 0;
    for (var e : rows.entrySet()) {
      for (int i = 0; i * 100 < e.getValue(); i++) {
        expected.add(e.getKey() + "/part-" + i + ".parquet");
        fileCount++;
      }
    }
    java.util.Collections.sort(expected);
    assertEquals(expected, files(out));
    assertTrue(w.out().contains("wrote 1000 rows to " + fileCount + " files in " + out), w.out());
    for (var e : rows.entrySet()) {
      long sum = 0;
      for (String f : files(out.resolve(e.getKey()))) {
        JsonNode m = Cli.run("meta", out.resolve(e.getKey()).resolve(f).toString(), "--json").json();
        sum += m.get("num_rows").asLong();
        for (JsonNode c : m.get("row_groups").get(0).get("columns")) {
          assertEquals("id", c.get("path").asText(), "the partition column is not in the files");
          assertEquals("ZSTD", c.get("codec").asText());
        }
      }
      assertEquals((long) e.getValue(), sum, e.getKey());
    }

    Cli again = Cli.run("from-arrow", arrow.toString(), out.toString(), "--partition-by", "grp");
    assertEquals(2, again.exit());
    assertTrue(again.err().contains("already holds data"), again.err());
    assertEquals(expected, files(out));

    Cli append = Cli.run("from-arrow", arrow.toString(), out.toString(), "--partition-by", "grp",
        "--existing-data", "append");
    assertEquals(0, append.exit(), append.err());
    assertEquals(expected.size() + 4, files(out).size(), "one more file per partition");
    assertTrue(files(out).contains("grp=g1/part-" + (rows.get("grp=g1") + 99) / 100 + ".parquet"), files(out).toString());

    Cli overwrite = Cli.run("from-arrow", arrow.toString(), out.toString(), "--partition-by", "grp",
        "--existing-data", "overwrite");
    assertEquals(0, overwrite.exit(), overwrite.err());
    assertEquals(4, files(out).size(), "each partition replaced by one file");
    long total = 0;
    for (String f : files(out)) {
      total += Cli.run("meta", out.resolve(f).toString(), "--json").json().get("num_rows").asLong();
    }
    assertEquals(1000, total);

    Cli bad = Cli.run("from-arrow", arrow.toString(), dir.resolve("bad").toString(), "--partition-by", "nope");
    assertEquals(2, bad.exit());
    assertTrue(bad.err().contains("nope") && bad.err().contains("[id, grp]"), bad.err());
  }

  @Test
  void aRerunRemovesTheTemporaryOfAKilledRun(@TempDir Path dir) throws Exception {
    Path arrow = dir.resolve("in.arrow");
    Path parquet = dir.resolve("out.parquet");
    ArrowFiles.idsAndNames(arrow, 100, 100);
    // what kill -9 of from-arrow left beside the destination
    Path killed = dir.resolve(".out.parquet.4c1d9e2f03a7b8c6.tmp");
    Files.write(killed, new byte[8192]);
    Files.setLastModifiedTime(killed,
        java.nio.file.attribute.FileTime.from(java.time.Instant.now().minus(java.time.Duration.ofHours(1))));
    Cli w = Cli.run("from-arrow", arrow.toString(), parquet.toString());
    assertEquals(0, w.exit(), w.err());
    // before: the killed run's temporary stayed beside the destination after the successful rerun
    assertFalse(Files.exists(killed));
    assertTrue(Files.size(parquet) > 0);
  }
}
