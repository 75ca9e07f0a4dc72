package org.parquetarrow.spark;

import java.io.Serializable;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.vector.types.TimeUnit;
import org.parquetarrow.dataset.DiscoveryOptions.CorruptFilePolicy;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanOptions.LateMaterialization;
import org.parquetarrow.read.ReadOptions.PageReadAhead;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.schema.ArrowReadOptions.IntDecimalPolicy;

/**
 * The data source options of a read, parsed once on the driver and shipped to the tasks.
 *
 * <ul>
 *   <li>{@code batchSize}: rows per Arrow batch (default 8192)
 *   <li>{@code pruning}: {@code all} (default), {@code none}, or a comma list of {@code statistics},
 *       {@code dictionary}, {@code bloomFilter}, {@code pageIndex}
 *   <li>{@code hivePartitioning}: whether {@code key=value} directories become columns (default true)
 *   <li>{@code maxPartitionBytes}: bytes per input partition (default the session's {@code
 *       spark.sql.files.maxPartitionBytes})
 *   <li>{@code intDecimals}: {@code unscaled} (default: decimals stored as INT32/INT64 read as
 *       their unscaled integers) or {@code decimal128} (widened, as Arrow C++ reads them)
 *   <li>{@code columnVectors}: {@code address} (default: flat columns read by Spark straight from
 *       the Arrow buffers' addresses, see {@link AddressColumnVector}) or {@code arrow} (through
 *       Spark's {@code ArrowColumnVector})
 *   <li>{@code scanAhead}: {@code none} (default: the task's thread decodes each batch when Spark
 *       asks for it, see {@link ScanAhead#NONE}), {@code batch} (a scan thread per task decodes at
 *       most one batch ahead of Spark, see {@link ScanAhead#ONE_BATCH}) or {@code budget} (up to the
 *       dataset scan's memory budget)
 *   <li>{@code pageReadAhead}: {@code severalPages} (default: the pages of a column chunk are
 *       decompressed on a helper thread up to a few MiB ahead of the one being decoded), {@code
 *       nextPage} (only the next page) or {@code off} (every page on the task's scan thread), see
 *       {@link PageReadAhead}
 *   <li>{@code lateMaterialization}: {@code auto} (default), {@code always} or {@code never}: when a
 *       filtered scan decodes the filter's columns first and the others only for matching rows, see
 *       {@link LateMaterialization}
 *   <li>{@code aggregatePushdown}: {@code auto} (default: {@code count}, {@code sum}, {@code avg},
 *       {@code min} and {@code max} with {@code GROUP BY} computed inside the scan where the result
 *       is exactly Spark's, see {@link AggregateTranslator}) or {@code off}
 *   <li>{@code ignoreCorruptFiles}: {@code true} leaves out files whose footer or pages do not read
 *       (default the session's {@code spark.sql.files.ignoreCorruptFiles}, as Spark's file sources)
 *   <li>{@code verifyChecksums}: {@code false} reads pages whose CRC does not match their bytes
 *       (default {@code true}: a {@code ChecksumException} naming the page; Spark's built-in reader
 *       does not check page CRCs)
 *   <li>{@code recursiveFileLookup}: {@code true} reads every file below the paths without taking
 *       {@code key=value} directories as columns (as Spark's file sources)
 *   <li>object-store settings, see {@link StorageSettings}
 * </ul>
 *
 * <p>Spark's other file-source options that choose files, {@code pathGlobFilter} and {@code
 * basePath}, are the driver's alone: see {@link FileListing}.
 */
record ReadConfig(int batchSize, boolean statistics, boolean dictionary, boolean bloomFilter, boolean pageIndex,
    boolean hivePartitioning, long maxPartitionBytes, StorageSettings storage, IntDecimalPolicy intDecimals,
    ColumnVectors columnVectors, ScanAhead scanAhead, PageReadAhead pageReadAhead,
    LateMaterialization lateMaterialization, AggregatePushdown aggregatePushdown, CorruptFilePolicy corruptFiles,
    boolean verifyChecksums) implements Serializable {

  /** Whether Spark's aggregations may be computed inside the scan (option {@code aggregatePushdown}). */
  enum AggregatePushdown {
    /**
     * When the result is exactly Spark's (see {@link AggregateTranslator}): the scan's tasks return
     * one partial row per group and Spark only merges them.
     */
    AUTO,
    /** Never: Spark aggregates the rows the scan returns. */
    OFF
  }

  /**
   * How many decoded batches a task's scan may hold for Spark beyond the one Spark is reading
   * (option {@code scanAhead}).
   */
  enum ScanAhead {
    /**
     * One: a scan thread decodes a batch while Spark consumes the one before, so a
     * task holds about three batches (Spark's, the waiting one, the one being decoded) and the
     * allocator hands the same few blocks out again, warm in the cache and rarely idle long
     * enough for the kernel to page them out.
     */
    ONE_BATCH,
    /**
     * Up to the dataset scan's default memory budget ({@link ScanOptions#DEFAULT_MEMORY_BUDGET}):
     * where Spark consumes slower than the scan decodes (an aggregation), hundreds of batches of
     * fresh memory per task.
     */
    BUDGET,
    /**
     * None (the default): the task's own thread decodes each batch when Spark asks for it ({@link
     * ScanOptions.ReadingThread#CALLER}), as Spark's built-in reader does: Spark already runs a
     * task per core, so a scan thread per task only added hand-offs (on 2 cores, TPC-H Q6 ran 12-19%
     * and a point query 6-16% faster without it, BENCHMARKS.md).
     */
    NONE
  }

  private static ScanAhead scanAhead(String v) {
    return switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "batch" -> ScanAhead.ONE_BATCH;
      case "budget" -> ScanAhead.BUDGET;
      case "none" -> ScanAhead.NONE;
      default -> throw new IllegalArgumentException("option scanAhead must be batch, budget or none, not '" + v + "'");
    };
  }

  /** How flat Arrow vectors are handed to Spark's generated code (option {@code columnVectors}). */
  enum ColumnVectors {
    /** Read straight from the Arrow buffers' addresses ({@link AddressColumnVector}). */
    ADDRESS,
    /** Through Spark's {@code ArrowColumnVector} and its per-type accessors (checked Arrow reads). */
    ARROW
  }

  /** {@link #parse(Map, long, java.util.function.Function)} with no session settings. */
  static ReadConfig parse(Map<String, String> options, long sessionMaxPartitionBytes) {
    return parse(options, sessionMaxPartitionBytes, key -> null);
  }

  /**
   * @param session the session's configuration ({@code spark.hadoop.fs.s3a.*} for the storage
   *     settings the options leave out), {@code null} for a key it does not set
   */
  static ReadConfig parse(Map<String, String> options, long sessionMaxPartitionBytes,
      java.util.function.Function<String, String> session) {
    refuseMisspelledOptions(options, OPTIONS, "read");
    int batch = (int) number(options, "batchSize", 8192);
    if (batch < 1) {
      throw new IllegalArgumentException("option batchSize must be at least 1, not " + batch);
    }
    String pruning = get(options, "pruning", "all").toLowerCase(Locale.ROOT).replace(" ", "");
    boolean all = pruning.equals("all");
    java.util.Set<String> kinds = all || pruning.equals("none") ? java.util.Set.of() : java.util.Set.of(pruning.split(","));
    for (String k : kinds) {
      if (!java.util.Set.of("statistics", "dictionary", "bloomfilter", "pageindex").contains(k)) {
        throw new IllegalArgumentException("option pruning: unknown kind '" + k
            + "' (valid: all, none, or a comma list of statistics, dictionary, bloomFilter, pageIndex)");
      }
    }
    long maxBytes = number(options, "maxPartitionBytes", sessionMaxPartitionBytes);
    if (maxBytes < 1) {
      throw new IllegalArgumentException("option maxPartitionBytes must be at least 1, not " + maxBytes);
    }
    return new ReadConfig(batch, all || kinds.contains("statistics"), all || kinds.contains("dictionary"),
        all || kinds.contains("bloomfilter"), all || kinds.contains("pageindex"),
        Boolean.parseBoolean(get(options, "hivePartitioning", "true"))
            && !bool(options, "recursiveFileLookup", "false"),
        maxBytes, StorageSettings.parse(options, session),
        choice(options, "intDecimals", "unscaled", IntDecimalPolicy.UNSCALED, "decimal128", IntDecimalPolicy.DECIMAL128),
        choice(options, "columnVectors", "address", ColumnVectors.ADDRESS, "arrow", ColumnVectors.ARROW),
        scanAhead(get(options, "scanAhead", "none")),
        pageReadAhead(get(options, "pageReadAhead", "severalPages")),
        lateMaterialization(get(options, "lateMaterialization", "auto")),
        choice(options, "aggregatePushdown", "auto", AggregatePushdown.AUTO, "off", AggregatePushdown.OFF),
        bool(options, "ignoreCorruptFiles", sessionOr(session, "spark.sql.files.ignoreCorruptFiles", "false"))
            ? CorruptFilePolicy.SKIP : CorruptFilePolicy.FAIL,
        bool(options, "verifyChecksums", "true"));
  }

  private static String sessionOr(java.util.function.Function<String, String> session, String key, String fallback) {
    String v = session.apply(key);
    return v == null ? fallback : v;
  }

  /** Option {@code key} as Spark reads a boolean option: {@code true} or {@code false}, either case. */
  private static boolean bool(Map<String, String> options, String key, String fallback) {
    String v = get(options, key, fallback).trim();
    if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(v);
    }
    throw new IllegalArgumentException("option " + key + " must be true or false, not '" + v + "'");
  }

  /** The read options this source takes (keys are matched ignoring case, as Spark's own). */
  static final java.util.List<String> OPTIONS = java.util.List.of("batchSize", "pruning", "maxPartitionBytes",
      "hivePartitioning", "intDecimals", "columnVectors", "scanAhead", "pageReadAhead", "lateMaterialization",
      "aggregatePushdown", "ignoreCorruptFiles", "verifyChecksums", "recursiveFileLookup", "pathGlobFilter", "basePath",
      "s3.endpoint", "s3.region", "s3.pathStyle", "s3.anonymous", "s3.accessKeyId", "s3.secretAccessKey");

  /**
   * Refuses a key a typo away from one of {@link #OPTIONS} ({@code batchSzie}): Spark hands every
   * option to the source, its own ones ({@code path}, {@code mergeSchema}, ...) too, so other
   * unknown keys pass, but a near miss would otherwise be ignored in silence, the read running
   * with the default the user meant to change.
   */
  static void refuseMisspelledOptions(Map<String, String> options, java.util.List<String> known, String what) {
    for (String key : options.keySet()) {
      if (known.stream().anyMatch(key::equalsIgnoreCase)) {
        continue;
      }
      java.util.List<String> near = org.parquetarrow.schema.ColumnSuggestions.closest(key, known);
      if (!near.isEmpty()) {
        throw new IllegalArgumentException("unknown option '" + key + "' (did you mean " + String.join(" or ", near)
            + "?); the parquet-arrow source's " + what + " options are " + String.join(", ", known));
      }
    }
  }

  private static PageReadAhead pageReadAhead(String v) {
    return switch (v.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "severalpages" -> PageReadAhead.SEVERAL_PAGES;
      case "nextpage" -> PageReadAhead.NEXT_PAGE;
      case "off" -> PageReadAhead.OFF;
      default -> throw new IllegalArgumentException(
          "option pageReadAhead must be severalPages, nextPage or off, not '" + v + "'");
    };
  }

  private static LateMaterialization lateMaterialization(String v) {
    for (LateMaterialization p : LateMaterialization.values()) {
      if (p.name().equalsIgnoreCase(v.trim())) {
        return p;
      }
    }
    throw new IllegalArgumentException("option lateMaterialization must be auto, always or never, not '" + v + "'");
  }

  /**
   * The dataset scan's bound on decoded batches waiting for Spark: 1 byte lets exactly one batch
   * wait (a scan always queues one batch, whatever its size, when none is waiting).
   */
  long scanMemoryBudget() {
    return scanAhead == ScanAhead.ONE_BATCH ? 1 : ScanOptions.DEFAULT_MEMORY_BUDGET;
  }

  /**
   * Option {@code key}, one of two words (either case; absent = {@code first}): {@code first}
   * gives {@code a}, {@code second} gives {@code b}.
   */
  private static <T> T choice(Map<String, String> options, String key, String first, T a, String second, T b) {
    String v = get(options, key, first);
    String word = v.trim();
    if (word.equalsIgnoreCase(first)) {
      return a;
    }
    if (word.equalsIgnoreCase(second)) {
      return b;
    }
    throw new IllegalArgumentException("option " + key + " must be " + first + " or " + second + ", not '" + v + "'");
  }

  private static long number(Map<String, String> options, String key, long fallback) {
    String v = get(options, key, Long.toString(fallback));
    try {
      long n = Long.parseLong(v.trim());
      if (key.equals("batchSize") && n > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("option batchSize must be at most " + Integer.MAX_VALUE + ", not " + n);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("option " + key + " must be a whole number, not '" + v + "'", e);
    }
  }

  private static String get(Map<String, String> options, String key, String fallback) {
    for (Map.Entry<String, String> e : options.entrySet()) {
      if (e.getKey().equalsIgnoreCase(key)) {
        return e.getValue();
      }
    }
    return fallback;
  }

  PruningOptions pruning() {
    return PruningOptions.builder().statistics(statistics).dictionaries(dictionary).bloomFilters(bloomFilter)
        .pageIndex(pageIndex).build();
  }

  /** This read with {@code policy} for decimals stored as integers (the driver's choice, shipped to the tasks). */
  ReadConfig withIntDecimals(IntDecimalPolicy policy) {
    return new ReadConfig(batchSize, statistics, dictionary, bloomFilter, pageIndex, hivePartitioning, maxPartitionBytes,
        storage, policy, columnVectors, scanAhead, pageReadAhead, lateMaterialization, aggregatePushdown, corruptFiles,
        verifyChecksums);
  }

  /**
   * INT96 in microseconds: Spark's timestamps are microseconds, and its INT96 values pass year 2262.
   * Decimals stored as INT32/INT64 as their unscaled integers (unless the files disagree on one,
   * see {@link ParquetArrowTable}): Spark keeps decimals of up to 18 digits in a long, so widening
   * them to Arrow's 128 bits would only be narrowed back.
   */
  ArrowReadOptions arrowOptions() {
    return ArrowReadOptions.builder().int96TimestampUnit(TimeUnit.MICROSECOND).intDecimals(intDecimals).build();
  }

  /** Discovery with this read's options and the JVM's shared footers ({@link SharedStorages#FOOTERS}). */
  DiscoveryOptions discovery() {
    return DiscoveryOptions.builder().hivePartitioning(hivePartitioning).readOptions(arrowOptions())
        .corruptFiles(corruptFiles).footerCache(SharedStorages.FOOTERS).build();
  }
}
