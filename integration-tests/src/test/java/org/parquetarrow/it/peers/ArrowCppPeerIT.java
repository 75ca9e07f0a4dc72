package org.parquetarrow.it.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
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
 * The Arrow C++ peer checks itself: Arrow C++ scans each file back to exactly the expected Arrow
 * data, in batches cut differently from the row groups, and the files have the row groups and the
 * defaults (UNCOMPRESSED, dictionary encoding) the peer documents, as parquet-java sees them.
 */
class ArrowCppPeerIT {
  @TempDir static Path dir;
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static long seed;

  @BeforeAll
  static void generate() {
    seed = PeerFiles.seed();
  }

  @TestFactory
  Stream<DynamicTest> everyVariantHoldsTheExpectedRows() {
    List<PeerFile> files = ArrowCppPeer.write(PeerFiles.table(seed), dir, memory.allocator());
    Map<String, Integer> rowGroups = Map.of("one-row-group", 1, "row-group-per-batch", 4);
    assertEquals(rowGroups.keySet(), files.stream().map(PeerFile::variant).collect(java.util.stream.Collectors.toSet()));
    return files.stream().map(f -> DynamicTest.dynamicTest(f.variant(), () -> check(f, rowGroups.get(f.variant()))));
  }

  private void check(PeerFile f, int expectedRowGroups) throws Exception {
    String where = f + " (seed " + seed + ")";
    try (VectorSchemaRoot expected = f.expected(memory.allocator());
        ArrowCppPeer.Scan scan = ArrowCppPeer.read(f.path(), memory.allocator(), 77)) {
      ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(scan.reader()), CompareOptions.strict());
    }
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(f.path()))) {
      List<BlockMetaData> blocks = r.getFooter().getBlocks();
      assertEquals(expectedRowGroups, blocks.size(), where + ": row groups");
      boolean dictionary = false;
      for (BlockMetaData b : blocks) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          assertEquals("UNCOMPRESSED", c.getCodec().name(), where);
          dictionary |= c.hasDictionaryPage();
        }
      }
      assertEquals(true, dictionary, where + ": dictionary encoding is on by default");
      assertEquals(true, r.getFooter().getFileMetaData().getCreatedBy().startsWith("parquet-cpp-arrow"), where);
    }
  }
}
