package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * {@code scan} on a generated hive-partitioned dataset whose contents follow simple rules, so
 * every expected row set and most pruning counts are worked out here from the rules:
 *
 * <pre>
 * region=east/part-0.parquet  id 0 .. 9999
 * region=west/part-0.parquet  id 10000 .. 19999
 * id int64 ascending, v = id % 7, name = "n" + id, score = id % 100 but null when id % 10 == 0,
 * key = "k" + (id * 7919 % 100000) in five digits (a bijection of 0..99999: no two ids share a key)
 * row groups of 1000 rows, pages of at most 100 rows, statistics, page index, bloom filter on key
 * </pre>
 */
class ScanCommandTest {
  @TempDir static Path dir;
  /** Outputs go elsewhere: every non-hidden file below the dataset's directory is part of it. */
  @TempDir Path outputs;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int PER_FILE = 10_000;
  private static final int GROUP = 1000;

  @BeforeAll
  static void writeDataset() throws Exception {
    write(dir.resolve("region=east/part-0.parquet"), 0);
    write(dir.resolve("region=west/part-0.parquet"), PER_FILE);
    // discovery must ignore these
    Files.writeString(dir.resolve("_SUCCESS"), "");
    Files.writeString(dir.resolve("region=west/.part-0.parquet.crc"), "junk");
  }

  private static void write(Path file, long firstId) throws Exception {
    Files.createDirectories(file.getParent());
    Schema schema = new Schema(List.of(
        new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        new Field("v", FieldType.notNullable(new ArrowType.Int(32, true)), null),
        new Field("name", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
        new Field("score", FieldType.nullable(new ArrowType.Int(32, true)), null),
        new Field("key", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null)));
    WriterProperties props = WriterProperties.builder()
        .rowGroupRows(GROUP)
        .dataPageRowLimit(100)
        .pageIndex(true)
        .statistics(true)
        .column("key", c -> c.bloomFilter(new BloomFilterOptions(PER_FILE, 0.01)))
        .build();
    try (BufferAllocator a = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
        ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(file), schema, props)) {
      for (long first = firstId; first < firstId + PER_FILE; first += GROUP) {
        root.allocateNew();
        BigIntVector id = (BigIntVector) root.getVector("id");
        IntVector v = (IntVector) root.getVector("v");
        VarCharVector name = (VarCharVector) root.getVector("name");
        IntVector score = (IntVector) root.getVector("score");
        VarCharVector key = (VarCharVector) root.getVector("key");
        for (int i = 0; i < GROUP; i++) {
          long x = first + i;
          id.setSafe(i, x);
          v.setSafe(i, (int) (x % 7));
          name.setSafe(i, ("n" + x).getBytes(StandardCharsets.UTF_8));
          if (x % 10 == 0) {
            score.setNull(i);
          } else {
            score.setSafe(i, (int) (x % 100));
          }
          key.setSafe(i, key(x).getBytes(StandardCharsets.UTF_8));
        }
        root.setRowCount(GROUP);
        w.write(root);
      }
    }
  }

  private static String key(long id) {
    return String.format("k%05d", id * 7919 % 100_000);
  }

  private static List<JsonNode> lines(String out) throws Exception {
    List<JsonNode> rows = new ArrayList<>();
    for (String line : out.lines().toList()) {
      rows.add(JSON.readTree(line));
    }
    return rows;
  }

  private static long datasetBytes() throws Exception {
    return Files.size(dir.resolve("region=east/part-0.parquet")) + Files.size(dir.resolve("region=west/part-0.parquet"));
  }

  @Test
  void jsonRowsAreExactlyTheMatchingRowsAndMetricsAddUp() throws Exception {
    Path metricsFile = outputs.resolve("m1.json");
    Cli r = Cli.run("scan", dir.toString(), "--json", "--columns", "id,name,score,region",
        "--filter", "region = 'west' and id between 10500 and 12499 and v = 3 and score is not null",
        "--batch-size", "333", "--threads", "2", "--metrics-json", metricsFile.toString());
    assertEquals(0, r.exit(), r.err());

    List<Long> expected = new ArrayList<>();
    for (long id = 10500; id <= 12499; id++) {
      if (id % 7 == 3 && id % 10 != 0) {
        expected.add(id);
      }
    }
    List<JsonNode> rows = lines(r.out());
    assertEquals(expected.size(), rows.size());
    for (int i = 0; i < rows.size(); i++) {
      JsonNode row = rows.get(i);
      long id = expected.get(i); // ordered output: file order, row order
      assertEquals(List.of("id", "name", "score", "region"), iterable(row.fieldNames()));
      assertEquals(id, row.get("id").asLong());
      assertEquals("n" + id, row.get("name").asText());
      assertEquals(id % 100, row.get("score").asLong());
      assertEquals("west", row.get("region").asText());
    }

    JsonNode m = JSON.readTree(metricsFile.toFile());
    for (String key : List.of("files", "files_pruned", "row_groups", "row_groups_pruned_by_statistics",
        "row_groups_pruned_by_dictionary", "row_groups_pruned_by_bloom_filter", "pages", "pages_skipped",
        "bytes_read", "rows_out")) {
      assertTrue(m.has(key) && m.get(key).isIntegralNumber(), key + " in " + m);
    }
    assertEquals(2, m.get("files").asLong());
    assertEquals(1, m.get("files_pruned").asLong(), "region=east is pruned by its partition value");
    assertEquals(10, m.get("row_groups").asLong(), "the row groups of the west file");
    // ids 10500..12499 lie in the row groups [10000, 10999], [11000, 11999], [12000, 12999]
    assertEquals(7, m.get("row_groups_pruned_by_statistics").asLong());
    long pruned = m.get("row_groups_pruned_by_statistics").asLong() + m.get("row_groups_pruned_by_dictionary").asLong()
        + m.get("row_groups_pruned_by_bloom_filter").asLong() + m.get("row_groups_pruned_by_page_index").asLong();
    assertEquals(m.get("row_groups").asLong() - pruned, m.get("row_groups_read").asLong());
    assertTrue(m.get("pages_skipped").asLong() <= m.get("pages").asLong(), m.toString());
    // of the 30 pages of 100 rows in the three row groups, those below 10500 or above 12499 hold no match
    assertTrue(m.get("pages_skipped").asLong() >= 10, m.toString());
    assertEquals(expected.size(), m.get("rows_out").asLong());
    assertTrue(m.get("rows_read").asLong() >= expected.size() && m.get("rows_read").asLong() <= 3 * GROUP, m.toString());
    assertTrue(m.get("bytes_read").asLong() > 0 && m.get("bytes_read").asLong() < datasetBytes() / 2, m.toString());

    // the same counts for people on stderr
    assertTrue(r.err().contains("files:      2, 1 pruned by partition values, 1 read"), r.err());
    assertTrue(r.err().contains("row groups: 10, pruned: 7 by statistics"), r.err());
    assertTrue(r.err().contains(String.format("%,d out", expected.size())), r.err());
  }

  private static List<String> iterable(java.util.Iterator<String> it) {
    List<String> l = new ArrayList<>();
    it.forEachRemaining(l::add);
    return l;
  }

  @Test
  void anAbsentValueIsPrunedByTheBloomFilterInEveryRowGroup() throws Exception {
    // the key of id 20000 belongs to no row (the keys are a bijection of 0..99999) yet lies between
    // the smallest and largest key of every row group, so statistics keep them all: only the bloom
    // filters can tell the value is absent
    String absent = key(20_000);
    for (long first = 0; first < 2 * PER_FILE; first += GROUP) {
      String min = key(first);
      String max = key(first);
      for (long id = first; id < first + GROUP; id++) {
        min = key(id).compareTo(min) < 0 ? key(id) : min;
        max = key(id).compareTo(max) > 0 ? key(id) : max;
      }
      assertTrue(min.compareTo(absent) < 0 && absent.compareTo(max) < 0, "row group from id " + first);
    }
    Path metricsFile = outputs.resolve("m2.json");
    Cli r = Cli.run("scan", dir.toString(), "--filter", "key = '" + absent + "'", "--json", "--metrics-json", metricsFile.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals("", r.out());
    JsonNode m = JSON.readTree(metricsFile.toFile());
    assertEquals(20, m.get("row_groups").asLong());
    assertEquals(0, m.get("row_groups_pruned_by_statistics").asLong());
    assertEquals(20, m.get("row_groups_pruned_by_bloom_filter").asLong());
    assertEquals(0, m.get("row_groups_read").asLong());
    assertEquals(0, m.get("rows_out").asLong());

    Cli present = Cli.run("scan", dir.toString(), "--filter", "key = '" + key(12_345) + "'", "--json", "--columns", "id");
    assertEquals(0, present.exit(), present.err());
    assertEquals("{\"id\":12345}", present.out().strip());
  }

  @Test
  void withoutJsonRowsFormAnAlignedTable() {
    Cli r = Cli.run("scan", dir.toString(), "--filter", "id < 3 or id = 10000", "--columns", "id,name,region");
    assertEquals(0, r.exit(), r.err());
    assertEquals(List.of(
        "id     name    region",
        "-----  ------  ------",
        "0      n0      east",
        "1      n1      east",
        "2      n2      east",
        "10000  n10000  west"), r.out().lines().toList());
  }

  @Test
  void aGlobSelectsFilesAndKeepsPartitionColumns() throws Exception {
    Cli r = Cli.run("scan", dir + "/region=*/*.parquet", "--filter", "v = 0 and score is null", "--json");
    assertEquals(0, r.exit(), r.err());
    // id % 7 == 0 and id % 10 == 0: the multiples of 70 below 20000
    List<JsonNode> rows = lines(r.out());
    assertEquals((19_999 / 70) + 1, rows.size());
    for (JsonNode row : rows) {
      long id = row.get("id").asLong();
      assertEquals(0, id % 70);
      assertEquals(id < PER_FILE ? "east" : "west", row.get("region").asText());
      assertTrue(row.get("score").isNull());
    }
  }

  @Test
  void outWritesAnArrowIpcFile() throws Exception {
    Path arrow = outputs.resolve("tail.arrow");
    Cli r = Cli.run("scan", dir.toString(), "--filter", "id >= 19990", "--columns", "region,id", "--out", arrow.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("wrote 10 rows"), r.out());
    try (BufferAllocator a = new RootAllocator();
        ArrowFileReader reader = new ArrowFileReader(Files.newByteChannel(arrow), a)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      assertEquals(List.of("region", "id"), root.getSchema().getFields().stream().map(Field::getName).toList());
      List<Long> ids = new ArrayList<>();
      while (reader.loadNextBatch()) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        for (int i = 0; i < root.getRowCount(); i++) {
          ids.add(id.get(i));
          assertEquals("west", root.getVector("region").getObject(i).toString());
        }
      }
      assertEquals(Stream.iterate(19_990L, x -> x + 1).limit(10).toList(), ids);
    }
  }

  @Test
  void badFiltersAreInputErrorsNamingTheToken() {
    Cli unknown = Cli.run("scan", dir.toString(), "--filter", "id > 5 and nope = 1");
    assertEquals(2, unknown.exit(), unknown.err());
    assertTrue(unknown.err().startsWith("parquet-arrow scan: ") && unknown.err().contains("unknown column nope"), unknown.err());

    Cli mismatch = Cli.run("scan", dir.toString(), "--filter", "id = 'seven'");
    assertEquals(2, mismatch.exit(), mismatch.err());
    assertTrue(mismatch.err().contains("'seven'") && mismatch.err().contains("column id"), mismatch.err());

    Cli malformed = Cli.run("scan", dir.toString(), "--filter", "id > 5 and and v = 1");
    assertEquals(2, malformed.exit(), malformed.err());
    // "id > 5 and " is 11 characters: the second "and" is at offset 11
    assertTrue(malformed.err().contains("at position 11") && malformed.err().contains("found 'and'"), malformed.err());

    Cli column = Cli.run("scan", dir.toString(), "--columns", "id,nope");
    assertEquals(2, column.exit(), column.err());
    assertTrue(column.err().contains("nope"), column.err());

    for (Cli c : List.of(unknown, mismatch, malformed, column)) {
      assertEquals("", c.out(), "no rows before the error");
      assertFalse(c.err().contains("internal error"), c.err());
    }
  }

  @Test
  void aCorruptFileFailsTheScanNamingIt() throws Exception {
    Path copy = outputs.resolve("ds");
    Files.createDirectories(copy.resolve("region=east"));
    Files.copy(dir.resolve("region=east/part-0.parquet"), copy.resolve("region=east/part-0.parquet"));
    Path bad = copy.resolve("region=east/part-1.parquet");
    byte[] good = Files.readAllBytes(copy.resolve("region=east/part-0.parquet"));
    Files.write(bad, java.util.Arrays.copyOf(good, good.length / 2)); // cut in half: no footer
    Cli r = Cli.run("scan", copy.toString(), "--filter", "id < 10");
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains(bad.toString()), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
  }

  @Test
  void missingPathsAndBadOptionsAreInputErrors() {
    Cli missing = Cli.run("scan", dir.resolve("no-such-dir").toString());
    assertEquals(2, missing.exit());
    assertTrue(missing.err().contains("no-such-dir"), missing.err());
    assertEquals(2, Cli.run("scan", dir.toString(), "--threads", "0").exit());
    assertEquals(2, Cli.run("scan", dir.toString(), "--batch-size", "0").exit());
  }
}
