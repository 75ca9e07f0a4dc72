package org.parquetarrow.dataset.scan;

import java.util.List;
import java.util.Objects;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.io.StorageOptions;
import org.parquetarrow.read.ReadOptions;

/**
 * What {@link ParquetFiles} reads: the columns, the row filter, a row limit and the batch size,
 * plus how the files are found (hive partitioning, keys) and reached (S3 and HTTP settings).
 * Immutable; build one with {@link #builder()}. The fields are pyarrow's {@code
 * pq.read_table(path, columns=, filters=)} arguments; what concerns the scan is a {@link
 * ScanOptions} (ordered, exact), built and checked by its own builder.
 *
 * <pre>{@code
 * TableReadOptions options = TableReadOptions.builder()
 *     .columns("id", "user.name")
 *     .filter("year = 2024 and id < 1000")
 *     .limit(100)
 *     .readOptions(ReadOptions.builder().verifyChecksums(false).build())   // how each file is read
 *     .build();
 * }</pre>
 */
public final class TableReadOptions {
  private static final TableReadOptions DEFAULTS = builder().build();

  private final ScanOptions scan;
  private final DiscoveryOptions discovery;
  private final StorageOptions storage;

  private TableReadOptions(Builder b) {
    this.scan = b.scan.build();
    this.discovery = b.discovery;
    this.storage = b.storage;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Every column and row, default settings. */
  public static TableReadOptions defaults() {
    return DEFAULTS;
  }

  /** Columns to read, as {@link ScanOptions#columns()} takes them; {@code null} for all. */
  public List<String> columns() {
    return scan.columns();
  }

  /** The row filter, or {@code null} for every row. */
  public Expression filter() {
    return scan.filter();
  }

  /** Most rows to read ({@link ScanOptions#NO_LIMIT}: all), the first ones in file order. */
  public long limit() {
    return scan.limit();
  }

  public int batchSize() {
    return scan.batchSize();
  }

  /** Files (or runs of a file's row groups) read at the same time. */
  public int parallelism() {
    return scan.parallelism();
  }

  public PruningOptions pruning() {
    return scan.pruning();
  }

  /** How each file is read: the scan's {@link ScanOptions#readOptions() template}. */
  public ReadOptions readOptions() {
    return scan.readOptions();
  }

  /** How files are found and their footers read: hive partitioning, decryption keys, corrupt files. */
  public DiscoveryOptions discovery() {
    return discovery;
  }

  /** How remote locations ({@code s3://}, {@code https://}) are reached. */
  public StorageOptions storage() {
    return storage;
  }

  /** The scan these options ask for: ordered, exact (only matching rows). */
  public ScanOptions scanOptions() {
    return scan;
  }

  /** Builder of {@link TableReadOptions}; the scan's settings are checked as {@link ScanOptions.Builder} checks them. */
  public static final class Builder {
    private final ScanOptions.Builder scan = ScanOptions.builder();
    private DiscoveryOptions discovery = DiscoveryOptions.defaults();
    private StorageOptions storage = StorageOptions.defaults();

    private Builder() {}

    /** See {@link ScanOptions#columns()}: top-level names, dotted paths, partition columns. */
    public Builder columns(String... columns) {
      scan.columns(columns);
      return this;
    }

    public Builder columns(List<String> columns) {
      scan.columns(columns);
      return this;
    }

    public Builder filter(Expression filter) {
      scan.filter(filter);
      return this;
    }

    /**
     * The filter in SQL {@code WHERE} syntax, as {@code parquet-arrow scan --filter} takes it.
     *
     * @throws org.parquetarrow.dataset.expr.ExpressionParseException pointing at the bad token
     */
    public Builder filter(String sql) {
      scan.filter(sql);
      return this;
    }

    /**
     * At most {@code rows} rows, the first in file order; the read stops once it has them.
     *
     * @throws IllegalArgumentException if {@code rows} is negative
     */
    public Builder limit(long rows) {
      scan.limit(rows);
      return this;
    }

    /** @throws IllegalArgumentException if {@code rows} is below 1 */
    public Builder batchSize(int rows) {
      scan.batchSize(rows);
      return this;
    }

    /** @throws IllegalArgumentException if {@code readers} is below 1 */
    public Builder parallelism(int readers) {
      scan.parallelism(readers);
      return this;
    }

    public Builder pruning(PruningOptions pruning) {
      scan.pruning(pruning);
      return this;
    }

    /**
     * How each file is read (checksums, batch bytes, page size limit, column executor, fetching),
     * as {@link ScanOptions.Builder#readOptions} takes it; it replaces the batch size given before.
     *
     * @throws IllegalArgumentException if {@code template} sets what the read decides per file
     */
    public Builder readOptions(ReadOptions template) {
      scan.readOptions(template);
      return this;
    }

    /** What to do with a file whose pages are corrupt (default fail); see {@link ScanOptions#corruptFiles()}. */
    public Builder corruptFiles(DiscoveryOptions.CorruptFilePolicy policy) {
      scan.corruptFiles(policy);
      return this;
    }

    public Builder discovery(DiscoveryOptions discovery) {
      this.discovery = Objects.requireNonNull(discovery, "discovery");
      return this;
    }

    public Builder storage(StorageOptions storage) {
      this.storage = Objects.requireNonNull(storage, "storage");
      return this;
    }

    public TableReadOptions build() {
      return new TableReadOptions(this);
    }
  }
}
