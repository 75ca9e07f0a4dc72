package org.parquetarrow.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
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
import org.parquetarrow.bench.write.ArrowCppWrite;
import org.parquetarrow.bench.write.InMemoryBatches;
import org.parquetarrow.bench.write.ParquetArrowWrite;
import org.parquetarrow.bench.write.ParquetJavaWrite;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.write.PageCompression;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Single-threaded writes of the four scan data sets ({@link ScanBenchmark}'s), held in memory as
 * Arrow batches of 64Ki rows (read once by parquet-arrow in the trial's setup), to one Parquet
 * file per operation:
 * <ul>
 *   <li>{@code parquetArrowUncompressed} against {@code arrowCppUncompressed} (Arrow C++ through
 *       arrow-dataset's {@code DatasetFileWriter}, which from Java writes UNCOMPRESSED only);
 *   <li>{@code parquetArrowSnappy} against {@code parquetJavaSnappy} (parquet-java's
 *       {@code ParquetWriter} fed from the Arrow vectors, its defaults, SNAPPY).
 * </ul>
 * {@code -p writer=parquetArrowSnappyInLine} (not in the default list) adds parquet-arrow with SNAPPY
 * and its pages compressed on the writing thread ({@code PageCompression.IN_LINE}) instead of on
 * the helper thread of its default.
 * Every writer runs at its defaults otherwise (dictionary on, data page v1; parquet-arrow also
 * writes statistics and the page index, as parquet-java does).
 *
 * <p>Reported per (dataset, writer): {@code write} in files/s, and the secondary results
 * {@code rows} (rows/s) and {@code megabytes} (MB/s of Arrow input, the buffers of the in-memory
 * batches, MB = 10^6 bytes); {@code fileMB}, the size of the file written, is summed by JMH over
 * the measured iterations, so the trial also logs it once, with the row count its footer states.
 *
 * <pre>
 * mvn -q -Pbench -pl benchmarks -am package -DskipTests
 * ARROW_IO_THREADS=1 java -Dbench.dir=/tmp/bench-data -Dbench.out=/tmp/bench-out -jar benchmarks/target/benchmarks.jar WriteBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(value = 1, jvmArgsAppend = {
    "-Xmx6g",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "-XX:+IgnoreUnrecognizedVMOptions",
    "--sun-misc-unsafe-memory-access=allow",
    "--enable-native-access=ALL-UNNAMED"})
public class WriteBenchmark {
  private static final Logger LOG = LoggerFactory.getLogger(WriteBenchmark.class);

  @Param({"NUMERIC", "STRINGS", "NESTED", "LINEITEM"})
  public BenchDataset dataset;

  @Param({"parquetArrowUncompressed", "arrowCppUncompressed", "parquetArrowSnappy", "parquetJavaSnappy"})
  public String writer;

  private BufferAllocator allocator;
  private InMemoryBatches data;
  private Path out;
  private long rows;
  private double megabytes;

  /** Per-write work, summed over the iteration and reported per second. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Work {
    public long rows;
    public double megabytes;

    @Setup(Level.Iteration)
    public void reset() {
      rows = 0;
      megabytes = 0;
    }
  }

  /** The size of the file written. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Output {
    public double fileMB;

    @Setup(Level.Iteration)
    public void reset() {
      fileMB = 0;
    }
  }

  @Setup(Level.Trial)
  public void setup() throws IOException {
    Path dir = Path.of(System.getProperty("bench.dir", "target/bench-data"));
    Path source = dataset.ensure(dir, BenchDataset.scaleFromSystemProperty());
    Path outDir = Path.of(System.getProperty("bench.out", "target/bench-out"));
    Files.createDirectories(outDir);
    out = outDir.resolve(dataset.name().toLowerCase(Locale.ROOT) + "-" + writer + ".parquet");
    allocator = new RootAllocator();
    data = InMemoryBatches.read(source, allocator, 65_536);
    rows = data.rows();
    megabytes = data.arrowBytes() / 1e6;
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    long written;
    try (ParquetFileReader footer = ParquetFileReader.open(new LocalInputFile(out),
        ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
      ParquetMetadata meta = footer.getFooter();
      written = meta.getBlocks().stream().mapToLong(BlockMetaData::getRowCount).sum();
      LOG.info("{} {}: file {} MB, {} rows in {} row groups ({} MB of Arrow input)", dataset, writer,
          String.format(Locale.ROOT, "%.1f", Files.size(out) / 1e6), written, meta.getBlocks().size(),
          String.format(Locale.ROOT, "%.1f", megabytes));
    }
    data.close();
    allocator.close();
    Files.deleteIfExists(out);
    if (written != rows) {
      throw new IllegalStateException(writer + " wrote " + written + " rows of " + rows);
    }
  }

  @Benchmark
  public long write(Work work, Output output) throws Exception {
    switch (writer) {
      case "parquetArrowUncompressed" -> ParquetArrowWrite.write(data, out, CompressionCodec.UNCOMPRESSED);
      case "arrowCppUncompressed" -> ArrowCppWrite.write(data, allocator, out);
      case "parquetArrowSnappy" -> ParquetArrowWrite.write(data, out, CompressionCodec.SNAPPY);
      case "parquetArrowSnappyInLine" ->
          ParquetArrowWrite.write(data, out, CompressionCodec.SNAPPY, PageCompression.IN_LINE);
      case "parquetJavaSnappy" -> ParquetJavaWrite.write(data, dataset.schema(), out);
      default -> throw new IllegalArgumentException("unknown writer " + writer);
    }
    long size = Files.size(out);
    work.rows += rows;
    work.megabytes += megabytes;
    output.fileMB = size / 1e6;
    return size;
  }
}
