package org.parquetarrow.dataset.prune;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Why a scan with a filter reads what it reads: for every file, row group and (where the page
 * index was consulted) run of pages, the verdict pruning reached and its reason, taken from the
 * pruning decisions themselves ({@link FilePruner} records them as it makes them). {@link
 * #toString()} is the readable form {@code parquet-arrow scan --explain} prints.
 *
 * <pre>{@code
 * PlanExplanation plan = dataset.explain(ExpressionParser.parse("year = 2024 and id = 42"), PruningOptions.ALL);
 * for (PlanExplanation.FileEntry f : plan.files()) {
 *   for (PlanExplanation.RowGroupEntry g : f.rowGroups()) {
 *     if (g.verdict() == PlanExplanation.Verdict.PRUNED) { log.info("{}#{}: {}", f.file(), g.rowGroup(), g.reason()); }
 *   }
 * }
 * }</pre>
 *
 * @param filter the filter in SQL, or {@code null} for none
 * @param files every file of the dataset, in order
 * @param metrics the pruning counts of the same plan
 */
public record PlanExplanation(String filter, List<FileEntry> files, PruningMetrics metrics) {
  public PlanExplanation {
    files = List.copyOf(files);
  }

  /** What pruning decided about a file, row group or run of pages. */
  public enum Verdict {
    /** Read whole. */
    KEPT,
    /** Read in part: some row groups of a file, some pages of a row group. */
    PARTIAL,
    /** Not read at all. */
    PRUNED
  }

  /** Why. */
  public enum Reason {
    /** No filter: everything is read. */
    NO_FILTER,
    /** The file's hive partition values make the filter false. */
    PARTITION_VALUES,
    /** A file none of whose row groups may match (each has its own reason). */
    ROW_GROUPS,
    /** The row group holds no rows. */
    EMPTY,
    /** Min/max and null counts rule every row out (pruned), or prove every row matches (kept, no filter evaluated). */
    STATISTICS,
    /** The bloom filter of a column holds none of the values an {@code =} or {@code in} asks for. */
    BLOOM_FILTER,
    /** No value of a column's dictionary satisfies the filter. */
    DICTIONARY,
    /** The column index rules pages out (all of them: pruned; some: partial). */
    PAGE_INDEX,
    /** Nothing in the metadata rules any row out: read, and the filter evaluated on every row. */
    MAY_MATCH
  }

  /**
   * One file.
   *
   * @param file its location
   * @param partitionValues its hive partition values
   * @param verdict KEPT if every row group is read whole, PARTIAL if some are pruned or read in part
   * @param rowGroups its row groups (none when pruned by partition values)
   */
  public record FileEntry(String file, Map<String, Object> partitionValues, Verdict verdict, Reason reason,
      String detail, List<RowGroupEntry> rowGroups) {
    public FileEntry {
      rowGroups = List.copyOf(rowGroups);
    }
  }

  /**
   * One row group.
   *
   * @param rowGroup its index in the file
   * @param rows its row count
   * @param selectedRows rows left to read (0 when pruned)
   * @param detail the evidence: statistics of the filter's columns, the value a bloom filter or
   *     dictionary lacks, the pages the column index keeps
   * @param pages runs of pages of the filter's columns, when the page index was consulted
   */
  public record RowGroupEntry(int rowGroup, long rows, long selectedRows, Verdict verdict, Reason reason, String detail,
      List<PageRun> pages) {
    public RowGroupEntry {
      pages = List.copyOf(pages);
    }
  }

  /**
   * Consecutive pages of one column with the same verdict by the column index.
   *
   * @param firstPage index of the first page in the column chunk
   * @param lastPage index of the last, inclusive
   * @param firstRow the first page's first row (from the row group's start)
   * @param endRow the row after the last page's last row
   * @param kept whether they hold rows the filter may be true for
   */
  public record PageRun(String column, int firstPage, int lastPage, long firstRow, long endRow, boolean kept) {}

  /** The plan as text: a line per file, an indented line per row group and per run of pages. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    sb.append("filter: ").append(filter == null ? "(none)" : filter).append('\n');
    for (FileEntry f : files) {
      sb.append(f.file()).append(": ").append(text(f.verdict(), f.reason()));
      if (f.detail() != null && !f.detail().isEmpty()) {
        sb.append(" (").append(f.detail()).append(')');
      }
      sb.append('\n');
      for (RowGroupEntry g : f.rowGroups()) {
        sb.append(String.format(Locale.ROOT, "  row group %d (%,d rows): %s", g.rowGroup(), g.rows(),
            text(g.verdict(), g.reason())));
        if (g.verdict() == Verdict.PARTIAL) {
          sb.append(String.format(Locale.ROOT, ", %,d rows left", g.selectedRows()));
        }
        if (g.detail() != null && !g.detail().isEmpty()) {
          sb.append(" (").append(g.detail()).append(')');
        }
        sb.append('\n');
        for (PageRun p : g.pages()) {
          sb.append(String.format(Locale.ROOT, "    %s pages %s, rows %d..%d: %s%n", p.column(),
              p.firstPage() == p.lastPage() ? String.valueOf(p.firstPage()) : p.firstPage() + "-" + p.lastPage(),
              p.firstRow(), p.endRow() - 1, p.kept() ? "kept" : "pruned by page index"));
        }
      }
    }
    sb.append(String.format(Locale.ROOT, "files: %d, %d pruned by partition values; row groups: %d, pruned: %d by statistics,"
        + " %d by dictionary, %d by bloom filter, %d by page index", metrics.files(), metrics.filesPruned(),
        metrics.rowGroups(), metrics.rowGroupsPrunedByStatistics(), metrics.rowGroupsPrunedByDictionary(),
        metrics.rowGroupsPrunedByBloomFilter(), metrics.rowGroupsPrunedByPageIndex()));
    return sb.toString();
  }

  private static String text(Verdict v, Reason r) {
    String verdict = v.name().toLowerCase(Locale.ROOT);
    return switch (r) {
      case NO_FILTER -> verdict + ", no filter";
      case PARTITION_VALUES -> verdict + " by partition values";
      case ROW_GROUPS -> v == Verdict.PRUNED ? "pruned: every row group pruned" : verdict + ", as its row groups say";
      case EMPTY -> verdict + ": no rows";
      case STATISTICS -> v == Verdict.PRUNED ? "pruned by statistics" : verdict + ": statistics prove every row matches";
      case BLOOM_FILTER -> "pruned by bloom filter";
      case DICTIONARY -> "pruned by dictionary";
      case PAGE_INDEX -> verdict + " by page index";
      case MAY_MATCH -> verdict + ", may match (filter evaluated on every row)";
    };
  }
}
