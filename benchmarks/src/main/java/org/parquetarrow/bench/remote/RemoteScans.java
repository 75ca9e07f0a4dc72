package org.parquetarrow.bench.remote;

import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.parquetarrow.bench.ArrowCppScan;
import org.parquetarrow.bench.BatchDigest;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.scan.ScanMetrics;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;

/**
 * The full scans {@link S3ScanBenchmark} times, each feeding every batch to a {@link BatchDigest}
 * and releasing it before the next: the same code reads the local file and the object, only the
 * {@link InputFile} or the dataset's location differs.
 *
 * <pre>
 * long rows = RemoteScans.file(in, allocator, options, digest);
 * </pre>
 */
final class RemoteScans {
  private RemoteScans() {}

  /** {@code ParquetFileReader} over {@code in}, every column; returns the rows read. */
  static long file(InputFile in, BufferAllocator allocator, ReadOptions options, BatchDigest digest) {
    try (ParquetFileReader reader = ParquetFileReader.open(in, options)) {
      VectorSchemaRoot batch;
      while ((batch = reader.readNextBatch()) != null) {
        try (VectorSchemaRoot b = batch) {
          digest.add(b);
        }
      }
    }
    return digest.rows();
  }

  /** A dataset scan of every column and row of {@code dataset}; returns its metrics. */
  static ScanMetrics dataset(Dataset dataset, BufferAllocator allocator, ScanOptions options, BatchDigest digest)
      throws IOException {
    try (ScanReader r = Scanner.scan(dataset, options, allocator)) {
      while (r.loadNextBatch()) {
        digest.add(r.getVectorSchemaRoot());
      }
      return r.metrics();
    }
  }

  /** Arrow C++'s dataset scanner over {@code uri} (see {@link ArrowCppScan}); returns the rows read. */
  static long arrowCpp(String uri, BufferAllocator allocator, int batchSize, BatchDigest digest) throws Exception {
    return ArrowCppScan.scan(uri, allocator, batchSize, digest).rows();
  }
}
