package org.parquetarrow.dataset;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.io.StorageOptions;
import org.parquetarrow.read.ReadOptions;

/**
 * What {@link ParquetFiles} reads: the columns, the row filter, a row limit and the batch size,
 * plus how the files are found (hive partitioning, keys) and reached (S3 and HTTP settings).
 * Immutable; build one with {@link #builder()}. The fields are pyarrow's {@code
 * pq.read_table(path, columns=, filters=)} arguments.
 *
 * <pre>{@code
 * TableReadOptions options = TableReadOptions.builder()
 *     .columns("id", "user.name")
 *     .filter("year = 2024 and id < 1000")
 *     .limit(100)
 *     .build();
 * }</pre>
 */
public final class TableReadOptions {
  private static final TableReadOptions DEFAULTS = builder().build();

  private final List<String> columns;
  private final Expression filter;
  private final long limit;
  private final int batchSize;
  private final int parallelism;
  private final PruningOptions pruning;
  private final DiscoveryOptions discovery;
  private final StorageOptions storage;

  private TableReadOptions(Builder b) {
    this.columns = b.columns == null ? null : List.copyOf(b.columns);
    this.filter = b.filter;
    this.limit = b.limit;
    this.batchSize = b.batchSize;
    this.parallelism = b.parallelism;
    this.pruning = b.pruning;
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
    return columns;
  }

  /** The row filter, or {@code null} for every row. */
  public Expression filter() {
    return filter;
  }

  /** Most rows to read ({@link ScanOptions#NO_LIMIT}: all), the first ones in file order. */
  public long limit() {
    return limit;
  }

  public int batchSize() {
    return batchSize;
  }

  /** Files (or runs of a file's row groups) read at the same time. */
  public int parallelism() {
    return parallelism;
  }

  public PruningOptions pruning() {
    return pruning;
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
  ScanOptions scanOptions() {
    ScanOptions.Builder b = ScanOptions.builder()
        .columns(columns)
        .filter(filter)
        .batchSize(batchSize)
        .parallelism(parallelism)
        .pruning(pruning);
    if (limit != ScanOptions.NO_LIMIT) {
      b.limit(limit);
    }
    return b.build();
  }

  /** Builder of {@link TableReadOptions}. */
  public static final class Builder {
    private List<String> columns;
    private Expression filter;
    private long limit = ScanOptions.NO_LIMIT;
    private int batchSize = ReadOptions.DEFAULT_BATCH_SIZE;
    private int parallelism = Runtime.getRuntime().availableProcessors();
    private PruningOptions pruning = PruningOptions.ALL;
    private DiscoveryOptions discovery = DiscoveryOptions.defaults();
    private StorageOptions storage = StorageOptions.defaults();

    private Builder() {}

    /** See {@link ScanOptions#columns()}: top-level names, dotted paths, partition columns. */
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
     * The filter in SQL {@code WHERE} syntax, as {@code parquet-arrow scan --filter} takes it.
     *
     * @throws org.parquetarrow.dataset.expr.ExpressionParseException pointing at the bad token
     */
    public Builder filter(String sql) {
      this.filter = ExpressionParser.parse(sql);
      return this;
    }

    /**
     * At most {@code rows} rows, the first in file order; the read stops once it has them.
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

    /** @throws IllegalArgumentException if {@code rows} is below 1 */
    public Builder batchSize(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("batch size " + rows + " is below 1");
      }
      this.batchSize = rows;
      return this;
    }

    /** @throws IllegalArgumentException if {@code readers} is below 1 */
    public Builder parallelism(int readers) {
      if (readers < 1) {
        throw new IllegalArgumentException("parallelism " + readers + " is below 1");
      }
      this.parallelism = readers;
      return this;
    }

    public Builder pruning(PruningOptions pruning) {
      this.pruning = Objects.requireNonNull(pruning, "pruning");
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
