package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Scans whose filter tests dictionary entries, with the per-entry results kept from batch to batch
 * ({@link DictionaryResults}), against DuckDB on the same file: three row groups whose chunks hold
 * the same three values of a column in another order each (dictionaries of the same size that a
 * result keyed by anything but their entries would mix up), batches of 128 rows (several per
 * chunk, so results are reused), nulls in every column, doubles with NaN, -0.0 and 0.0, a string
 * column handed out dictionary-encoded, and an integer column whose chunks fall back from
 * dictionary to plain pages mid-chunk.
 */
class DictionaryResultsDuckDbTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 3_000;
  private static final LocalDate DAY = LocalDate.of(1994, 1, 1);
  /** Per row group, the value of a row by {@code id % 3}: the same values, another order each. */
  private static final int[][] DAYS = {{0, 1, 2}, {2, 1, 0}, {1, 2, 0}};
  private static final double[][] DOUBLES = {{Double.NaN, -0.0, 1.5}, {0.0, Double.NaN, 1.5}, {1.5, -0.0, Double.NaN}};
  private static final String[][] STRINGS = {{"red", "green", "blue"}, {"blue", "red", "green"}, {"green", "blue", "red"}};

  @Test
  void filtersOnDictionaryEntriesAgreeWithDuckDb() throws Exception {
    Path file = dir.resolve("t.parquet");
    write(file);
    List<String> filters = List.of(
        "d = date '1994-01-02'",
        "d >= date '1994-01-02' and d < date '1994-01-03'",
        "d between date '1994-01-01' and date '1994-01-02'",
        "g = 0", "g > 1", "g < 1", "g = 1.5 or d = date '1994-01-01'",
        "s = 'red'", "s in ('blue', 'green')", "s like 'gr%'", "not (s = 'red')",
        "f < 500", "f between 100 and 900", "f >= 20 and f < 1500 and s <> 'blue'",
        "s = 'red' and d > date '1994-01-01' and g >= 0");
    int nonEmpty = 0;
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      for (String where : filters) {
        List<Integer> want = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT id FROM read_parquet('" + file + "') WHERE " + where + " ORDER BY id")) {
          while (rs.next()) {
            want.add(rs.getInt(1));
          }
        }
        assertEquals(want, scan(where), where);
        nonEmpty += want.isEmpty() || want.size() == ROWS ? 0 : 1;
      }
    }
    assertEquals(filters.size(), nonEmpty, "every filter keeps some rows and not others");
  }

  private List<Integer> scan(String filter) throws Exception {
    Dataset ds = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
    ScanOptions options = ScanOptions.builder().columns("id", "s").dictionaryColumns("s").filter(filter)
        .batchSize(128).parallelism(1).build();
    List<Integer> ids = new ArrayList<>();
    try (ScanReader r = Scanner.scan(ds, options, memory.allocator())) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot b = r.getVectorSchemaRoot();
        assertTrue(b.getVector("s").getField().getDictionary() != null, "s is handed out dictionary-encoded");
        IntVector id = (IntVector) b.getVector("id");
        for (int i = 0; i < b.getRowCount(); i++) {
          ids.add(id.get(i));
        }
      }
    }
    ids.sort(null);
    return ids;
  }

  /**
   * Row group {@code g = id / 1000}: {@code d}, {@code g} and {@code s} from their tables by
   * {@code id % 3}; {@code f = id * 7919 % 2003} (about a thousand values a chunk, past the 1 KiB
   * dictionary page limit, so the rest of the chunk is plain). Nulls: {@code d} where {@code id %
   * 7 == 0}, {@code g} where {@code id % 5 == 0}, {@code s} where {@code id % 11 == 0}, {@code f}
   * where {@code id % 13 == 0}.
   */
  private void write(Path file) throws Exception {
    Schema schema = new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(32, true)),
        Field.nullable("d", new ArrowType.Date(DateUnit.DAY)),
        Field.nullable("g", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        Field.nullable("s", ArrowType.Utf8.INSTANCE),
        Field.nullable("f", new ArrowType.Int(32, true))));
    WriterProperties props = WriterProperties.builder().rowGroupRows(1_000).dataPageRowLimit(200)
        .dictionaryPageSizeLimit(1_024).column("s", c -> c.dictionary(true)).build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
      root.allocateNew();
      for (int id = 0; id < ROWS; id++) {
        int g = id / 1_000;
        int k = id % 3;
        ((IntVector) root.getVector("id")).setSafe(id, id);
        if (id % 7 != 0) {
          ((DateDayVector) root.getVector("d")).setSafe(id, (int) DAY.plusDays(DAYS[g][k]).toEpochDay());
        }
        if (id % 5 != 0) {
          ((Float8Vector) root.getVector("g")).setSafe(id, DOUBLES[g][k]);
        }
        if (id % 11 != 0) {
          ((VarCharVector) root.getVector("s")).setSafe(id, STRINGS[g][k].getBytes(StandardCharsets.UTF_8));
        }
        if (id % 13 != 0) {
          ((IntVector) root.getVector("f")).setSafe(id, (int) (id * 7919L % 2003));
        }
      }
      root.setRowCount(ROWS);
      w.write(root);
    }
  }
}
