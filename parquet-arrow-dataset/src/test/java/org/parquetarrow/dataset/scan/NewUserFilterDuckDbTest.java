package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * What a new user found differing from DuckDB when probing the filter language: each filter runs
 * through {@link Scanner} and through DuckDB's {@code WHERE} over the same files, and the rows
 * kept (by {@code id}) must be the same.
 */
class NewUserFilterDuckDbTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;
  private Connection duck;
  private Statement st;

  @BeforeEach
  void openDuckDb() throws Exception {
    duck = DriverManager.getConnection("jdbc:duckdb:");
    st = duck.createStatement();
    // literals without a zone are UTC in our filters: make them so in DuckDB's casts too
    st.execute("SET TimeZone = 'UTC'");
  }

  @AfterEach
  void closeDuckDb() throws Exception {
    st.close();
    duck.close();
  }

  /**
   * x sorted (so statistics and the page index separate values), a null every seventh row, x and s
   * dictionary-encoded with bloom filters: every pruner sees the lists.
   */
  private Path writeInts() throws Exception {
    Schema schema = new Schema(List.of(
        Field.nullable("id", new ArrowType.Int(64, true)),
        Field.nullable("x", new ArrowType.Int(32, true)),
        Field.nullable("s", ArrowType.Utf8.INSTANCE)));
    Path file = dir.resolve("ints/part.parquet");
    Files.createDirectories(file.getParent());
    WriterProperties props = WriterProperties.builder().rowGroupRows(100).dataPageRowLimit(20).pageIndex(true)
        .column("x", c -> c.dictionary(true).bloomFilter(new BloomFilterOptions(100, 0.01)))
        .column("s", c -> c.dictionary(true).bloomFilter(new BloomFilterOptions(100, 0.01)))
        .build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      root.allocateNew();
      for (int row = 0; row < 1000; row++) {
        ((BigIntVector) root.getVector("id")).setSafe(row, row);
        if (row % 7 != 3) {
          ((IntVector) root.getVector("x")).setSafe(row, row / 20);
          ((VarCharVector) root.getVector("s")).setSafe(row, ("v" + row / 150).getBytes(StandardCharsets.UTF_8));
        } else {
          root.getVector("x").setNull(row);
          root.getVector("s").setNull(row);
        }
      }
      root.setRowCount(1000);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
        w.write(root);
      }
    }
    return file.getParent();
  }

  private List<Long> ours(Dataset ds, String where) throws Exception {
    List<Long> out = new ArrayList<>();
    try (ScanReader r = Scanner.scan(ds, ScanOptions.builder().columns("id").filter(where).batchSize(128).build(),
        memory.allocator())) {
      while (r.loadNextBatch()) {
        BigIntVector id = (BigIntVector) r.getVectorSchemaRoot().getVector("id");
        for (int i = 0; i < id.getValueCount(); i++) {
          out.add(id.get(i));
        }
      }
    }
    out.sort(null);
    return out;
  }

  private List<Long> duckDb(String from, String where) throws Exception {
    List<Long> out = new ArrayList<>();
    try (ResultSet rs = st.executeQuery("SELECT id FROM " + from + " WHERE " + where + " ORDER BY id")) {
      while (rs.next()) {
        out.add(rs.getLong(1));
      }
    }
    return out;
  }

  private static String parquetIn(Path folder) {
    return "read_parquet('" + folder + "/**/*.parquet', hive_partitioning = true)";
  }

  /** Asserts equal rows for each filter; returns how many rows DuckDB kept in all. */
  private long assertSameRows(Dataset ds, String from, List<String> filters) throws Exception {
    long kept = 0;
    for (String where : filters) {
      List<Long> want = duckDb(from, where);
      assertEquals(want, ours(ds, where), where);
      kept += want.size();
    }
    return kept;
  }

  @Test
  void aNullInAnInListMakesMissesUnknown() throws Exception {
    Path folder = writeInts();
    Dataset ds = DatasetDiscovery.directory(folder, DiscoveryOptions.defaults());
    long kept = assertSameRows(ds, parquetIn(folder), List.of(
        "x in (1, null)", "x not in (1, null)", "x in (null)", "x not in (null)",
        "not (x in (3, null))", "not (x not in (3, null))", "x in (3, null) or id < 5",
        "x not in (3, null) or id < 5", "x not in (3, null) or x is null", "not (x in (1000, null)) or id = 7",
        "x in (1000, null)", "x in (2, 30, null) and s in ('v0', 'v4', null)", "s not in ('v1', null)",
        "s in (null, 'v2')", "not (s in ('v9', null) or x > 40)", "x not in (2, 3) and not (x in (null))"));
    assertTrue(kept > 100, "rows compared: " + kept);
    // never true on any row: the pruners may (and statistics do) drop every row group unread
    try (ScanReader r = Scanner.scan(ds, ScanOptions.builder().filter("x not in (1, null)").build(), memory.allocator())) {
      while (r.loadNextBatch()) {
        // drained
      }
      assertEquals(0, r.metrics().rowGroupsRead(), r.metrics().toString());
    }
  }
}
