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
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
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

  private static final long MIDNIGHT_SECONDS = 1_704_067_200L; // 2024-01-01T00:00:00Z
  private static final int DAY_2023_12_30 = 19_721;

  /**
   * Dates over ten days; timestamps in every unit one unit apart around 2024-01-01 00:00 (so a
   * literal's fraction of a unit decides rows); zone-aware ones a second and a millisecond apart
   * around 08:00 UTC. Sorted, a null every seventh row, small row groups and pages.
   */
  private Path writeTemporals() throws Exception {
    Schema schema = new Schema(List.of(
        Field.nullable("id", new ArrowType.Int(64, true)),
        Field.nullable("d", new ArrowType.Date(DateUnit.DAY)),
        Field.nullable("sec", new ArrowType.Timestamp(TimeUnit.SECOND, null)),
        Field.nullable("ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
        Field.nullable("us", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
        Field.nullable("ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
        Field.nullable("tz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
        Field.nullable("tzms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"))));
    Path file = dir.resolve("temporals/part.parquet");
    Files.createDirectories(file.getParent());
    WriterProperties props = WriterProperties.builder().rowGroupRows(100).dataPageRowLimit(20).pageIndex(true).build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      root.allocateNew();
      for (int row = 0; row < 1000; row++) {
        ((BigIntVector) root.getVector("id")).setSafe(row, row);
        if (row % 7 == 3) {
          for (FieldVector v : root.getFieldVectors().subList(1, schema.getFields().size())) {
            v.setNull(row);
          }
          continue;
        }
        long k = row - 500;
        ((DateDayVector) root.getVector("d")).setSafe(row, DAY_2023_12_30 + row / 100);
        ((TimeStampVector) root.getVector("sec")).setSafe(row, MIDNIGHT_SECONDS + k);
        ((TimeStampVector) root.getVector("ms")).setSafe(row, MIDNIGHT_SECONDS * 1000 + k);
        ((TimeStampVector) root.getVector("us")).setSafe(row, MIDNIGHT_SECONDS * 1_000_000 + k);
        ((TimeStampVector) root.getVector("ns")).setSafe(row, MIDNIGHT_SECONDS * 1_000_000_000 + k);
        ((TimeStampVector) root.getVector("tz")).setSafe(row, (MIDNIGHT_SECONDS + 8 * 3600 + k) * 1_000_000);
        ((TimeStampVector) root.getVector("tzms")).setSafe(row, (MIDNIGHT_SECONDS + 8 * 3600) * 1000 + k);
      }
      root.setRowCount(1000);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
        w.write(root);
      }
    }
    return file.getParent();
  }

  @Test
  void aDateMeetsATimestampAsItsMidnightAndTextAsADate() throws Exception {
    Path folder = writeTemporals();
    Dataset ds = DatasetDiscovery.directory(folder, DiscoveryOptions.defaults());
    long kept = assertSameRows(ds, parquetIn(folder), List.of(
        "d >= timestamp '2024-01-01 12:00:00'", "d > timestamp '2024-01-01 12:00:00'",
        "d <= timestamp '2024-01-01 12:00:00'", "d < timestamp '2024-01-01 12:00:00'",
        "d = timestamp '2024-01-01 12:00:00'", "d != timestamp '2024-01-01 12:00:00'",
        "d = timestamp '2024-01-02 00:00:00'", "d < timestamp '2024-01-03 00:00:00.000001'",
        "d between timestamp '2024-01-01 00:00:01' and timestamp '2024-01-04 23:00'",
        "d not between timestamp '2024-01-01 00:00:01' and timestamp '2024-01-04 23:00'",
        "d in (timestamp '2024-01-02 00:00:00', timestamp '2024-01-03 10:00')",
        "d not in (timestamp '2024-01-02 00:00:00', timestamp '2024-01-03 10:00')",
        "d > timestamptz '2024-01-02 01:00:00+02'", "not (d >= timestamp '2024-01-05 06:00')",
        "d >= '2024-01-01 12:00:00'", "d = '2024-01-01 12:00:00'", "d < '2024-01-03T23:59:59.999'",
        "d = date '2024-01-04 18:00'", "d >= timestamp '1969-12-31 23:00' and d < timestamp '2024-01-01 00:00:00.5'"));
    assertTrue(kept > 2000, "rows compared: " + kept);
  }

  @Test
  void aTimestampColumnMeetsAFinerLiteralExactly() throws Exception {
    Path folder = writeTemporals();
    Dataset ds = DatasetDiscovery.directory(folder, DiscoveryOptions.defaults());
    long kept = assertSameRows(ds, parquetIn(folder), List.of(
        "ms >= '2024-01-01 00:00:00.0005'", "ms > '2024-01-01 00:00:00.0005'", "ms = '2024-01-01 00:00:00.0005'",
        "ms < '2023-12-31 23:59:59.9995'", "ms <= timestamp '2024-01-01 00:00:00.0015'",
        "ms != timestamp '2024-01-01 00:00:00.0015'", "ms = '2024-01-01 00:00:00.001'",
        "ms = '2024-01-01 00:00:00.0010001'", "ms > timestamp '2024-01-01 00:00:00.0000001'",
        "ms in ('2024-01-01 00:00:00.0005', '2024-01-01 00:00:00.002', '2024-01-01 00:00:00.0025')",
        "ms between '2023-12-31 23:59:59.9985' and '2024-01-01 00:00:00.0105'",
        "sec >= '2024-01-01 00:00:00.5'", "sec = '2024-01-01 00:01:40'", "sec < timestamp '2024-01-01 00:01:40.25'",
        "sec > '2023-12-31 23:55:00.000001' and sec < '2023-12-31 23:55:30.999999'",
        "us = '2024-01-01 00:00:00.0000015'", "us > '2024-01-01 00:00:00.0000015'",
        "us <= timestamp '2023-12-31 23:59:59.9999995'",
        "ns = '2024-01-01 00:00:00.0000000015'", "ns > '2024-01-01 00:00:00.0000000015'",
        "ns = timestamp '2024-01-01 00:00:00.0000005'", "ns >= timestamp '2024-01-01 00:00:00.0000015'",
        "ns < date '2024-01-01'"));
    assertTrue(kept > 2000, "rows compared: " + kept);
  }

  @Test
  void aZoneAwareColumnComparesInstants() throws Exception {
    Path folder = writeTemporals();
    Dataset ds = DatasetDiscovery.directory(folder, DiscoveryOptions.defaults());
    long kept = assertSameRows(ds, parquetIn(folder), List.of(
        "tz >= '2024-01-01 10:00:00+02:00'", "tz = '2024-01-01 10:00:00+02'", "tz < '2024-01-01T03:00:00-05:00'",
        "tz >= timestamptz '2024-01-01 10:00:00+02:00'", "tz = timestamptz '2024-01-01 09:00:00 Europe/Oslo'",
        "tz > '2024-01-01 08:00:00Z'", "tz <= '2024-01-01 08:00:00'", "tz = timestamp '2024-01-01 08:00:00'",
        "tz < timestamp '2024-01-01 10:00:00+02:00'", "tz > '2024-01-01 10:00:00.0000005+02:00'",
        "tz between '2024-01-01 09:55:00+02' and '2024-01-01 08:01:00+00:00'",
        "tz in ('2024-01-01 10:00:00+02:00', '2024-01-01 08:05:00.000001Z')",
        "tzms >= '2024-01-01 10:00:00.0005+02:00'", "tzms = '2024-01-01 13:30:00.001+05:30'",
        "tzms < timestamptz '2024-01-01 03:00:00-05'",
        "us > timestamptz '2024-01-01 02:00:00+02'", "d = timestamptz '2024-01-02 02:00:00+02'"));
    assertTrue(kept > 2000, "rows compared: " + kept);
  }

  /** A directory of {@code k=<value>} folders, each holding one DuckDB-written file of ids. */
  private Path writePartitions(String name, String... values) throws Exception {
    Path root = dir.resolve(name);
    int id = 0;
    for (String v : values) {
      Files.createDirectories(root.resolve("k=" + v));
      st.execute("COPY (SELECT (" + id + " + range) AS id FROM range(3)) TO '" + root.resolve("k=" + v + "/f.parquet") + "'");
      id += 3;
    }
    return root;
  }

  private List<String> ourIdAndK(Dataset ds, String where) throws Exception {
    List<String> out = new ArrayList<>();
    try (ScanReader r = Scanner.scan(ds, ScanOptions.builder().columns("id", "k").filter(where).build(), memory.allocator())) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        for (int i = 0; i < root.getRowCount(); i++) {
          out.add(root.getVector("id").getObject(i) + "|" + root.getVector("k").getObject(i));
        }
      }
    }
    out.sort(null);
    return out;
  }

  @Test
  void partitionValuesThatAreNotIntegersAsPrintedStayStrings() throws Exception {
    for (Path root : List.of(
        writePartitions("padded", "01", "1", "2", "10"), writePartitions("zeros", "0", "00", "7"),
        writePartitions("plus", "+1", "2"), writePartitions("decimals", "1.50", "2"),
        writePartitions("huge", "99999999999999999999", "1"), writePartitions("plain", "-0", "2", "10", "-3"))) {
      Dataset ds = DatasetDiscovery.directory(root, DiscoveryOptions.defaults());
      String from = parquetIn(root);
      String duckType;
      try (ResultSet rs = st.executeQuery("SELECT DISTINCT typeof(k) FROM " + from)) {
        assertTrue(rs.next());
        duckType = rs.getString(1);
      }
      ArrowType ours = ds.schema().findField("k").getType();
      assertEquals(duckType.equals("BIGINT") ? new ArrowType.Int(64, true) : ArrowType.Utf8.INSTANCE, ours, root + ": DuckDB " + duckType);
      String literal = ours instanceof ArrowType.Utf8 ? "'1'" : "2";
      for (String where : List.of("k is not null", "k = " + literal, "k > " + literal, "k in (" + literal + ", null)")) {
        List<String> want = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT id, k::VARCHAR FROM " + from + " WHERE " + where)) {
          while (rs.next()) {
            want.add(rs.getLong(1) + "|" + rs.getString(2));
          }
        }
        want.sort(null);
        assertEquals(want, ourIdAndK(ds, where), root + ": " + where);
      }
    }
    assertEquals(ArrowType.Utf8.INSTANCE,
        DatasetDiscovery.directory(dir.resolve("padded"), DiscoveryOptions.defaults()).schema().findField("k").getType(),
        "k=01 beside k=1: DuckDB keeps the strings");
  }
}
