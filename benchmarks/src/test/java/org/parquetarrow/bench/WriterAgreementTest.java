package org.parquetarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.parquetarrow.bench.data.BenchDataset;
import org.parquetarrow.bench.write.ArrowCppWrite;
import org.parquetarrow.bench.write.InMemoryBatches;
import org.parquetarrow.bench.write.ParquetArrowWrite;
import org.parquetarrow.bench.write.ParquetJavaWrite;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * The write benchmark measures the same work for every writer: on tiny versions of the four data
 * sets, the file each writer makes from the in-memory batches reads back (by Arrow C++, a reader
 * none of the writers is) with the rows and checksum of those batches, and of the source file.
 */
class WriterAgreementTest {
  private static final double TINY = 0.0003;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir static Path dir;

  @ParameterizedTest
  @EnumSource(BenchDataset.class)
  void everyWriterWritesTheBatchesItIsGiven(BenchDataset dataset) throws Exception {
    Path source = dataset.ensure(dir, TINY);
    ScanResult original = ArrowCppScan.scan(source, memory.allocator(), 1000);
    try (InMemoryBatches data = InMemoryBatches.read(source, memory.allocator(), 700)) {
      BatchDigest inMemory = new BatchDigest();
      for (VectorSchemaRoot b : data.batches()) {
        inMemory.add(b);
      }
      assertEquals(original.rows(), inMemory.rows());
      assertEquals(original.checksum(), inMemory.checksum(), "batches held in memory");
      assertNotEquals(0, original.checksum());

      String stem = dataset.name();
      Path ours = dir.resolve(stem + "-ours.parquet");
      ParquetArrowWrite.write(data, ours, CompressionCodec.UNCOMPRESSED);
      Path oursSnappy = dir.resolve(stem + "-ours-snappy.parquet");
      ParquetArrowWrite.write(data, oursSnappy, CompressionCodec.SNAPPY);
      Path cpp = dir.resolve(stem + "-arrow-cpp.parquet");
      ArrowCppWrite.write(data, memory.allocator(), cpp);
      Path java = dir.resolve(stem + "-parquet-java.parquet");
      ParquetJavaWrite.write(data, dataset.schema(), java);
      for (Path written : new Path[] {ours, oursSnappy, cpp, java}) {
        ScanResult back = ArrowCppScan.scan(written, memory.allocator(), 333);
        assertEquals(original.rows(), back.rows(), written.getFileName() + " rows");
        assertEquals(original.checksum(), back.checksum(), written.getFileName() + " checksum");
      }
    }
  }
}
