package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Files that hold a column named as a partition key of their directory ({@code k=5/a.parquet}
 * with its own column {@code k}): DuckDB's {@code hive_partitioning} takes the directory's value
 * and keeps the column where the file has it; so do we (before, discovery refused the dataset).
 * Files, schema order, rows and filters on the key are DuckDB's, over files DuckDB wrote.
 */
class PartitionKeyInFileDuckDbTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;
  private Connection duck;
  private Statement st;

  @BeforeEach
  void writeWithDuckDb() throws Exception {
    duck = DriverManager.getConnection("jdbc:duckdb:");
    st = duck.createStatement();
    for (int k : new int[] {5, 6}) {
      Files.createDirectories(dir.resolve("k=" + k));
      // the file's own k differs from the directory's: the directory must win
      st.execute("COPY (SELECT i AS id, i % 3 AS k, 'v' || i AS s FROM range(" + (k * 10) + ", " + (k * 10 + 4)
          + ") t(i)) TO '" + dir.resolve("k=" + k).resolve("a.parquet") + "' (FORMAT parquet)");
    }
  }

  @AfterEach
  void closeDuckDb() throws Exception {
    st.close();
    duck.close();
  }

  private List<String> duckDb(String where) throws Exception {
    List<String> out = new ArrayList<>();
    try (ResultSet r = st.executeQuery("SELECT * FROM read_parquet('" + dir + "/**/*.parquet', hive_partitioning = true)"
        + (where == null ? "" : " WHERE " + where) + " ORDER BY id")) {
      ResultSetMetaData m = r.getMetaData();
      StringBuilder names = new StringBuilder();
      for (int i = 1; i <= m.getColumnCount(); i++) {
        names.append(m.getColumnName(i)).append(' ');
      }
      out.add(names.toString().trim());
      while (r.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= m.getColumnCount(); i++) {
          row.append(r.getString(i)).append(' ');
        }
        out.add(row.toString().trim());
      }
    }
    return out;
  }

  private List<String> ours(String where) throws Exception {
    Dataset ds = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
    ScanOptions.Builder options = ScanOptions.builder();
    if (where != null) {
      options.filter(where);
    }
    List<String> out = new ArrayList<>();
    out.add(String.join(" ", ds.schema().getFields().stream().map(Field::getName).toList()));
    List<String> rows = new ArrayList<>();
    try (ScanReader r = Scanner.scan(ds, options.build(), memory.allocator())) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        for (int i = 0; i < root.getRowCount(); i++) {
          StringBuilder row = new StringBuilder();
          for (FieldVector v : root.getFieldVectors()) {
            row.append(v.getObject(i)).append(' ');
          }
          rows.add(row.toString().trim());
        }
      }
    }
    rows.sort((a, b) -> Long.compare(Long.parseLong(a.split(" ")[0]), Long.parseLong(b.split(" ")[0])));
    out.addAll(rows);
    return out;
  }

  @Test
  void theDirectoryValueWinsAndTheColumnKeepsItsPlace() throws Exception {
    assertEquals(duckDb(null), ours(null));
    assertEquals("id k s", ours(null).get(0));
  }

  @Test
  void filtersOnTheKeySeeTheDirectoryValue() throws Exception {
    for (String where : List.of("k = 5", "k = 1", "k > 5 and s = 'v61'", "k in (0, 1, 2)", "k is null")) {
      assertEquals(duckDb(where), ours(where), where);
    }
  }
}
