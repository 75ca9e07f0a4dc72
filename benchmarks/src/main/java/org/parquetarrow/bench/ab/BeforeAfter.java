package org.parquetarrow.bench.ab;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Two builds of parquet-arrow measured in ONE JVM, round by round: each build's benchmark jar is
 * loaded in its own class loader (its own copy of parquet-arrow, Arrow and the codecs), and every
 * round runs the same operation once with each build, the order alternating between rounds. A
 * change in what else the machine does then hits both builds alike, so the per-round ratio is far
 * steadier than two JMH runs one after the other (on a shared machine those differed by up to 15%
 * for the same jar).
 *
 * <p>Operations: a full single-threaded scan of each data set through the build's own {@code
 * ParquetArrowScan} (rows and checksum must agree between the builds, else the run stops), and a
 * write of the data set's batches (read once per build, untimed) with UNCOMPRESSED and SNAPPY
 * through the build's {@code ParquetArrowWrite} (the SHA-256 of both builds' files is compared
 * and printed).
 *
 * <pre>
 * java -Xmx8g -cp benchmarks/target/benchmarks.jar org.parquetarrow.bench.ab.BeforeAfter \
 *     --before /tmp/before/benchmarks.jar --after benchmarks/target/benchmarks.jar \
 *     --data /work/bench-data --scale 1.0 --rounds 12 --warmups 3 [--sets NUMERIC,NESTED] [--no-write] [--cpu]
 * </pre>
 *
 * <p>{@code --cpu} times the calling thread's CPU instead of the wall clock: the steadier figure
 * on a shared machine for a one-thread scan, whose decoding runs on that thread.
 *
 * <p>Report: per operation, each build's median time (min–max), and the mean of the per-round
 * ratios after ÷ before in speed (before's time ÷ after's; above 1: after is faster) with a 95%
 * confidence interval (Student t over the rounds).
 */
public final class BeforeAfter {
  private static final String[] ALL_SETS = {"NUMERIC", "STRINGS", "NESTED", "LINEITEM"};

  private BeforeAfter() {}

  public static void main(String[] args) throws Throwable {
    Options o = Options.parse(args);
    PrintStream out = System.out;
    out.printf(Locale.ROOT, "before: %s%nafter:  %s%n", o.before(), o.after());
    out.printf(Locale.ROOT, "%s; %d warm-up + %d timed rounds (%s ms), order alternating; load %s; %s %s, %d cores%n",
        Instant.now(), o.warmups(), o.rounds(), o.cpu() ? "calling thread's CPU" : "wall", load(), System.getProperty("java.vm.name"),
        System.getProperty("java.vm.version"), Runtime.getRuntime().availableProcessors());
    try (Build before = new Build("before", o.before()); Build after = new Build("after", o.after())) {
      List<String> rows = new ArrayList<>();
      for (String set : o.sets()) {
        Path file = o.data().resolve(String.format(Locale.ROOT, "%s-x%s.parquet",
            set.toLowerCase(Locale.ROOT), Double.toString(o.scale())));
        if (!Files.isRegularFile(file)) {
          throw new IllegalArgumentException("no data set file " + file + " (write it with bin/bench-peers or GenerateBenchData)");
        }
        rows.add(measure("read " + set, o, () -> before.scan(file), () -> after.scan(file), before, after)
            + " " + before.lastResult + " |");
        if (o.write()) {
          before.loadBatches(file);
          after.loadBatches(file);
          try {
            for (String codec : new String[] {"UNCOMPRESSED", "SNAPPY"}) {
              Path a = Files.createTempFile("ab-before", ".parquet");
              Path b = Files.createTempFile("ab-after", ".parquet");
              try {
                String row = measure("write " + set + " " + codec, o,
                    () -> before.write(a, codec), () -> after.write(b, codec), null, null);
                rows.add(row + " " + (sha256(a).equals(sha256(b)) ? "identical" : "DIFFERENT")
                    + " (" + Files.size(a) + " / " + Files.size(b) + " bytes) |");
              } finally {
                Files.deleteIfExists(a);
                Files.deleteIfExists(b);
              }
            }
          } finally {
            before.dropBatches();
            after.dropBatches();
          }
        }
        out.printf(Locale.ROOT, "%s done, load %s%n", set, load());
      }
      out.println();
      out.println("| operation | before ms, median (min–max) | after ms, median (min–max) | after ÷ before in speed, mean of rounds [95% CI] | rows and checksum (read), files (write) |");
      out.println("|---|---:|---:|---:|---|");
      rows.forEach(out::println);
      out.printf(Locale.ROOT, "%nfinished %s; load %s%n", Instant.now(), load());
    }
  }

  /** An operation's result, compared between the builds (null for writes). */
  @FunctionalInterface
  private interface Op {
    Object run() throws Throwable;
  }

  private static String measure(String name, Options o, Op before, Op after, Build b1, Build b2) throws Throwable {
    double[] tb = new double[o.rounds()];
    double[] ta = new double[o.rounds()];
    for (int r = -o.warmups(); r < o.rounds(); r++) {
      double x;
      double y;
      if ((r & 1) == 0) {
        x = time(before, o.cpu());
        y = time(after, o.cpu());
      } else {
        y = time(after, o.cpu());
        x = time(before, o.cpu());
      }
      if (b1 != null && !b1.lastResult.equals(b2.lastResult)) {
        throw new IllegalStateException(name + ": the builds disagree: before " + b1.lastResult + ", after " + b2.lastResult);
      }
      if (r >= 0) {
        tb[r] = x;
        ta[r] = y;
      }
    }
    double[] ratio = new double[o.rounds()];
    for (int i = 0; i < o.rounds(); i++) {
      ratio[i] = tb[i] / ta[i];
    }
    double mean = Arrays.stream(ratio).average().orElse(Double.NaN);
    double sd = Math.sqrt(Arrays.stream(ratio).map(v -> (v - mean) * (v - mean)).sum() / Math.max(1, o.rounds() - 1));
    double half = tQuantile975(o.rounds() - 1) * sd / Math.sqrt(o.rounds());
    String row = String.format(Locale.ROOT, "| %s | %s | %s | **%.3f** [%.3f, %.3f] |",
        name, cell(tb), cell(ta), mean, mean - half, mean + half);
    System.out.println(row);
    return row;
  }

  /**
   * Milliseconds of {@code op}: wall time, or with {@code cpu} the calling thread's CPU time (the
   * decoding thread of a one-thread scan, which on a shared machine does not count the time other
   * processes hold the core; helper threads such as page read-ahead are left out).
   */
  private static double time(Op op, boolean cpu) throws Throwable {
    long t0 = cpu ? THREAD.getCurrentThreadCpuTime() : System.nanoTime();
    op.run();
    return ((cpu ? THREAD.getCurrentThreadCpuTime() : System.nanoTime()) - t0) / 1e6;
  }

  private static final java.lang.management.ThreadMXBean THREAD =
      java.lang.management.ManagementFactory.getThreadMXBean();

  private static String cell(double[] t) {
    double[] s = t.clone();
    Arrays.sort(s);
    double median = s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    return String.format(Locale.ROOT, "%.0f (%.0f–%.0f)", median, s[0], s[s.length - 1]);
  }

  /** Two-sided 95% quantile of Student's t with {@code df} degrees of freedom (table, then 1.96). */
  static double tQuantile975(int df) {
    double[] table = {Double.NaN, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
    return df < 1 ? Double.NaN : df < table.length ? table[df] : 1.96;
  }

  private static String load() {
    try {
      String s = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).trim();
      String[] p = s.split(" ");
      return p[0] + " " + p[1] + " " + p[2];
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static String sha256(Path file) throws IOException, NoSuchAlgorithmException {
    MessageDigest md = MessageDigest.getInstance("SHA-256");
    try (InputStream in = Files.newInputStream(file)) {
      byte[] buf = new byte[1 << 16];
      int n;
      while ((n = in.read(buf)) > 0) {
        md.update(buf, 0, n);
      }
    }
    return HexFormat.of().formatHex(md.digest());
  }

  /** One build: its benchmark jar in its own class loader, called through method handles. */
  private static final class Build implements AutoCloseable {
    private final URLClassLoader loader;
    private final AutoCloseable allocator;
    private final MethodHandle scan;
    private final MethodHandle rows;
    private final MethodHandle checksum;
    private final MethodHandle readBatches;
    private final MethodHandle write;
    private final Class<?> codecType;
    private AutoCloseable batches;
    Object lastResult;

    Build(String name, Path jar) throws Exception {
      loader = new URLClassLoader(name, new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
      Class<?> allocatorType = Class.forName("org.apache.arrow.memory.BufferAllocator", true, loader);
      Class<?> root = Class.forName("org.apache.arrow.memory.RootAllocator", true, loader);
      allocator = (AutoCloseable) root.getConstructor().newInstance();
      MethodHandles.Lookup l = MethodHandles.publicLookup();
      Class<?> scanClass = Class.forName("org.parquetarrow.bench.ParquetArrowScan", true, loader);
      Class<?> result = Class.forName("org.parquetarrow.bench.ScanResult", true, loader);
      scan = l.findStatic(scanClass, "scan", MethodType.methodType(result, Path.class, allocatorType, int.class));
      rows = l.findVirtual(result, "rows", MethodType.methodType(long.class));
      checksum = l.findVirtual(result, "checksum", MethodType.methodType(long.class));
      Class<?> batchesClass = Class.forName("org.parquetarrow.bench.write.InMemoryBatches", true, loader);
      readBatches = l.findStatic(batchesClass, "read",
          MethodType.methodType(batchesClass, Path.class, allocatorType, int.class));
      codecType = Class.forName("org.parquetarrow.format.CompressionCodec", true, loader);
      Class<?> writeClass = Class.forName("org.parquetarrow.bench.write.ParquetArrowWrite", true, loader);
      write = l.findStatic(writeClass, "write", MethodType.methodType(void.class, batchesClass, Path.class, codecType));
    }

    /** A full scan; remembers rows and checksum for the comparison with the other build. */
    Object scan(Path file) throws Throwable {
      Object r = scan.invoke(file, allocator, 65_536);
      lastResult = rows.invoke(r) + " rows, checksum " + Long.toHexString((long) checksum.invoke(r));
      return lastResult;
    }

    void loadBatches(Path file) throws Throwable {
      batches = (AutoCloseable) readBatches.invoke(file, allocator, 65_536);
    }

    void dropBatches() throws Exception {
      if (batches != null) {
        batches.close();
        batches = null;
      }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    Object write(Path file, String codec) throws Throwable {
      write.invoke(batches, file, Enum.valueOf((Class) codecType, codec));
      return null;
    }

    @Override
    public void close() throws Exception {
      if (batches != null) {
        batches.close();
      }
      allocator.close();
      loader.close();
    }
  }

  /** The command line. */
  record Options(Path before, Path after, Path data, double scale, int rounds, int warmups, List<String> sets, boolean write,
      boolean cpu) {
    static Options parse(String[] args) {
      Path before = null;
      Path after = null;
      Path data = Path.of("benchmarks/target/bench-data");
      double scale = 1.0;
      int rounds = 10;
      int warmups = 3;
      List<String> sets = List.of(ALL_SETS);
      boolean write = true;
      boolean cpu = false;
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        if (a.equals("--no-write")) {
          write = false;
          continue;
        }
        if (a.equals("--cpu")) {
          cpu = true;
          continue;
        }
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException(a + " needs a value");
        }
        String v = args[++i];
        switch (a) {
          case "--before" -> before = Path.of(v);
          case "--after" -> after = Path.of(v);
          case "--data" -> data = Path.of(v);
          case "--scale" -> scale = Double.parseDouble(v);
          case "--rounds" -> rounds = Integer.parseInt(v);
          case "--warmups" -> warmups = Integer.parseInt(v);
          case "--sets" -> sets = List.of(v.toUpperCase(Locale.ROOT).split(","));
          default -> throw new IllegalArgumentException("unknown option " + a
              + " (--before JAR --after JAR [--data DIR] [--scale S] [--rounds N] [--warmups N] [--sets A,B] [--no-write] [--cpu])");
        }
      }
      if (before == null || after == null) {
        throw new IllegalArgumentException("--before JAR and --after JAR are required");
      }
      if (rounds < 2) {
        throw new IllegalArgumentException("--rounds must be at least 2");
      }
      return new Options(before, after, data, scale, rounds, warmups, sets, write, cpu);
    }
  }
}
