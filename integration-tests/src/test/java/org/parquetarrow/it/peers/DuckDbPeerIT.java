package org.parquetarrow.it.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * The DuckDB peer checks itself: DuckDB reads each variant's file back to the expected values,
 * the file has the codec and layout the variant promises and the Parquet types {@link
 * DuckDbPeer#expected} is built on, and Arrow C++ reads the v1 files to exactly the expected Arrow
 * data.
 */
class DuckDbPeerIT {
  @TempDir static Path dir;
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static long seed;

  @BeforeAll
  static void generate() {
    seed = PeerFiles.seed();
  }

  @TestFactory
  Stream<DynamicTest> everyVariantHoldsTheExpectedRows() throws Exception {
    // lifecycle callbacks wrap the whole factory, so the allocator outlives every dynamic test
    List<PeerFile> files = DuckDbPeer.write(PeerFiles.table(seed), dir, memory.allocator());
    assertEquals(DuckDbPeer.variants().size(), files.size());
    return files.stream().map(f -> DynamicTest.dynamicTest(f.variant(), () -> check(f)));
  }

  private void check(PeerFile f) throws Exception {
    String where = f + " (seed " + seed + ")";
    DuckDbPeer.Variant v = DuckDbPeer.variants().stream().filter(x -> x.name().equals(f.variant())).findFirst().orElseThrow();
    try (Connection c = DuckDbPeer.connect()) {
      // DuckDB's own Arrow export names list elements "l" and loses NOT NULL: compare values only
      try (VectorSchemaRoot expected = f.expected(memory.allocator());
          ArrowReader back = DuckDbPeer.read(c, f.path(), memory.allocator())) {
        ArrowAssertions.assertSameData(Batches.of(expected), Batches.of(back), CompareOptions.strict());
      }
      checkLayout(c, f, v, where);
      checkParquetTypes(c, f, where);
    }
    if (!v.options().contains("v2") && !f.codec().equals("BROTLI")) {
      // Arrow C++ 18.3 has no brotli, and refuses DuckDB's v2 DELTA_BINARY_PACKED pages
      // ("delta bit width larger than integer bit width")
      try (VectorSchemaRoot expected = f.expected(memory.allocator());
          ArrowCppPeer.Scan scan = ArrowCppPeer.read(f.path(), memory.allocator(), 64)) {
        ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(scan.reader()), CompareOptions.strict());
      }
    }
  }

  private static void checkLayout(Connection c, PeerFile f, DuckDbPeer.Variant v, String where) throws Exception {
    Set<String> codecs = new TreeSet<>();
    Set<String> encodings = new TreeSet<>();
    int rowGroups;
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT compression, encodings FROM parquet_metadata('" + f.path() + "')")) {
      while (rs.next()) {
        codecs.add(rs.getString(1));
        for (String e : rs.getString(2).split(",")) {
          encodings.add(e.trim());
        }
      }
    }
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(DISTINCT row_group_id) FROM parquet_metadata('" + f.path() + "')")) {
      rs.next();
      rowGroups = rs.getInt(1);
    }
    assertEquals(Set.of(f.codec()), codecs, where + ": codec of every column chunk");
    boolean v2 = v.options().contains("v2");
    assertEquals(v2, encodings.stream().anyMatch(e -> e.startsWith("DELTA_")), where + ": DELTA encodings " + encodings);
    boolean dict = encodings.stream().anyMatch(e -> e.contains("DICTIONARY"));
    if (v.dictionary() != null) {
      assertEquals(v.dictionary(), dict, where + ": dictionary encodings " + encodings);
    }
    if (v.options().contains("ROW_GROUP_SIZE_BYTES")) {
      assertTrue(rowGroups > 1, where + ": several row groups, got " + rowGroups);
    }
  }

  /** The Parquet types behind the per-column choices of {@link DuckDbPeer#expected}. */
  private static void checkParquetTypes(Connection c, PeerFile f, String where) throws Exception {
    Map<String, String> facts = new LinkedHashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT name, type, repetition_type, converted_type FROM parquet_schema('" + f.path() + "')")) {
      while (rs.next()) {
        facts.merge(rs.getString(1), rs.getString(2) + " " + rs.getString(3) + " " + rs.getString(4), (a, b) -> a + " | " + b);
      }
    }
    assertEquals("INT64 OPTIONAL TIME_MICROS", facts.get("time_ms"), where);
    assertEquals("INT64 OPTIONAL TIMESTAMP_MICROS", facts.get("ts_ms_utc"), where);
    assertEquals("BYTE_ARRAY OPTIONAL null", facts.get("fsb"), where);
    assertEquals("BYTE_ARRAY OPTIONAL null", facts.get("uuid"), where);
    assertEquals("INT32 OPTIONAL INT_32", facts.get("k"), where + ": s_req.k");
    assertEquals("INT64 REQUIRED INT_64", facts.get("req_i64"), where);
  }
}
