package org.parquetarrow.read;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.TimeUnit;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.read.page.PageReadOptions;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.selection.RowSelection;

/**
 * How {@link ParquetFileReader} reads a file. Immutable; build one with {@link #builder(BufferAllocator)}.
 *
 * <pre>{@code
 * ReadOptions options = ReadOptions.builder(allocator)
 *     .batchSize(64 * 1024)
 *     .columns("user.name", "id")        // in this order; top-level fields or dotted paths
 *     .rowGroups(0, 2)
 *     .int96TimestampUnit(TimeUnit.MICROSECOND)
 *     .rowSelection(0, RowSelection.fromRanges(0, 100, 5_000, 5_200))
 *     .decryption(FileDecryptionProperties.builder().footerKey(footerKey).build())
 *     .build();
 *
 * // rows 1,000,000 to 1,000,099 of the file, wherever its row groups start
 * ReadOptions rows = ReadOptions.builder(allocator)
 *     .rowSelection(RowSelection.fromRanges(1_000_000, 1_000_100))
 *     .build();
 *
 * // a template without an allocator, for a dataset scan (ScanOptions.readOptions) to start each file's read from
 * ReadOptions template = ReadOptions.builder().verifyChecksums(false).maxBatchBytes(64L << 20).build();
 * ReadOptions same = template.toBuilder().allocator(allocator).build();
 * }</pre>
 */
public final class ReadOptions {
  /** What the reader makes of VARIANT columns. */
  public enum VariantShredding {
    /**
     * Rebuild each variant from its shredded columns into Arrow's canonical Parquet Variant
     * extension shape, {@code struct<metadata: binary not null, value: binary>} tagged
     * {@code arrow.parquet.variant} (the default).
     */
    UNSHRED,
    /** Keep the struct of the stored columns ({@code metadata}, {@code value}, {@code typed_value}…). */
    KEEP
  }

  /**
   * Whether the next page of a column chunk is prepared on a helper thread while the caller
   * decodes the current one: its header, CRC check and decompression (Arrow C++'s I/O pool reads
   * ahead of its decoding thread the same way). Decoding itself always stays on the decoding
   * thread; the batches, their values and the exceptions thrown do not depend on the policy.
   *
   * <pre>{@code
   * // one core's work per decoding thread, e.g. with parallelism(n) on n cores
   * ReadOptions.builder(allocator).pageReadAhead(ReadOptions.PageReadAhead.OFF).build();
   * }</pre>
   */
  public enum PageReadAhead {
    /**
     * {@link #SEVERAL_PAGES} (the default), except for a read whose {@link #parallelism()} lanes
     * already take every core ({@code Runtime.availableProcessors()}): there a helper thread only
     * competes with the lanes for a core (measured on 2 cores: two lanes with the read-ahead were
     * slower than one, and 1.2–2.2× slower than two lanes without it), so its pages are prepared by
     * the lanes, as with {@link #OFF}.
     */
    AUTO,
    /**
     * Pages of each compressed column chunk are prepared on a shared helper thread up to a few MiB
     * of decompressed pages ahead of the decoding thread: a read on one decoding
     * thread uses up to a second core, and the helper goes on while the decoding thread is busy
     * with other columns or with the batch it returned. At most 32 MiB of pages wait per reader
     * (per lane of a parallel read), shared among its columns (4 MiB each at most), beyond the next
     * page of each. Encrypted column chunks are always read without it.
     */
    SEVERAL_PAGES,
    /**
     * Only the page after each data page is prepared on a shared helper thread. Costs one more
     * page-sized decompression buffer per compressed column chunk being read.
     */
    NEXT_PAGE,
    /** Every page is prepared on the decoding thread when it is needed. */
    OFF
  }

  /**
   * How a read with a {@link #parallelism()} above 1 shares its decoding among its threads.
   *
   * <pre>{@code
   * ReadOptions.builder(allocator).parallelism(2).parallelDecoding(ReadOptions.ParallelDecoding.LANES).build();
   * }</pre>
   */
  public enum ParallelDecoding {
    /**
     * {@link #COLUMNS} when the read has at least as many leaf columns as threads, none of them
     * holding more than about half the projected bytes per thread beyond an even share (by the
     * footer), and rows far narrower than {@link #maxBatchBytes()} per batch (by the footer);
     * {@link #LANES} otherwise. The default.
     */
    AUTO,
    /**
     * One reader; each batch's leaf columns are decoded as tasks by the caller and {@code
     * parallelism - 1} helpers, the costliest first (by their cost in the batch before), each field
     * assembled by the thread that finishes its last leaf. No page is decompressed twice, each
     * dictionary is decoded once. Pipelined two batches deep: while the caller works
     * on the batch it holds, the helpers decode the next two (their row groups opened, their
     * columns decoded), and a thread done with its share of one batch decodes the next one's
     * columns rather than wait for the last column; so the read holds up to two batches beyond the
     * caller's. A failure in a batch begun ahead is thrown by the call that would return it. Only where rows are narrow by the footer (a column's uncompressed bytes per row times
     * a batch, times 8, below {@link #maxBatchBytes()}): otherwise {@link #LANES}, which end a
     * batch early at that limit as one reader does. A batch whose variable-length bytes still reach
     * {@link #maxBatchBytes()} in one column (values far wider than the footer's sizes say) fails with an {@link
     * org.parquetarrow.UnsupportedFeatureException} naming the column: read such files with
     * {@link #LANES}.
     */
    COLUMNS,
    /** Windows of whole batches decoded ahead by lanes, one reader each (see {@link Builder#parallelism}). */
    LANES
  }

  /** Rows per batch unless told otherwise (Arrow C++'s default). */
  public static final int DEFAULT_BATCH_SIZE = 64 * 1024;

  /**
   * Variable-length bytes of one column at which a batch is cut short by default: far enough
   * from the 2 GiB that 32-bit offsets address that the rows read since the last check cannot
   * pass it unless their values average over 300 KB.
   */
  public static final long DEFAULT_MAX_BATCH_BYTES = 512L << 20;

  private final BufferAllocator allocator;
  private final int batchSize;
  private final List<String> columns;
  private final int[] rowGroups;
  private final boolean verifyChecksums;
  private final ArrowReadOptions arrowOptions;
  private final Map<Integer, RowSelection> rowSelections;
  private final RowSelection fileRows;
  private final Executor executor;
  private final int parallelism;
  private final long maxBatchBytes;
  private final int maxPageSize;
  private final FileDecryptionProperties decryption;
  private final VariantShredding variantShredding;
  private final FetchOptions fetchOptions;
  private final PageReadAhead pageReadAhead;
  private final Map<String, DictionaryRowFilter> dictionaryRowFilters;
  private final ParallelDecoding parallelDecoding;

  private ReadOptions(Builder b) {
    this.dictionaryRowFilters = Map.copyOf(b.dictionaryRowFilters);
    this.allocator = b.allocator;
    this.batchSize = b.batchSize;
    this.columns = b.columns == null ? null : List.copyOf(b.columns);
    this.rowGroups = b.rowGroups == null ? null : b.rowGroups.clone();
    this.verifyChecksums = b.verifyChecksums;
    this.arrowOptions = b.arrowOptions.build();
    this.rowSelections = Map.copyOf(b.rowSelections);
    this.fileRows = b.fileRows;
    this.executor = b.executor;
    this.parallelism = b.parallelism;
    this.maxBatchBytes = b.maxBatchBytes;
    this.maxPageSize = b.maxPageSize;
    this.decryption = b.decryption;
    this.variantShredding = b.variantShredding;
    this.fetchOptions = b.fetchOptions;
    this.pageReadAhead = b.pageReadAhead;
    this.parallelDecoding = b.parallelDecoding;
  }

  /** Options reading everything with {@code allocator}. */
  public static ReadOptions defaults(BufferAllocator allocator) {
    return builder(allocator).build();
  }

  /** A builder whose every buffer comes from {@code allocator}. */
  public static Builder builder(BufferAllocator allocator) {
    return new Builder(Objects.requireNonNull(allocator, "allocator"));
  }

  /**
   * A builder of a template: options without an allocator, which {@link ParquetFileReader} refuses
   * until one is set ({@link Builder#allocator}), and which a dataset scan ({@code
   * ScanOptions.Builder.readOptions}) starts each file's read from, with the scan's allocator.
   */
  public static Builder builder() {
    return new Builder(null);
  }

  /**
   * A builder holding every setting of these options, to change some of them.
   *
   * <pre>{@code
   * ReadOptions unchecked = options.toBuilder().verifyChecksums(false).build();
   * }</pre>
   */
  public Builder toBuilder() {
    Builder b = new Builder(allocator);
    b.batchSize = batchSize;
    b.columns = columns;
    b.rowGroups = rowGroups;
    b.verifyChecksums = verifyChecksums;
    b.arrowOptions(arrowOptions);
    b.rowSelections.putAll(rowSelections);
    b.fileRows = fileRows;
    b.executor = executor;
    b.parallelism = parallelism;
    b.maxBatchBytes = maxBatchBytes;
    b.maxPageSize = maxPageSize;
    b.decryption = decryption;
    b.variantShredding = variantShredding;
    b.fetchOptions = fetchOptions;
    b.pageReadAhead = pageReadAhead;
    b.dictionaryRowFilters.putAll(dictionaryRowFilters);
    b.parallelDecoding = parallelDecoding;
    return b;
  }

  /**
   * The allocator of every buffer the reader hands out or uses; {@code null} for a template made
   * with {@link #builder()}.
   */
  public BufferAllocator allocator() {
    return allocator;
  }

  /** These options, checked to have an allocator to read with. */
  ReadOptions checkReadable() {
    if (allocator == null) {
      throw new IllegalArgumentException("these ReadOptions are a template without an allocator (made with"
          + " ReadOptions.builder()): give one with ReadOptions.builder(allocator) or toBuilder().allocator(allocator)");
    }
    return this;
  }

  /**
   * Whether these options set anything a file's read decides for itself: the columns, row groups
   * and rows to read, the dictionary columns or keys; the names of those set, empty when none is.
   */
  public List<String> fileSpecificSettings() {
    List<String> set = new ArrayList<>();
    if (columns != null) {
      set.add("columns");
    }
    if (rowGroups != null) {
      set.add("rowGroups");
    }
    if (fileRows != null || !rowSelections.isEmpty()) {
      set.add("rowSelection");
    }
    if (!arrowOptions.dictionaryColumns().isEmpty()) {
      set.add("dictionaryColumns");
    }
    if (decryption != null) {
      set.add("decryption");
    }
    return set;
  }

  /** Most rows in one batch. */
  public int batchSize() {
    return batchSize;
  }

  /**
   * The projection: names of top-level fields or dotted paths to nested fields, in the order the
   * batches' fields come in; {@code null} reads every column. See {@link Builder#columns(String...)}.
   */
  public List<String> columns() {
    return columns;
  }

  /** Ordinals of the row groups to read, in this order; {@code null} reads all. */
  public int[] rowGroups() {
    return rowGroups == null ? null : rowGroups.clone();
  }

  /**
   * The variable-length bytes (strings, binaries, dictionaries) one column may gather in a batch
   * before the batch is cut short of {@link #batchSize()} rows; checked every few thousand rows.
   */
  public long maxBatchBytes() {
    return maxBatchBytes;
  }

  /** The largest decompressed page accepted, in bytes; see {@link Builder#maxPageSize(int)}. */
  public int maxPageSize() {
    return maxPageSize;
  }

  /** Whether page CRC-32s are checked when present (default true). */
  public boolean verifyChecksums() {
    return verifyChecksums;
  }

  /**
   * The rows to read of row group {@code rowGroup} given with {@link Builder#rowSelection(int,
   * RowSelection)}, or {@code null} to read all of them. Pages holding no selected row are not
   * decompressed when the chunk has an offset index.
   */
  public RowSelection rowSelection(int rowGroup) {
    return rowSelections.get(rowGroup);
  }

  /**
   * The rows to read by their row number in the file (counted from the first row of row group
   * 0), or {@code null} when none was given with {@link Builder#rowSelection(RowSelection)}.
   */
  public RowSelection rowSelection() {
    return fileRows;
  }

  /**
   * Where decoding tasks run: with a {@link #parallelism()} above 1, the helpers decoding ahead
   * beside the caller (a helper ends when no lane wants a batch; it never waits); with a parallelism of 1, one task per leaf column of each batch. {@code null} (the
   * default): with a parallelism of 1 everything is decoded on the calling thread, above 1 on
   * threads the reader starts (and stops when it is closed).
   */
  public Executor executor() {
    return executor;
  }

  /**
   * How many lanes of windows a reader decodes at once, ahead of its caller; 1 (the default)
   * decodes batch by batch when asked. See {@link Builder#parallelism(int)}.
   */
  public int parallelism() {
    return parallelism;
  }

  /** How the Parquet schema becomes the Arrow schema. */
  public ArrowReadOptions arrowOptions() {
    return arrowOptions;
  }

  /** The keys of encrypted files, or {@code null} (the default) when none are given. */
  public FileDecryptionProperties decryption() {
    return decryption;
  }

  /** What VARIANT columns read as; default {@link VariantShredding#UNSHRED}. */
  public VariantShredding variantShredding() {
    return variantShredding;
  }

  /**
   * How the byte ranges of a row group are coalesced into requests, for local and for remote
   * files; default {@link FetchOptions#defaults()}.
   */
  public FetchOptions fetchOptions() {
    return fetchOptions;
  }

  /** Whether pages are prepared ahead on a helper thread; default {@link PageReadAhead#AUTO}. */
  public PageReadAhead pageReadAhead() {
    return pageReadAhead;
  }

  /** The top-level columns answered by a {@link DictionaryRowFilter}, by name (none by default). */
  public Map<String, DictionaryRowFilter> dictionaryRowFilters() {
    return dictionaryRowFilters;
  }

  /** How a parallel read shares its decoding; default {@link ParallelDecoding#AUTO}. */
  public ParallelDecoding parallelDecoding() {
    return parallelDecoding;
  }

  @Override
  public String toString() {
    return "ReadOptions[batchSize=" + batchSize + ", columns=" + columns + ", rowGroups="
        + (rowGroups == null ? "all" : Arrays.toString(rowGroups))
        + (fileRows == null ? "" : ", rows=" + fileRows) + ", verifyChecksums="
        + verifyChecksums + (parallelism == 1 ? "" : ", parallelism=" + parallelism)
        + (pageReadAhead == PageReadAhead.AUTO ? "" : ", pageReadAhead=" + pageReadAhead)
        + (parallelDecoding == ParallelDecoding.AUTO ? "" : ", parallelDecoding=" + parallelDecoding) + ", variants=" + variantShredding + ", " + arrowOptions + "]";
  }

  /** Builder of {@link ReadOptions}. */
  public static final class Builder {
    private BufferAllocator allocator;
    private int batchSize = DEFAULT_BATCH_SIZE;
    private List<String> columns;
    private int[] rowGroups;
    private boolean verifyChecksums = true;
    private final ArrowReadOptions.Builder arrowOptions = ArrowReadOptions.builder();
    private final Map<Integer, RowSelection> rowSelections = new HashMap<>();
    private RowSelection fileRows;
    private Executor executor;
    private int parallelism = 1;
    private long maxBatchBytes = DEFAULT_MAX_BATCH_BYTES;
    private int maxPageSize = PageReadOptions.DEFAULT_MAX_PAGE_SIZE;
    private FileDecryptionProperties decryption;
    private VariantShredding variantShredding = VariantShredding.UNSHRED;
    private FetchOptions fetchOptions = FetchOptions.defaults();
    private PageReadAhead pageReadAhead = PageReadAhead.AUTO;
    private final Map<String, DictionaryRowFilter> dictionaryRowFilters = new HashMap<>();
    private ParallelDecoding parallelDecoding = ParallelDecoding.AUTO;

    private Builder(BufferAllocator allocator) {
      this.allocator = allocator;
    }

    /** Every buffer comes from {@code allocator}; for a template or a copy made with {@link ReadOptions#toBuilder()}. */
    public Builder allocator(BufferAllocator allocator) {
      this.allocator = Objects.requireNonNull(allocator, "allocator");
      return this;
    }

    /** Most rows per batch, at least 1. */
    public Builder batchSize(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("batch size " + rows + " is below 1");
      }
      this.batchSize = rows;
      return this;
    }

    /**
     * Reads only these columns, as pyarrow does: a top-level field name keeps the whole field, a
     * dotted path to a nested field keeps it (and all under it) inside the structs, lists and maps
     * around it. The batches' top-level fields come in the order of their first mention (a field
     * named twice comes once); within a field the kept children stay in the file's order, as in
     * Arrow C++. Paths may be given in Arrow form ({@code address.city}, {@code tags.item}, {@code
     * attrs.key}, {@code attrs.value}) or as Parquet column paths ({@code tags.list.element},
     * {@code attrs.key_value.key}); a field whose own name holds dots ({@code "a.b"}) is found
     * before a struct {@code a} with a child {@code b}.
     *
     * <p>A name that matches nothing fails {@link ParquetFileReader#open} with an {@link
     * org.parquetarrow.schema.UnknownColumnException} listing the file's names.
     *
     * <pre>{@code
     * ReadOptions.builder(allocator).columns("tags.item", "id").build(); // fields tags, id
     * }</pre>
     */
    public Builder columns(String... namesOrPaths) {
      return columns(Arrays.asList(namesOrPaths));
    }

    /** As {@link #columns(String...)}. */
    public Builder columns(List<String> namesOrPaths) {
      this.columns = new ArrayList<>(namesOrPaths);
      return this;
    }

    /**
     * Reads only these row groups, in this order. Cannot be combined with a file-wide {@link
     * #rowSelection(RowSelection)}.
     */
    public Builder rowGroups(int... ordinals) {
      for (int g : ordinals) {
        if (g < 0) {
          throw new IllegalArgumentException("negative row group " + g);
        }
      }
      this.rowGroups = ordinals.clone();
      return this;
    }

    /**
     * Reads only {@code rows} of row group {@code rowGroup} (indices counted from the row group's
     * first row), for example the rows a page index filter kept. Row groups without a selection
     * are read whole: name the row groups with {@link #rowGroups} to read only those, or select
     * by row number in the file with {@link #rowSelection(RowSelection)}. Cannot be combined with
     * a file-wide selection.
     */
    public Builder rowSelection(int rowGroup, RowSelection rows) {
      if (rowGroup < 0) {
        throw new IllegalArgumentException("negative row group " + rowGroup);
      }
      rowSelections.put(rowGroup, Objects.requireNonNull(rows, "rows"));
      return this;
    }

    /**
     * Reads only {@code rows}, counted from the file's first row (arrow-rs's {@code
     * with_row_selection}): row groups holding none of them are not read at all, and of the others
     * only the pages holding selected rows are decompressed (when the chunks have an offset
     * index). The batches hold the selected rows in file order. A selection reaching past the
     * file's last row fails {@link ParquetFileReader#open} with an {@link
     * IllegalArgumentException} naming the file's row count.
     *
     * <pre>{@code
     * ReadOptions.builder(allocator).rowSelection(RowSelection.fromRanges(1_000_000, 1_000_100)).build();
     * }</pre>
     *
     * <p>It replaces, rather than combines with, {@link #rowGroups} and per-row-group selections:
     * {@link #build()} refuses both together.
     */
    public Builder rowSelection(RowSelection rows) {
      this.fileRows = Objects.requireNonNull(rows, "rows");
      return this;
    }

    /**
     * Runs the decoding tasks on {@code executor} (owned by the caller): with a {@link
     * #parallelism(int)} above 1 the windows of rows decoded ahead, otherwise the leaf columns of
     * each batch in parallel, one task per column. {@code null} (the default) decodes on the
     * calling thread, or, with a parallelism above 1, on the library's shared daemon decoding
     * threads (started when a helper finds none idle, ended after 10 s without work).
     */
    public Builder executor(Executor executor) {
      this.executor = executor;
      return this;
    }

    /**
     * Decodes with up to {@code threads} threads (default 1: on the calling thread, when a batch is
     * asked for). Above 1, how the threads share the work is {@link #parallelDecoding}: by default
     * chosen per read from the footer, {@link ParallelDecoding#COLUMNS} (each batch's columns
     * decoded side by side by the caller and {@code threads - 1} helpers) where the columns balance
     * over the threads and rows are narrow, otherwise lanes, as follows. By lanes, the reader cuts the rows it reads into windows of a few whole batches,
     * and {@code threads} lanes take every {@code threads}-th window each, one reader per lane that
     * carries on from one of its windows to the next (pages of the other lanes' windows skipped
     * through the offset index). The batches are decoded ahead of the caller, one at a time, the
     * one needed soonest first, by {@code threads - 1} helpers on the {@link #executor} if one is
     * given or else on the library's shared daemon decoding threads (kept from reader to reader so
     * that their memory stays warm), and by the calling thread itself: it decodes the batch it asks
     * for when no helper is decoding it, and another one while a helper is, so {@code threads}
     * threads decode in all, the caller's among them. The batches are handed
     * out in file order: the same batches, row for row, as one thread gives (unless {@link
     * #maxBatchBytes} cuts one short: the batches after it then end at the next window's start
     * rather than one batch size further on). A window splits a row group
     * only where every column chunk of it has an offset index (its pages are then found without
     * reading the ones before); otherwise it ends where the row group ends, so a file of one row
     * group without offset index decodes on one thread.
     *
     * <p>Memory: nobody decodes for a lane that holds 2 decoded batches not yet taken (1 for
     * windows of one or two batches), so at most {@code 3 * threads + 1} batches exist at once,
     * beside each lane's compressed pages of its current row group. A helper never blocks a thread
     * of the executor (it returns when no lane wants a batch, and is handed over again when the
     * caller takes one), and the caller decodes whatever no helper does, so any executor (fewer
     * threads, tasks out of order, the caller's own thread, even one that never runs a task or
     * refuses them) still reads every row. Closing the reader mid-scan stops the lanes (each at its next batch), waits for them and
     * releases every buffer they hold. A failure in a
     * lane is thrown by the {@link ParquetFileReader#readNextBatch()} call that reaches its rows,
     * after the batches before it, as the same typed, located exception one thread would throw.
     * Where the rows make a single window (a file of one row group without offset index), one
     * reader decodes them as with a parallelism of 1, its columns as tasks on the executor if one
     * is given: that executor must then run them.
     *
     * <pre>{@code
     * ReadOptions allCores = ReadOptions.builder(allocator)
     *     .parallelism(Runtime.getRuntime().availableProcessors())
     *     .build();
     * }</pre>
     *
     * @throws IllegalArgumentException if {@code threads} is below 1
     */
    public Builder parallelism(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("parallelism " + threads + " is below 1");
      }
      this.parallelism = threads;
      return this;
    }

    /**
     * Cuts a batch short once a column holds this many bytes of variable-length values (default
     * {@link #DEFAULT_MAX_BATCH_BYTES}), so that 32-bit offsets never overflow; at least 1.
     */
    public Builder maxBatchBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("maxBatchBytes " + bytes + " is below 1");
      }
      this.maxBatchBytes = bytes;
      return this;
    }

    /**
     * How byte ranges are coalesced into requests (gap and largest request, for local and remote
     * files); default {@link FetchOptions#defaults()}.
     *
     * <pre>{@code
     * builder.fetchOptions(FetchOptions.builder().remoteGap(256 * 1024).build());
     * }</pre>
     */
    public Builder fetchOptions(FetchOptions options) {
      this.fetchOptions = Objects.requireNonNull(options, "options");
      return this;
    }

    /**
     * The largest decompressed page accepted (default {@link
     * PageReadOptions#DEFAULT_MAX_PAGE_SIZE}, the largest Java array). A page whose header asks
     * for more fails with an {@link org.parquetarrow.UnsupportedFeatureException} before it is
     * decompressed or anything is allocated for it. Set it with a bounded allocator: a few KB of
     * ZSTD or BROTLI can decode to a 1 GiB page, which the default accepts once the data is seen
     * to decode to that size (seconds of work) and then allocates.
     *
     * <pre>{@code
     * ReadOptions.builder(new RootAllocator(256 << 20)).maxPageSize(64 << 20).build();
     * }</pre>
     */
    public Builder maxPageSize(int bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("maxPageSize " + bytes + " is below 1");
      }
      this.maxPageSize = bytes;
      return this;
    }

    /**
     * Whether the pages of each column chunk are prepared (header, CRC, decompression) on a helper
     * thread while the decoding thread decodes: several pages ahead unless the read's lanes take
     * every core ({@link PageReadAhead#AUTO}, the default), several pages ahead ({@link
     * PageReadAhead#SEVERAL_PAGES}), only the next one ({@link
     * PageReadAhead#NEXT_PAGE}), or none ({@link PageReadAhead#OFF}, which keeps all of a read's
     * work on its decoding threads: one core per thread of {@link #parallelism(int)}). Only where
     * the work runs changes: the same batches, and an error in a page is thrown by the call that
     * needs that page, with every policy. Applies to every window of a parallel read and,
     * in a template, to every file of a dataset scan.
     *
     * <pre>{@code
     * ReadOptions.builder(allocator).parallelism(2).pageReadAhead(ReadOptions.PageReadAhead.OFF).build();
     * }</pre>
     */
    public Builder pageReadAhead(PageReadAhead policy) {
      this.pageReadAhead = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /**
     * How a read with a {@link #parallelism(int)} above 1 shares its decoding: by columns within
     * each batch, by lanes of whole batches, or chosen per read by the footer ({@link
     * ParallelDecoding#AUTO}, the default). The batches are the same with each.
     *
     * <pre>{@code
     * ReadOptions.builder(allocator).parallelism(2).parallelDecoding(ReadOptions.ParallelDecoding.COLUMNS).build();
     * }</pre>
     */
    public Builder parallelDecoding(ParallelDecoding policy) {
      this.parallelDecoding = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /** Whether to check page CRC-32s (default true). */
    public Builder verifyChecksums(boolean verify) {
      this.verifyChecksums = verify;
      return this;
    }

    /** The unit of timestamps read from INT96 (default nanoseconds, as Arrow C++). */
    public Builder int96TimestampUnit(TimeUnit unit) {
      arrowOptions.int96TimestampUnit(unit);
      return this;
    }

    /**
     * Reads these string or binary columns as Arrow dictionary vectors, {@code dictionary<int32,
     * utf8 | binary>}, with one dictionary per batch. Names and paths as in {@link
     * #columns(String...)} (a nested field stands for the leaves under it; columns of other types
     * are read normally, unless {@link #dictionaryLeaves} says otherwise); a name that matches
     * nothing fails {@link ParquetFileReader#open} with an {@link
     * org.parquetarrow.schema.UnknownColumnException} listing the file's names.
     */
    public Builder dictionaryColumns(String... dottedPaths) {
      arrowOptions.dictionaryColumns(Arrays.asList(dottedPaths));
      return this;
    }

    /**
     * Which of the {@link #dictionaryColumns} come out as dictionaries (default string and binary
     * only). With {@code BINARY_AND_FIXED_WIDTH} a fixed-width column gives its pages' indices and
     * per batch its chunk's dictionary values:
     *
     * <pre>{@code
     * ReadOptions.builder().dictionaryColumns("l_shipdate")
     *     .dictionaryLeaves(ArrowReadOptions.DictionaryLeafPolicy.BINARY_AND_FIXED_WIDTH)
     *     .build();   // l_shipdate: dictionary<int32, date32>
     * }</pre>
     */
    public Builder dictionaryLeaves(ArrowReadOptions.DictionaryLeafPolicy policy) {
      arrowOptions.dictionaryLeaves(policy);
      return this;
    }

    /**
     * Takes every schema-mapping setting (INT96 unit, stored schema, extension types, dictionary
     * columns and leaves, integer decimals) from {@code options}, so batches match a {@link
     * org.parquetarrow.schema.SchemaMapping} made with them; later calls of the single setters
     * override it.
     */
    public Builder arrowOptions(ArrowReadOptions options) {
      arrowOptions.int96TimestampUnit(options.int96TimestampUnit())
          .storedSchema(options.storedSchema())
          .extensionTypes(options.extensionTypes())
          .dictionaryColumns(options.dictionaryColumns())
          .intDecimals(options.intDecimals())
          .dictionaryLeaves(options.dictionaryLeaves());
      return this;
    }

    /**
     * The top-level column {@code name}, read as a dictionary (see {@link #dictionaryColumns} and
     * {@link #dictionaryLeaves}), comes out as {@code filter}'s answer per row, a nullable {@code
     * Bool} vector, instead of its values: the answer is taken once per dictionary entry and per
     * row as the indices are decoded, with no index vector.
     *
     * <pre>{@code
     * ReadOptions.builder(allocator).dictionaryColumns("l_shipdate")
     *     .dictionaryLeaves(ArrowReadOptions.DictionaryLeafPolicy.BINARY_AND_FIXED_WIDTH)
     *     .dictionaryRowFilter("l_shipdate", in1994).build();
     * }</pre>
     *
     * <p>Opening a reader fails with {@link IllegalArgumentException} if the column is read but not as a
     * dictionary.
     */
    public Builder dictionaryRowFilter(String name, DictionaryRowFilter filter) {
      dictionaryRowFilters.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(filter, "filter"));
      return this;
    }

    /** Whether the Arrow schema stored by the writer is applied (default yes). */
    public Builder storedSchema(ArrowReadOptions.StoredSchemaPolicy policy) {
      arrowOptions.storedSchema(policy);
      return this;
    }

    /**
     * Keys (and AAD prefix) for an encrypted file; {@code null}, the default, gives none. Without
     * keys, a file with a plaintext footer still reads its plaintext columns, and projecting one of
     * its encrypted columns fails when the reader opens.
     */
    public Builder decryption(FileDecryptionProperties properties) {
      this.decryption = properties;
      return this;
    }

    /**
     * Whether VARIANT columns are rebuilt into variants (the default) or kept as their stored
     * shredded struct, for callers who want the {@code typed_value} columns.
     */
    public Builder variantShredding(VariantShredding mode) {
      this.variantShredding = Objects.requireNonNull(mode, "mode");
      return this;
    }

    /**
     * The options.
     *
     * @throws IllegalArgumentException if a file-wide row selection is combined with {@link
     *     #rowGroups} or a per-row-group selection
     */
    public ReadOptions build() {
      if (fileRows != null && rowGroups != null) {
        throw new IllegalArgumentException("a file-wide rowSelection(RowSelection) and rowGroups("
            + Arrays.toString(rowGroups) + ") were both given: select the rows by their row number"
            + " in the file alone, or use rowGroups with per-row-group selections");
      }
      if (fileRows != null && !rowSelections.isEmpty()) {
        throw new IllegalArgumentException("a file-wide rowSelection(RowSelection) and selections of"
            + " row groups " + new java.util.TreeSet<>(rowSelections.keySet()) + " were both given:"
            + " use one or the other");
      }
      return new ReadOptions(this);
    }
  }
}
