package org.parquetarrow.bench;

import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;

/**
 * A full scan by parquet-arrow: every column of every row, single-threaded (no executor), each
 * batch closed before the next is read. Peak memory is the scan's child allocator's peak.
 *
 * <pre>
 * ScanResult r = ParquetArrowScan.scan(Path.of("lineitem.parquet"), allocator, 65_536);
 * </pre>
 */
public final class ParquetArrowScan {
  private ParquetArrowScan() {}

  public static ScanResult scan(Path file, BufferAllocator allocator, int batchSize) {
    return scan(file, allocator, batchSize, new BatchDigest());
  }

  /** The scan, feeding every batch to {@code digest}. */
  public static ScanResult scan(Path file, BufferAllocator allocator, int batchSize, BatchDigest digest) {
    return scan(file, allocator, batchSize, digest, 1);
  }

  /**
   * The scan decoded on {@code threads} threads ({@link ReadOptions.Builder#parallelism}; 1: on
   * the calling thread), feeding every batch to {@code digest} on the calling thread.
   */
  public static ScanResult scan(Path file, BufferAllocator allocator, int batchSize, BatchDigest digest,
      int threads) {
    return scan(file, allocator, batchSize, digest, threads, ReadOptions.defaults(allocator).pageReadAhead());
  }

  /** As {@link #scan(Path, BufferAllocator, int, BatchDigest, int)}, with the page read-ahead {@code readAhead}. */
  public static ScanResult scan(Path file, BufferAllocator allocator, int batchSize, BatchDigest digest,
      int threads, ReadOptions.PageReadAhead readAhead) {
    try (BufferAllocator scan = allocator.newChildAllocator("parquet-arrow-scan", 0, Long.MAX_VALUE)) {
      try (ParquetFileReader reader = ParquetFileReader.open(file,
          ReadOptions.builder(scan).batchSize(batchSize).parallelism(threads).pageReadAhead(readAhead).build())) {
        VectorSchemaRoot batch;
        while ((batch = reader.readNextBatch()) != null) {
          try (VectorSchemaRoot b = batch) {
            digest.add(b);
          }
        }
      }
      return new ScanResult(digest.rows(), digest.checksum(), scan.getPeakMemoryAllocation());
    }
  }
}
