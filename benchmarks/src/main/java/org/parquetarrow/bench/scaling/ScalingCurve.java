package org.parquetarrow.bench.scaling;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.parquetarrow.bench.BatchDigest;
import org.parquetarrow.bench.ParquetArrowScan;
import org.parquetarrow.bench.ScanResult;
import org.parquetarrow.bench.data.BenchDataset;
import org.parquetarrow.bench.peers.Machine;
import org.parquetarrow.bench.peers.Runs;
import org.parquetarrow.read.ReadOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scaling curve of one file's full scan (issue 18 item 2): parquet-arrow reading each data set
 * of {@code BENCHMARKS.md} with 1, 2, … up to the machine's core count decoding threads ({@code
 * ReadOptions.Builder.parallelism}), every batch fed to {@link BatchDigest} on the calling thread
 * as in {@code ScanBenchmark}. In each round every read-ahead policy and thread count runs once, one after the other, so
 * that a change in what else the machine does hits all of them alike. Every run must give the
 * footer's row count and the one-thread checksum. Prints (and writes {@code scaling.md} into
 * {@code --out}) the median time (min–max), rows per second, the speed-up over one thread, the
 * process CPU seconds per scan (all threads, GC and JIT included: on a shared machine the steadier
 * figure, and what parallel decoding costs beyond one thread's work) and the highest Arrow memory
 * of one scan, the minor page faults per scan (Linux: memory the process touched for the first time,
 * each fault a kernel entry and a zeroed page; what a parallel read's extra CPU went to in the
 * profile of issue 18 item 2), with the load average before and after each data set. With {@code --read-ahead both}
 * (the default) each data set gets two curves: with the page read-ahead a user gets by default
 * ({@code ReadOptions.PageReadAhead.AUTO}: pages prepared several ahead on a helper, so the one-thread
 * read already uses a second core for decompression, except where the lanes take every core) and with it {@code OFF} (every decoding thread does one core's work, so the
 * curve shows how decoding itself scales); {@code on} or {@code off} measure one of them, {@code
 * next} the one-page read-ahead ({@code NEXT_PAGE}).
 *
 * <pre>
 * bin/bench-scaling --scale 0.2 --runs 5            # or: java -cp benchmarks.jar org.parquetarrow.bench.scaling.ScalingCurve
 * bin/bench-scaling --sets NESTED,LINEITEM --threads 4 --read-ahead off
 * </pre>
 */
public final class ScalingCurve {
  private static final Logger LOG = LoggerFactory.getLogger(ScalingCurve.class);
  static final int DEFAULT_BATCH = 64 * 1024;
  private static final com.sun.management.OperatingSystemMXBean PROCESS =
      (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();

  private ScalingCurve() {}

  /**
   * One thread count's runs on one data set. {@code roundSpeedUps}: in each timed round, the
   * one-thread scan's time over this one's, measured one right after the other (held in a {@link
   * Runs} for its median and range; they are ratios, not seconds): on a machine whose speed drifts
   * from round to round, the steadier figure of the two speed-ups.
   */
  public record Point(int threads, Runs runs, double rowsPerSecond, double speedUp, Runs roundSpeedUps,
      double peakMB, Runs cpu, Runs minorFaults) {}

  /** One data set's curve. */
  public record Curve(BenchDataset set, ReadOptions.PageReadAhead readAhead, long rows, long checksum, String loadBefore, String loadAfter,
      List<Point> points) {}

  public static void main(String[] args) throws Exception {
    Options o = Options.parse(args);
    String command = System.getProperty("bench.command", "ScalingCurve " + String.join(" ", args));
    String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    List<Curve> curves = new ArrayList<>();
    for (BenchDataset d : o.sets) {
      LOG.info("data set {} at scale {}", d, o.scale);
      Path file = d.ensure(o.dataDir, o.scale);
      LOG.info("measuring {} with 1 to {} threads, page read-ahead {}", d, o.threads, o.readAhead);
      curves.addAll(measure(d, file, o.batch, o.threads, o.warmups, o.runs, o.readAhead));
    }
    String ended = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    String markdown = render(command, started, ended, o, curves);
    Files.createDirectories(o.outDir);
    Path out = o.outDir.resolve("scaling.md");
    Files.writeString(out, markdown, StandardCharsets.UTF_8);
    LOG.info("scaling curve written to {}", out);
  }

  /**
   * The curve of {@code file} read in batches of {@code batch} rows: {@code warmups} untimed and
   * {@code runs} timed rounds.
   *
   * @throws IllegalStateException when a read with more threads gives other rows or values than one thread
   */
  public static Curve measure(BenchDataset set, Path file, int batch, int maxThreads, int warmups, int runs,
      ReadOptions.PageReadAhead readAhead) {
    return measure(set, file, batch, maxThreads, warmups, runs, List.of(readAhead)).get(0);
  }

  /**
   * The curves of {@code file}, one per read-ahead policy, measured in the same rounds: each round
   * runs every policy at every thread count, so that no policy is the one that pays for the JVM
   * still compiling and growing its heap (measured alone, one after the other in one JVM, NESTED's
   * second curve ran 25–40% faster than the same curve measured first).
   *
   * @throws IllegalStateException when a read with more threads gives other rows or values than one thread
   */
  public static List<Curve> measure(BenchDataset set, Path file, int batch, int maxThreads, int warmups, int runs,
      List<ReadOptions.PageReadAhead> policies) {
    try (BufferAllocator allocator = new RootAllocator()) {
      // the reference is the default read on one thread, whatever the policy measured
      ScanResult reference = ParquetArrowScan.scan(file, allocator, batch, new BatchDigest(), 1);
      String before = Machine.loadAverage();
      int n = policies.size();
      List<List<List<Double>>> seconds = new ArrayList<>();
      List<List<List<Double>>> cpu = new ArrayList<>();
      List<List<List<Double>>> faults = new ArrayList<>();
      double[][] peak = new double[n][maxThreads + 1];
      for (int k = 0; k < n; k++) {
        seconds.add(new ArrayList<>());
        cpu.add(new ArrayList<>());
        faults.add(new ArrayList<>());
        for (int t = 0; t <= maxThreads; t++) {
          seconds.get(k).add(new ArrayList<>());
          cpu.get(k).add(new ArrayList<>());
          faults.get(k).add(new ArrayList<>());
        }
      }
      for (int round = 0; round < warmups + runs; round++) {
        for (int i = 0; i < n; i++) {
          // the policies take turns at going first, as the first read of a round finds the caches of the last
          int k = (i + round) % n;
          ReadOptions.PageReadAhead readAhead = policies.get(k);
          for (int t = 1; t <= maxThreads; t++) {
            long faults0 = minorFaults();
            long cpu0 = PROCESS.getProcessCpuTime();
            long start = System.nanoTime();
            ScanResult r = ParquetArrowScan.scan(file, allocator, batch, new BatchDigest(), t, readAhead);
            double s = (System.nanoTime() - start) / 1e9;
            double c = (PROCESS.getProcessCpuTime() - cpu0) / 1e9;
            long f = faults0 < 0 ? -1 : minorFaults() - faults0;
            if (r.rows() != reference.rows() || r.checksum() != reference.checksum()) {
              throw new IllegalStateException(set + " read with " + t + " threads (read-ahead " + readAhead + ") gave " + r.rows() + " rows, checksum "
                  + Long.toHexString(r.checksum()) + "; one thread gave " + reference.rows() + " rows, checksum "
                  + Long.toHexString(reference.checksum()));
            }
            if (round >= warmups) {
              seconds.get(k).get(t).add(s);
              cpu.get(k).get(t).add(c);
              faults.get(k).get(t).add((double) f);
              peak[k][t] = Math.max(peak[k][t], r.peakBytes() / 1e6);
            }
          }
        }
      }
      String after = Machine.loadAverage();
      List<Curve> curves = new ArrayList<>();
      for (int k = 0; k < n; k++) {
        List<Point> points = new ArrayList<>();
        double one = new Runs(seconds.get(k).get(1)).median();
        List<Double> ones = seconds.get(k).get(1);
        for (int t = 1; t <= maxThreads; t++) {
          Runs r = new Runs(seconds.get(k).get(t));
          List<Double> paired = new ArrayList<>();
          for (int round = 0; round < ones.size(); round++) {
            paired.add(ones.get(round) / r.seconds().get(round));
          }
          points.add(new Point(t, r, reference.rows() / r.median(), one / r.median(), new Runs(paired), peak[k][t],
              new Runs(cpu.get(k).get(t)), new Runs(faults.get(k).get(t))));
        }
        curves.add(new Curve(set, policies.get(k), reference.rows(), reference.checksum(), before, after, points));
      }
      return curves;
    }
  }

  /**
   * The minor page faults of this process so far (field 10 of {@code /proc/self/stat}), or -1 where
   * there is no such file.
   */
  static long minorFaults() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      // the command name in field 2 may hold spaces: count the fields after its closing parenthesis
      String[] after = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
      return Long.parseLong(after[7]);
    } catch (java.io.IOException | RuntimeException e) {
      return -1;
    }
  }

  public static String render(String command, String started, String ended, Options o, List<Curve> curves) {
    Machine m = Machine.current();
    StringBuilder b = new StringBuilder();
    b.append("`").append(command).append("`  \n");
    b.append(started).append(" → ").append(ended).append("; scale ").append(o.scale).append("; ")
        .append(o.warmups).append(" warm-up and ").append(o.runs)
        .append(String.format(Locale.ROOT, " timed rounds, read-ahead policies and thread counts interleaved round by round; batches of %,d"
            + " rows, each through BatchDigest on the calling thread; one JVM. \"Speed-up over 1 thread\": the"
            + " one-thread median over this median; \"same-round speed-up\": the median (min–max) over the rounds of"
            + " the one-thread time over this time in the same round.  \n", o.batch));
    b.append("Page read-ahead \"default (auto)\": what a user gets, pages decompressed on a helper thread up to a few"
        + " MiB ahead of the decoding thread (a one-thread read uses up to two cores), none where the lanes take every"
        + " core; \"several pages\": that helper whatever the lanes; \"next page\": only the next page ahead; \"off\""
        + " (ReadOptions.PageReadAhead.OFF): one core's work per decoding thread.  \n");
    b.append(m.jvm()).append("; ").append(m.cpu()).append(", ").append(m.cores()).append(" cores; ")
        .append(m.os()).append(".\n\n");
    b.append("| data set | page read-ahead | rows | threads | scan | rows/s | speed-up over 1 thread"
        + " | same-round speed-up | process CPU s per scan | minor page faults per scan | peak Arrow MB | load before → after |\n");
    b.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for (Curve c : curves) {
      for (Point p : c.points) {
        b.append(String.format(Locale.ROOT,
            "| %s | %s | %,d | %d | %.0f ms (%.0f–%.0f) | %.2fM | **%.2f×** | %.2f× (%.2f–%.2f) | %.2f (%.2f–%.2f) | %s | %.0f | %s |%n",
            c.set, label(c.readAhead), c.rows, p.threads, p.runs.median() * 1e3, p.runs.min() * 1e3, p.runs.max() * 1e3,
            p.rowsPerSecond / 1e6, p.speedUp, p.roundSpeedUps.median(), p.roundSpeedUps.min(), p.roundSpeedUps.max(),
            p.cpu.median(), p.cpu.min(), p.cpu.max(), faults(p.minorFaults), p.peakMB,
            p.threads == 1 ? c.loadBefore + " → " + c.loadAfter : ""));
      }
    }
    return b.toString();
  }

  private static String label(ReadOptions.PageReadAhead policy) {
    return switch (policy) {
      case OFF -> "off";
      case NEXT_PAGE -> "next page";
      case AUTO -> "default (auto)";
      case SEVERAL_PAGES -> "several pages";
    };
  }

  /** The median minor page faults per scan, or "—" where the platform does not count them. */
  private static String faults(Runs f) {
    return f.min() < 0 ? "—" : String.format(Locale.ROOT, "%,.0f", f.median());
  }

  /**
   * {@code --scale S --runs N --warmups N --threads N --batch ROWS --sets A,B --read-ahead both|default|on|next|off|all
   * --data DIR --out DIR}.
   */
  public static final class Options {
    double scale = 1;
    int runs = 5;
    int warmups = 2;
    int threads = Runtime.getRuntime().availableProcessors();
    int batch = DEFAULT_BATCH;
    List<BenchDataset> sets = List.of(BenchDataset.values());
    List<ReadOptions.PageReadAhead> readAhead =
        List.of(ReadOptions.PageReadAhead.AUTO, ReadOptions.PageReadAhead.OFF);
    Path dataDir = Path.of("benchmarks/target/bench-data");
    Path outDir = Path.of("benchmarks/target/scaling");

    public static Options parse(String... args) {
      Options o = new Options();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        switch (a) {
          case "--scale" -> o.scale = Double.parseDouble(value(args, ++i, a));
          case "--runs" -> o.runs = positive(Integer.parseInt(value(args, ++i, a)), a);
          case "--warmups" -> o.warmups = Math.max(0, Integer.parseInt(value(args, ++i, a)));
          case "--threads" -> o.threads = positive(Integer.parseInt(value(args, ++i, a)), a);
          case "--batch" -> o.batch = positive(Integer.parseInt(value(args, ++i, a)), a);
          case "--sets" -> {
            List<BenchDataset> sets = new ArrayList<>();
            for (String s : value(args, ++i, a).split(",")) {
              sets.add(BenchDataset.valueOf(s.trim().toUpperCase(Locale.ROOT)));
            }
            o.sets = sets;
          }
          case "--read-ahead" -> o.readAhead = switch (value(args, ++i, a)) {
            case "both" -> List.of(ReadOptions.PageReadAhead.AUTO, ReadOptions.PageReadAhead.OFF);
            case "default" -> List.of(ReadOptions.PageReadAhead.AUTO);
            case "on" -> List.of(ReadOptions.PageReadAhead.SEVERAL_PAGES);
            case "next" -> List.of(ReadOptions.PageReadAhead.NEXT_PAGE);
            case "off" -> List.of(ReadOptions.PageReadAhead.OFF);
            case "all" -> List.of(ReadOptions.PageReadAhead.AUTO, ReadOptions.PageReadAhead.SEVERAL_PAGES,
                ReadOptions.PageReadAhead.NEXT_PAGE, ReadOptions.PageReadAhead.OFF);
            default -> throw new IllegalArgumentException(
                "--read-ahead " + args[i] + ": valid are both, default, on, next, off, all");
          };
          case "--data" -> o.dataDir = Path.of(value(args, ++i, a));
          case "--out" -> o.outDir = Path.of(value(args, ++i, a));
          default -> throw new IllegalArgumentException("unknown argument " + a
              + "; valid: --scale S, --runs N, --warmups N, --threads N, --batch ROWS, --sets NUMERIC,STRINGS,NESTED,LINEITEM,"
              + " --read-ahead both|default|on|next|off|all, --data DIR, --out DIR");
        }
      }
      return o;
    }

    private static String value(String[] args, int i, String name) {
      if (i >= args.length) {
        throw new IllegalArgumentException(name + " needs a value");
      }
      return args[i];
    }

    private static int positive(int n, String name) {
      if (n < 1) {
        throw new IllegalArgumentException(name + " must be at least 1, not " + n);
      }
      return n;
    }
  }
}
