package org.parquetarrow.bench;

import java.nio.file.Path;
import java.util.Optional;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.dataset.scanner.ScanOptions;
import org.apache.arrow.dataset.scanner.Scanner;
import org.apache.arrow.dataset.source.Dataset;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * A full scan by Arrow C++ (parquet-cpp-arrow inside the arrow-dataset 18.3 JNI bundle): every
 * column of every row, batch by batch, each batch released before the next is loaded.
 *
 * <p>Threads: the JNI {@code createScanner} sets only the pool, projection, filter and batch size on
 * the C++ {@code ScannerBuilder}, so {@code ScanOptions::use_threads} keeps its default, false, and
 * the Parquet reader's own {@code use_threads} is false too: decoding runs on one thread. Reads go
 * through Arrow's I/O pool (pre-buffering is on by default in the dataset layer); set the
 * environment variable {@code ARROW_IO_THREADS=1} to keep that to one thread as well.
 *
 * <p>Memory: C++ allocates from a listenable native pool whose reservations are followed, so
 * {@link ScanResult#peakBytes()} is the peak of everything the scan held natively (batches and
 * scratch such as decompressed pages). There is one such pool for the life of the JVM: C++ I/O
 * threads can still free read-ahead buffers after a scanner is closed, and releasing a pool under
 * them crashed the JVM (SIGSEGV in {@code arrow::PoolBuffer::~PoolBuffer} on short scans). Scans
 * are therefore measured one at a time.
 *
 * <pre>
 * ScanResult r = ArrowCppScan.scan(Path.of("lineitem.parquet"), allocator, 65_536);
 * </pre>
 */
public final class ArrowCppScan {
  private static final PeakTrackingListener MEMORY = new PeakTrackingListener();
  private static final NativeMemoryPool POOL = NativeMemoryPool.createListenable(MEMORY);

  private ArrowCppScan() {}

  public static ScanResult scan(Path file, BufferAllocator allocator, int batchSize) throws Exception {
    return scan(file, allocator, batchSize, new BatchDigest());
  }

  /** The scan, feeding every batch to {@code digest}. */
  public static ScanResult scan(Path file, BufferAllocator allocator, int batchSize, BatchDigest digest)
      throws Exception {
    return scan(file.toUri().toString(), allocator, batchSize, digest);
  }

  /**
   * The scan of a file Arrow C++ names by {@code uri}: {@code file:} or, where the bundled build
   * has S3, {@code s3://key:secret@bucket/key?endpoint_override=host:port&scheme=http}.
   */
  public static ScanResult scan(String uri, BufferAllocator allocator, int batchSize, BatchDigest digest)
      throws Exception {
    MEMORY.restartPeak();
    try (FileSystemDatasetFactory factory = new FileSystemDatasetFactory(
            allocator, POOL, FileFormat.PARQUET, uri);
        Dataset dataset = factory.finish();
        Scanner scanner = dataset.newScan(
            new ScanOptions.Builder(batchSize).columns(Optional.empty()).build()); // empty: every column
        ArrowReader reader = scanner.scanBatches()) {
      while (reader.loadNextBatch()) {
        // the reader's root is reused: loading the next batch releases the previous one
        digest.add(reader.getVectorSchemaRoot());
      }
    }
    return new ScanResult(digest.rows(), digest.checksum(), MEMORY.peak());
  }
}
