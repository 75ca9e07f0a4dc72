package org.parquetarrow.write;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.parquetarrow.crypto.FileEncryptionProperties;
import org.parquetarrow.format.KeyValue;
import org.parquetarrow.format.SortingColumn;
import org.parquetarrow.schema.ArrowWriteOptions;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * Everything a {@link ParquetFileWriter} can be told. Immutable; build with {@link #builder()}.
 * Defaults follow Arrow C++ ({@code parquet::WriterProperties}) except where noted.
 *
 * <pre>{@code
 * WriterProperties p = WriterProperties.builder()
 *     .codec(CompressionCodec.ZSTD)                       // every column
 *     .column("payload", c -> c.codec(CompressionCodec.UNCOMPRESSED).dictionary(false))
 *     .column("user_id", c -> c.bloomFilter(new BloomFilterOptions(100_000, 0.01)))
 *     .dataPageVersion(DataPageVersion.V2)
 *     .build();
 * }</pre>
 *
 * <p>Per-column settings are keyed by a column's dotted Parquet path ({@code a.list.element},
 * {@code m.key_value.key}), its Arrow path ({@code a.item}, {@code m.key}, {@code m.value}), or the
 * path of any field above it ({@code a}); the longest matching path wins. A key that names no column
 * or field of the schema is refused by {@link ParquetFileWriter#open} with the valid names.
 */
public final class WriterProperties {
  /** The {@code created_by} this library writes: parquet-java parses the "version" form. */
  public static final String DEFAULT_CREATED_BY = "parquet-arrow version 0.1.0";

  private final long rowGroupRows;
  private final long rowGroupBytes;
  private final int dataPageSize;
  private final int dataPageRowLimit;
  private final int dictionaryPageSizeLimit;
  private final DataPageVersion dataPageVersion;
  private final int statisticsTruncateLength;
  private final boolean pageIndexEnabled;
  private final FloatingPointOrder floatingPointOrder;
  private final boolean pageChecksumEnabled;
  private final PageCompression pageCompression;
  private final boolean truncatedTimestampsAllowed;
  private final String createdBy;
  private final List<KeyValue> keyValueMetadata;
  private final List<SortingColumn> sortingColumns;
  private final ArrowWriteOptions arrowOptions;
  private final ColumnProperties columnDefaults;
  private final Map<String, ColumnProperties> columns;
  private final FileEncryptionProperties encryption;

  private WriterProperties(Builder b) {
    rowGroupRows = b.rowGroupRows;
    rowGroupBytes = b.rowGroupBytes;
    dataPageSize = b.dataPageSize;
    dataPageRowLimit = b.dataPageRowLimit;
    dictionaryPageSizeLimit = b.dictionaryPageSizeLimit;
    dataPageVersion = b.dataPageVersion;
    statisticsTruncateLength = b.statisticsTruncateLength;
    pageIndexEnabled = b.pageIndexEnabled;
    floatingPointOrder = b.floatingPointOrder;
    pageChecksumEnabled = b.pageChecksumEnabled;
    pageCompression = b.pageCompression;
    truncatedTimestampsAllowed = b.truncatedTimestampsAllowed;
    createdBy = b.createdBy;
    keyValueMetadata = List.copyOf(b.keyValueMetadata);
    sortingColumns = List.copyOf(b.sortingColumns);
    arrowOptions = b.arrowOptions;
    columnDefaults = b.columnDefaults.build();
    Map<String, ColumnProperties> cols = new LinkedHashMap<>();
    b.columns.forEach((k, v) -> cols.put(k, v.build()));
    columns = Map.copyOf(cols);
    encryption = b.encryption;
  }

  private static final WriterProperties DEFAULTS = builder().build();

  public static WriterProperties defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Most rows in a row group; default 1Mi (Arrow C++'s {@code max_row_group_length}). */
  public long rowGroupRows() {
    return rowGroupRows;
  }

  /**
   * Compressed bytes after which a row group is closed (checked between pieces of a batch); default
   * 128 MiB, as parquet-java. Arrow C++ has no such bound; this one keeps memory bounded.
   */
  public long rowGroupBytes() {
    return rowGroupBytes;
  }

  /** Encoded bytes after which a data page is cut; default 1 MiB. */
  public int dataPageSize() {
    return dataPageSize;
  }

  /** Most rows in a data page; default 20,000 (Arrow C++ and parquet-java). */
  public int dataPageRowLimit() {
    return dataPageRowLimit;
  }

  /** Plain-encoded dictionary bytes above which a column chunk falls back; default 1 MiB. */
  public int dictionaryPageSizeLimit() {
    return dictionaryPageSizeLimit;
  }

  public DataPageVersion dataPageVersion() {
    return dataPageVersion;
  }

  /**
   * Longest binary min/max in statistics and the column index; longer values are truncated (the
   * max rounded up) and flagged inexact. Default 64, as parquet-java's column index.
   */
  public int statisticsTruncateLength() {
    return statisticsTruncateLength;
  }

  /**
   * Whether to write the column index and offset index; default on (parquet-java's default; Arrow
   * C++ has it off) because every reader that prunes pages benefits and the cost is small. With
   * it on, page headers carry no statistics (the column index has the page bounds, and Arrow C++
   * and parquet-java write their page-indexed files so); with it off, they carry them.
   */
  public boolean pageIndexEnabled() {
    return pageIndexEnabled;
  }

  /**
   * The column order of FLOAT, DOUBLE and FLOAT16 columns, which decides how their statistics and
   * column index treat NaN and signed zeros; default {@link FloatingPointOrder#IEEE_754_TOTAL_ORDER}.
   */
  public FloatingPointOrder floatingPointOrder() {
    return floatingPointOrder;
  }

  /**
   * Whether pages carry a CRC-32 of their bytes; default on, as parquet-java since 1.12: a reader
   * then refuses a page damaged on disk or in transit instead of decoding wrong values (BENCHMARKS.md,
   * session 14: the CRC of a LINEITEM write's pages is 5 ms of about 1 s of CPU).
   */
  public boolean pageChecksumEnabled() {
    return pageChecksumEnabled;
  }

  /**
   * Where data pages are compressed, checksummed and encrypted; default {@link
   * PageCompression#HELPER_THREAD}. The file's bytes do not depend on it.
   */
  public PageCompression pageCompression() {
    return pageCompression;
  }

  /**
   * Whether timestamps coerced to a coarser unit ({@link ArrowWriteOptions#coerceTimestamps()})
   * may lose their sub-unit part; default {@code false}: a value that would lose precision fails
   * the write, naming the column, as in Arrow C++. The nanosecond to microsecond conversion that
   * formats before 2.6 require is always checked.
   */
  public boolean truncatedTimestampsAllowed() {
    return truncatedTimestampsAllowed;
  }

  public String createdBy() {
    return createdBy;
  }

  /** Extra footer key/value metadata, after the Arrow schema's own. */
  public List<KeyValue> keyValueMetadata() {
    return keyValueMetadata;
  }

  /** Declared sort order of every row group ({@code RowGroup.sorting_columns}); not checked. */
  public List<SortingColumn> sortingColumns() {
    return sortingColumns;
  }

  /** How the Arrow schema maps to Parquet, and whether it is stored as {@code ARROW:schema} (default yes). */
  public ArrowWriteOptions arrowOptions() {
    return arrowOptions;
  }

  public ColumnProperties columnDefaults() {
    return columnDefaults;
  }

  /**
   * The settings of one leaf column: the longest matching override keyed by a Parquet path, else
   * the defaults (the writer also resolves Arrow paths, against its schema).
   */
  public ColumnProperties column(ColumnDescriptor column) {
    List<String> path = column.path();
    for (int n = path.size(); n > 0; n--) {
      ColumnProperties p = columns.get(String.join(".", path.subList(0, n)));
      if (p != null) {
        return p;
      }
    }
    return columnDefaults;
  }

  /** The per-column overrides by path. */
  public Map<String, ColumnProperties> columnOverrides() {
    return columns;
  }

  /** How the file is encrypted, or {@code null} (default) for a plaintext file. */
  public FileEncryptionProperties encryption() {
    return encryption;
  }

  /** Builds {@link WriterProperties}. */
  public static final class Builder {
    private long rowGroupRows = 1024 * 1024;
    private long rowGroupBytes = 128L * 1024 * 1024;
    private int dataPageSize = 1024 * 1024;
    private int dataPageRowLimit = 20_000;
    private int dictionaryPageSizeLimit = 1024 * 1024;
    private DataPageVersion dataPageVersion = DataPageVersion.V1;
    private int statisticsTruncateLength = 64;
    private boolean pageIndexEnabled = true;
    private FloatingPointOrder floatingPointOrder = FloatingPointOrder.IEEE_754_TOTAL_ORDER;
    private boolean pageChecksumEnabled = true;
    private PageCompression pageCompression = PageCompression.HELPER_THREAD;
    private boolean truncatedTimestampsAllowed;
    private String createdBy = DEFAULT_CREATED_BY;
    private final List<KeyValue> keyValueMetadata = new ArrayList<>();
    private final List<SortingColumn> sortingColumns = new ArrayList<>();
    private ArrowWriteOptions arrowOptions = ArrowWriteOptions.defaults();
    private ColumnProperties.Builder columnDefaults = ColumnProperties.defaults().toBuilder();
    private final Map<String, ColumnProperties.Builder> columns = new LinkedHashMap<>();
    private FileEncryptionProperties encryption;

    private Builder() {}

    public Builder rowGroupRows(long rows) {
      rowGroupRows = positive(rows, "row group rows");
      return this;
    }

    public Builder rowGroupBytes(long bytes) {
      rowGroupBytes = positive(bytes, "row group bytes");
      return this;
    }

    public Builder dataPageSize(int bytes) {
      dataPageSize = (int) positive(bytes, "data page size");
      return this;
    }

    public Builder dataPageRowLimit(int rows) {
      dataPageRowLimit = (int) positive(rows, "data page row limit");
      return this;
    }

    public Builder dictionaryPageSizeLimit(int bytes) {
      dictionaryPageSizeLimit = (int) positive(bytes, "dictionary page size limit");
      return this;
    }

    public Builder dataPageVersion(DataPageVersion v) {
      dataPageVersion = Objects.requireNonNull(v);
      return this;
    }

    public Builder statisticsTruncateLength(int bytes) {
      statisticsTruncateLength = (int) positive(bytes, "statistics truncate length");
      return this;
    }

    public Builder pageIndex(boolean enabled) {
      pageIndexEnabled = enabled;
      return this;
    }

    /**
     * The column order of floating-point columns (default {@link
     * FloatingPointOrder#IEEE_754_TOTAL_ORDER}); {@link FloatingPointOrder#TYPE_DEFINED_ORDER}
     * writes the form readers older than parquet-format 2.13 expect.
     */
    public Builder floatingPointOrder(FloatingPointOrder order) {
      floatingPointOrder = java.util.Objects.requireNonNull(order, "order");
      return this;
    }

    /**
     * Whether each page carries a CRC-32 of its bytes (default on, as in parquet-java);
     * {@code pageChecksum(false)} saves 4 bytes of header per page and the checksum's CPU.
     */
    public Builder pageChecksum(boolean enabled) {
      pageChecksumEnabled = enabled;
      return this;
    }

    /** See {@link WriterProperties#pageCompression()}. */
    public Builder pageCompression(PageCompression where) {
      pageCompression = Objects.requireNonNull(where, "pageCompression");
      return this;
    }

    /** See {@link WriterProperties#truncatedTimestampsAllowed()}. */
    public Builder allowTruncatedTimestamps(boolean allowed) {
      truncatedTimestampsAllowed = allowed;
      return this;
    }

    public Builder createdBy(String s) {
      createdBy = Objects.requireNonNull(s);
      return this;
    }

    public Builder keyValue(String key, String value) {
      keyValueMetadata.add(new KeyValue(Objects.requireNonNull(key), value));
      return this;
    }

    public Builder sortingColumns(List<SortingColumn> columns) {
      sortingColumns.clear();
      sortingColumns.addAll(columns);
      return this;
    }

    public Builder arrowOptions(ArrowWriteOptions options) {
      arrowOptions = Objects.requireNonNull(options);
      return this;
    }

    /** The codec of every column without an override, at the codec's default level. */
    public Builder codec(org.parquetarrow.format.CompressionCodec codec) {
      columnDefaults.codec(codec);
      return this;
    }

    public Builder codec(org.parquetarrow.format.CompressionCodec codec, int level) {
      columnDefaults.codec(codec, level);
      return this;
    }

    public Builder dictionary(boolean enabled) {
      columnDefaults.dictionary(enabled);
      return this;
    }

    public Builder statistics(boolean enabled) {
      columnDefaults.statistics(enabled);
      return this;
    }

    public Builder encoding(org.parquetarrow.format.Encoding encoding) {
      columnDefaults.encoding(encoding);
      return this;
    }

    /** Changes the defaults of every column. */
    public Builder columnDefaults(UnaryOperator<ColumnProperties.Builder> change) {
      columnDefaults = change.apply(columnDefaults);
      return this;
    }

    /**
     * Overrides the settings of the column at {@code path} (or every column under that field),
     * starting from the defaults as set so far. {@code path} is a dotted Parquet or Arrow path
     * ({@code tags.list.element} or {@code tags.item}); one the schema does not have is refused when
     * the writer is opened.
     */
    public Builder column(String path, UnaryOperator<ColumnProperties.Builder> change) {
      ColumnProperties.Builder b = columns.computeIfAbsent(path, k -> columnDefaults.build().toBuilder());
      columns.put(path, change.apply(b));
      return this;
    }

    /**
     * Encrypt the file (Parquet modular encryption): keys, algorithm, footer mode and which
     * columns, as {@code encryption} says; {@code null} (default) writes a plaintext file. Every
     * file written gets a fresh random file-unique AAD part.
     *
     * <pre>{@code
     * WriterProperties.builder()
     *     .encryption(FileEncryptionProperties.builder(footerKey).columnKey("ssn", ssnKey, null).build())
     *     .build();
     * }</pre>
     */
    public Builder encryption(FileEncryptionProperties encryption) {
      this.encryption = encryption;
      return this;
    }

    public WriterProperties build() {
      WriterProperties p = new WriterProperties(this);
      return p;
    }

    private static long positive(long v, String what) {
      if (v <= 0) {
        throw new IllegalArgumentException(what + " must be positive: " + v);
      }
      return v;
    }
  }
}
