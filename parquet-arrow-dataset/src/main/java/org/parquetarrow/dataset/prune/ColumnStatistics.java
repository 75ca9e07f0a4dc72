package org.parquetarrow.dataset.prune;

import java.util.Arrays;
import java.util.List;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.ColumnOrder;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.schema.PrimitiveNode;
import org.parquetarrow.stats.ColumnChunkStatistics;
import org.parquetarrow.stats.SortOrder;
import org.parquetarrow.stats.StatisticsTrust;

/**
 * Bounds of one file column from its chunk statistics or its column-index pages, with every
 * reason to distrust them applied: an unknown column order, deprecated signed-only {@code
 * min}/{@code max} on a column that does not sort signed, a writer with known statistics bugs,
 * NaN as a bound, a floating-point column without a zero {@code nan_count}.
 */
final class ColumnStatistics {
  private final StatisticsDecoder decoder;
  private final PrimitiveNode leaf;
  private final PhysicalType physical;
  private final SortOrder sortOrder;
  private final ColumnOrder columnOrder;
  private final WriterVersion writer;
  private final String createdBy;

  ColumnStatistics(StatisticsDecoder decoder, PrimitiveNode leaf, ColumnOrder columnOrder, String createdBy) {
    this.decoder = decoder;
    this.leaf = leaf;
    this.physical = leaf.physicalType();
    this.sortOrder = SortOrder.of(leaf);
    this.columnOrder = columnOrder == null ? ColumnOrder.TYPE_DEFINED_ORDER : columnOrder;
    this.createdBy = createdBy;
    this.writer = WriterVersion.parse(createdBy);
  }

  private boolean floating() {
    return decoder.domain() == ValueDomain.DOUBLE;
  }

  /** Bounds of a column chunk of {@code rowCount} rows from {@code stats} (may be {@code null}). */
  ColumnBounds chunk(Statistics stats, long rowCount) {
    if (stats == null) {
      return null;
    }
    long nulls = stats.nullCount() == null || stats.nullCount() < 0 ? -1 : stats.nullCount();
    boolean nanPossible = floating() && (stats.nanCount() == null || stats.nanCount() != 0);
    // the core decides which stored bounds can be trusted; the decoder maps them to the domain
    // (and drops NaN and undecodable ones itself: a string bound that is not UTF-8 still bounds bytes)
    if (onlyNaN(stats.minValue(), stats.maxValue(), stats.nanCount())) {
      return new ColumnBounds(decoder.domain(), null, null, false, false, nulls, rowCount, true, true);
    }
    ColumnChunkStatistics chunk = ColumnChunkStatistics.of(leaf, stats, columnOrder, createdBy);
    byte[] min = null;
    byte[] max = null;
    if (chunk.minMaxStatus().ordered()) {
      min = chunk.minBytes().orElseThrow();
      max = chunk.maxBytes().orElseThrow();
    }
    return bounds(min, max, chunk.isMinExact(), chunk.isMaxExact(), nulls, rowCount, nanPossible);
  }

  /** Bounds of page {@code page} of {@code rowCount} rows from a column index. */
  ColumnBounds page(ColumnIndex index, int page, long rowCount) {
    long nulls = index.nullCounts() == null ? -1 : index.nullCounts().get(page);
    if (Boolean.TRUE.equals(index.nullPages().get(page))) {
      return ColumnBounds.allNull(decoder.domain(), rowCount);
    }
    List<Long> nans = index.nanCounts();
    boolean nanPossible = floating() && (nans == null || nans.get(page) != 0);
    byte[] min = index.minValues().get(page);
    byte[] max = index.maxValues().get(page);
    if (onlyNaN(min, max, nans == null ? null : nans.get(page))) {
      return new ColumnBounds(decoder.domain(), null, null, false, false, nulls, rowCount, true, true);
    }
    if (columnOrder == ColumnOrder.UNKNOWN
        || !StatisticsTrust.minMaxUsable(writer, createdBy, physical, sortOrder, Arrays.equals(min, max))) {
      min = null;
      max = null;
    }
    // Column-index bounds may be truncated and carry no exactness flag.
    boolean exact = physical != PhysicalType.BYTE_ARRAY && physical != PhysicalType.FIXED_LEN_BYTE_ARRAY;
    return bounds(min, max, exact, exact, nulls, rowCount, nanPossible);
  }

  /**
   * Whether bounds say that every non-null value is NaN: in IEEE 754 total order NaN is a bound
   * only then (both bounds NaN, with NaNs counted). In type order a NaN bound may come from a
   * legacy writer that let NaNs in among numbers, and means nothing.
   */
  private boolean onlyNaN(byte[] min, byte[] max, Long nanCount) {
    return columnOrder == ColumnOrder.IEEE_754_TOTAL_ORDER && floating() && nanCount != null && nanCount > 0
        && decoder.isNaN(min) && decoder.isNaN(max);
  }

  private ColumnBounds bounds(
      byte[] min, byte[] max, boolean exactMin, boolean exactMax, long nulls, long rows, boolean nanPossible) {
    Object lo = decoder.decode(min);
    Object hi = decoder.decode(max);
    if (lo == null || hi == null || decoder.domain().compare(lo, hi) > 0) {
      lo = null; // NaN, undecodable or inverted bounds are no bounds
      hi = null;
    }
    if (nulls > rows) {
      nulls = -1;
    }
    return new ColumnBounds(decoder.domain(), lo, hi, exactMin, exactMax, nulls, rows, nanPossible, false);
  }
}
