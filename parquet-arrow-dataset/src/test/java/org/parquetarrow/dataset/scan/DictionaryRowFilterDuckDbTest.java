package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Scans whose filter steps on filter-only dictionary columns are answered by the reader as it
 * decodes the indices ({@link org.parquetarrow.read.DictionaryRowFilter}), against DuckDB on the
 * same files: one of v1 pages, one of v2 pages; two row groups each; columns {@code b1 .. b11} of
 * 2 .. 2^11 distinct values (index bit widths 1 .. 11, bit-packed); {@code r} in runs of 150 equal
 * values (RLE runs crossing pages of 500 rows and batches of 128 or 1000, sorted so the page
 * index prunes pages); {@code x} whose dictionary is in another order in the second row group;
 * {@code f} with more distinct values than its dictionary page holds (plain pages mid-chunk);
 * nulls in every column but {@code id}.
 */
class DictionaryRowFilterDuckDbTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 12_000;

  @Test
  void answeredStepsAgreeWithDuckDb() throws Exception {
    write(dir.resolve("v1.parquet"), DataPageVersion.V1, 0);
    write(dir.resolve("v2.parquet"), DataPageVersion.V2, 100_000);
    List<String> filters = List.of(
        "b1 = 1", "b2 in (0, 3)", "b3 between 2 and 5", "not (b4 < 8)", "b5 >= 7 and b5 < 20",
        "b6 <> 10 and id < 9000", "b7 < 64", "not (b8 in (1, 2, 3))", "b9 > 300 and b9 <= 400",
        "b10 = 1000 or b10 < 100", "b11 < 1000 and b1 = 0",
        "r between 20 and 40", "r = 10 and x = 3", "x in (1, 4)", "x is null", "x is not null and b3 = 2",
        "f < 10000", "f between 100 and 900 and b2 = 1", "not (f = 5)",
        "r >= 30 and r < 50 and x between 1 and 3 and b4 < 12");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      for (String where : filters) {
        List<Integer> want = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT id FROM read_parquet('" + dir + "/*.parquet') WHERE " + where + " ORDER BY id")) {
          while (rs.next()) {
            want.add(rs.getInt(1));
          }
        }
        for (int batch : new int[] {128, 1000}) {
          for (ScanOptions.LateMaterialization late : ScanOptions.LateMaterialization.values()) {
            assertEquals(want, scan(where, batch, late), where + ", batch " + batch + ", " + late);
          }
        }
      }
    }
  }

  /**
   * Spark pushes {@code isnotnull(c)} beside every comparison on {@code c} (TPC-H Q6's shape): the
   * comparisons are still answered from the indices (all {@code k} columns, every row read, by the
   * scan's metrics), and the rows are DuckDB's, nulls in every column tested.
   */
  @Test
  void sparksIsNotNullBesideAComparisonStillAnswersFromIndices() throws Exception {
    write(dir.resolve("v1.parquet"), DataPageVersion.V1, 0);
    write(dir.resolve("v2.parquet"), DataPageVersion.V2, 100_000);
    Map<String, Integer> filters = new LinkedHashMap<>();
    filters.put("x is not null and x >= 1 and x < 4", 1);
    filters.put("r is not null and b5 is not null and r >= 30 and r < 50 and b5 >= 7 and b5 < 20", 2);
    filters.put("b3 is not null and b3 between 2 and 5 and b3 is not null", 1);
    filters.put("not (b9 is null) and b9 > 300 and b9 <= 400", 1);
    // f, with plain pages mid-chunk, is read as values: its null check is evaluated on them
    filters.put("f is not null and b2 is not null and f < 10000 and b2 = 1 and x is not null and x >= 2", 2);
    filters.put("b4 is not null and b6 is not null and b4 < 12", 1); // b6's check is no comparison's: evaluated
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      for (Map.Entry<String, Integer> e : filters.entrySet()) {
        String where = e.getKey();
        List<Integer> want = duckDb(st, where);
        for (int batch : new int[] {128, 1000}) {
          for (ScanOptions.LateMaterialization late : ScanOptions.LateMaterialization.values()) {
            ScanMetrics[] metrics = new ScanMetrics[1];
            assertEquals(want, scan(where, batch, late, metrics), where + ", batch " + batch + ", " + late);
            assertEquals(e.getValue() * metrics[0].rowsRead(), metrics[0].valuesAnsweredFromIndices(),
                where + ", batch " + batch + ", " + late + ": " + metrics[0]);
            assertTrue(metrics[0].rowsRead() > 0, where);
          }
        }
      }
    }
    Schema schema = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults()).schema();
    assertEquals(Set.of("x", "r"), answerable(schema, "x is not null and r is not null and x = 1 and r < 3"));
    assertEquals(Set.of("r"), answerable(schema, "x is not null and r is not null and r < 3"));
    assertEquals(Set.of(), answerable(schema, "x is not null and x is not null"));
    // a null test that is true on a null still makes a second step on its column
    assertEquals(Set.of("r"), answerable(schema, "x is null and x = 1 and r < 3"));
  }

  private List<Integer> duckDb(Statement st, String where) throws Exception {
    List<Integer> want = new ArrayList<>();
    try (ResultSet rs = st.executeQuery("SELECT id FROM read_parquet('" + dir + "/*.parquet') WHERE " + where + " ORDER BY id")) {
      while (rs.next()) {
        want.add(rs.getInt(1));
      }
    }
    return want;
  }

  @Test
  void onlyStepsOnOneColumnNeverTrueOnANullAreAnswered() throws Exception {
    write(dir.resolve("v1.parquet"), DataPageVersion.V1, 0);
    Schema schema = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults()).schema();
    assertEquals(Set.of("r", "x"), answerable(schema, "r between 1 and 3 and x in (1, 2) and (b1 = 0 or b2 = 1)"));
    assertEquals(Set.of("r"), answerable(schema, "r >= 1 and r < 3 and (x is null or x = 2)"));
    assertEquals(Set.of("b1"), answerable(schema, "not (b1 = 0) and b2 <> 1 and b2 = 3"));
    assertEquals(Set.of("x"), answerable(schema, "x in (1, 2)"));
    assertEquals(Set.of(), answerable(schema, "x is not null"));
  }

  private static Set<String> answerable(Schema schema, String filter) {
    return new FilterEvaluator(ExpressionBinder.bind(ExpressionParser.parse(filter), schema)).answerableColumns();
  }

  private List<Integer> scan(String filter, int batch, ScanOptions.LateMaterialization late) throws Exception {
    return scan(filter, batch, late, new ScanMetrics[1]);
  }

  /** The ids of the rows the scan keeps, sorted; its metrics in {@code metrics[0]}. */
  private List<Integer> scan(String filter, int batch, ScanOptions.LateMaterialization late, ScanMetrics[] metrics) throws Exception {
    Dataset ds = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
    ScanOptions options = ScanOptions.builder().columns("id").filter(filter).batchSize(batch).parallelism(1)
        .lateMaterialization(late).build();
    List<Integer> ids = new ArrayList<>();
    try (ScanReader r = Scanner.scan(ds, options, memory.allocator())) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot b = r.getVectorSchemaRoot();
        IntVector id = (IntVector) b.getVector("id");
        for (int i = 0; i < b.getRowCount(); i++) {
          ids.add(id.get(i));
        }
      }
      metrics[0] = r.metrics();
    }
    ids.sort(null);
    return ids;
  }

  /**
   * Rows {@code id = base + i}, row groups of 6,000, pages of at most 500 rows: {@code bk = (i *
   * 2654435761) >>> 7 mod 2^k} (null where {@code i % 17 == 0}); {@code r = i / 150} (null where
   * {@code i % 1000 < 10}); {@code x = i % 5} in the first row group, {@code 4 - i % 5} in the
   * second (null where {@code i % 23 == 0}); {@code f = i * 7919 mod 30011} (null where {@code i %
   * 13 == 0}), past the 16 KiB dictionary page limit after some 4,000 values.
   */
  private void write(Path file, DataPageVersion version, int base) throws Exception {
    List<Field> fields = new ArrayList<>();
    fields.add(Field.notNullable("id", new ArrowType.Int(32, true)));
    for (int k = 1; k <= 11; k++) {
      fields.add(Field.nullable("b" + k, new ArrowType.Int(32, true)));
    }
    fields.add(Field.nullable("r", new ArrowType.Int(32, true)));
    fields.add(Field.nullable("x", new ArrowType.Int(32, true)));
    fields.add(Field.nullable("f", new ArrowType.Int(32, true)));
    Schema schema = new Schema(fields);
    WriterProperties props = WriterProperties.builder().rowGroupRows(6_000).dataPageRowLimit(500)
        .dictionaryPageSizeLimit(16 * 1024).dataPageVersion(version).pageIndex(true).build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
      root.allocateNew();
      for (int i = 0; i < ROWS; i++) {
        ((IntVector) root.getVector("id")).setSafe(i, base + i);
        long h = (i * 2654435761L) >>> 7;
        for (int k = 1; k <= 11; k++) {
          IntVector b = (IntVector) root.getVector("b" + k);
          if (i % 17 == 0) {
            b.setNull(i);
          } else {
            b.setSafe(i, (int) (h & ((1 << k) - 1)));
          }
        }
        set(root, "r", i, i % 1000 < 10 ? null : i / 150);
        set(root, "x", i, i % 23 == 0 ? null : i < 6_000 ? i % 5 : 4 - i % 5);
        set(root, "f", i, i % 13 == 0 ? null : (int) (i * 7919L % 30011));
      }
      root.setRowCount(ROWS);
      w.write(root);
    }
  }

  private static void set(VectorSchemaRoot root, String name, int i, Integer v) {
    IntVector vec = (IntVector) root.getVector(name);
    if (v == null) {
      vec.setNull(i);
    } else {
      vec.setSafe(i, v);
    }
  }
}
