package org.parquetarrow.bench.remote;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.parquetarrow.bench.BatchDigest;
import org.parquetarrow.bench.data.BenchDataset;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.scan.ScanMetrics;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.IoStatistics;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.io.RemoteReadOptions;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageOptions;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.s3.FaultProxy;
import org.parquetarrow.s3.LoopbackS3;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Full scans of TPC-H lineitem from a local disk and from a loopback S3-compatible server behind
 * added latency, in one run (issue 14's "Speed"): S3Proxy over an in-memory blob store on
 * 127.0.0.1, a {@link FaultProxy} in front that makes every request wait {@code bench.latencyMs}
 * (default 20 ms) before it is forwarded, and the object uploaded once. Each run scans, in turn:
 *
 * <ul>
 *   <li>{@code file}: {@link ParquetFileReader} over a {@code LocalInputFile}, then over the
 *       object ({@code S3InputFile}, opened inside the timed part: its footer request counts);
 *   <li>{@code dataset}: discovery of the directory or prefix holding the file, then {@link
 *       org.parquetarrow.dataset.scan.Scanner} with one file at a time (discovery is timed too);
 *   <li>{@code arrowCpp}: Arrow C++'s dataset scanner (arrow-dataset JNI) over the local file and
 *       over {@code s3://} with {@code endpoint_override} to the same latency proxy; if its build
 *       cannot read S3, the reason is logged and its S3 row left out.
 * </ul>
 *
 * <p>Every scan digests every batch ({@link BatchDigest}); a remote scan whose rows or checksum
 * differ from the local one of the same reader fails the run. Reported per scan: median wall time
 * over {@code bench.runs} runs (after one warm-up run), rows/s, MB/s of file bytes, the ratio to
 * the local scan of the same reader (issue 14's goal: at least 0.70 for ours) as the ratio of the
 * medians and as the median of each run's ratio (the two scans of a run follow each other, which
 * pairs scans under similar load on a shared machine), and the requests
 * and bytes the proxy saw (bytes as the {@code Range} headers asked; the reader's own count beside
 * it). The machine's load average is logged before and after: on a shared machine, say so.
 *
 * <pre>
 * java -Dbench.dir=/tmp/bench-data -Xmx4g -cp benchmarks/target/benchmarks.jar \
 *     org.parquetarrow.bench.remote.S3ScanBenchmark
 * </pre>
 *
 * Tuning switches (for experiments; the defaults are the library's): {@code bench.remoteGap},
 * {@code bench.remoteMaxRequest}, {@code bench.prefetchRowGroups}, {@code bench.maxConcurrentRequests}.
 */
public final class S3ScanBenchmark {
  private static final Logger LOG = LoggerFactory.getLogger(S3ScanBenchmark.class);
  private static final int BATCH = 65_536;
  private static final String KEY_PREFIX = "bench/lineitem/";

  private S3ScanBenchmark() {}

  /** What to run: where the data lives, its scale, how many timed runs, the added latency, the fetch settings. */
  public record Settings(Path dataDir, double scale, int runs, long latencyMillis, boolean arrowCpp,
      FetchOptions fetch, RemoteReadOptions remote) {
    public Settings {
      Objects.requireNonNull(dataDir, "dataDir");
      Objects.requireNonNull(fetch, "fetch");
      Objects.requireNonNull(remote, "remote");
      if (runs < 1) {
        throw new IllegalArgumentException("runs must be at least 1: " + runs);
      }
    }

    /** From {@code -Dbench.*} properties (see the class comment). */
    public static Settings fromSystemProperties() {
      FetchOptions.Builder fetch = FetchOptions.builder();
      long gap = Long.getLong("bench.remoteGap", -1);
      if (gap >= 0) {
        fetch.remoteGap(gap);
      }
      long max = Long.getLong("bench.remoteMaxRequest", -1);
      if (max >= 0) {
        fetch.remoteMaxRequest(max);
      }
      int prefetch = Integer.getInteger("bench.prefetchRowGroups", -1);
      if (prefetch >= 0) {
        fetch.prefetchRowGroups(prefetch);
      }
      RemoteReadOptions.Builder remote = RemoteReadOptions.builder();
      int concurrent = Integer.getInteger("bench.maxConcurrentRequests", -1);
      if (concurrent > 0) {
        remote.maxConcurrentRequests(concurrent);
      }
      return new Settings(Path.of(System.getProperty("bench.dir", "target/bench-data")),
          BenchDataset.scaleFromSystemProperty(), Integer.getInteger("bench.runs", 5),
          Long.getLong("bench.latencyMs", 20), Boolean.parseBoolean(System.getProperty("bench.arrowCpp", "true")),
          fetch.build(), remote.build());
    }
  }

  /**
   * One scan's figures: median wall seconds of the timed runs, the rows and checksum it saw, and
   * per scan the requests and requested bytes the latency proxy logged and the bytes the reader
   * counted ({@code -1} where not known: local scans, Arrow C++).
   */
  public record Row(String reader, String where, long rows, long checksum, double medianSeconds,
      double[] seconds, long requests, long requestedBytes, long readerBytes) {}

  /** The run's rows and what surrounds them. */
  public record Report(long fileBytes, long footerRows, List<Row> rows, List<String> notes,
      String loadBefore, String loadAfter) {

    /** The row of {@code reader} at {@code where} ("local" or "s3"), or {@code null}. */
    public Row row(String reader, String where) {
      for (Row r : rows) {
        if (r.reader().equals(reader) && r.where().equals(where)) {
          return r;
        }
      }
      return null;
    }

    /** S3 ÷ local throughput of {@code reader} (local median time ÷ S3 median time). */
    public double ratio(String reader) {
      return row(reader, "local").medianSeconds() / row(reader, "s3").medianSeconds();
    }

    /**
     * The median over runs of each run's S3 ÷ local throughput of {@code reader}: the two scans of
     * a run follow each other, so on a machine whose load swings this pairs scans that saw
     * about the same load.
     */
    public double pairedRatio(String reader) {
      double[] local = row(reader, "local").seconds();
      double[] s3 = row(reader, "s3").seconds();
      double[] ratios = new double[local.length];
      for (int i = 0; i < local.length; i++) {
        ratios[i] = local[i] / s3[i];
      }
      return median(ratios);
    }

    /** The report as a markdown table with the settings and loads above it. */
    public String table() {
      StringBuilder b = new StringBuilder();
      b.append("| reader | from | median s | runs s | M rows/s | MB/s (file) | S3 ÷ local (medians) | S3 ÷ local (median of runs) | requests | bytes requested | bytes (reader) |\n");
      b.append("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
      for (Row r : rows) {
        Row local = row(r.reader(), "local");
        boolean paired = r.where().equals("s3") && local != null;
        String ratio = paired ? String.format(Locale.ROOT, "%.2f", local.medianSeconds() / r.medianSeconds()) : "";
        String pairedRatio = paired ? String.format(Locale.ROOT, "%.2f", pairedRatio(r.reader())) : "";
        StringBuilder runs = new StringBuilder();
        for (double s : r.seconds()) {
          runs.append(runs.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.2f", s));
        }
        b.append(String.format(Locale.ROOT, "| %s | %s | %.3f | %s | %.2f | %.1f | %s | %s | %s | %s | %s |%n",
            r.reader(), r.where(), r.medianSeconds(), runs, r.rows() / r.medianSeconds() / 1e6,
            fileBytes / r.medianSeconds() / 1e6, ratio, pairedRatio, count(r.requests()), count(r.requestedBytes()),
            count(r.readerBytes())));
      }
      return b.toString();
    }

    private static String count(long n) {
      return n < 0 ? "" : String.format(Locale.ROOT, "%,d", n);
    }
  }

  public static void main(String[] args) throws Exception {
    Settings settings = Settings.fromSystemProperties();
    Report report = run(settings);
    LOG.info("lineitem scale {}: {} bytes, {} rows; {} runs after a warm-up, {} ms added per request; {}; {}\n"
        + "load average before {}, after {} (a shared machine: other work ran beside)\n{}{}",
        settings.scale(), report.fileBytes(), report.footerRows(), settings.runs(), settings.latencyMillis(),
        settings.fetch(), "max " + settings.remote().maxConcurrentRequests() + " concurrent requests a file",
        report.loadBefore(), report.loadAfter(), report.table(),
        report.notes().isEmpty() ? "" : "notes:\n  " + String.join("\n  ", report.notes()));
  }

  /** A timed scan: runs once, returns the digest it filled. */
  private interface Scan {
    BatchDigest run() throws Exception;
  }

  private record Named(String reader, String where, Scan scan, IoStatistics statistics) {}

  /** Starts the servers, uploads lineitem, runs every scan {@code 1 + runs} times and reports. */
  public static Report run(Settings s) throws Exception {
    Path file = BenchDataset.LINEITEM.ensure(s.dataDir(), s.scale());
    long fileBytes = Files.size(file);
    String loadBefore = loadAverage();
    List<String> notes = new ArrayList<>();
    try (LoopbackS3 server = LoopbackS3.start();
        FaultProxy proxy = new FaultProxy(server.endpoint().getPort());
        BufferAllocator allocator = new RootAllocator()) {
      String key = KEY_PREFIX + file.getFileName();
      server.put(LoopbackS3.PRIVATE_BUCKET, key, file);
      proxy.latency(s.latencyMillis());
      StorageOptions storageOptions = StorageOptions.builder()
          .s3Endpoint(proxy.endpoint())
          .staticCredentials(LoopbackS3.ACCESS_KEY, LoopbackS3.SECRET_KEY)
          .readOptions(s.remote())
          .build();
      String prefix = "s3://" + LoopbackS3.PRIVATE_BUCKET + "/" + KEY_PREFIX;
      String object = "s3://" + LoopbackS3.PRIVATE_BUCKET + "/" + key;
      Path localDir = Files.createTempDirectory("s3bench-local");
      Path localCopy = localDir.resolve(file.getFileName());
      try {
        Files.createLink(localCopy, file);
      } catch (IOException | UnsupportedOperationException e) {
        Files.copy(file, localCopy);
      }
      try (Storage s3 = Storage.forLocation(prefix, storageOptions)) {
        ReadOptions read = ReadOptions.builder(allocator).batchSize(BATCH).fetchOptions(s.fetch()).build();
        ScanOptions scan = ScanOptions.builder().batchSize(BATCH).parallelism(1).build();
        List<Named> scans = new ArrayList<>();
        IoStatistics fileIo = new IoStatistics();
        IoStatistics datasetIo = new IoStatistics();
        scans.add(new Named("parquetArrow file", "local", () -> {
          BatchDigest d = new BatchDigest();
          try (InputFile in = LocalInputFile.open(file)) {
            RemoteScans.file(in, allocator, read, d);
          }
          return d;
        }, null));
        scans.add(new Named("parquetArrow file", "s3", () -> {
          BatchDigest d = new BatchDigest();
          try (InputFile in = s3.open(object, fileIo)) {
            RemoteScans.file(in, allocator, read, d);
          }
          return d;
        }, fileIo));
        scans.add(new Named("parquetArrow dataset", "local", () -> {
          BatchDigest d = new BatchDigest();
          Dataset ds = DatasetDiscovery.directory(localDir, DiscoveryOptions.defaults());
          RemoteScans.dataset(ds, allocator, scan, d);
          return d;
        }, null));
        scans.add(new Named("parquetArrow dataset", "s3", () -> {
          BatchDigest d = new BatchDigest();
          Dataset ds = DatasetDiscovery.location(prefix, s3, DiscoveryOptions.defaults());
          ScanMetrics m = RemoteScans.dataset(ds, allocator, scan, d);
          datasetIo.recordBytes(ds.discoveryStatistics().bytesRead() + m.io().bytesRead());
          return d;
        }, datasetIo));
        if (s.arrowCpp()) {
          scans.add(new Named("arrowCpp", "local", () -> {
            BatchDigest d = new BatchDigest();
            RemoteScans.arrowCpp(file.toUri().toString(), allocator, BATCH, d);
            return d;
          }, null));
          String uri = "s3://" + LoopbackS3.ACCESS_KEY + ":" + LoopbackS3.SECRET_KEY + "@" + LoopbackS3.PRIVATE_BUCKET
              + "/" + key + "?endpoint_override=" + proxy.endpoint().getAuthority() + "&scheme=http&region=us-east-1";
          scans.add(new Named("arrowCpp", "s3", () -> {
            BatchDigest d = new BatchDigest();
            RemoteScans.arrowCpp(uri, allocator, BATCH, d);
            return d;
          }, null));
        }
        long footerRows;
        try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.builder(allocator).build())) {
          footerRows = r.metadata().numRows();
        }
        List<Row> rows = measure(scans, s.runs(), proxy, fileBytes, footerRows, notes);
        return new Report(fileBytes, footerRows, rows, notes, loadBefore, loadAverage());
      } finally {
        Files.deleteIfExists(localCopy);
        Files.deleteIfExists(localDir);
      }
    }
  }

  /**
   * Runs each scan once to warm up (a scan that fails there is dropped, with its reason in {@code
   * notes}), then {@code runs} rounds of all scans in turn, so that load changes hit each alike.
   */
  private static List<Row> measure(List<Named> scans, int runs, FaultProxy proxy, long fileBytes, long footerRows,
      List<String> notes) throws Exception {
    List<Named> live = new ArrayList<>();
    Map<Named, BatchDigest> firstDigest = new LinkedHashMap<>();
    Map<Named, long[]> io = new LinkedHashMap<>();
    for (Named n : scans) {
      int before = proxy.requests().size();
      long readerBefore = n.statistics() == null ? 0 : n.statistics().bytesRead();
      BatchDigest d;
      try {
        d = n.scan().run();
      } catch (Exception | Error e) {
        notes.add(n.reader() + " from " + n.where() + " cannot run: " + describe(e));
        LOG.warn("{} from {} failed", n.reader(), n.where(), e);
        continue;
      }
      List<String> logged = proxy.requests().subList(before, proxy.requests().size());
      io.put(n, new long[] {
          n.where().equals("s3") ? logged.size() : -1,
          n.where().equals("s3") ? requestedBytes(logged, fileBytes) : -1,
          n.statistics() == null ? -1 : n.statistics().bytesRead() - readerBefore});
      checkAgainstLocal(n, d, firstDigest, footerRows);
      firstDigest.put(n, d);
      live.add(n);
    }
    Map<Named, double[]> seconds = new LinkedHashMap<>();
    for (Named n : live) {
      seconds.put(n, new double[runs]);
    }
    for (int run = 0; run < runs; run++) {
      for (Named n : live) {
        long t0 = System.nanoTime();
        BatchDigest d = n.scan().run();
        seconds.get(n)[run] = (System.nanoTime() - t0) / 1e9;
        checkAgainstLocal(n, d, firstDigest, footerRows);
      }
    }
    List<Row> rows = new ArrayList<>();
    for (Named n : live) {
      BatchDigest d = firstDigest.get(n);
      long[] counts = io.get(n);
      rows.add(new Row(n.reader(), n.where(), d.rows(), d.checksum(), median(seconds.get(n)), seconds.get(n),
          counts[0], counts[1], counts[2]));
    }
    return rows;
  }

  /** Fails unless {@code d} has the footer's rows and, for a remote scan, the local scan's checksum. */
  private static void checkAgainstLocal(Named n, BatchDigest d, Map<Named, BatchDigest> seen, long footerRows) {
    if (d.rows() != footerRows) {
      throw new IllegalStateException(n.reader() + " from " + n.where() + " read " + d.rows() + " rows, the footer says "
          + footerRows);
    }
    for (Map.Entry<Named, BatchDigest> e : seen.entrySet()) {
      if (e.getKey().reader().equals(n.reader()) && e.getValue().checksum() != d.checksum()) {
        throw new IllegalStateException(n.reader() + " from " + n.where() + " returned checksum "
            + Long.toHexString(d.checksum()) + ", from " + e.getKey().where() + " "
            + Long.toHexString(e.getValue().checksum()));
      }
    }
  }

  /**
   * The bytes the logged requests asked for by their {@code Range} headers: {@code bytes=a-b},
   * {@code bytes=a-} (to the end) and {@code bytes=-n} (the last n); a GET of the object without
   * one counts the whole object, other requests (listing, HEAD) none.
   */
  static long requestedBytes(List<String> logged, long objectBytes) {
    long total = 0;
    for (String entry : logged) {
      int at = entry.indexOf(" range=bytes=");
      if (at < 0) {
        if (entry.startsWith("GET ") && entry.contains(KEY_PREFIX) && !entry.contains("?")) {
          total += objectBytes;
        }
        continue;
      }
      String spec = entry.substring(at + " range=bytes=".length()).trim();
      int dash = spec.indexOf('-');
      if (dash == 0) {
        total += Math.min(objectBytes, Long.parseLong(spec.substring(1)));
      } else if (dash == spec.length() - 1) {
        total += objectBytes - Long.parseLong(spec.substring(0, dash));
      } else {
        long first = Long.parseLong(spec.substring(0, dash));
        long last = Math.min(objectBytes - 1, Long.parseLong(spec.substring(dash + 1)));
        total += last - first + 1;
      }
    }
    return total;
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /** The 1, 5 and 15 minute load averages, as {@code uptime} shows them. */
  static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).trim().split("\\s+");
      return f[0] + ", " + f[1] + ", " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }

  private static String describe(Throwable e) {
    StringBuilder b = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      b.append(b.length() == 0 ? "" : "; caused by ").append(t.getClass().getSimpleName()).append(": ")
          .append(t.getMessage());
    }
    return b.toString();
  }
}
