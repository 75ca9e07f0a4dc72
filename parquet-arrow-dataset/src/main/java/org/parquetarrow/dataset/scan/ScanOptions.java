package org.parquetarrow.dataset.scan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import org.parquetarrow.dataset.DiscoveryOptions.CorruptFilePolicy;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.schema.ArrowReadOptions;

/**
 * How {@link Scanner} scans a dataset. Immutable; build one with {@link #builder()} (or change one
 * with {@link #toBuilder()}). How each file is read (checksums, batch size and bytes, page size
 * limit, column decoding executor, fetching) is a {@link ReadOptions} template, {@link
 * #readOptions()}, that every file's read starts from.
 *
 * <pre>{@code
 * ScanOptions options = ScanOptions.builder()
 *     .columns("id", "user.name", "year")      // file columns, nested paths, partition columns
 *     .filter("year = 2024 and id between 10 and 20")
 *     .batchSize(8192)
 *     .parallelism(4)
 *     .memoryBudget(64L << 20)
 *     .ordered(false)
 *     .limit(1000)                              // the first 1000 matching rows, then stop
 *     .fetchOptions(FetchOptions.builder().remoteGap(64 * 1024).prefetchRowGroups(2).build())
 *     .build();
 *
 * // every read option of one file, for each file of the scan
 * ScanOptions unchecked = ScanOptions.builder()
 *     .readOptions(ReadOptions.builder().verifyChecksums(false).maxBatchBytes(64L << 20).build())
 *     .corruptFiles(CorruptFilePolicy.SKIP)
 *     .build();
 * }</pre>
 */
public final class ScanOptions {
  /** Buffer bytes of decoded batches that may wait for the caller unless told otherwise. */
  public static final long DEFAULT_MEMORY_BUDGET = 256L << 20;

  /** {@link #limit()} when every row is wanted. */
  public static final long NO_LIMIT = -1;
  /** Files opened ahead of the one starting to be read, unless told otherwise. */
  public static final int DEFAULT_PREFETCH_FILES = 1;

  /**
   * Whether a filtered scan decodes the projected columns the filter does not read only for the
   * rows the filter keeps (late materialisation): per row group, the filter's columns are decoded
   * and the filter evaluated first, then the other columns are read with the matching rows as
   * the row group's row selection, so pages holding no match are not decompressed and rows
   * between matches are skipped rather than decoded. Results are the same rows in the same order
   * whatever the policy; {@link ScanMetrics#rowGroupsLateMaterialized()} and {@link
   * ScanMetrics#rowsMaterialized()} tell what it did.
   *
   * <pre>{@code
   * ScanOptions.builder().filter("qty = 7").lateMaterialization(LateMaterialization.ALWAYS).build();
   * }</pre>
   */
  public enum LateMaterialization {
    /**
     * Per row group, by what it saves: never when the filter reads every projected column or
     * there is no filter; otherwise when the bytes of the other columns (the footer's chunk
     * sizes) times the rows the filter drops outweigh decoding the matching rows in separate runs
     * (scattered single rows save little), with the share of rows kept and the runs they form
     * taken from the row groups the scan has filtered so far. The default.
     */
    AUTO,
    /** In every row group that needs the filter, whenever some projected column is not the filter's. */
    ALWAYS,
    /** Never: every projected column is decoded for every row pruning kept, then filtered. */
    NEVER
  }

  /**
   * Which thread decodes the scan's batches.
   *
   * <pre>{@code
   * // a caller that already runs one thread per core (a Spark task, a request handler)
   * ScanOptions.builder().filter("qty = 7").readingThread(ReadingThread.CALLER).build();
   * }</pre>
   */
  public enum ReadingThread {
    /**
     * Reader threads (the scan's own pool, or {@link ScanOptions#executor()}) read up to {@link
     * ScanOptions#parallelism()} files at once and decode ahead of the caller, within {@link
     * ScanOptions#memoryBudget()}: the caller's work on one batch overlaps the decoding of the
     * next. The default.
     */
    READERS,
    /**
     * The thread calling {@link ScanReader#loadNextBatch()} decodes each batch when it asks for
     * it, one file (or run of row groups) after the other in order: no thread is started, no batch
     * waits in a queue and none is handed between threads. For callers that already keep every
     * core busy with threads of their own, where a reader thread per scan only adds hand-offs;
     * {@link ScanOptions#parallelism()}, {@link ScanOptions#executor()} and {@link
     * ScanOptions#memoryBudget()} are not used. Page read-ahead ({@link ReadOptions#pageReadAhead()})
     * is the read options' own choice.
     */
    CALLER
  }

  private final List<String> columns;
  private final Expression filter;
  private final ReadOptions readOptions;
  private final int parallelism;
  private final Executor executor;
  private final long memoryBudget;
  private final boolean ordered;
  private final boolean exact;
  private final PruningOptions pruning;
  private final Set<String> dictionaryColumns;
  private final CorruptFilePolicy corruptFiles;
  private final long limit;
  private final int prefetchFiles;
  private final LateMaterialization lateMaterialization;
  private final ReadingThread readingThread;

  private ScanOptions(Builder b) {
    this.columns = b.columns == null ? null : List.copyOf(b.columns);
    this.filter = b.filter;
    this.readOptions = b.readOptions.build();
    this.parallelism = b.parallelism;
    this.executor = b.executor;
    this.memoryBudget = b.memoryBudget;
    this.ordered = b.ordered;
    this.exact = b.exact;
    this.pruning = b.pruning;
    this.dictionaryColumns = Set.copyOf(b.dictionaryColumns);
    this.corruptFiles = b.corruptFiles;
    this.limit = b.limit;
    this.prefetchFiles = b.prefetchFiles;
    this.lateMaterialization = b.lateMaterialization;
    this.readingThread = b.readingThread;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Every column, no filter, defaults otherwise. */
  public static ScanOptions defaults() {
    return builder().build();
  }

  /**
   * A builder holding every setting of these options, to change some of them.
   *
   * <pre>{@code
   * ScanOptions unordered = options.toBuilder().ordered(false).build();
   * }</pre>
   */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.columns = columns;
    b.filter = filter;
    b.readOptions = readOptions.toBuilder();
    b.parallelism = parallelism;
    b.executor = executor;
    b.memoryBudget = memoryBudget;
    b.ordered = ordered;
    b.exact = exact;
    b.pruning = pruning;
    b.dictionaryColumns = dictionaryColumns;
    b.corruptFiles = corruptFiles;
    b.limit = limit;
    b.prefetchFiles = prefetchFiles;
    b.lateMaterialization = lateMaterialization;
    b.readingThread = readingThread;
    return b;
  }

  /**
   * Columns to return (top-level names, dotted paths through structs, partition columns), in the
   * order of the output schema: top-level fields in the order of their first mention (a field named
   * twice comes once), the chosen children of a struct in the dataset's order; {@code null} for
   * all. A name the dataset lacks fails {@link Scanner#scan} with an {@link
   * org.parquetarrow.dataset.expr.ExpressionBindException} listing the dataset's names.
   */
  public List<String> columns() {
    return columns;
  }

  /** The row filter, or {@code null}. */
  public Expression filter() {
    return filter;
  }

  /**
   * The template each file's read starts from (a {@link ReadOptions} without an allocator: the
   * scan's is used): batch size, checksums, batch bytes, page size limit, column decoding
   * executor, fetch options. The scan sets the rest per file: the columns, row groups and rows
   * pruning kept, the dictionary columns ({@link #dictionaryColumns()}), the schema mapping and
   * the keys the dataset was discovered with. Default {@code ReadOptions.builder().build()}.
   */
  public ReadOptions readOptions() {
    return readOptions;
  }

  /** Most rows per batch: the {@linkplain #readOptions() template's} {@link ReadOptions#batchSize()}. */
  public int batchSize() {
    return readOptions.batchSize();
  }

  /**
   * Readers running at the same time: each reads a file, or a run of a file's row groups when
   * there are fewer files than this.
   */
  public int parallelism() {
    return parallelism;
  }

  /** Where files are read; {@code null} for a pool of {@link #parallelism()} threads owned by the scan. */
  public Executor executor() {
    return executor;
  }

  /** Buffer bytes of decoded batches that may wait for the caller before readers pause. */
  public long memoryBudget() {
    return memoryBudget;
  }

  /** Whether batches come out in file order (files in dataset order, rows in file order). */
  public boolean ordered() {
    return ordered;
  }

  /**
   * Whether only matching rows come out (the filter evaluated on every batch); otherwise the
   * batches hold every row pruning kept, some of which may not match.
   */
  public boolean exact() {
    return exact;
  }

  public PruningOptions pruning() {
    return pruning;
  }

  /**
   * Top-level string and binary file columns handed out dictionary-encoded ({@code
   * dictionary<int32, ...>}, each batch with its own dictionary, as the file's dictionary pages give
   * it); the filter is then evaluated once per dictionary value. Other columns named here come out
   * plainly; a name the dataset lacks fails {@link Scanner#scan} with an {@link
   * org.parquetarrow.dataset.expr.ExpressionBindException} listing the dataset's names. Default
   * none.
   */
  public Set<String> dictionaryColumns() {
    return dictionaryColumns;
  }

  /**
   * What to do with a file whose pages turn out to be corrupt: fail the scan (the default, {@link
   * CorruptFilePolicy#FAIL}) or leave it out and report it in {@link ScanReader#skippedFiles()}
   * ({@link CorruptFilePolicy#SKIP}). Files whose footers do not read are a matter of discovery
   * ({@link org.parquetarrow.dataset.DiscoveryOptions#corruptFiles()}), with the same policy.
   */
  public CorruptFilePolicy corruptFiles() {
    return corruptFiles;
  }

  /**
   * Whether corrupt files are left out.
   *
   * @deprecated use {@link #corruptFiles()}
   */
  @Deprecated
  public boolean skipCorruptFiles() {
    return corruptFiles == CorruptFilePolicy.SKIP;
  }

  /**
   * Most rows the scan hands out, or {@link #NO_LIMIT}: the first rows in scan order (file order
   * when {@link #ordered()}). The scan stops once it has them: row groups that metadata proves
   * hold enough matching rows before the others are all that is planned, and the readers are
   * stopped (their prefetches cancelled) when the last row is handed out.
   */
  public long limit() {
    return limit;
  }

  /**
   * How each file's readers turn the byte ranges they need into requests: coalescing gap and
   * longest request, for local and remote files apart, and how many row groups of a remote file
   * are fetched ahead within how many bytes (per file being read, so up to {@link #parallelism()}
   * times that at once): the {@linkplain #readOptions() template's} {@link
   * ReadOptions#fetchOptions()}. Default {@link FetchOptions#defaults()}.
   */
  public FetchOptions fetchOptions() {
    return readOptions.fetchOptions();
  }

  /**
   * How many files after each one that starts being read are opened ahead (their footer-suffix
   * request sent), when they are remote and discovery kept no tail for them (see {@link
   * org.parquetarrow.dataset.OpenFiles#prefetch}); 0 turns it off. Each holds its suffix (64 KiB
   * by default) until read. Default {@value #DEFAULT_PREFETCH_FILES}.
   */
  public int prefetchFiles() {
    return prefetchFiles;
  }

  /** When the other projected columns are decoded only for matching rows; default {@link LateMaterialization#AUTO}. */
  public LateMaterialization lateMaterialization() {
    return lateMaterialization;
  }

  /** Which thread decodes the batches; default {@link ReadingThread#READERS}. */
  public ReadingThread readingThread() {
    return readingThread;
  }

  /** Builder of {@link ScanOptions}. */
  public static final class Builder {
    private List<String> columns;
    private Expression filter;
    private ReadOptions.Builder readOptions = ReadOptions.builder();
    private int parallelism = Runtime.getRuntime().availableProcessors();
    private Executor executor;
    private long memoryBudget = DEFAULT_MEMORY_BUDGET;
    private boolean ordered = true;
    private boolean exact = true;
    private PruningOptions pruning = PruningOptions.ALL;
    private Set<String> dictionaryColumns = Set.of();
    private CorruptFilePolicy corruptFiles = CorruptFilePolicy.FAIL;
    private long limit = NO_LIMIT;
    private int prefetchFiles = DEFAULT_PREFETCH_FILES;
    private LateMaterialization lateMaterialization = LateMaterialization.AUTO;
    private ReadingThread readingThread = ReadingThread.READERS;

    private Builder() {}

    public Builder columns(String... columns) {
      return columns(Arrays.asList(columns));
    }

    public Builder columns(List<String> columns) {
      this.columns = columns == null ? null : new ArrayList<>(columns);
      return this;
    }

    public Builder filter(Expression filter) {
      this.filter = filter;
      return this;
    }

    /**
     * The filter in SQL {@code WHERE} syntax.
     *
     * @throws org.parquetarrow.dataset.expr.ExpressionParseException pointing at the bad token
     */
    public Builder filter(String sql) {
      this.filter = ExpressionParser.parse(sql);
      return this;
    }

    /**
     * Every file's read starts from {@code template} (see {@link ScanOptions#readOptions()}),
     * replacing what was set before: batch size, fetch options and every other read setting; its
     * allocator, if it has one, is not used (every buffer of a scan comes from the allocator
     * {@link Scanner#scan} is given).
     *
     * <pre>{@code
     * builder.readOptions(ReadOptions.builder().verifyChecksums(false).maxPageSize(64 << 20).build());
     * }</pre>
     *
     * @throws IllegalArgumentException if {@code template} sets what the scan decides per file,
     *     naming those settings and where they belong: columns ({@link #columns(String...)}), row
     *     groups or rows (pruning), dictionary columns ({@link #dictionaryColumns(String...)}),
     *     keys ({@link org.parquetarrow.dataset.DiscoveryOptions.Builder#decryption}), the schema
     *     mapping or variant shredding (the dataset's schema, made at discovery), or a
     *     {@linkplain ReadOptions#parallelism() parallelism} above 1 (a scan's threads are {@link
     *     #parallelism(int)})
     */
    public Builder readOptions(ReadOptions template) {
      List<String> perFile = new ArrayList<>(template.fileSpecificSettings());
      if (!template.arrowOptions().equals(ArrowReadOptions.defaults())) {
        perFile.add("arrowOptions");
      }
      if (template.variantShredding() != ReadOptions.VariantShredding.UNSHRED) {
        perFile.add("variantShredding");
      }
      if (template.parallelism() > 1) {
        // the windows would queue on the scan's own executor, whose threads wait for their batches
        throw new IllegalArgumentException("the ReadOptions template of a scan sets parallelism "
            + template.parallelism() + ": a scan reads its files and row groups on its own threads;"
            + " set ScanOptions.Builder.parallelism instead");
      }
      if (!perFile.isEmpty()) {
        throw new IllegalArgumentException("the ReadOptions template of a scan sets " + perFile + ", which a scan"
            + " decides for each file: give columns and dictionaryColumns to ScanOptions, keys, the schema"
            + " mapping and variant shredding to DiscoveryOptions; row groups and rows are pruning's");
      }
      this.readOptions = template.toBuilder();
      return this;
    }

    /** Most rows per batch, at least 1: sets the {@linkplain ScanOptions#readOptions() template's} batch size. */
    public Builder batchSize(int rows) {
      readOptions.batchSize(rows);
      return this;
    }

    public Builder parallelism(int files) {
      if (files < 1) {
        throw new IllegalArgumentException("parallelism " + files + " is below 1");
      }
      this.parallelism = files;
      return this;
    }

    /**
     * Reads files on {@code executor} (owned by the caller) instead of a pool of the scan's own.
     * Any number of threads serves any {@link #parallelism(int)}: files wait their turn. The thread
     * that takes the batches must not be the executor's only one (the files would queue behind it
     * while it waits for them).
     */
    public Builder executor(Executor executor) {
      this.executor = executor;
      return this;
    }

    public Builder memoryBudget(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("memory budget " + bytes + " is below 1");
      }
      this.memoryBudget = bytes;
      return this;
    }

    public Builder ordered(boolean ordered) {
      this.ordered = ordered;
      return this;
    }

    /** {@code false} for pruned-but-unfiltered batches. */
    public Builder exact(boolean exact) {
      this.exact = exact;
      return this;
    }

    public Builder pruning(PruningOptions pruning) {
      this.pruning = java.util.Objects.requireNonNull(pruning, "pruning");
      return this;
    }

    /** See {@link ScanOptions#dictionaryColumns()}. */
    public Builder dictionaryColumns(String... columns) {
      return dictionaryColumns(Arrays.asList(columns));
    }

    public Builder dictionaryColumns(Collection<String> columns) {
      this.dictionaryColumns = new LinkedHashSet<>(columns);
      return this;
    }

    /** See {@link ScanOptions#corruptFiles()}. */
    public Builder corruptFiles(CorruptFilePolicy policy) {
      this.corruptFiles = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /**
     * {@code true} for {@link CorruptFilePolicy#SKIP}.
     *
     * @deprecated use {@link #corruptFiles(CorruptFilePolicy)}
     */
    @Deprecated
    public Builder skipCorruptFiles(boolean skip) {
      return corruptFiles(skip ? CorruptFilePolicy.SKIP : CorruptFilePolicy.FAIL);
    }

    /**
     * See {@link ScanOptions#limit()}.
     *
     * @throws IllegalArgumentException if {@code rows} is negative
     */
    public Builder limit(long rows) {
      if (rows < 0) {
        throw new IllegalArgumentException("limit " + rows + " is below 0");
      }
      this.limit = rows;
      return this;
    }

    /**
     * See {@link ScanOptions#fetchOptions()}.
     *
     * <pre>{@code
     * builder.fetchOptions(FetchOptions.builder().remoteGap(64 * 1024).build());
     * }</pre>
     */
    public Builder fetchOptions(FetchOptions options) {
      readOptions.fetchOptions(options);
      return this;
    }

    /**
     * See {@link ScanOptions#prefetchFiles()}.
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder prefetchFiles(int files) {
      if (files < 0) {
        throw new IllegalArgumentException("prefetchFiles must not be negative: " + files);
      }
      this.prefetchFiles = files;
      return this;
    }

    /** See {@link ScanOptions#lateMaterialization()}. */
    public Builder lateMaterialization(LateMaterialization policy) {
      this.lateMaterialization = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /** See {@link ScanOptions#readingThread()}. */
    public Builder readingThread(ReadingThread thread) {
      this.readingThread = Objects.requireNonNull(thread, "thread");
      return this;
    }

    public ScanOptions build() {
      return new ScanOptions(this);
    }
  }
}
