package org.parquetarrow.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.parquetarrow.bench.data.BenchDataset;
import org.parquetarrow.bench.peer.ParquetJavaScan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Single-threaded full scans (every column of every row into Arrow batches, each released before
 * the next) of the four issue-3 data sets, one reader at a time.
 *
 * <p>Reported per (dataset, reader): {@code scan} in scans/s, and the secondary results
 * {@code rows} (rows/s), {@code cores} (process CPU seconds per second: how many cores the scan
 * kept busy on average, JIT and GC threads included), {@code megabytes} (MB/s of uncompressed column data, the footer's
 * row-group {@code total_byte_size}, MB = 10^6 bytes), {@code peakMB} (the highest reader
 * memory peak of one scan seen in the iteration: Arrow C++'s native pool, or the Java Arrow
 * allocator for the Java readers), {@code heapMB} (the live Java heap the reader keeps, sampled
 * by an extra untimed scan at the start of the trial, see {@link LiveHeapProbe}) and {@code
 * totalMB} (their sum). JMH sums these counters over the measured iterations in its summary, so
 * the trial's figures for one scan are also logged at the end of each trial.
 *
 * <pre>
 * mvn -q -Pbench -pl benchmarks -am package -DskipTests
 * ARROW_IO_THREADS=1 java -Dbench.dir=/tmp/bench-data -jar benchmarks/target/benchmarks.jar ScanBenchmark
 * java -Dbench.scale=0.01 -jar benchmarks/target/benchmarks.jar ScanBenchmark -p dataset=NUMERIC
 * </pre>
 * ({@code -Dbench.*} properties are passed on to the forked JVM.)
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(value = 1, jvmArgsAppend = {
    "-Xmx6g",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "-XX:+IgnoreUnrecognizedVMOptions",
    "--sun-misc-unsafe-memory-access=allow",
    "--enable-native-access=ALL-UNNAMED"})
public class ScanBenchmark {
  private static final Logger LOG = LoggerFactory.getLogger(ScanBenchmark.class);
  private static final com.sun.management.OperatingSystemMXBean PROCESS =
      (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();

  @Param({"NUMERIC", "STRINGS", "NESTED", "LINEITEM"})
  public BenchDataset dataset;

  @Param({"parquetArrow", "arrowCpp", "parquetJava"})
  public String reader;

  @Param("65536")
  public int batchSize;

  private Path file;
  private long rowsPerScan;
  private double megabytesPerScan;
  private BufferAllocator allocator;
  private long trialPeakBytes;
  private long heapPeakBytes;

  /** Per-scan work, summed over the iteration and reported per second. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Work {
    public long rows;
    public double megabytes;
    /** Process CPU seconds: per second of the iteration, the cores kept busy on average. */
    public double cores;

    @Setup(Level.Iteration)
    public void reset() {
      rows = 0;
      megabytes = 0;
      cores = 0;
    }
  }

  /**
   * Memory of one scan: {@code peakMB} the largest allocator or native-pool peak within the
   * iteration; {@code heapMB} the live-heap peak found by the trial's {@link LiveHeapProbe} scan;
   * {@code totalMB} their sum (an upper bound: the two peaks need not coincide).
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Memory {
    public double peakMB;
    public double heapMB;
    public double totalMB;

    @Setup(Level.Iteration)
    public void reset() {
      peakMB = 0;
      heapMB = 0;
      totalMB = 0;
    }
  }

  @Setup(Level.Trial)
  public void setup() throws IOException {
    Path dir = Path.of(System.getProperty("bench.dir", "target/bench-data"));
    file = dataset.ensure(dir, BenchDataset.scaleFromSystemProperty());
    try (ParquetFileReader footer = ParquetFileReader.open(new LocalInputFile(file),
        ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      ParquetMetadata meta = footer.getFooter();
      rowsPerScan = meta.getBlocks().stream().mapToLong(BlockMetaData::getRowCount).sum();
      megabytesPerScan = meta.getBlocks().stream().mapToLong(BlockMetaData::getTotalByteSize).sum() / 1e6;
    }
    allocator = new RootAllocator();
    // a few dozen samples a scan: each is a full collection
    int batches = (int) Math.max(1, (rowsPerScan + batchSize - 1) / batchSize);
    LiveHeapProbe probe = new LiveHeapProbe(Math.max(1, batches / 24));
    try {
      run(new BatchDigest(probe));
    } catch (Exception e) {
      throw new IllegalStateException("memory probe scan of " + file + " failed", e);
    }
    heapPeakBytes = probe.peakBytes();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    LOG.info("{} {}: peak memory of one scan {} MB allocator/native + {} MB live heap ({} rows, {} MB uncompressed per scan)",
        dataset, reader, String.format(java.util.Locale.ROOT, "%.1f", trialPeakBytes / 1e6),
        String.format(java.util.Locale.ROOT, "%.1f", heapPeakBytes / 1e6), rowsPerScan,
        String.format(java.util.Locale.ROOT, "%.1f", megabytesPerScan));
    allocator.close();
  }

  @Benchmark
  public long scan(Work work, Memory memory) throws Exception {
    long cpuBefore = PROCESS.getProcessCpuTime();
    ScanResult r = run(new BatchDigest());
    work.cores += (PROCESS.getProcessCpuTime() - cpuBefore) / 1e9;
    if (r.rows() != rowsPerScan) {
      throw new IllegalStateException(reader + " read " + r.rows() + " rows of " + rowsPerScan + " in " + file);
    }
    work.rows += r.rows();
    work.megabytes += megabytesPerScan;
    memory.peakMB = Math.max(memory.peakMB, r.peakBytes() / 1e6);
    memory.heapMB = heapPeakBytes / 1e6;
    memory.totalMB = memory.peakMB + memory.heapMB;
    trialPeakBytes = Math.max(trialPeakBytes, r.peakBytes());
    return r.checksum();
  }

  private ScanResult run(BatchDigest digest) throws Exception {
    return switch (reader) {
      case "parquetArrow" -> ParquetArrowScan.scan(file, allocator, batchSize, digest);
      case "arrowCpp" -> ArrowCppScan.scan(file, allocator, batchSize, digest);
      case "parquetJava" -> ParquetJavaScan.scan(file, allocator, batchSize, digest);
      default -> throw new IllegalArgumentException("unknown reader " + reader);
    };
  }
}
