package org.parquetarrow.dataset.scan;

import java.util.ArrayList;
import java.util.List;
import org.parquetarrow.dataset.prune.RowGroupScan;
import org.parquetarrow.dataset.scan.ScanOptions.LateMaterialization;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PageEncodingStats;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;

/**
 * Decides, row group by row group of one file, whether late materialisation pays: whether the
 * bytes of the projected columns the filter does not read, for the rows the filter is expected to
 * drop, outweigh what the second pass adds (the projected filter columns decoded again for the
 * kept rows, and a skip and a short read in every column for every run of kept rows).
 *
 * <p>Costs are in bytes of decoded data (the footer's uncompressed chunk sizes), a run of kept
 * rows costing {@link #RUN_BYTES} per column read in the second pass. A dropped row's bytes of a
 * column whose pages are all PLAIN fixed-width values count only {@link #PLAIN_FIXED_WEIGHT}: the
 * second pass still decompresses every page holding a kept row, and past that such a value costs
 * a copy to decode and nothing to skip (TPC-H Q6's {@code l_extendedprice}: 2% of rows kept one
 * by one, late materialisation 13% slower than reading it whole). The share of rows kept and
 * the runs they form come from the row groups the scan filtered so far ({@link Selectivity});
 * before any, a row group is read whole, which tells what the filter keeps at no extra cost.
 *
 * <pre>{@code
 * LateMaterializationPlanner p = LateMaterializationPlanner.of(policy, metadata, filterColumns, outputColumns, seen);
 * if (p != null && p.lateFor(group)) { ... filter columns first, then the rest for matching rows ... }
 * }</pre>
 */
final class LateMaterializationPlanner {
  /**
   * What one run of kept rows costs in the second pass, per column, in bytes of decoding: a
   * leaf's skip to the run and its read of the run (levels, a sink call, the batch's byte check)
   * take about as long as decoding this many bytes of plain values.
   */
  static final double RUN_BYTES = 96;

  /** What the second pass's reader costs to set up, per column, in bytes of decoding. */
  static final double OPEN_BYTES = 16 * 1024;

  /**
   * The least share of the other columns' bytes late materialisation must be expected to save:
   * the estimate is only an estimate, and a wrong choice must not cost more than this.
   */
  static final double MARGIN = 0.15;

  /**
   * What a dropped value of a PLAIN fixed-width column saves, per byte, against a byte of other
   * columns (dictionary indices to unpack and look up, strings to copy with their offsets).
   */
  static final double PLAIN_FIXED_WEIGHT = 0.25;

  private final LateMaterialization policy;
  private final FileMetaData metadata;
  private final List<String> other;
  private final List<String> repeated;
  private final Selectivity seen;

  private LateMaterializationPlanner(LateMaterialization policy, FileMetaData metadata, List<String> other,
      List<String> repeated, Selectivity seen) {
    this.policy = policy;
    this.metadata = metadata;
    this.other = other;
    this.repeated = repeated;
    this.seen = seen;
  }

  /**
   * The planner of a file whose filter pass reads {@code filterColumns} and whose output needs
   * {@code outputColumns} (the reader's column names), or {@code null} when late materialisation
   * cannot save anything there: the policy is {@link LateMaterialization#NEVER}, the output needs
   * no file column, or the filter reads every column the output needs.
   */
  static LateMaterializationPlanner of(LateMaterialization policy, FileMetaData metadata, List<String> filterColumns,
      List<String> outputColumns, Selectivity seen) {
    if (policy == LateMaterialization.NEVER || outputColumns.isEmpty()) {
      return null;
    }
    List<String> other = new ArrayList<>();
    List<String> repeated = new ArrayList<>();
    for (String c : outputColumns) {
      (filterColumns.contains(c) ? repeated : other).add(c);
    }
    return other.isEmpty() ? null : new LateMaterializationPlanner(policy, metadata, other, repeated, seen);
  }

  /** Whether to read {@code g} filter columns first, the other columns for its matching rows only. */
  boolean lateFor(RowGroupScan g) {
    if (policy == LateMaterialization.ALWAYS) {
      return true;
    }
    Selectivity.Estimate e = seen.estimate();
    return e != null && saves(g, e);
  }

  private boolean saves(RowGroupScan g, Selectivity.Estimate e) {
    RowGroup group = metadata.rowGroups().get(g.rowGroup());
    double groupRows = Math.max(1, group.numRows());
    double otherPerRow = bytes(group, other) / groupRows;
    double savedPerRow = decodeBytes(group, other) / groupRows;
    double repeatedPerRow = bytes(group, repeated) / groupRows;
    int columns = leaves(group, other) + leaves(group, repeated);
    double rows = g.rows().rowCount();
    double kept = rows * e.keptShare();
    double runs = Math.min(kept, rows * e.runsPerRow());
    double saved = savedPerRow * (rows - kept);
    double spent = repeatedPerRow * kept + columns * (runs * RUN_BYTES + OPEN_BYTES);
    return saved - spent > MARGIN * otherPerRow * rows;
  }

  /** Uncompressed bytes of the chunks of {@code group} under the columns {@code names}. */
  private static long bytes(RowGroup group, List<String> names) {
    long n = 0;
    for (ColumnChunk c : group.columns()) {
      if (under(c, names)) {
        n += c.metaData().totalUncompressedSize();
      }
    }
    return n;
  }

  /**
   * The uncompressed bytes of the chunks of {@code group} under {@code names}, those of PLAIN
   * fixed-width chunks weighted by {@link #PLAIN_FIXED_WEIGHT}: what decoding a row costs beyond
   * skipping it.
   */
  private static double decodeBytes(RowGroup group, List<String> names) {
    double n = 0;
    for (ColumnChunk c : group.columns()) {
      if (under(c, names)) {
        n += c.metaData().totalUncompressedSize() * (plainFixedWidth(c.metaData()) ? PLAIN_FIXED_WEIGHT : 1);
      }
    }
    return n;
  }

  /**
   * Whether every data page of the chunk holds PLAIN values of a fixed width: by the page encoding
   * statistics when the writer gave them, else by the chunk's encodings (no dictionary page, and
   * no encoding but PLAIN and the levels' RLE / BIT_PACKED).
   */
  static boolean plainFixedWidth(ColumnMetaData m) {
    if (m.type() == PhysicalType.BYTE_ARRAY || m.type() == PhysicalType.BOOLEAN) {
      return false;
    }
    if (m.encodingStats() != null && !m.encodingStats().isEmpty()) {
      for (PageEncodingStats s : m.encodingStats()) {
        if (s.pageType() != PageType.DICTIONARY_PAGE && s.encoding() != Encoding.PLAIN) {
          return false;
        }
      }
      return true;
    }
    if (m.dictionaryPageOffset() != null) {
      return false;
    }
    for (Encoding e : m.encodings()) {
      if (e != Encoding.PLAIN && e != Encoding.RLE && e != Encoding.BIT_PACKED) {
        return false;
      }
    }
    return true;
  }

  private static int leaves(RowGroup group, List<String> names) {
    int n = 0;
    for (ColumnChunk c : group.columns()) {
      n += under(c, names) ? 1 : 0;
    }
    return n;
  }

  /**
   * Whether the chunk's column is one of {@code names} (top-level names or dotted paths) or lies
   * under one; a chunk whose metadata stayed encrypted (no key) is none of a scan's columns, as
   * reading it would fail.
   */
  private static boolean under(ColumnChunk c, List<String> names) {
    if (c.metaData() == null) {
      return false;
    }
    String path = String.join(".", c.metaData().pathInSchema());
    for (String name : names) {
      if (path.equals(name) || path.startsWith(name + ".")) {
        return true;
      }
    }
    return false;
  }
}
