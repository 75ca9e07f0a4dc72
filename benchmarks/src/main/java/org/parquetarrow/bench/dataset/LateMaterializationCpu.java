package org.parquetarrow.bench.dataset;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.scan.ScanMetrics;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanOptions.LateMaterialization;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CPU time of the reading thread of parquet-arrow's one-thread scans of the {@link EventsDataset} under each late
 * materialisation policy, outside JMH: rounds of every query under NEVER, AUTO and ALWAYS in
 * turn (the order rotating each round), so that a busy machine's load falls on all of them alike;
 * CPU time is far steadier than wall time on a shared machine. Prints, per query, the median CPU
 * seconds per scan of each policy and the ratios to NEVER; first checks the policies return the
 * same rows (row count and checksum of every value). The reading thread's CPU leaves out the
 * caller's (taking batches) and the garbage collector's.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar -Dbench.dir=/tmp/bench-data-dataset \
 *     org.parquetarrow.bench.dataset.LateMaterializationCpu 7
 * </pre>
 */
public final class LateMaterializationCpu {
  private static final Logger LOG = LoggerFactory.getLogger(LateMaterializationCpu.class);
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private LateMaterializationCpu() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
    List<DatasetQuery> queries = args.length > 1
        ? Arrays.stream(args[1].split(",")).map(DatasetQuery::valueOf).toList()
        : List.of(DatasetQuery.values());
    Path dir = EventsDataset.ensure(Path.of(System.getProperty("bench.dir", "/tmp/bench-data-dataset")));
    LateMaterialization[] policies = LateMaterialization.values();
    Map<DatasetQuery, Map<LateMaterialization, List<Double>>> cpu = new EnumMap<>(DatasetQuery.class);
    Map<DatasetQuery, Map<LateMaterialization, List<Double>>> wall = new EnumMap<>(DatasetQuery.class);
    try (BufferAllocator allocator = new RootAllocator()) {
      for (DatasetQuery q : queries) {
        DatasetScans.Outcome reference = null;
        for (LateMaterialization p : policies) {
          DatasetScans.Outcome o = DatasetScans.parquetArrow(dir, q, 1, p, allocator, DatasetScans.Consumer.DIGEST);
          if (reference == null) {
            reference = o;
          } else if (o.rows() != reference.rows() || o.checksum() != reference.checksum()) {
            throw new IllegalStateException(q + " under " + p + " returned " + o + ", not " + reference);
          }
        }
        LOG.info("{}: every policy returns {} rows, checksum {}", q, reference.rows(), Long.toHexString(reference.checksum()));
        cpu.put(q, new EnumMap<>(LateMaterialization.class));
        wall.put(q, new EnumMap<>(LateMaterialization.class));
        for (LateMaterialization p : policies) {
          cpu.get(q).put(p, new ArrayList<>());
          wall.get(q).put(p, new ArrayList<>());
        }
      }
      ExecutorService scanThread = Executors.newSingleThreadExecutor();
      long threadId = scanThread.submit(() -> Thread.currentThread().getId()).get();
      try {
        for (int round = -1; round < rounds; round++) { // round -1 warms up
          for (DatasetQuery q : queries) {
            for (int k = 0; k < policies.length; k++) {
              LateMaterialization p = policies[(k + Math.max(round, 0)) % policies.length];
              long before = THREADS.getThreadCpuTime(threadId);
              long start = System.nanoTime();
              ScanMetrics m = scan(dir, q, p, scanThread, allocator);
              double elapsed = (System.nanoTime() - start) / 1e9;
              double seconds = (THREADS.getThreadCpuTime(threadId) - before) / 1e9;
              if (round >= 0) {
                cpu.get(q).get(p).add(seconds);
                wall.get(q).get(p).add(elapsed);
              } else {
                LOG.info("{} {}: {} of {} row groups late-materialised, rows materialised {} of {}", q, p,
                    m.rowGroupsLateMaterialized(), m.rowGroupsRead(), m.rowsMaterialized(), m.rowsRead());
              }
            }
          }
        }
      } finally {
        scanThread.shutdown();
      }
    }
    LOG.info("median CPU seconds of the reading thread per scan over {} rounds:\n{}", rounds, table(queries, cpu));
    LOG.info("median wall seconds per scan over {} rounds:\n{}", rounds, table(queries, wall));
    LOG.info("every sample: cpu {} wall {}", cpu, wall);
  }

  /** One scan as {@link DatasetScans#parquetArrow} runs it (rows counted), its reading on {@code executor}. */
  private static ScanMetrics scan(Path dir, DatasetQuery q, LateMaterialization late, ExecutorService executor,
      BufferAllocator allocator) throws Exception {
    ScanOptions options = ScanOptions.builder().columns(EventsDataset.COLUMNS).filter(q.where()).batchSize(65_536)
        .parallelism(1).executor(executor).ordered(false).lateMaterialization(late).build();
    long rows = 0;
    try (ScanReader r = Scanner.scan(DatasetDiscovery.directory(dir, DiscoveryOptions.defaults()), options, allocator)) {
      while (r.loadNextBatch()) {
        rows += r.getVectorSchemaRoot().getRowCount();
      }
      if (rows != r.metrics().rowsOut()) {
        throw new IllegalStateException(rows + " rows counted, " + r.metrics().rowsOut() + " handed out");
      }
      return r.metrics();
    }
  }

  private static String table(List<DatasetQuery> queries, Map<DatasetQuery, Map<LateMaterialization, List<Double>>> s) {
    StringBuilder table = new StringBuilder("| query | NEVER s | AUTO s | ALWAYS s | AUTO ÷ NEVER | ALWAYS ÷ NEVER |\n"
        + "|---|---:|---:|---:|---:|---:|\n");
    for (DatasetQuery q : queries) {
      double never = median(s.get(q).get(LateMaterialization.NEVER));
      double auto = median(s.get(q).get(LateMaterialization.AUTO));
      double always = median(s.get(q).get(LateMaterialization.ALWAYS));
      table.append(String.format(Locale.ROOT, "| %s | %.4f | %.4f | %.4f | %.2f | %.2f |%n", q, never, auto, always,
          auto / never, always / never));
    }
    return table.toString();
  }

  private static double median(List<Double> xs) {
    double[] s = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }
}
