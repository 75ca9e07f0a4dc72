package org.parquetarrow.bench.peers;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.parquetarrow.bench.ArrowCppScan;
import org.parquetarrow.bench.ParquetArrowScan;
import org.parquetarrow.bench.ScanResult;
import org.parquetarrow.bench.data.BenchDataset;
import org.parquetarrow.bench.peer.ParquetJavaScan;
import org.parquetarrow.bench.peers.PeerTableResult.ReadRow;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;

/**
 * Full single-threaded scans of one data set by every reader, plus the decompress-only floor,
 * interleaved round by round. Before timing, parquet-arrow's scan sets the expected row count and
 * checksum; every timed scan of Arrow C++ and parquet-java must reproduce both, and DuckDB's Arrow
 * export must too (its timed query returns the row count, checked every round).
 */
final class ReadSection {
  private static final String DECOMPRESS_ONLY = "decompress only";

  private ReadSection() {}

  static ReadRow measure(BenchDataset dataset, Path file, BufferAllocator allocator, DuckDb duckDb,
      int warmups, int runs) throws Exception {
    ParquetMetadata footer = parquetJavaFooter(file);
    long footerRows = footer.getBlocks().stream().mapToLong(BlockMetaData::getRowCount).sum();
    double uncompressedMB = footer.getBlocks().stream().mapToLong(BlockMetaData::getTotalByteSize).sum() / 1e6;

    ScanResult expected = ParquetArrowScan.scan(file, allocator, Peers.BATCH_SIZE);
    check(Peers.OURS, "rows (the footer's count)", footerRows, expected.rows());
    ScanResult duck = duckDb.digest(file, allocator, Peers.BATCH_SIZE);
    check(Peers.DUCKDB, "rows", expected.rows(), duck.rows());
    check(Peers.DUCKDB, "checksum of its Arrow export", expected.checksum(), duck.checksum());
    List<String> columns = topLevelColumns(file, allocator);
    CompressedPages pages = CompressedPages.read(file);

    Map<String, Interleaved.Task> tasks = new LinkedHashMap<>();
    tasks.put(Peers.OURS, () -> checkScan(Peers.OURS, expected,
        ParquetArrowScan.scan(file, allocator, Peers.BATCH_SIZE)));
    tasks.put(Peers.ARROW_CPP, () -> checkScan(Peers.ARROW_CPP, expected,
        ArrowCppScan.scan(file, allocator, Peers.BATCH_SIZE)));
    tasks.put(Peers.PARQUET_JAVA, () -> checkScan(Peers.PARQUET_JAVA, expected,
        ParquetJavaScan.scan(file, allocator, Peers.BATCH_SIZE)));
    tasks.put(Peers.DUCKDB, () -> check(Peers.DUCKDB, "rows", expected.rows(), duckDb.scan(file, columns)));
    tasks.put(DECOMPRESS_ONLY, pages::decompressAll);
    Map<String, Runs> times = Interleaved.time(tasks, warmups, runs);
    Runs floor = times.remove(DECOMPRESS_ONLY);

    Map<String, String> checksums = new LinkedHashMap<>();
    for (String peer : Peers.ALL) {
      // every scan was checked against parquet-arrow's checksum, DuckDB's through its Arrow export
      checksums.put(peer, Long.toHexString(peer.equals(Peers.DUCKDB) ? duck.checksum() : expected.checksum()));
    }
    return new ReadRow(dataset.name(), dataset.codec().name(), expected.rows(), uncompressedMB,
        pages.compressedBytes() / 1e6, pages.pageCount(), times, checksums, floor);
  }

  private static void checkScan(String peer, ScanResult expected, ScanResult actual) {
    check(peer, "rows", expected.rows(), actual.rows());
    check(peer, "checksum", Long.toHexString(expected.checksum()), Long.toHexString(actual.checksum()));
  }

  private static void check(String peer, String what, Object expected, Object actual) {
    PeerMismatchException.requireEqual(peer, what, expected, actual);
  }

  private static List<String> topLevelColumns(Path file, BufferAllocator allocator) {
    try (ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.builder(allocator).build())) {
      return reader.arrowSchema().getFields().stream().map(Field::getName).toList();
    }
  }

  private static ParquetMetadata parquetJavaFooter(Path file) throws java.io.IOException {
    try (org.apache.parquet.hadoop.ParquetFileReader r = org.apache.parquet.hadoop.ParquetFileReader.open(
        new LocalInputFile(file), ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      return r.getFooter();
    }
  }
}
