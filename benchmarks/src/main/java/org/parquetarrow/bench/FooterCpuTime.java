package org.parquetarrow.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.parquetarrow.format.ChunkDecoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link FooterBenchmark}'s cases timed in thread CPU time rather than wall time: on a shared,
 * overloaded machine wall time mostly measures waiting for a core, while the CPU time one
 * thread spends per operation barely moves. Rounds alternate the cases, so that each round
 * compares them under the same load; the median over the rounds after the first is logged.
 * Arrow C++ ({@code inspect()} through JNI) is timed on the calling thread, which does its work.
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -cp benchmarks/target/benchmarks.jar \
 *     org.parquetarrow.bench.FooterCpuTime target/bench-data/wide-2000x10.parquet 10
 * </pre>
 */
public final class FooterCpuTime {
  private static final Logger LOG = LoggerFactory.getLogger(FooterCpuTime.class);
  private static final int REPEATS = 20;

  private FooterCpuTime() {}

  /** One case: what it opens and how many columns' chunks it then uses. */
  private record Case(String name, ChunkDecoding decoding, int columns) {}

  private static final List<Case> CASES = List.of(
      new Case("Arrow C++ inspect", null, 0),
      new Case("open (EAGER)", ChunkDecoding.EAGER, 0),
      new Case("open (ON_FIRST_ACCESS)", ChunkDecoding.ON_FIRST_ACCESS, 0),
      new Case("open + 3 columns (ON_FIRST_ACCESS)", ChunkDecoding.ON_FIRST_ACCESS, 3),
      new Case("open + all chunks (EAGER)", ChunkDecoding.EAGER, Integer.MAX_VALUE),
      new Case("open + all chunks (ON_FIRST_ACCESS)", ChunkDecoding.ON_FIRST_ACCESS, Integer.MAX_VALUE));

  public static void main(String[] args) throws Exception {
    Path file = WideFileFixture.ensure(Path.of(args[0]));
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    if (rounds < 2) {
      throw new IllegalArgumentException("rounds must be at least 2 (the first is warm-up): " + rounds);
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[][] ms = new double[CASES.size()][rounds];
    long sink = 0;
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int r = 0; r < rounds; r++) {
        for (int k = 0; k < CASES.size(); k++) {
          long start = threads.getCurrentThreadCpuTime();
          for (int i = 0; i < REPEATS; i++) {
            sink += run(CASES.get(k), file, allocator);
          }
          ms[k][r] = (threads.getCurrentThreadCpuTime() - start) / 1e6 / REPEATS;
        }
      }
    }
    double arrow = median(ms[0]);
    for (int k = 0; k < CASES.size(); k++) {
      double m = median(ms[k]);
      LOG.info(String.format("%-38s %7.2f ms CPU per op (median of %d rounds), Arrow C++ / this = %.2f",
          CASES.get(k).name(), m, rounds - 1, arrow / m));
    }
    if (sink == 42) {
      LOG.info("unlikely");
    }
  }

  private static long run(Case c, Path file, BufferAllocator allocator) throws Exception {
    if (c.decoding() == null) {
      try (FileSystemDatasetFactory factory = new FileSystemDatasetFactory(
          allocator, NativeMemoryPool.getDefault(), FileFormat.PARQUET, file.toUri().toString())) {
        return factory.inspect().getFields().size();
      }
    }
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData m = ParquetFooter.read(in, MetadataLimits.DEFAULT, null, c.decoding()).metadata();
      long values = 0;
      for (RowGroup g : m.rowGroups()) {
        int n = Math.min(c.columns(), g.columns().size());
        for (int col = 0; col < n; col++) {
          values += g.columns().get(col).metaData().numValues();
        }
      }
      return values;
    }
  }

  /** The median of all rounds but the first (warm-up). */
  private static double median(double[] rounds) {
    List<Double> warm = new ArrayList<>();
    for (int r = 1; r < rounds.length; r++) {
      warm.add(rounds[r]);
    }
    double[] sorted = warm.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
