package org.parquetarrow.bench.dataset;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
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
import org.parquetarrow.dataset.scan.ScanOptions.LateMaterialization;

/**
 * Filtered scans of a multi-file hive-partitioned dataset ({@link EventsDataset}: 8 files, 10M
 * rows) by parquet-arrow's {@code Scanner}, DuckDB and Arrow C++'s dataset scanner, side by side
 * in one run: a selective query, a near-full scan and scattered matches of 1%, 10% and 50% of the
 * rows ({@link DatasetQuery}), at 1 and 2 threads (Arrow C++ only at 1: its JNI scanner decodes on
 * one thread); parquet-arrow with late materialisation {@code AUTO} (the default) and {@code
 * NEVER}, so that their ratio comes from one run ({@code -p late=AUTO,NEVER}).
 *
 * <p>Reported: {@code scan} in scans/s and the secondary {@code rows} in dataset rows scanned per
 * second (10M per scan, whatever the filter keeps). Bytes read and the check that all readers
 * return the same rows are in {@link DatasetScanReport}.
 *
 * <pre>
 * mvn -o -q -Pbench -pl benchmarks -am package -DskipTests
 * ARROW_IO_THREADS=1 java -Dbench.dir=/tmp/bench-data-dataset -jar benchmarks/target/benchmarks.jar DatasetScanBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = {
    "-Xmx4g",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "-XX:+IgnoreUnrecognizedVMOptions",
    "--sun-misc-unsafe-memory-access=allow",
    "--enable-native-access=ALL-UNNAMED"})
public class DatasetScanBenchmark {
  @Param({"SELECTIVE", "FULL", "SPARSE", "TENTH", "HALF"})
  public DatasetQuery query;

  /** parquet-arrow's late materialisation policy (the peers run only under the default, AUTO). */
  @Param({"AUTO", "NEVER"})
  public LateMaterialization late;

  @Param({"parquetArrow", "duckdb", "arrowCpp"})
  public String reader;

  @Param({"1", "2"})
  public int threads;

  private Path dir;
  private BufferAllocator allocator;
  private Connection duck;

  /** Per-scan work, summed over the iteration and reported per second. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Work {
    public long rows;

    @Setup(Level.Iteration)
    public void reset() {
      rows = 0;
    }
  }

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    if (reader.equals("arrowCpp") && threads != 1) {
      throw new IllegalStateException("arrowCpp decodes on one thread only (skipped)");
    }
    if (!reader.equals("parquetArrow") && late != LateMaterialization.AUTO) {
      throw new IllegalStateException("the late materialisation policy is parquet-arrow's (skipped)");
    }
    dir = EventsDataset.ensure(Path.of(System.getProperty("bench.dir", "/tmp/bench-data-dataset")));
    allocator = new RootAllocator();
    if (reader.equals("duckdb")) {
      duck = DatasetScans.duckDb(threads);
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    if (duck != null) {
      duck.close();
    }
    allocator.close();
  }

  @Benchmark
  public long scan(Work work) throws Exception {
    DatasetScans.Outcome o = switch (reader) {
      case "parquetArrow" -> DatasetScans.parquetArrow(dir, query, threads, late, allocator, DatasetScans.Consumer.COUNT);
      case "duckdb" -> DatasetScans.duckDb(duck, dir, query, allocator, DatasetScans.Consumer.COUNT);
      case "arrowCpp" -> DatasetScans.arrowCpp(dir, query, allocator, DatasetScans.Consumer.COUNT);
      default -> throw new IllegalArgumentException(reader);
    };
    work.rows += EventsDataset.ROWS;
    return o.checksum();
  }
}
