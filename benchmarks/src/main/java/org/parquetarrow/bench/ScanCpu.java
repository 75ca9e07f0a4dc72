package org.parquetarrow.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.parquetarrow.bench.peer.ParquetJavaScan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CPU time of repeated full scans of one file, outside JMH: for each scan the calling thread's CPU
 * time, the process's CPU time, and how much of the calling thread's went into {@link
 * BatchDigest}. CPU time is far steadier than wall time on a shared machine, so this is the tool
 * for before/after comparisons of one reader; the last line is the lowest of the second half of
 * the scans (after warm-up).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.parquetarrow.bench.ScanCpu \
 *     /tmp/bench-data/strings-x1.0.parquet parquetArrow 8
 * </pre>
 */
public final class ScanCpu {
  private static final Logger LOG = LoggerFactory.getLogger(ScanCpu.class);
  private static final ThreadMXBean THREAD = ManagementFactory.getThreadMXBean();
  private static final com.sun.management.OperatingSystemMXBean PROCESS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private ScanCpu() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      throw new IllegalArgumentException("usage: ScanCpu <file> <parquetArrow|arrowCpp|parquetJava> <scans>");
    }
    Path file = Path.of(args[0]);
    String reader = args[1];
    int scans = Integer.parseInt(args[2]);
    double bestThread = Double.MAX_VALUE;
    double bestProcess = Double.MAX_VALUE;
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int i = 0; i < scans; i++) {
        BatchDigest digest = BatchDigest.timed();
        long thread0 = THREAD.getCurrentThreadCpuTime();
        long process0 = PROCESS.getProcessCpuTime();
        long wall0 = System.nanoTime();
        ScanResult r = switch (reader) {
          case "parquetArrow" -> ParquetArrowScan.scan(file, allocator, 65_536, digest);
          case "arrowCpp" -> ArrowCppScan.scan(file, allocator, 65_536, digest);
          case "parquetJava" -> ParquetJavaScan.scan(file, allocator, 65_536, digest);
          default -> throw new IllegalArgumentException("unknown reader " + reader);
        };
        double wall = (System.nanoTime() - wall0) / 1e9;
        double thread = (THREAD.getCurrentThreadCpuTime() - thread0) / 1e9;
        double process = (PROCESS.getProcessCpuTime() - process0) / 1e9;
        if (i >= scans / 2) {
          bestThread = Math.min(bestThread, thread);
          bestProcess = Math.min(bestProcess, process);
        }
        LOG.info(String.format(Locale.ROOT,
            "%s %s scan %d: %d rows, wall %.3f s, thread CPU %.3f s (digest %.3f s), process CPU %.3f s",
            reader, file.getFileName(), i, r.rows(), wall, thread, digest.cpuNanos() / 1e9, process));
      }
    }
    LOG.info(String.format(Locale.ROOT, "%s %s: lowest of the second half: thread CPU %.3f s, process CPU %.3f s",
        reader, file.getFileName(), bestThread, bestProcess));
  }
}
