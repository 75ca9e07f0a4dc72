package org.parquetarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.ParquetException;
import org.parquetarrow.dataset.expr.ExpressionBindException;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.index.OffsetIndexReader;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * A hive-partitioned dataset written by our writer with known data: file k (k = 0, 1, 2 under
 * year=2023, year=2024 and the null partition) holds 10,000 rows i = 0..9999 with {@code id =
 * 2 * (k * 10000 + i)} (even numbers only, sorted), {@code s = "v%08d".formatted(id)}, in row
 * groups of 1,000 rows and pages of 100 rows, with page index and bloom filters on id and s (s alone
 * dictionary-encoded). File
 * 0 stores id as int32, the others as int64; file 2 alone has a double column x.
 */
class WrittenDatasetTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 10_000;

  private static WriterProperties properties() {
    return layout()
        .column("id", c -> c.bloomFilter(new BloomFilterOptions(1000, 0.01)))
        .column("s", c -> c.bloomFilter(new BloomFilterOptions(1000, 0.01)).dictionary(true))
        .build();
  }

  /** The row group and page layout alone (the writer refuses settings for columns a file lacks). */
  private static WriterProperties.Builder layout() {
    return WriterProperties.builder()
        .rowGroupRows(1000)
        .dataPageRowLimit(100)
        .pageIndex(true)
        .dictionary(false);
  }

  static void write(BufferAllocator allocator, Path file, int k, boolean int32Id, boolean withX) {
    List<Field> fields = new ArrayList<>();
    fields.add(new Field("id", FieldType.notNullable(new ArrowType.Int(int32Id ? 32 : 64, true)), null));
    fields.add(Field.nullable("s", ArrowType.Utf8.INSTANCE));
    if (withX) {
      fields.add(Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
    }
    Schema schema = new Schema(fields);
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      root.allocateNew();
      FieldVector id = root.getVector("id");
      VarCharVector s = (VarCharVector) root.getVector("s");
      for (int i = 0; i < ROWS; i++) {
        long v = 2L * (k * 10_000L + i);
        if (int32Id) {
          ((IntVector) id).setSafe(i, (int) v);
        } else {
          ((BigIntVector) id).setSafe(i, v);
        }
        s.setSafe(i, "v%08d".formatted(v).getBytes(StandardCharsets.UTF_8));
        if (withX) {
          ((Float8Vector) root.getVector("x")).setSafe(i, i * 0.5);
        }
      }
      root.setRowCount(ROWS);
      Files.createDirectories(file.getParent());
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, properties())) {
        w.write(root);
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @BeforeEach
  void writeDataset() throws IOException {
    write(allocator.allocator(), dir.resolve("year=2023/part-0.parquet"), 0, true, false);
    write(allocator.allocator(), dir.resolve("year=2024/part-0.parquet"), 1, false, false);
    write(allocator.allocator(), dir.resolve("year=__HIVE_DEFAULT_PARTITION__/part-0.parquet"), 2, false, true);
    // Debris every engine leaves around, none of it Parquet.
    Files.writeString(dir.resolve("_SUCCESS"), "");
    Files.createDirectories(dir.resolve("_temporary/0"));
    Files.writeString(dir.resolve("_temporary/0/part-1.parquet"), "half written");
    Files.writeString(dir.resolve("year=2024/.part-0.parquet.crc"), "crc");
    Files.writeString(dir.resolve("year=2024/part-0.parquet.crc"), "crc");
    Files.writeString(dir.resolve("year=2024/_committed_1"), "x");
  }

  private Dataset dataset() {
    return DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
  }

  @Test
  void discoversFilesPartitionsAndUnifiedSchema() {
    Dataset ds = dataset();
    assertEquals(3, ds.files().size());
    Schema expected = new Schema(List.of(
        new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        Field.nullable("s", ArrowType.Utf8.INSTANCE),
        Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        Field.nullable("year", new ArrowType.Int(64, true))));
    assertEquals(expected, ds.schema());
    List<Object> years = ds.files().stream().map(f -> f.partitionValues().get("year")).toList();
    assertEquals(java.util.Arrays.asList(2023L, 2024L, null), years);
  }

  private List<FileScan> plan(Dataset ds, String filter, PruningMetrics m) {
    return ds.plan(ExpressionParser.parse(filter), PruningOptions.ALL, m);
  }

  @Test
  void partitionPruning() {
    Dataset ds = dataset();
    PruningMetrics m = new PruningMetrics();
    List<FileScan> scans = plan(ds, "year = 2024", m);
    assertEquals(1, scans.size());
    assertEquals(2024L, scans.get(0).file().partitionValues().get("year"));
    assertEquals(3, m.files());
    assertEquals(2, m.filesPruned());
    assertEquals(10, scans.get(0).rowGroups().size());
    assertTrue(scans.get(0).rowGroups().stream().allMatch(r -> r.filterAlwaysTrue()), "every row matches year = 2024");

    PruningMetrics nulls = new PruningMetrics();
    List<FileScan> isNull = plan(ds, "year is null", nulls);
    assertEquals(1, isNull.size());
    assertNull(isNull.get(0).file().partitionValues().get("year"));
    assertEquals(2, nulls.filesPruned());

    assertEquals(2, plan(ds, "year >= 2023 and year != 2023 or year < 2024", new PruningMetrics()).size());
  }

  @Test
  void rangeOnSortedDataSkipsRowGroupsAndPages() throws IOException {
    Dataset ds = dataset();
    // File 1 holds ids 20000..39998; i = 500..549 are ids 21000..21098, in row group 0, page 5.
    DatasetFile file1 = ds.files().get(1);
    try (LocalInputFile in = LocalInputFile.open(file1.path())) {
      OffsetIndex oi = OffsetIndexReader.read(in, file1.footer().metadata().rowGroups().get(0).columns().get(0));
      assertEquals(10, oi.pageLocations().size(), "the writer cut 100-row pages");
      for (int p = 0; p < 10; p++) {
        assertEquals(100L * p, oi.pageLocations().get(p).firstRowIndex());
      }
    }
    PruningMetrics m = new PruningMetrics();
    List<FileScan> scans = plan(ds, "id between 21000 and 21098", m);
    assertEquals(1, scans.size());
    assertEquals(file1.path(), scans.get(0).file().path());
    assertEquals(1, scans.get(0).rowGroups().size());
    assertEquals(0, scans.get(0).rowGroups().get(0).rowGroup());
    assertEquals(RowSelection.range(500, 600), scans.get(0).rowGroups().get(0).rows());
    assertEquals(30, m.rowGroups());
    assertEquals(29, m.rowGroupsPrunedByStatistics());
    assertEquals(10, m.pages());
    assertEquals(9, m.pagesSkipped());

    // Two ranges, in two row groups: ids 21980..22018 are i = 990..1009.
    List<FileScan> across = plan(ds, "id >= 21980 and id <= 22018", new PruningMetrics());
    assertEquals(2, across.get(0).rowGroups().size());
    assertEquals(RowSelection.range(900, 1000), across.get(0).rowGroups().get(0).rows());
    assertEquals(RowSelection.range(0, 100), across.get(0).rowGroups().get(1).rows());
  }

  @Test
  void bloomFiltersRuleOutAbsentValues() {
    Dataset ds = dataset();
    // Odd ids and strings between two written ones pass statistics and the page index but are
    // in no bloom filter (at 1% false positives, one row group out of three could slip; the
    // fixed data makes this deterministic).
    PruningMetrics m = new PruningMetrics();
    assertEquals(List.of(), plan(ds, "id = 21001", m));
    assertEquals(1, m.rowGroupsPrunedByBloomFilter());
    assertEquals(29, m.rowGroupsPrunedByStatistics());

    PruningMetrics ms = new PruningMetrics();
    assertEquals(List.of(), plan(ds, "s in ('v00021000x', 'v00041000x')", ms));
    assertEquals(2, ms.rowGroupsPrunedByBloomFilter());

    // int32 file (year=2023) probed with the dataset's int64 literal.
    PruningMetrics m32 = new PruningMetrics();
    assertEquals(List.of(), plan(ds, "id = 1001", m32));
    assertEquals(1, m32.rowGroupsPrunedByBloomFilter());

    List<FileScan> present = plan(ds, "s = 'v00021000' or id = 1000", new PruningMetrics());
    assertEquals(2, present.size());
  }

  @Test
  void aBloomFilterProbeReadsTheFilterOnce() throws IOException {
    // id = 21001 passes the statistics of row group 0 of year=2024 alone (id has no dictionary),
    // and its bloom filter rules it out: pruning reads that filter, header and bitset, once
    Integer length;
    try (LocalInputFile in = LocalInputFile.open(dir.resolve("year=2024/part-0.parquet"))) {
      length = org.parquetarrow.metadata.ParquetFooter.read(in).metadata().rowGroups().get(0).columns().get(0)
          .metaData().bloomFilterLength();
    }
    PruningMetrics m = new PruningMetrics();
    assertEquals(List.of(), plan(dataset(), "id = 21001", m));
    assertEquals(1, m.rowGroupsPrunedByBloomFilter());
    assertEquals((long) length, m.bytesRead(), "bytes read for pruning: the filter's recorded length");
  }

  @Test
  void dictionaryRulesOutAbsentStrings() {
    Dataset ds = dataset();
    PruningMetrics m = new PruningMetrics();
    // An odd id's string lies inside row group 1 of file 1's bounds but in no dictionary.
    List<FileScan> scans = ds.plan(ExpressionParser.parse("s = 'v00021001'"), PruningOptions.builder().bloomFilters(false).build(), m);
    assertEquals(List.of(), scans);
    assertEquals(29, m.rowGroupsPrunedByStatistics());
    assertEquals(1, m.rowGroupsPrunedByDictionary());
    assertTrue(m.bytesRead() > 1000 * 9, "the dictionary of 1,000 strings was read");
  }

  @Test
  void nestedFieldsPruneByTheirLeafStatistics(@TempDir Path other) {
    Field b = new Field("b", FieldType.nullable(new ArrowType.Int(64, true)), null);
    Schema schema = new Schema(List.of(new Field("st", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(b))));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator.allocator())) {
      org.apache.arrow.vector.complex.StructVector st = (org.apache.arrow.vector.complex.StructVector) root.getVector("st");
      BigIntVector leaf = (BigIntVector) st.getChild("b");
      for (int i = 0; i < ROWS; i++) {
        st.setIndexDefined(i);
        leaf.setSafe(i, i);
      }
      root.setRowCount(ROWS);
      try (ParquetFileWriter w = ParquetFileWriter.open(other.resolve("n.parquet"), schema, layout().build())) {
        w.write(root);
      }
    }
    Dataset ds = DatasetDiscovery.directory(other, DiscoveryOptions.defaults());
    PruningMetrics m = new PruningMetrics();
    List<FileScan> scans = ds.plan(ExpressionParser.parse("st.b >= 9500"), PruningOptions.ALL, m);
    assertEquals(List.of(9), scans.get(0).rowGroups().stream().map(r -> r.rowGroup()).toList());
    assertEquals(RowSelection.range(500, 1000), scans.get(0).rowGroups().get(0).rows());
    assertEquals(9, m.rowGroupsPrunedByStatistics());
  }

  @Test
  void missingColumnReadsAsNull() {
    Dataset ds = dataset();
    PruningMetrics m = new PruningMetrics();
    // x exists only in the null-partition file: elsewhere it is null, so x < 1000 cannot match there.
    List<FileScan> scans = plan(ds, "x < 1000", m);
    assertEquals(1, scans.size());
    assertNull(scans.get(0).file().partitionValues().get("year"));
    // x = i * 0.5 < 1000 only for i < 2000: the first two row groups.
    assertEquals(List.of(0, 1), scans.get(0).rowGroups().stream().map(r -> r.rowGroup()).toList());
    // x > 4000 (i > 8000) can use the max only where nan_count says no NaN hides (NaN > 4000 in
    // DuckDB's order).
    var chunk = ds.files().get(2).footer().metadata().rowGroups().get(0).columns().get(2).metaData();
    boolean noNan = chunk.statistics().nanCount() != null && chunk.statistics().nanCount() == 0;
    List<FileScan> high = plan(ds, "x > 4000", new PruningMetrics());
    assertEquals(noNan ? 2 : 10, high.get(0).rowGroups().size());
    assertEquals(2, plan(ds, "x is null", new PruningMetrics()).size());
  }

  @Test
  void globAndExplicitLists() {
    Dataset g = DatasetDiscovery.glob(dir, "year=202*/*.parquet", DiscoveryOptions.defaults());
    assertEquals(2, g.files().size());
    assertEquals(new Schema(List.of(
        new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        Field.nullable("s", ArrowType.Utf8.INSTANCE),
        Field.nullable("year", new ArrowType.Int(64, true)))), g.schema());
    Dataset list = DatasetDiscovery.paths(
        List.of(dir.resolve("year=2023/part-0.parquet"), dir.resolve("year=2024")),
        DiscoveryOptions.builder().partitionBaseDir(dir).build());
    assertEquals(2, list.files().size());
    assertEquals(2024L, list.files().get(1).partitionValues().get("year"));
    Dataset single = DatasetDiscovery.file(dir.resolve("year=2023/part-0.parquet"), DiscoveryOptions.defaults());
    assertEquals(new ArrowType.Int(32, true), single.schema().findField("id").getType());
    assertEquals(0, single.partitionSchema().getFields().size());
  }

  @Test
  void declaredPartitionTypesAndDecoding(@TempDir Path other) {
    write(allocator.allocator(), other.resolve("city=New%20York/day=2024-01-05/a.parquet"), 0, false, false);
    write(allocator.allocator(), other.resolve("city=a+b%2Fc/day=2024-02-01/b.parquet"), 1, false, false);
    Dataset inferred = DatasetDiscovery.directory(other, DiscoveryOptions.defaults());
    assertEquals(new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY), inferred.schema().findField("day").getType());
    assertEquals("New York", inferred.files().get(0).partitionValues().get("city"));
    assertEquals("a+b/c", inferred.files().get(1).partitionValues().get("city"));
    // 2024-01-05 is day 19727 after the epoch (19723 for 2024-01-01, plus 4).
    assertEquals(19727L, inferred.files().get(0).partitionValues().get("day"));
    List<FileScan> jan = inferred.plan(ExpressionParser.parse("day < date '2024-02-01' and city like 'New%'"), PruningOptions.ALL, new PruningMetrics());
    assertEquals(1, jan.size());

    Schema declared = new Schema(List.of(Field.nullable("day", ArrowType.Utf8.INSTANCE)));
    Dataset typed = DatasetDiscovery.directory(other, DiscoveryOptions.builder().partitionSchema(declared).build());
    assertEquals("2024-01-05", typed.files().get(0).partitionValues().get("day"));
  }

  @Test
  void incompatibleSchemasNameBothFiles(@TempDir Path other) throws IOException {
    write(allocator.allocator(), other.resolve("a.parquet"), 0, false, false);
    Schema strId = new Schema(List.of(Field.nullable("id", ArrowType.Utf8.INSTANCE)));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(strId, allocator.allocator())) {
      ((VarCharVector) root.getVector("id")).setSafe(0, "x".getBytes(StandardCharsets.UTF_8));
      root.setRowCount(1);
      try (ParquetFileWriter w = ParquetFileWriter.open(other.resolve("b.parquet"), strId, WriterProperties.defaults())) {
        w.write(root);
      }
    }
    DatasetException e = assertThrows(DatasetException.class, () -> DatasetDiscovery.directory(other, DiscoveryOptions.defaults()));
    assertTrue(e.getMessage().contains("a.parquet") && e.getMessage().contains("b.parquet") && e.getMessage().contains("column id"), e.getMessage());
  }

  @Test
  void exactPromotionRefusesWidening() {
    DatasetException e = assertThrows(DatasetException.class,
        () -> DatasetDiscovery.directory(dir, DiscoveryOptions.builder().promotion(TypePromotion.EXACT).build()));
    assertTrue(e.getMessage().contains("year=2023") && e.getMessage().contains("year=2024"), e.getMessage());
  }

  @Test
  void corruptFileFailsWithItsNameOrIsSkipped() throws IOException {
    Path bad = dir.resolve("year=2024/part-1.parquet");
    Files.write(bad, new byte[] {'P', 'A', 'R', '1', 1, 2, 3, 'P', 'A', 'R', '1'});
    ParquetException e = assertThrows(ParquetException.class, this::dataset);
    assertTrue(e.getMessage().contains("part-1.parquet"), e.getMessage());
    Dataset ds = DatasetDiscovery.directory(dir, DiscoveryOptions.builder().corruptFiles(DiscoveryOptions.CorruptFilePolicy.SKIP).build());
    assertEquals(3, ds.files().size());
    assertEquals(List.of(bad), ds.skippedFiles().stream().map(SkippedFile::path).toList());
  }

  @Test
  void filterErrorsNameTheColumn() {
    Dataset ds = dataset();
    ExpressionBindException e = assertThrows(ExpressionBindException.class, () -> plan(ds, "idd = 1", new PruningMetrics()));
    assertTrue(e.getMessage().contains("idd") && e.getMessage().contains("id, s, x, year"), e.getMessage());
    ExpressionBindException t = assertThrows(ExpressionBindException.class, () -> plan(ds, "year = 'soon'", new PruningMetrics()));
    assertTrue(t.getMessage().contains("year") && t.getMessage().contains("'soon'"), t.getMessage());
  }

  @Test
  void metricsAsJsonNames() {
    PruningMetrics m = new PruningMetrics();
    plan(dataset(), "year = 2024 and id < 20100", m);
    Map<String, Long> map = m.toMap();
    assertEquals(List.of("files", "files_pruned", "row_groups", "row_groups_pruned_by_statistics",
        "row_groups_pruned_by_dictionary", "row_groups_pruned_by_bloom_filter", "row_groups_pruned_by_page_index",
        "pages", "pages_skipped", "bytes_read"), List.copyOf(map.keySet()));
    assertEquals(3L, map.get("files"));
    assertEquals(2L, map.get("files_pruned"));
    assertEquals(10L, map.get("row_groups"));
    assertEquals(9L, map.get("row_groups_pruned_by_statistics"));
    // ids 20000..20098 are page 0 of row group 0.
    assertEquals(10L, map.get("pages"));
    assertEquals(9L, map.get("pages_skipped"));
  }
}
