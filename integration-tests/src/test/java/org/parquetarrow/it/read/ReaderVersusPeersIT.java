package org.parquetarrow.it.read;

import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.it.peers.PeerFile;
import org.parquetarrow.it.peers.PeerFiles;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Random tables of every type and nesting shape, written by parquet-java (v1/v2 pages, its
 * dictionary fallback), DuckDB (each codec) and Arrow C++ (through arrow-dataset), read back by
 * {@link ParquetFileReader} and compared value by value with what was written. The seed is logged
 * by {@link PeerFiles#seed()}; replay a failure with {@code -Dseed=...}.
 */
class ReaderVersusPeersIT {
  @TempDir Path dir;
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void everyPeerFileReadsAsWritten() throws Exception {
    long seed = PeerFiles.seed();
    List<PeerFile> files = PeerFiles.all(seed, dir, memory.allocator());
    for (PeerFile f : files) {
      for (int batchSize : new int[] {37, 100_000}) {
        ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(batchSize).build();
        try (VectorSchemaRoot expected = f.expected(memory.allocator());
            ArrowReader actual = ParquetFileReader.open(f.path(), options).toArrowReader()) {
          try {
            ArrowAssertions.assertSameSchemaAndData(
                Batches.of(expected), Batches.of(actual), CompareOptions.strict().ignoringMetadata());
          } catch (AssertionError e) {
            throw new AssertionError(f + " (seed " + seed + ", batches of " + batchSize + "): " + e.getMessage(), e);
          }
        }
      }
    }
  }
}
