package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * {@code scan --explain} on a hand-built dataset: partitions {@code g=a} and {@code g=b}, each one
 * file of 2,000 rows in row groups of 1,000 and pages of 125 rows, row {@code r} holding {@code id =
 * r} and {@code k = 2r} (bloom filter, no dictionary). The verdicts follow from that layout.
 */
class ScanExplainTest {
  @TempDir static Path dir;

  @BeforeAll
  static void writeDataset() throws Exception {
    for (String g : List.of("a", "b")) {
      Path file = dir.resolve("g=" + g + "/f.parquet");
      Files.createDirectories(file.getParent());
      Schema schema = new Schema(List.of(
          Field.notNullable("id", new ArrowType.Int(64, true)), Field.notNullable("k", new ArrowType.Int(64, true))));
      WriterProperties props = WriterProperties.builder().rowGroupRows(1000).dataPageRowLimit(125).pageIndex(true)
          .dictionary(false).column("k", c -> c.bloomFilter(new BloomFilterOptions(2000, 0.01))).build();
      try (BufferAllocator a = new RootAllocator();
          VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
          ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
        root.allocateNew();
        for (int r = 0; r < 2000; r++) {
          ((BigIntVector) root.getVector("id")).setSafe(r, r);
          ((BigIntVector) root.getVector("k")).setSafe(r, 2L * r);
        }
        root.setRowCount(2000);
        w.write(root);
      }
    }
  }

  @Test
  void explainPrintsEachFileRowGroupAndPageRunWithItsReason() {
    Cli r = Cli.run("scan", dir.toString(), "--filter", "g = 'a' and id >= 1500", "--explain");
    assertEquals(0, r.exit(), r.err());
    String out = r.out();
    assertTrue(out.contains("g=b" + java.io.File.separator + "f.parquet: pruned by partition values (the filter is false for g=b)"), out);
    assertTrue(out.contains("  row group 0 (1,000 rows): pruned by statistics (id: min 0, max 999, 0 nulls)"), out);
    assertTrue(out.contains("  row group 1 (1,000 rows): partial by page index, 500 rows left (id: min 1000, max 1999, 0 nulls)"), out);
    assertTrue(out.contains("    id pages 0-3, rows 0..499: pruned by page index"), out);
    assertTrue(out.contains("    id pages 4-7, rows 500..999: kept"), out);
    // no rows are read, so none printed
    assertTrue(!out.contains("1500 "), out);
  }

  @Test
  void explainNamesABloomFilterMiss() {
    Cli r = Cli.run("scan", dir.toString(), "--filter", "k = 1001", "--explain");
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("  row group 0 (1,000 rows): pruned by bloom filter (the bloom filter holds no value of k = 1001)"),
        r.out());
  }

  @Test
  void explainJsonIsOneObjectWithTheSameVerdicts() throws Exception {
    Cli r = Cli.run("scan", dir.toString(), "--filter", "g = 'a' and id >= 1500", "--explain", "--json");
    assertEquals(0, r.exit(), r.err());
    JsonNode plan = new ObjectMapper().readTree(r.out());
    assertEquals("g = 'a' and id >= 1500", plan.get("filter").asText());
    JsonNode a = plan.get("files").get(0);
    assertTrue(a.get("file").asText().contains("g=a"));
    assertEquals("partial", a.get("verdict").asText());
    assertEquals("pruned", a.get("row_groups").get(0).get("verdict").asText());
    assertEquals("statistics", a.get("row_groups").get(0).get("reason").asText());
    JsonNode g1 = a.get("row_groups").get(1);
    assertEquals("page_index", g1.get("reason").asText());
    assertEquals(500, g1.get("selected_rows").asLong());
    assertEquals(4, g1.get("pages").get(1).get("first_page").asInt());
    assertEquals("kept", g1.get("pages").get(1).get("verdict").asText());
    JsonNode b = plan.get("files").get(1);
    assertEquals("partition_values", b.get("reason").asText());
    assertEquals("b", b.get("partition_values").get("g").asText());
    assertEquals(1, plan.get("metrics").get("files_pruned").asLong());
  }

  @Test
  void explainRefusesOutputOptionsAndBadFilters() {
    Cli withOut = Cli.run("scan", dir.toString(), "--explain", "--out", "x.arrow");
    assertEquals(2, withOut.exit());
    assertTrue(withOut.err().contains("--explain reads no rows"), withOut.err());
    Cli unknown = Cli.run("scan", dir.toString(), "--filter", "nope = 1", "--explain");
    assertEquals(2, unknown.exit());
    assertTrue(unknown.err().contains("nope"), unknown.err());
  }

  @Test
  void limitStopsAfterTheFirstRowsAndReadsOneRowGroup(@TempDir Path scratch) throws Exception {
    Path metrics = scratch.resolve("limit-metrics.json");
    Cli r = Cli.run("scan", dir.toString(), "--filter", "id >= 1000", "--limit", "3", "--columns", "id", "--json",
        "--threads", "4", "--metrics-json", metrics.toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals(List.of("{\"id\":1000}", "{\"id\":1001}", "{\"id\":1002}"), r.out().lines().toList());
    JsonNode m = new ObjectMapper().readTree(metrics.toFile());
    // g=a's group 0 (ids 0..999) is pruned; its group 1 (1000..1999) all matches by its statistics and
    // holds the 3 rows, so it is the only group read, and of it only the first page
    assertEquals(1, m.get("row_groups_read").asLong());
    assertEquals(2, Cli.run("scan", dir.toString(), "--limit", "-1").exit());
  }
}
