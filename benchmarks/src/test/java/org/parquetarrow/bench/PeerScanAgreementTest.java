package org.parquetarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.parquetarrow.bench.data.BenchDataset;
import org.parquetarrow.bench.peer.ParquetJavaScan;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * The harness measures the same work for every reader: on tiny versions of the four data sets,
 * Arrow C++ and parquet-java (copying into Arrow) must see the row count the footer states and
 * the same checksum, with batch sizes that do not divide each other so batch edges fall apart.
 */
class PeerScanAgreementTest {
  private static final double TINY = 0.0003; // 3,000 numeric/string rows, 600 nested, ~1,800 lineitem

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir static Path dir;

  @ParameterizedTest
  @EnumSource(BenchDataset.class)
  void arrowCppAndParquetJavaAgree(BenchDataset dataset) throws Exception {
    Path file = dataset.ensure(dir, TINY);
    long footerRows = footerRows(file);

    ScanResult cpp = ArrowCppScan.scan(file, memory.allocator(), 1000);
    ScanResult java = ParquetJavaScan.scan(file, memory.allocator(), 700);

    assertEquals(footerRows, cpp.rows(), "Arrow C++ rows");
    assertEquals(footerRows, java.rows(), "parquet-java rows");
    assertEquals(cpp.checksum(), java.checksum(), "checksums of Arrow C++ and parquet-java");
    ScanResult ours = ParquetArrowScan.scan(file, memory.allocator(), 333);
    assertEquals(footerRows, ours.rows(), "parquet-arrow rows");
    assertEquals(cpp.checksum(), ours.checksum(), "checksums of Arrow C++ and parquet-arrow");
    assertNotEquals(0, cpp.checksum());
    assertTrue(cpp.peakBytes() > 0 && java.peakBytes() > 0, cpp + " " + java);
  }

  @ParameterizedTest
  @EnumSource(BenchDataset.class)
  void checksumDoesNotDependOnBatchSize(BenchDataset dataset) throws Exception {
    Path file = dataset.ensure(dir, TINY);
    assertEquals(ParquetJavaScan.scan(file, memory.allocator(), 1 << 16).checksum(),
        ParquetJavaScan.scan(file, memory.allocator(), 97).checksum());
  }

  private static long footerRows(Path file) throws Exception {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file),
        ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      return reader.getFooter().getBlocks().stream().mapToLong(BlockMetaData::getRowCount).sum();
    }
  }
}
