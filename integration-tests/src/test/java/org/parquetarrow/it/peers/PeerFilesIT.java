package org.parquetarrow.it.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.testing.LeakCheckingAllocator;

/** The one-call entry point gives every peer's files, every codec, and the expected data. */
class PeerFilesIT {
  @TempDir Path dir;
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void allPeersAllCodecs() throws Exception {
    long seed = PeerFiles.seed();
    List<PeerFile> files = PeerFiles.all(seed, dir, memory.allocator());
    Set<String> peers = new TreeSet<>();
    Set<String> codecs = new TreeSet<>();
    for (PeerFile f : files) {
      assertTrue(Files.size(f.path()) > 0, f.toString());
      peers.add(f.peer());
      codecs.add(f.codec());
      try (VectorSchemaRoot expected = f.expected(memory.allocator())) {
        assertEquals(PeerFiles.rows(), expected.getRowCount(), f.toString());
      }
    }
    assertEquals(Set.of(ParquetJavaPeer.NAME, DuckDbPeer.NAME, ArrowCppPeer.NAME), peers);
    assertEquals(new TreeSet<>(List.of("UNCOMPRESSED", "SNAPPY", "GZIP", "ZSTD", "LZ4", "LZ4_RAW", "LZO", "BROTLI")), codecs);
    assertEquals(ParquetJavaPeer.variants().size() + DuckDbPeer.variants().size() + 2, files.size());
  }
}
