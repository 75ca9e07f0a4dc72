package org.parquetarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.dataset.prune.PlanExplanation;
import org.parquetarrow.dataset.prune.PlanExplanation.FileEntry;
import org.parquetarrow.dataset.prune.PlanExplanation.PageRun;
import org.parquetarrow.dataset.prune.PlanExplanation.Reason;
import org.parquetarrow.dataset.prune.PlanExplanation.RowGroupEntry;
import org.parquetarrow.dataset.prune.PlanExplanation.Verdict;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * {@link Dataset#explain} on a hand-built dataset where each reason occurs. Two partitions, {@code
 * g=a} and {@code g=b}, hold the same file of 2,000 rows in row groups of 1,000 and pages of 125
 * rows: row {@code r} has {@code id = r} (sorted), {@code p = r % 1000}, {@code k = 2r} (even, with a
 * bloom filter, no dictionary) and {@code name} "apple" for even r, "cherry" for odd (dictionary
 * encoded). Every verdict below follows from that layout.
 */
class ExplainTest {
  static final int GROUP = 1000;
  static final int PAGE = 125;

  @TempDir static Path dir;

  @BeforeAll
  static void writeDataset() throws Exception {
    write(dir.resolve("g=a/f.parquet"));
    write(dir.resolve("g=b/f.parquet"));
  }

  /** The layout described above, at {@code file}. */
  static void write(Path file) throws Exception {
    Files.createDirectories(file.getParent());
    Schema schema = new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.notNullable("p", new ArrowType.Int(32, true)),
        Field.notNullable("k", new ArrowType.Int(64, true)),
        Field.notNullable("name", ArrowType.Utf8.INSTANCE)));
    WriterProperties props = WriterProperties.builder()
        .rowGroupRows(GROUP)
        .dataPageRowLimit(PAGE)
        .pageIndex(true)
        .column("id", c -> c.dictionary(false))
        .column("p", c -> c.dictionary(false))
        .column("k", c -> c.dictionary(false).bloomFilter(new BloomFilterOptions(2000, 0.01)))
        .build();
    int n = 2 * GROUP;
    try (BufferAllocator a = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
      root.allocateNew();
      for (int r = 0; r < n; r++) {
        ((BigIntVector) root.getVector("id")).setSafe(r, r);
        ((IntVector) root.getVector("p")).setSafe(r, r % 1000);
        ((BigIntVector) root.getVector("k")).setSafe(r, 2L * r);
        ((VarCharVector) root.getVector("name")).setSafe(r, (r % 2 == 0 ? "apple" : "cherry").getBytes(StandardCharsets.UTF_8));
      }
      root.setRowCount(n);
      w.write(root);
    }
  }

  private static PlanExplanation explain(String filter) {
    return DatasetDiscovery.directory(dir, DiscoveryOptions.defaults())
        .explain(ExpressionParser.parse(filter), PruningOptions.ALL);
  }

  private static FileEntry file(PlanExplanation e, String partition) {
    return e.files().stream().filter(f -> f.file().contains("g=" + partition)).findFirst().orElseThrow();
  }

  @Test
  void aFileOutsideThePartitionIsPrunedByItsPartitionValue() {
    PlanExplanation e = explain("g = 'a' and id >= 0");
    FileEntry b = file(e, "b");
    assertEquals(Verdict.PRUNED, b.verdict());
    assertEquals(Reason.PARTITION_VALUES, b.reason());
    assertTrue(b.detail().contains("g=b"), b.detail());
    assertEquals(List.of(), b.rowGroups());
    // g=a: id >= 0 holds for every row, which the statistics prove: read whole, nothing evaluated
    FileEntry a = file(e, "a");
    assertEquals(Verdict.KEPT, a.verdict());
    for (RowGroupEntry g : a.rowGroups()) {
      assertEquals(Verdict.KEPT, g.verdict());
      assertEquals(Reason.STATISTICS, g.reason());
    }
    assertEquals(1, e.metrics().filesPruned());
  }

  @Test
  void statisticsRangeAgainstTheLiteral() {
    FileEntry a = file(explain("g = 'a' and id >= 1500"), "a");
    RowGroupEntry g0 = a.rowGroups().get(0);
    assertEquals(Verdict.PRUNED, g0.verdict());
    assertEquals(Reason.STATISTICS, g0.reason());
    assertTrue(g0.detail().contains("id: min 0, max 999"), g0.detail());
    assertEquals(Verdict.PARTIAL, a.verdict());
    // group 1 (ids 1000..1999): pages 0..3 (1000..1499) ruled out by the column index, 4..7 kept
    RowGroupEntry g1 = a.rowGroups().get(1);
    assertEquals(Verdict.PARTIAL, g1.verdict());
    assertEquals(Reason.PAGE_INDEX, g1.reason());
    assertEquals(500, g1.selectedRows());
    assertEquals(List.of(new PageRun("id", 0, 3, 0, 500, false), new PageRun("id", 4, 7, 500, 1000, true)), g1.pages());
  }

  @Test
  void bloomFilterMiss() {
    // k = 1001 lies within group 0's k range 0..1998 but is odd, so not in it; group 1 (2000..3998) by statistics
    FileEntry a = file(explain("g = 'a' and k = 1001"), "a");
    RowGroupEntry g0 = a.rowGroups().get(0);
    assertEquals(Verdict.PRUNED, g0.verdict());
    assertEquals(Reason.BLOOM_FILTER, g0.reason());
    assertTrue(g0.detail().contains("k = 1001"), g0.detail());
    assertEquals(Reason.STATISTICS, a.rowGroups().get(1).reason());
    assertEquals(Verdict.PRUNED, a.verdict());
    assertEquals(Reason.ROW_GROUPS, a.reason());
  }

  @Test
  void dictionaryMiss() {
    // 'banana' lies between min 'apple' and max 'cherry', but neither dictionary value is it
    FileEntry a = file(explain("g = 'a' and name = 'banana'"), "a");
    for (RowGroupEntry g : a.rowGroups()) {
      assertEquals(Verdict.PRUNED, g.verdict());
      assertEquals(Reason.DICTIONARY, g.reason());
      assertTrue(g.detail().contains("name (2 values)"), g.detail());
    }
  }

  @Test
  void pageIndexRulesOutEveryPage() {
    // id < 100 keeps page 0 only (p 0..124 there); p >= 900 keeps page 7 only: no page both
    FileEntry a = file(explain("g = 'a' and id < 100 and p >= 900"), "a");
    RowGroupEntry g0 = a.rowGroups().get(0);
    assertEquals(Verdict.PRUNED, g0.verdict());
    assertEquals(Reason.PAGE_INDEX, g0.reason());
    assertEquals(List.of(new PageRun("id", 0, 7, 0, 1000, false), new PageRun("p", 0, 7, 0, 1000, false)), g0.pages());
    assertEquals(Reason.STATISTICS, a.rowGroups().get(1).reason());
  }

  @Test
  void aGroupNothingRulesOutMayMatch() {
    FileEntry a = file(explain("g = 'a' and name = 'apple'"), "a");
    for (RowGroupEntry g : a.rowGroups()) {
      assertEquals(Verdict.KEPT, g.verdict());
      assertEquals(Reason.MAY_MATCH, g.reason());
      assertEquals(GROUP, g.selectedRows());
    }
  }

  @Test
  void theTextFormSaysEachVerdictAndReason() {
    String text = explain("g = 'a' and id >= 1500").toString();
    assertTrue(text.startsWith("filter: g = 'a' and id >= 1500\n"), text);
    assertTrue(text.contains("g=b/f.parquet: pruned by partition values (the filter is false for g=b)"), text);
    assertTrue(text.contains("  row group 0 (1,000 rows): pruned by statistics (id: min 0, max 999, 0 nulls)"), text);
    assertTrue(text.contains("  row group 1 (1,000 rows): partial by page index, 500 rows left"), text);
    assertTrue(text.contains("    id pages 0-3, rows 0..499: pruned by page index"), text);
    assertTrue(text.contains("    id pages 4-7, rows 500..999: kept"), text);
    assertTrue(text.contains("files: 2, 1 pruned by partition values; row groups: 2, pruned: 1 by statistics"), text);
  }

  @Test
  void withoutAFilterEverythingIsKeptForThatReason() {
    PlanExplanation e = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults()).explain(null, PruningOptions.ALL);
    assertEquals(2, e.files().size());
    for (FileEntry f : e.files()) {
      assertEquals(Verdict.KEPT, f.verdict());
      assertEquals(Reason.NO_FILTER, f.reason());
      assertEquals(2, f.rowGroups().size());
    }
  }
}
