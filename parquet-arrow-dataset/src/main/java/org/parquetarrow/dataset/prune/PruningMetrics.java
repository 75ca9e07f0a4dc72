package org.parquetarrow.dataset.prune;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts of what pruning looked at and what each step skipped; safe to update from many threads.
 * {@link #toMap()} gives the names the scan's metrics JSON uses.
 *
 * <pre>{@code
 * PruningMetrics m = new PruningMetrics();
 * ScanPlan plan = ScanPlanner.plan(dataset, filter, m);
 * long skipped = m.rowGroupsPrunedByStatistics();
 * }</pre>
 */
public final class PruningMetrics {
  final LongAdder files = new LongAdder();
  final LongAdder filesPruned = new LongAdder();
  final LongAdder rowGroups = new LongAdder();
  final LongAdder rowGroupsPrunedByStatistics = new LongAdder();
  final LongAdder rowGroupsPrunedByDictionary = new LongAdder();
  final LongAdder rowGroupsPrunedByBloomFilter = new LongAdder();
  final LongAdder rowGroupsPrunedByPageIndex = new LongAdder();
  final LongAdder pages = new LongAdder();
  final LongAdder pagesSkipped = new LongAdder();
  final LongAdder bytesRead = new LongAdder();

  /** Files considered. */
  public long files() {
    return files.sum();
  }

  /** Files skipped by their partition values. */
  public long filesPruned() {
    return filesPruned.sum();
  }

  /** Row groups considered (of files not pruned). */
  public long rowGroups() {
    return rowGroups.sum();
  }

  public long rowGroupsPrunedByStatistics() {
    return rowGroupsPrunedByStatistics.sum();
  }

  /** Row groups none of whose dictionary values could match. */
  public long rowGroupsPrunedByDictionary() {
    return rowGroupsPrunedByDictionary.sum();
  }

  public long rowGroupsPrunedByBloomFilter() {
    return rowGroupsPrunedByBloomFilter.sum();
  }

  /** Row groups none of whose pages could match by the column index. */
  public long rowGroupsPrunedByPageIndex() {
    return rowGroupsPrunedByPageIndex.sum();
  }

  /** Pages of the filter's columns in the row groups the page index was consulted for. */
  public long pages() {
    return pages.sum();
  }

  /** Of {@link #pages()}, those holding no selected row. */
  public long pagesSkipped() {
    return pagesSkipped.sum();
  }

  /** Bytes read for pruning: dictionary pages, bloom filters, column and offset indexes (footers not counted). */
  public long bytesRead() {
    return bytesRead.sum();
  }

  /** Every counter by its JSON name, in a stable order. */
  public Map<String, Long> toMap() {
    Map<String, Long> m = new LinkedHashMap<>();
    m.put("files", files());
    m.put("files_pruned", filesPruned());
    m.put("row_groups", rowGroups());
    m.put("row_groups_pruned_by_statistics", rowGroupsPrunedByStatistics());
    m.put("row_groups_pruned_by_dictionary", rowGroupsPrunedByDictionary());
    m.put("row_groups_pruned_by_bloom_filter", rowGroupsPrunedByBloomFilter());
    m.put("row_groups_pruned_by_page_index", rowGroupsPrunedByPageIndex());
    m.put("pages", pages());
    m.put("pages_skipped", pagesSkipped());
    m.put("bytes_read", bytesRead());
    return m;
  }

  @Override
  public String toString() {
    return toMap().toString();
  }
}
