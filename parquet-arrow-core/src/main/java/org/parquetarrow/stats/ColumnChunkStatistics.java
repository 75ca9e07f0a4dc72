package org.parquetarrow.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.ColumnOrder;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.schema.ParquetSchema;
import org.parquetarrow.schema.PrimitiveNode;

/**
 * The statistics of one column chunk (one leaf column in one row group), with min/max as values of
 * the column's Arrow type, as pyarrow's {@code ColumnChunkMetaData.statistics} gives them.
 *
 * <pre>{@code
 * try (ParquetFileReader reader = ParquetFileReader.open(path, options)) {
 *   ColumnChunkStatistics s = ColumnChunkStatistics.of(reader, 0, "user.created");
 *   if (s.minMaxStatus() == MinMaxStatus.USABLE) {
 *     Instant first = (Instant) s.min().orElseThrow(); // a TIMESTAMP(isAdjustedToUTC=true) column
 *   }
 *   long nulls = s.nullCount().orElse(-1);
 * }
 * }</pre>
 *
 * <h2>Java values</h2>
 *
 * By the Arrow type the leaf reads as (the default mapping of {@code ArrowSchemaConverter}):
 * <table>
 *   <caption>min/max value classes</caption>
 *   <tr><th>Parquet type</th><th>Arrow type</th><th>Java value</th></tr>
 *   <tr><td>BOOLEAN</td><td>bool</td><td>{@link Boolean}</td></tr>
 *   <tr><td>INT32, INT64, INT(8..64, signed), INT(8..32, unsigned)</td><td>int8..int64, uint8..uint32</td>
 *       <td>{@link Long} (uint32 4294967295 is 4294967295L)</td></tr>
 *   <tr><td>INT(64, unsigned)</td><td>uint64</td><td>{@link java.math.BigInteger} always, so that
 *       2<sup>64</sup>-1 is 18446744073709551615</td></tr>
 *   <tr><td>FLOAT16, FLOAT, DOUBLE</td><td>float16, float32, float64</td><td>{@link Float}, {@link Float},
 *       {@link Double}</td></tr>
 *   <tr><td>DECIMAL on INT32, INT64, FIXED_LEN_BYTE_ARRAY, BYTE_ARRAY</td><td>decimal128/256</td>
 *       <td>{@link java.math.BigDecimal} at the column's scale</td></tr>
 *   <tr><td>STRING, JSON</td><td>utf8</td><td>{@link String}</td></tr>
 *   <tr><td>BYTE_ARRAY, ENUM, BSON, FIXED_LEN_BYTE_ARRAY, INTERVAL, geometry</td><td>binary,
 *       fixed_size_binary</td><td>{@code byte[]} (a copy)</td></tr>
 *   <tr><td>UUID</td><td>uuid / fixed_size_binary(16)</td><td>{@link java.util.UUID}</td></tr>
 *   <tr><td>DATE</td><td>date32</td><td>{@link java.time.LocalDate}</td></tr>
 *   <tr><td>TIME</td><td>time32/time64</td><td>{@link java.time.LocalTime}</td></tr>
 *   <tr><td>TIMESTAMP(isAdjustedToUTC=true)</td><td>timestamp with zone UTC</td><td>{@link java.time.Instant}</td></tr>
 *   <tr><td>TIMESTAMP(isAdjustedToUTC=false), INT96</td><td>timestamp without zone</td>
 *       <td>{@link java.time.LocalDateTime}</td></tr>
 * </table>
 *
 * <h2>Absent and untrusted values</h2>
 *
 * {@link #min()} and {@link #max()} are present only when {@link #minMaxStatus()} is {@link
 * MinMaxStatus#USABLE}: safe to prune with. The bytes as stored are always available from {@link
 * #minBytes()}/{@link #maxBytes()} and can be decoded, trusted or not, with {@link #valueOf}.
 * Counts the file does not hold are empty. A chunk without statistics gives an instance whose
 * every part is absent ({@link MinMaxStatus#ABSENT}).
 */
public final class ColumnChunkStatistics {
  private final PrimitiveNode leaf;
  private final SortOrder sortOrder;
  private final Statistics stats;
  private final boolean deprecatedFields;
  private final byte[] minBytes;
  private final byte[] maxBytes;
  private final MinMaxStatus status;
  private final Object min;
  private final Object max;

  private ColumnChunkStatistics(PrimitiveNode leaf, Statistics stats, ColumnOrder columnOrder, String createdBy) {
    this.leaf = leaf;
    this.sortOrder = SortOrder.of(leaf);
    this.stats = stats == null ? Statistics.EMPTY : stats;
    // min_value/max_value follow the column order; the deprecated min/max only when neither is set
    this.deprecatedFields = this.stats.minValue() == null && this.stats.maxValue() == null;
    this.minBytes = deprecatedFields ? this.stats.min() : this.stats.minValue();
    this.maxBytes = deprecatedFields ? this.stats.max() : this.stats.maxValue();
    MinMaxStatus s = status(columnOrder, createdBy);
    Object lo = s == MinMaxStatus.USABLE ? TypedValues.decode(leaf, minBytes) : null;
    Object hi = s == MinMaxStatus.USABLE ? TypedValues.decode(leaf, maxBytes) : null;
    if (s == MinMaxStatus.USABLE && (lo == null || hi == null)) {
      s = MinMaxStatus.UNDECODABLE;
    } else if (s == MinMaxStatus.USABLE && (isNaN(lo) || isNaN(hi))) {
      s = MinMaxStatus.NAN_BOUND;
    }
    if (s != MinMaxStatus.USABLE) {
      lo = null;
      hi = null;
    }
    this.status = s;
    this.min = lo;
    this.max = hi;
  }

  private static boolean isNaN(Object v) {
    return v instanceof Float f && f.isNaN() || v instanceof Double d && d.isNaN();
  }

  private MinMaxStatus status(ColumnOrder columnOrder, String createdBy) {
    if (minBytes == null || maxBytes == null) {
      return MinMaxStatus.ABSENT;
    }
    if (sortOrder == SortOrder.UNKNOWN || !deprecatedFields && columnOrder == ColumnOrder.UNKNOWN) {
      return MinMaxStatus.UNKNOWN_ORDER;
    }
    boolean same = Arrays.equals(minBytes, maxBytes);
    if (deprecatedFields && sortOrder != SortOrder.SIGNED && !same) {
      return MinMaxStatus.DEPRECATED_SIGNED_ORDER;
    }
    if (!StatisticsTrust.minMaxUsable(WriterVersion.parse(createdBy), createdBy, leaf.physicalType(), sortOrder, same)) {
      return MinMaxStatus.WRITER_BUG;
    }
    return MinMaxStatus.USABLE;
  }

  /**
   * The statistics of column {@code columnPath} (its dotted Parquet path, such as {@code
   * "tags.list.element"}) in row group {@code rowGroup} of the reader's file.
   *
   * @throws IllegalArgumentException if the row group or the column does not exist (the message
   *     lists the columns)
   */
  public static ColumnChunkStatistics of(ParquetFileReader reader, int rowGroup, String columnPath) {
    Objects.requireNonNull(columnPath, "columnPath");
    ParquetSchema schema = reader.parquetSchema();
    ColumnDescriptor column = schema.findColumn(columnPath).orElseThrow(() -> new IllegalArgumentException(
        "no column " + columnPath + " in the file; its columns are " + paths(schema)));
    return of(reader.metadata(), schema, rowGroup, column.ordinal());
  }

  /**
   * The statistics of leaf column {@code column} (its ordinal among the leaves) in row group
   * {@code rowGroup} of a file with this footer and schema. A chunk whose metadata is encrypted
   * with a key not given has no statistics here.
   *
   * @throws IllegalArgumentException if the row group or the column does not exist
   */
  public static ColumnChunkStatistics of(FileMetaData metadata, ParquetSchema schema, int rowGroup, int column) {
    List<RowGroup> groups = metadata.rowGroups();
    if (rowGroup < 0 || rowGroup >= groups.size()) {
      throw new IllegalArgumentException(
          "row group " + rowGroup + " does not exist: the file has " + groups.size() + " row group(s)");
    }
    if (column < 0 || column >= schema.columnCount()) {
      throw new IllegalArgumentException(
          "column " + column + " does not exist: the file has " + schema.columnCount() + " leaf column(s)");
    }
    List<ColumnChunk> chunks = groups.get(rowGroup).columns();
    ColumnChunk chunk = column < chunks.size() ? chunks.get(column) : null;
    Statistics stats = chunk == null || chunk.metaData() == null ? null : chunk.metaData().statistics();
    List<ColumnOrder> orders = metadata.columnOrders();
    ColumnOrder order = orders != null && column < orders.size() ? orders.get(column) : null;
    return of(schema.column(column).node(), stats, order, metadata.createdBy());
  }

  /**
   * The statistics {@code stats} (may be {@code null}: none) of a chunk of {@code leaf}, in a file
   * whose footer gives this column order (may be {@code null}: type-defined) and {@code created_by}
   * (may be {@code null}).
   */
  public static ColumnChunkStatistics of(PrimitiveNode leaf, Statistics stats, ColumnOrder columnOrder, String createdBy) {
    return new ColumnChunkStatistics(Objects.requireNonNull(leaf, "leaf"), stats, columnOrder, createdBy);
  }

  /**
   * The statistics of page {@code page} of a chunk of {@code leaf} as its column index gives them:
   * its min/max (judged as a chunk's {@code min_value}/{@code max_value} are, by the column order
   * and the writer's known bugs), null and NaN counts. A column index says nothing of exactness, so
   * string and binary bounds are never exact. An all-null page has bounds of no meaning: check
   * {@code index.nullPages()} first.
   *
   * <pre>{@code
   * ColumnChunkStatistics p = ColumnChunkStatistics.ofPage(leaf, columnIndex, 3, order, md.createdBy());
   * if (p.minMaxStatus() == MinMaxStatus.USABLE) { Object lowest = p.min().orElseThrow(); }
   * }</pre>
   *
   * @throws IndexOutOfBoundsException if the index has no page {@code page}
   */
  public static ColumnChunkStatistics ofPage(PrimitiveNode leaf, ColumnIndex index, int page, ColumnOrder columnOrder,
      String createdBy) {
    Long nulls = index.nullCounts() == null ? null : index.nullCounts().get(page);
    Long nans = index.nanCounts() == null ? null : index.nanCounts().get(page);
    Statistics stats = new Statistics(null, null, nulls, null, index.maxValues().get(page), index.minValues().get(page),
        null, null, nans);
    return of(leaf, stats, columnOrder, createdBy);
  }

  private static String paths(ParquetSchema schema) {
    List<String> names = new ArrayList<>();
    for (ColumnDescriptor c : schema.columns()) {
      names.add(c.dottedPath());
    }
    return names.toString();
  }

  /** The smallest value of the chunk (or a bound below it, see {@link #isMinExact()}) when {@link #minMaxStatus()} is USABLE. */
  public Optional<Object> min() {
    return Optional.ofNullable(min);
  }

  /** The largest value of the chunk (or a bound above it, see {@link #isMaxExact()}) when {@link #minMaxStatus()} is USABLE. */
  public Optional<Object> max() {
    return Optional.ofNullable(max);
  }

  /** Whether {@link #min()}/{@link #max()} can be used, or why not. */
  public MinMaxStatus minMaxStatus() {
    return status;
  }

  /**
   * The stored min, PLAIN-encoded (without a length prefix): {@code min_value}, or the deprecated
   * {@code min} when the chunk has neither {@code min_value} nor {@code max_value}; whether trusted
   * or not. A copy.
   */
  public Optional<byte[]> minBytes() {
    return Optional.ofNullable(minBytes).map(byte[]::clone);
  }

  /** The stored max, as {@link #minBytes()}. */
  public Optional<byte[]> maxBytes() {
    return Optional.ofNullable(maxBytes).map(byte[]::clone);
  }

  /** Whether the bounds come from the deprecated signed-order {@code min}/{@code max} fields. */
  public boolean fromDeprecatedFields() {
    return deprecatedFields && minBytes != null;
  }

  /**
   * Whether {@link #min()} is a value of the chunk rather than a bound below it ({@code
   * is_min_value_exact}). Writers truncate long string and binary bounds, and older ones say so
   * nowhere, so for those columns only a written {@code true} counts; numbers are never truncated.
   */
  public boolean isMinExact() {
    return exact(stats.isMinValueExact());
  }

  /** Whether {@link #max()} is a value of the chunk rather than a bound above it, as {@link #isMinExact()}. */
  public boolean isMaxExact() {
    return exact(stats.isMaxValueExact());
  }

  private boolean exact(Boolean flag) {
    if (deprecatedFields) {
      return true; // written before writers truncated
    }
    return TypedValues.binary(leaf.physicalType()) ? Boolean.TRUE.equals(flag) : !Boolean.FALSE.equals(flag);
  }

  /** The number of nulls in the chunk, when the file holds it (a negative count is no count). */
  public OptionalLong nullCount() {
    return count(stats.nullCount());
  }

  /** The number of distinct values, when the file holds it. */
  public OptionalLong distinctCount() {
    return count(stats.distinctCount());
  }

  /** The number of NaN values of a floating-point column, when the file holds it. */
  public OptionalLong nanCount() {
    return count(stats.nanCount());
  }

  private static OptionalLong count(Long v) {
    return v == null || v < 0 ? OptionalLong.empty() : OptionalLong.of(v);
  }

  /** The order the bounds follow. */
  public SortOrder sortOrder() {
    return sortOrder;
  }

  /** The leaf these statistics describe. */
  public PrimitiveNode leaf() {
    return leaf;
  }

  /**
   * The Java value (see the class comment) of PLAIN bytes of this column, such as an untrusted
   * bound from {@link #minBytes()} or a column-index entry; empty when they are no value of it.
   */
  public Optional<Object> valueOf(byte[] plain) {
    return Optional.ofNullable(TypedValues.decode(leaf, plain));
  }

  @Override
  public String toString() {
    return "ColumnChunkStatistics[" + leaf.name() + ", " + status
        + (status == MinMaxStatus.USABLE ? ", min=" + text(min) + ", max=" + text(max) : "")
        + ", nullCount=" + stats.nullCount() + ", distinctCount=" + stats.distinctCount() + "]";
  }

  private static String text(Object v) {
    return v instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : String.valueOf(v);
  }
}
