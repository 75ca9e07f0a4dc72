package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.dataset.scan.ScanOptions.LateMaterialization;
import org.parquetarrow.dataset.testing.RowFilter;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Late materialisation from the user's side: every policy returns the rows (and, ordered, the
 * order) of a plain Java filter over the dataset read without a filter, on random data with nulls,
 * pages of 50 rows, row groups of 200, four files, a partition column and a column one file lacks;
 * with limits, nested columns, a partition column in the filter, filters keeping nothing or
 * everything; and the metrics say what it did.
 */
class LateMaterializationTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final List<String> ALL = List.of("i", "k", "f", "g", "m", "d", "t", "s", "b", "p");

  /** What a scan returned: its rows rendered in order, and its metrics. */
  private record Result(List<String> rows, ScanMetrics metrics) {}

  private Dataset randomDataset(long seed) {
    RandomHiveDataset.write(memory.allocator(), dir, new Random(seed));
    return DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
  }

  /** Every row of {@code ds} (all columns), in file order, as column name to oracle value. */
  private List<Map<String, Object>> everyRow(Dataset ds) throws Exception {
    List<Map<String, Object>> out = new ArrayList<>();
    ScanOptions plain = ScanOptions.builder().parallelism(1).ordered(true).build();
    try (ScanReader reader = Scanner.scan(ds, plain, memory.allocator())) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int i = 0; i < root.getRowCount(); i++) {
          Map<String, Object> row = new HashMap<>();
          for (FieldVector v : root.getFieldVectors()) {
            row.put(v.getName(), RowFilter.value(v, i));
          }
          out.add(row);
        }
      }
    }
    return out;
  }

  /** The rows of {@code all} the bound {@code filter} is true for, cut to {@code columns}, rendered. */
  private static List<String> expected(List<Map<String, Object>> all, Expression bound, List<String> columns) {
    List<String> out = new ArrayList<>();
    for (Map<String, Object> row : all) {
      if (bound == null || RowFilter.matches(bound, ref -> row.get(ref.path().get(0)))) {
        List<String> cells = new ArrayList<>();
        columns.forEach(c -> cells.add(render(row.get(c))));
        out.add(String.join("|", cells));
      }
    }
    return out;
  }

  private static String render(Object v) {
    return v instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(v);
  }

  private Result scan(Dataset ds, ScanOptions options) throws Exception {
    List<String> rows = new ArrayList<>();
    try (ScanReader reader = Scanner.scan(ds, options, memory.allocator())) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int i = 0; i < root.getRowCount(); i++) {
          List<String> cells = new ArrayList<>();
          for (FieldVector v : root.getFieldVectors()) {
            cells.add(v.getField().getType() instanceof ArrowType.Struct || v instanceof ListVector
                ? String.valueOf(v.getObject(i)) : render(RowFilter.value(v, i)));
          }
          rows.add(String.join("|", cells));
        }
      }
      return new Result(rows, reader.metrics());
    }
  }

  private static List<String> someColumns(Random r) {
    List<String> out = new ArrayList<>();
    for (String c : ALL) {
      if (r.nextInt(3) == 0) {
        out.add(c);
      }
    }
    if (out.isEmpty()) {
      out.add(ALL.get(r.nextInt(ALL.size())));
    }
    return out;
  }

  @Test
  void everyPolicyReturnsThePlainFiltersRowsInOrderForRandomFilters() throws Exception {
    Dataset ds = randomDataset(4242);
    List<Map<String, Object>> all = everyRow(ds);
    Random r = new Random(77);
    long lateGroups = 0;
    long rowsLeftUndecoded = 0;
    long compared = 0;
    for (int n = 0; n < 80; n++) {
      Expression filter = RandomHiveDataset.filter(r, 3);
      List<String> columns = someColumns(r);
      List<String> want = expected(all, ExpressionBinder.bind(filter, ds.schema()), columns);
      ScanOptions base = ScanOptions.builder()
          .columns(columns)
          .filter(filter)
          .batchSize(1 + r.nextInt(300))
          .parallelism(1 + r.nextInt(3))
          .ordered(true)
          .pruning(r.nextBoolean() ? PruningOptions.ALL : PruningOptions.NONE)
          .build();
      for (LateMaterialization policy : LateMaterialization.values()) {
        // the reading thread alternates, so that both run every policy over the filters
        ScanOptions.ReadingThread thread = ScanOptions.ReadingThread.values()[(n + policy.ordinal()) % 2];
        Result got = scan(ds, base.toBuilder().lateMaterialization(policy).readingThread(thread).build());
        String what = policy + " " + thread + " " + filter.toSql() + " " + columns;
        assertEquals(want, got.rows(), what);
        assertEquals(want.size(), got.metrics().rowsOut(), what);
        if (policy == LateMaterialization.NEVER) {
          assertEquals(0, got.metrics().rowGroupsLateMaterialized(), what);
          assertEquals(got.metrics().rowsRead(), got.metrics().rowsMaterialized(), what);
        }
        if (policy == LateMaterialization.ALWAYS) {
          lateGroups += got.metrics().rowGroupsLateMaterialized();
          rowsLeftUndecoded += got.metrics().rowsRead() - got.metrics().rowsMaterialized();
          assertTrue(got.metrics().rowsMaterialized() <= got.metrics().rowsRead(), what);
        }
      }
      compared += want.size();
    }
    assertTrue(compared > 5_000, "rows compared: " + compared);
    assertTrue(lateGroups > 100, "row groups late-materialised: " + lateGroups);
    assertTrue(rowsLeftUndecoded > 10_000, "rows whose other columns were not decoded: " + rowsLeftUndecoded);
  }

  @Test
  void limitsGiveThePlainFiltersFirstRows() throws Exception {
    Dataset ds = randomDataset(99);
    List<Map<String, Object>> all = everyRow(ds);
    List<String> columns = List.of("k", "s", "p");
    for (String where : List.of("i > 50", "s like 'a%' and f < 0", "p >= 1 and k > 100300", "i is null")) {
      Expression filter = ExpressionParser.parse(where);
      List<String> want = expected(all, ExpressionBinder.bind(filter, ds.schema()), columns);
      for (long limit : List.of(1L, 7L, 130L, 10_000L)) {
        for (LateMaterialization policy : LateMaterialization.values()) {
          for (ScanOptions.ReadingThread thread : ScanOptions.ReadingThread.values()) {
            ScanOptions options = ScanOptions.builder().columns(columns).filter(filter).limit(limit).batchSize(64)
                .parallelism(2).ordered(true).lateMaterialization(policy).readingThread(thread).build();
            assertEquals(want.subList(0, (int) Math.min(limit, want.size())), scan(ds, options).rows(),
                policy + " " + thread + " " + where + " limit " + limit);
          }
        }
      }
    }
  }

  @Test
  void aFilterOnAPartitionColumnWithAFileColumn() throws Exception {
    Dataset ds = randomDataset(5);
    List<Map<String, Object>> all = everyRow(ds);
    List<String> columns = List.of("k", "s", "m");
    for (String where : List.of("p = 1 or i < -60", "p >= 1 and i < 0", "not (p = 2) and b = true")) {
      Expression filter = ExpressionParser.parse(where);
      List<String> want = expected(all, ExpressionBinder.bind(filter, ds.schema()), columns);
      for (LateMaterialization policy : LateMaterialization.values()) {
        Result got = scan(ds, ScanOptions.builder().columns(columns).filter(filter).batchSize(77).ordered(true)
            .lateMaterialization(policy).build());
        assertEquals(want, got.rows(), policy + " " + where);
        if (policy == LateMaterialization.ALWAYS) {
          assertTrue(got.metrics().rowGroupsLateMaterialized() > 0, where);
        }
      }
    }
  }

  @Test
  void filtersKeepingNothingOrEverything() throws Exception {
    Dataset ds = randomDataset(17);
    List<Map<String, Object>> all = everyRow(ds);
    List<String> columns = List.of("s", "t", "f");
    // without pruning every row group needs the filter, so each one is late-materialised under ALWAYS
    Map<String, Integer> wantRows = Map.of("i is null and b is not null", 0, "i is null or i is not null", all.size());
    for (Map.Entry<String, Integer> e : wantRows.entrySet()) {
      Expression filter = ExpressionParser.parse(e.getKey());
      List<String> want = expected(all, ExpressionBinder.bind(filter, ds.schema()), columns);
      assertEquals(e.getValue(), want.size(), e.getKey());
      for (LateMaterialization policy : LateMaterialization.values()) {
        Result got = scan(ds, ScanOptions.builder().columns(columns).filter(filter).ordered(true)
            .pruning(PruningOptions.NONE).lateMaterialization(policy).build());
        assertEquals(want, got.rows(), policy + " " + e.getKey());
        if (policy == LateMaterialization.ALWAYS) {
          assertEquals(got.metrics().rowGroupsRead(), got.metrics().rowGroupsLateMaterialized(), e.getKey());
          assertEquals(want.size(), got.metrics().rowsMaterialized(), e.getKey());
        }
      }
    }
  }

  /**
   * Two files of 60,000 rows in row groups of 20,000: {@code id}, {@code x} (0..99, scattered by a
   * hash of the id), a string and a double; {@code x} is null in one row of 50.
   */
  private Dataset wideRowGroups() throws Exception {
    return wideRowGroups(true);
  }

  /** {@link #wideRowGroups()}, {@code id} and {@code value} without dictionaries when {@code dictionary} is false. */
  private Dataset wideRowGroups(boolean dictionary) throws Exception {
    Schema schema = new Schema(List.of(
        Field.nullable("id", new ArrowType.Int(64, true)),
        Field.nullable("x", new ArrowType.Int(32, true)),
        Field.nullable("payload", ArrowType.Utf8.INSTANCE),
        Field.nullable("value", new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE))));
    for (int f = 0; f < 2; f++) {
      try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
        int rows = 60_000;
        root.allocateNew();
        for (int r = 0; r < rows; r++) {
          long id = f * 1_000_000L + r;
          ((org.apache.arrow.vector.BigIntVector) root.getVector("id")).setSafe(r, id);
          if (r % 50 != 0) {
            ((IntVector) root.getVector("x")).setSafe(r, (int) Long.remainderUnsigned(id * 0x9E3779B97F4A7C15L >>> 17, 100));
          }
          ((VarCharVector) root.getVector("payload")).setSafe(r, ("payload-" + Long.toHexString(id * 31)).getBytes(StandardCharsets.UTF_8));
          ((org.apache.arrow.vector.Float8Vector) root.getVector("value")).setSafe(r, id / 3.0);
        }
        root.setRowCount(rows);
        WriterProperties.Builder pb = WriterProperties.builder().rowGroupRows(20_000).pageIndex(true);
        if (!dictionary) {
          pb.column("id", c -> c.dictionary(false)).column("value", c -> c.dictionary(false));
        }
        WriterProperties props = pb.build();
        try (ParquetFileWriter w = ParquetFileWriter.open(dir.resolve("w" + f + ".parquet"), schema, props)) {
          w.write(root);
        }
      }
    }
    return DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
  }

  @Test
  void autoLateMaterialisesAFilterKeepingFewRowsOnceItHasSeenItButNotOneKeepingMost() throws Exception {
    Dataset ds = wideRowGroups();
    List<String> columns = List.of("id", "payload", "value");
    List<String> every = scan(ds, ScanOptions.builder().columns("id", "payload", "value", "x").ordered(true).build()).rows();
    ScanOptions.Builder b = ScanOptions.builder().columns(columns).parallelism(1).ordered(true)
        .lateMaterialization(LateMaterialization.AUTO);
    Map<String, Predicate<Integer>> cases = new java.util.LinkedHashMap<>();
    cases.put("x = 7", x -> x == 7);
    cases.put("x < 90", x -> x < 90);
    Map<String, ScanMetrics> metrics = new HashMap<>();
    for (Map.Entry<String, Predicate<Integer>> e : cases.entrySet()) {
      List<String> want = new ArrayList<>();
      for (String row : every) {
        String[] c = row.split("\\|", -1);
        if (!c[3].equals("null") && e.getValue().test(Integer.parseInt(c[3]))) {
          want.add(c[0] + "|" + c[1] + "|" + c[2]);
        }
      }
      Result got = scan(ds, b.filter(e.getKey()).build());
      assertEquals(want, got.rows(), e.getKey());
      metrics.put(e.getKey(), got.metrics());
    }
    // 1% kept, one by one: after the first row group (read whole, to see the filter at work) every one is late
    ScanMetrics sparse = metrics.get("x = 7");
    assertEquals(6, sparse.rowGroupsRead());
    assertEquals(5, sparse.rowGroupsLateMaterialized(), sparse.toString());
    assertTrue(sparse.rowsMaterialized() < 20_000 + 5 * 20_000 / 50, sparse.toString());
    // 90% kept in runs of ten: skipping would cost more than it saves
    ScanMetrics most = metrics.get("x < 90");
    assertEquals(0, most.rowGroupsLateMaterialized(), most.toString());
    assertEquals(most.rowsRead(), most.rowsMaterialized());
  }

  /**
   * With only PLAIN fixed-width columns to read after the filter, a row dropped saves a copy while
   * every page holding a kept row is decompressed all the same: AUTO reads such row groups whole
   * even at 1% kept (late materialisation made TPC-H Q6 slower), but still late-materialises once
   * a string column is projected.
   */
  @Test
  void autoReadsWholeWhenOnlyPlainFixedWidthColumnsWouldBeSkipped() throws Exception {
    Dataset ds = wideRowGroups(false);
    for (String f : List.of("w0.parquet", "w1.parquet")) {
      org.parquetarrow.format.FileMetaData meta;
      try (var in = org.parquetarrow.io.LocalInputFile.open(dir.resolve(f))) {
        meta = org.parquetarrow.metadata.ParquetFooter.read(in).metadata();
      }
      for (var rg : meta.rowGroups()) {
        for (var c : rg.columns()) {
          String name = c.metaData().pathInSchema().get(0);
          if (name.equals("id") || name.equals("value")) {
            assertTrue(LateMaterializationPlanner.plainFixedWidth(c.metaData()), name + " " + c.metaData().encodings());
          }
          if (name.equals("payload") || name.equals("x")) {
            assertFalse(LateMaterializationPlanner.plainFixedWidth(c.metaData()), name + " " + c.metaData().encodings());
          }
        }
      }
    }
    List<String> every = scan(ds, ScanOptions.builder().columns("id", "payload", "value", "x").ordered(true).build()).rows();
    for (List<String> columns : List.of(List.of("id", "value"), List.of("id", "payload", "value"))) {
      List<String> want = new ArrayList<>();
      for (String row : every) {
        String[] c = row.split("\\|", -1);
        if (c[3].equals("7")) {
          want.add(columns.size() == 2 ? c[0] + "|" + c[2] : c[0] + "|" + c[1] + "|" + c[2]);
        }
      }
      Result got = scan(ds, ScanOptions.builder().columns(columns).parallelism(1).ordered(true)
          .lateMaterialization(LateMaterialization.AUTO).filter("x = 7").build());
      assertEquals(want, got.rows(), columns.toString());
      assertEquals(6, got.metrics().rowGroupsRead());
      assertEquals(columns.size() == 2 ? 0 : 5, got.metrics().rowGroupsLateMaterialized(), columns + " " + got.metrics());
    }
  }

  @Test
  void nothingToGainWhenTheFilterReadsEveryProjectedColumn() throws Exception {
    Dataset ds = randomDataset(8);
    Result got = scan(ds, ScanOptions.builder().columns("i", "p").filter("i > 0 or p = 1").ordered(true)
        .lateMaterialization(LateMaterialization.ALWAYS).build());
    assertEquals(expected(everyRow(ds), ExpressionBinder.bind(ExpressionParser.parse("i > 0 or p = 1"), ds.schema()),
        List.of("i", "p")), got.rows());
    assertEquals(0, got.metrics().rowGroupsLateMaterialized());
  }

  /** A file of {@code rows} rows: id, a struct {name, age} (some null), a list of ints (some null or empty). */
  private void writeNested(Path file, int first, int rows) throws Exception {
    Field age = Field.nullable("age", new ArrowType.Int(32, true));
    Field name = Field.nullable("name", ArrowType.Utf8.INSTANCE);
    Schema schema = new Schema(List.of(
        Field.nullable("id", new ArrowType.Int(32, true)),
        new Field("user", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(name, age)),
        new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE),
            List.of(Field.nullable("element", new ArrowType.Int(32, true))))));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      root.allocateNew();
      IntVector id = (IntVector) root.getVector("id");
      StructVector user = (StructVector) root.getVector("user");
      UnionListWriter tags = ((ListVector) root.getVector("tags")).getWriter();
      for (int r = 0; r < rows; r++) {
        int v = first + r;
        id.setSafe(r, v);
        if (v % 7 == 3) {
          user.setNull(r);
        } else {
          user.setIndexDefined(r);
          ((VarCharVector) user.getChild("name")).setSafe(r, ("n" + v).getBytes(StandardCharsets.UTF_8));
          if (v % 5 != 0) {
            ((IntVector) user.getChild("age")).setSafe(r, v % 90);
          }
        }
        tags.setPosition(r);
        if (v % 11 != 4) {
          tags.startList();
          for (int k = 0; k < v % 4; k++) {
            tags.integer().writeInt(v * 10 + k);
          }
          tags.endList();
        }
      }
      root.setRowCount(rows);
      ((ListVector) root.getVector("tags")).setValueCount(rows);
      Files.createDirectories(file.getParent());
      WriterProperties props = WriterProperties.builder().rowGroupRows(300).dataPageRowLimit(40).pageIndex(true).build();
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
        w.write(root);
      }
    }
  }

  @Test
  void nestedProjectedColumnsAndANestedFilterColumn() throws Exception {
    writeNested(dir.resolve("a.parquet"), 0, 1000);
    writeNested(dir.resolve("b.parquet"), 1000, 700);
    Dataset ds = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
    // the expected rows: every row read without a filter, filtered by a Java predicate on the id
    List<String> every = scan(ds, ScanOptions.builder().columns("id", "user", "tags").ordered(true).build()).rows();
    // the data is a function of id (see writeNested): user.age is null for a null user (id % 7 == 3) or id % 5 == 0
    Map<String, Predicate<Integer>> cases = Map.of(
        "id < 40 or id between 900 and 1100 or id >= 1690", id -> id < 40 || (id >= 900 && id <= 1100) || id >= 1690,
        "user.age > 80", id -> id % 7 != 3 && id % 5 != 0 && id % 90 > 80);
    for (Map.Entry<String, Predicate<Integer>> e : cases.entrySet()) {
      List<String> want = new ArrayList<>();
      for (String row : every) {
        if (e.getValue().test(Integer.parseInt(row.substring(0, row.indexOf('|'))))) {
          want.add(row);
        }
      }
      assertTrue(want.size() > 20 && want.size() < 400, e.getKey() + ": " + want.size());
      for (LateMaterialization policy : LateMaterialization.values()) {
        Result got = scan(ds, ScanOptions.builder().columns("id", "user", "tags").filter(e.getKey()).batchSize(97)
            .ordered(true).pruning(PruningOptions.NONE).lateMaterialization(policy).build());
        assertEquals(want, got.rows(), policy + " " + e.getKey());
        if (policy == LateMaterialization.ALWAYS) {
          assertTrue(got.metrics().rowGroupsLateMaterialized() > 0, e.getKey());
        }
      }
    }
  }
}
