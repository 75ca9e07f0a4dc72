package org.parquetarrow.spark.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Our source against Spark's built-in vectorized Parquet reader, in one Spark session, on the same
 * files (TPC-H {@code lineitem} written by our writer, see {@link LineitemFiles}) with the same
 * session settings: TPC-H Q1 (a full scan of 7 columns and an aggregation), Q6 (4 columns, a
 * one-year range of ship dates) and a point query on the sorted {@code l_orderkey} (page index and
 * bloom filter). Each query runs {@code -Dbench.warmup} times per reader untimed, then {@code
 * -Dbench.runs} times per reader alternately, the reader going first changing from run to run; the median wall time, the bytes each read and our
 * pruning counters are logged and written to {@code bench.out} (a Markdown table), with each run's
 * phases: {@code collect} to the first job's start (optimisation and planning on the driver;
 * {@code spark.sql} analysed the query before), the longest task, and the driver thread's CPU. The answers of the two readers must be
 * equal, or it fails.
 *
 * <p>Properties: {@code bench.dir} (default {@code target/spark-bench}), {@code bench.scale}
 * (default 1: 6M rows), {@code bench.files} (default 4), {@code bench.runs} (default 11), {@code
 * bench.warmup} (default 30), {@code bench.queries} (default {@code Q1,Q6,point}; also {@code footer}: counts and min/max from footers), {@code bench.out}
 * (default {@code bench.dir/results.md}), {@code bench.alt} (options of a third reader, ours
 * differently set up, see {@link #ALT_OPTIONS}).
 */
public final class SparkReadBenchmark {
  private static final Logger LOG = LoggerFactory.getLogger(SparkReadBenchmark.class);

  private static final String Q1 = "select l_returnflag, l_linestatus, sum(l_quantity) as sum_qty,"
      + " sum(l_extendedprice) as sum_base_price, sum(l_extendedprice * (1 - l_discount)) as sum_disc_price,"
      + " sum(l_extendedprice * (1 - l_discount) * (1 + l_tax)) as sum_charge, avg(l_quantity) as avg_qty,"
      + " avg(l_extendedprice) as avg_price, avg(l_discount) as avg_disc, count(*) as count_order from %s"
      + " where l_shipdate <= date '1998-09-02' group by l_returnflag, l_linestatus"
      + " order by l_returnflag, l_linestatus";
  private static final String Q6 = "select sum(l_extendedprice * l_discount) as revenue from %s"
      + " where l_shipdate >= date '1994-01-01' and l_shipdate < date '1995-01-01'"
      + " and l_discount between 0.05 and 0.07 and l_quantity < 24";
  private static final String POINT = "select l_orderkey, l_linenumber, l_partkey, l_extendedprice, l_shipdate,"
      + " l_comment from %s where l_orderkey = %d";
  /** Answered from footers alone by a source that does (ours; Spark's V2 source with its aggregate push-down). */
  private static final String FOOTER = "select count(*), min(l_orderkey), max(l_orderkey), min(l_shipdate),"
      + " max(l_shipdate), count(l_comment) from %s";

  /**
   * {@code -Dbench.builtinAggregatePushdown=true}: the built-in reader is Spark's DataSource V2
   * Parquet source with {@code spark.sql.parquet.aggregatePushdown=true} (which answers {@code
   * footer} from footers too) instead of the default V1 source.
   */
  private static final boolean BUILTIN_AGGREGATE_PUSHDOWN = Boolean.getBoolean("bench.builtinAggregatePushdown");

  /**
   * {@code -Dbench.alt=key=value,...}: our source again with these options (e.g. {@code
   * intDecimals=decimal128}), timed in the same rounds as a third reader, for a before/after in one
   * session; its median is logged and added as the table's last column.
   */
  private static final String ALT_OPTIONS = System.getProperty("bench.alt");

  private SparkReadBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(System.getProperty("bench.dir", "target/spark-bench"));
    double scale = Double.parseDouble(System.getProperty("bench.scale", "1"));
    int files = Integer.getInteger("bench.files", 4);
    int runs = Integer.getInteger("bench.runs", 11);
    // Spark's own code is still being JIT-compiled after a few queries (200-300 ms of compiler time
    // per query after 5 warm-ups, about 100 after 30, measured on 2 cores), which takes a core
    // from both readers' tasks alike: warm up until that has mostly settled
    int warmup = Integer.getInteger("bench.warmup", 30);
    Path data = dir.resolve("lineitem-sf" + scale + "-" + files);
    String loadBefore = load();
    long t0 = System.nanoTime();
    long rows = LineitemFiles.write(data, scale, files, 42);
    LOG.info("lineitem: {} rows in {} files at {} ({} s)", rows, files, data, (System.nanoTime() - t0) / 1_000_000_000);

    SparkSession spark = SparkSession.builder()
        .master("local[2]")
        .appName("parquet-arrow-spark-bench")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .getOrCreate();
    BytesRead bytes = new BytesRead();
    spark.sparkContext().addSparkListener(bytes);
    try {
      spark.read().format("parquet-arrow").load(data.toString()).createOrReplaceTempView("ours");
      if (BUILTIN_AGGREGATE_PUSHDOWN) {
        spark.conf().set("spark.sql.sources.useV1SourceList", "avro,csv,json,kafka,orc,text");
        spark.conf().set("spark.sql.parquet.aggregatePushdown", "true");
      }
      spark.read().parquet(data.toString()).createOrReplaceTempView("builtin");
      if (ALT_OPTIONS != null) {
        var alt = spark.read().format("parquet-arrow");
        for (String kv : ALT_OPTIONS.split(",")) {
          alt = alt.option(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
        alt.load(data.toString()).createOrReplaceTempView("ours_alt");
      }
      long key = LineitemFiles.orders(scale) / 2 + 17;
      Map<String, String> queries = new LinkedHashMap<>();
      queries.put("Q1", Q1);
      queries.put("Q6", Q6);
      queries.put("point l_orderkey = " + key, POINT.replace("%d", Long.toString(key)));
      queries.put("footer", FOOTER);
      List<List<String>> columns = List.of(
          List.of("l_returnflag", "l_linestatus", "l_quantity", "l_extendedprice", "l_discount", "l_tax", "l_shipdate"),
          List.of("l_extendedprice", "l_discount", "l_shipdate", "l_quantity"),
          List.of("l_orderkey", "l_linenumber", "l_partkey", "l_extendedprice", "l_shipdate", "l_comment"),
          List.of("l_orderkey", "l_shipdate", "l_comment"));
      List<String> table = new ArrayList<>();
      table.add("| query | ours median s | built-in median s | built-in ÷ ours | bytes read ours | bytes read built-in"
          + " | chunk bytes of the columns read | our row groups read / total | pruned by stats / dict / bloom / page index"
          + " | pages skipped |" + (ALT_OPTIONS == null ? "" : " ours with " + ALT_OPTIONS + ", median s |")
          + " process CPU s, median: ours / built-in" + (ALT_OPTIONS == null ? "" : " / with " + ALT_OPTIONS) + " |"
          + " minor page faults, median: ours / built-in" + (ALT_OPTIONS == null ? "" : " / with " + ALT_OPTIONS) + " |"
          + " JIT compile ms, median: ours / built-in" + (ALT_OPTIONS == null ? "" : " / with " + ALT_OPTIONS) + " |"
          + " GC ms, median: ours / built-in" + (ALT_OPTIONS == null ? "" : " / with " + ALT_OPTIONS) + " |"
          + " collect to job start ms, median: ours / built-in" + (ALT_OPTIONS == null ? "" : " / with " + ALT_OPTIONS) + " |"
          + " longest task ms, median: ours / built-in" + (ALT_OPTIONS == null ? "" : " / with " + ALT_OPTIONS) + " |"
          + " driver thread CPU ms, median: ours / built-in" + (ALT_OPTIONS == null ? "" : " / with " + ALT_OPTIONS) + " |");
      table.add("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|" + (ALT_OPTIONS == null ? "" : "---|"));
      int i = 0;
      Set<String> only = new HashSet<>(Arrays.asList(System.getProperty("bench.queries", "Q1,Q6,point").split(",")));
      for (Map.Entry<String, String> q : queries.entrySet()) {
        if (!only.contains(q.getKey().split(" ")[0])) {
          i++;
          continue;
        }
        table.add(run(spark, bytes, q.getKey(), q.getValue(), runs, warmup, chunkBytes(data, columns.get(i++))));
      }
      String out = String.join("\n", table) + "\n\nrows " + rows + ", files " + files + ", runs " + runs
          + ", warm-up " + warmup + ", load average (1/5/15 min) before " + loadBefore + ", after " + load() + "\n";
      Path file = Path.of(System.getProperty("bench.out", dir.resolve("results.md").toString()));
      Files.writeString(file, out);
      LOG.info("results ({}):\n{}", file, out);
    } finally {
      spark.stop();
    }
  }

  private static String run(SparkSession spark, BytesRead bytes, String name, String sql, int runs, int warmup,
      long chunkBytes) throws Exception {
    String ours = String.format(sql, "ours");
    String builtIn = String.format(sql, "builtin");
    List<Row> expected = sorted(spark.sql(builtIn).collectAsList());
    List<Row> actual = sorted(spark.sql(ours).collectAsList());
    if (!expected.equals(actual)) {
      throw new IllegalStateException(name + ": the readers disagree\n built-in " + expected + "\n ours " + actual);
    }
    for (int i = 0; i < warmup; i++) {
      spark.sql(ours).collectAsList();
      spark.sql(builtIn).collectAsList();
    }
    String alt = String.format(sql, "ours_alt");
    if (ALT_OPTIONS != null) {
      List<Row> altRows = sorted(spark.sql(alt).collectAsList());
      if (!expected.equals(altRows)) {
        throw new IllegalStateException(name + ": ours with " + ALT_OPTIONS + " disagrees\n built-in " + expected
            + "\n ours " + altRows);
      }
      for (int i = 0; i < warmup; i++) {
        spark.sql(alt).collectAsList();
      }
    }
    double[] oursSeconds = new double[runs];
    double[] builtInSeconds = new double[runs];
    double[] altSeconds = new double[runs];
    double[] oursCpu = new double[runs];
    double[] builtInCpu = new double[runs];
    double[] altCpu = new double[runs];
    double[] oursFaults = new double[runs];
    double[] builtInFaults = new double[runs];
    double[] altFaults = new double[runs];
    double[] oursJit = new double[runs];
    double[] builtInJit = new double[runs];
    double[] altJit = new double[runs];
    double[] oursGc = new double[runs];
    double[] builtInGc = new double[runs];
    double[] altGc = new double[runs];
    double[][] toJob = new double[3][runs];
    double[][] longestTask = new double[3][runs];
    double[][] driverCpu = new double[3][runs];
    Measured lastOurs = null;
    Measured lastBuiltIn = null;
    for (int i = 0; i < runs; i++) {
      // the readers take turns at going first: the second of a pair finds the first one's garbage and warm caches
      if (i % 2 == 0) {
        lastOurs = measure(spark, bytes, ours);
        lastBuiltIn = measure(spark, bytes, builtIn);
      } else {
        lastBuiltIn = measure(spark, bytes, builtIn);
        lastOurs = measure(spark, bytes, ours);
      }
      oursSeconds[i] = lastOurs.seconds;
      builtInSeconds[i] = lastBuiltIn.seconds;
      oursCpu[i] = lastOurs.cpuSeconds;
      builtInCpu[i] = lastBuiltIn.cpuSeconds;
      oursFaults[i] = lastOurs.minorFaults;
      builtInFaults[i] = lastBuiltIn.minorFaults;
      oursJit[i] = lastOurs.jitMillis;
      builtInJit[i] = lastBuiltIn.jitMillis;
      oursGc[i] = lastOurs.gcMillis;
      builtInGc[i] = lastBuiltIn.gcMillis;
      lastOurs.phases(toJob, longestTask, driverCpu, 0, i);
      lastBuiltIn.phases(toJob, longestTask, driverCpu, 1, i);
      if (ALT_OPTIONS != null) {
        Measured a = measure(spark, bytes, alt);
        altSeconds[i] = a.seconds;
        altCpu[i] = a.cpuSeconds;
        altFaults[i] = a.minorFaults;
        altJit[i] = a.jitMillis;
        altGc[i] = a.gcMillis;
        a.phases(toJob, longestTask, driverCpu, 2, i);
      }
    }
    double o = median(oursSeconds);
    double b = median(builtInSeconds);
    String altCell = "";
    if (ALT_OPTIONS != null) {
      double a = median(altSeconds);
      LOG.info("{}: ours with {} {} s (runs {}), built-in/that {}", name, ALT_OPTIONS, fmt(a), Arrays.toString(altSeconds),
          fmt(b / a));
      altCell = " " + fmt(a) + " (built-in ÷ it " + fmt(b / a) + ") |";
    }
    Map<String, Long> m = lastOurs.scanMetrics;
    LOG.info("{}: ours {} s (runs {}), built-in {} s (runs {}), built-in/ours {}; CPU s ours {} built-in {} alt {};"
        + " minor faults ours {} built-in {} alt {}; JIT ms ours {} built-in {} alt {}; GC ms ours {} built-in {} alt {};"
        + " collect to job start ms ours {} built-in {} alt {}; longest task ms ours {} built-in {} alt {};"
        + " driver thread CPU ms ours {} built-in {} alt {};"
        + " ours {}; built-in task input bytes {}; rows {}", name, fmt(o),
        Arrays.toString(oursSeconds), fmt(b), Arrays.toString(builtInSeconds), fmt(b / o), Arrays.toString(oursCpu),
        Arrays.toString(builtInCpu), Arrays.toString(altCpu), Arrays.toString(oursFaults),
        Arrays.toString(builtInFaults), Arrays.toString(altFaults), Arrays.toString(oursJit), Arrays.toString(builtInJit),
        Arrays.toString(altJit), Arrays.toString(oursGc), Arrays.toString(builtInGc), Arrays.toString(altGc),
        Arrays.toString(toJob[0]), Arrays.toString(toJob[1]), Arrays.toString(toJob[2]), Arrays.toString(longestTask[0]),
        Arrays.toString(longestTask[1]), Arrays.toString(longestTask[2]), Arrays.toString(driverCpu[0]),
        Arrays.toString(driverCpu[1]), Arrays.toString(driverCpu[2]), m,
        lastBuiltIn.inputBytes, expected.size());
    return "| " + name + " | " + fmt(o) + " | " + fmt(b) + " | " + fmt(b / o) + " | " + m.getOrDefault("bytes_read", -1L)
        + " | " + lastBuiltIn.inputBytes + " | " + chunkBytes + " | " + m.getOrDefault("row_groups_read", -1L) + " / "
        + m.getOrDefault("row_groups", -1L) + " | " + m.getOrDefault("row_groups_pruned_by_statistics", -1L) + " / "
        + m.getOrDefault("row_groups_pruned_by_dictionary", -1L) + " / "
        + m.getOrDefault("row_groups_pruned_by_bloom_filter", -1L) + " / "
        + m.getOrDefault("row_groups_pruned_by_page_index", -1L) + " | " + m.getOrDefault("pages_skipped", -1L) + " |"
        + altCell + " " + fmt(median(oursCpu)) + " / " + fmt(median(builtInCpu))
        + (ALT_OPTIONS == null ? "" : " / " + fmt(median(altCpu))) + " | " + (long) median(oursFaults) + " / "
        + (long) median(builtInFaults) + (ALT_OPTIONS == null ? "" : " / " + (long) median(altFaults)) + " | "
        + (long) median(oursJit) + " / " + (long) median(builtInJit) + (ALT_OPTIONS == null ? "" : " / " + (long) median(altJit))
        + " | " + (long) median(oursGc) + " / " + (long) median(builtInGc)
        + (ALT_OPTIONS == null ? "" : " / " + (long) median(altGc)) + " |" + medians(toJob) + medians(longestTask)
        + medians(driverCpu);
  }

  /** " ours / built-in (/ alt) |": the medians of a phase's rows (0 ours, 1 built-in, 2 alt), in ms. */
  private static String medians(double[][] byReader) {
    return " " + (long) median(byReader[0]) + " / " + (long) median(byReader[1])
        + (ALT_OPTIONS == null ? "" : " / " + (long) median(byReader[2])) + " |";
  }

  private static List<Row> sorted(List<Row> rows) {
    List<Row> out = new ArrayList<>(rows);
    out.sort(java.util.Comparator.comparing(Row::toString));
    return out;
  }

  /**
   * The compressed bytes of the column chunks of {@code columns} in every file: what a reader that
   * reads whole chunks of those columns (no pruning) reads, the yardstick for both readers' bytes.
   */
  static long chunkBytes(Path data, List<String> columns) throws java.io.IOException {
    long total = 0;
    try (var files = Files.list(data)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".parquet")).toList()) {
        try (org.apache.arrow.memory.BufferAllocator a = new org.apache.arrow.memory.RootAllocator();
            var r = org.parquetarrow.read.ParquetFileReader.open(f, org.parquetarrow.read.ReadOptions.builder(a).build())) {
          for (var g : r.metadata().rowGroups()) {
            for (var c : g.columns()) {
              if (columns.contains(String.join(".", c.metaData().pathInSchema()))) {
                total += c.metaData().totalCompressedSize();
              }
            }
          }
        }
      }
    }
    return total;
  }

  /**
   * Wall seconds; CPU seconds of the whole JVM over the same span (every thread: Spark's, our scan's,
   * the JIT's and the collector's), which other processes' load moves much less than wall time; of
   * that, what the JIT compilers and the collectors took (both readers' queries make Spark generate
   * and compile code afresh, so the JIT's share is not either reader's own work). Then where the wall
   * time went: from {@code collect} to the first job's start (the driver's optimisation and planning,
   * after {@code spark.sql}'s analysis: our pushdown and {@code planInputPartitions} are in it), the longest task, and the
   * driver thread's own CPU over the query (planning, and scheduling what it waits on).
   */
  private record Measured(double seconds, double cpuSeconds, long minorFaults, long inputBytes,
      Map<String, Long> scanMetrics, long jitMillis, long gcMillis, long toJobMillis, long longestTaskMillis,
      double driverCpuMillis) {
    /** This run's phases into column {@code run} of row {@code reader}. */
    void phases(double[][] toJob, double[][] longestTask, double[][] driverCpu, int reader, int run) {
      toJob[reader][run] = toJobMillis;
      longestTask[reader][run] = longestTaskMillis;
      driverCpu[reader][run] = driverCpuMillis;
    }
  }

  private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

  private static final java.lang.management.CompilationMXBean JIT = java.lang.management.ManagementFactory.getCompilationMXBean();

  /** The JIT compilers' time so far (all compiler threads, ms), or 0 where the JVM does not tell. */
  private static long jitMillis() {
    return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : 0;
  }

  /** The collectors' time so far (ms, summed over the collectors). */
  private static long gcMillis() {
    long ms = 0;
    for (var gc : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
      ms += Math.max(0, gc.getCollectionTime());
    }
    return ms;
  }

  /**
   * The JVM's minor page faults so far ({@code /proc/self/stat} field 10; -1 elsewhere): on a kernel
   * that pages idle memory out, memory a reader takes afresh per batch faults back in, memory it
   * reuses mostly does not.
   */
  private static long minorFaults() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      // the command name (field 2) may hold spaces; count fields after its closing parenthesis
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
      return Long.parseLong(f[10 - 3]);
    } catch (java.io.IOException | RuntimeException e) {
      return -1;
    }
  }

  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();

  private static Measured measure(SparkSession spark, BytesRead bytes, String sql) throws Exception {
    spark.sparkContext().listenerBus().waitUntilEmpty();
    long before = bytes.total.get();
    var df = spark.sql(sql);
    bytes.reset();
    long faults = minorFaults();
    long jit = jitMillis();
    long gc = gcMillis();
    long cpu = OS.getProcessCpuTime();
    long driverCpu = THREADS.getCurrentThreadCpuTime();
    long startMillis = System.currentTimeMillis();
    long start = System.nanoTime();
    df.collectAsList();
    double seconds = (System.nanoTime() - start) / 1e9;
    double driverCpuMillis = (THREADS.getCurrentThreadCpuTime() - driverCpu) / 1e6;
    double cpuSeconds = (OS.getProcessCpuTime() - cpu) / 1e9;
    long faulted = minorFaults() - faults;
    long jitSpent = jitMillis() - jit;
    long gcSpent = gcMillis() - gc;
    spark.sparkContext().listenerBus().waitUntilEmpty();
    Map<String, Long> scan = new LinkedHashMap<>();
    collect(df.queryExecution().executedPlan(), scan);
    long firstJob = bytes.firstJobStart.get();
    return new Measured(seconds, cpuSeconds, faulted, bytes.total.get() - before, scan, jitSpent, gcSpent,
        firstJob == Long.MAX_VALUE ? -1 : firstJob - startMillis, bytes.longestTask.get(), driverCpuMillis);
  }

  /** Our scan node's custom metrics (the built-in scan reports no pruning counters). */
  private static void collect(SparkPlan plan, Map<String, Long> out) {
    if (plan instanceof BatchScanExec b) {
      for (Map.Entry<String, SQLMetric> e : CollectionConverters.asJava(b.metrics()).entrySet()) {
        out.merge(e.getKey(), e.getValue().value(), Long::sum);
      }
    }
    if (plan instanceof org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec a) {
      collect(a.executedPlan(), out);
    }
    if (plan instanceof org.apache.spark.sql.execution.adaptive.QueryStageExec s) {
      collect(s.plan(), out);
    }
    for (SparkPlan c : CollectionConverters.asJava(plan.children())) {
      collect(c, out);
    }
  }

  /** The machine's load averages (Linux), for the record: the benchmark shares the machine. */
  private static String load() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (java.io.IOException e) {
      return "unknown";
    }
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  private static String fmt(double v) {
    return String.format("%.3f", v);
  }

  /**
   * Task input bytes (Hadoop file system reads: the built-in reader's; ours reads outside Hadoop);
   * and since {@link #reset()}, when the first job started (the scheduler's clock, ms: what a
   * query spends in optimisation and planning before any task, with our pushdown and partition
   * planning inside) and the longest task's duration (launch to end).
   */
  private static final class BytesRead extends SparkListener {
    final AtomicLong total = new AtomicLong();
    final AtomicLong firstJobStart = new AtomicLong(Long.MAX_VALUE);
    final AtomicLong longestTask = new AtomicLong();

    void reset() {
      firstJobStart.set(Long.MAX_VALUE);
      longestTask.set(0);
    }

    @Override
    public void onJobStart(SparkListenerJobStart start) {
      firstJobStart.accumulateAndGet(start.time(), Math::min);
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
      if (end.taskMetrics() != null) {
        total.addAndGet(end.taskMetrics().inputMetrics().bytesRead());
      }
      longestTask.accumulateAndGet(end.taskInfo().duration(), Math::max);
    }
  }
}
