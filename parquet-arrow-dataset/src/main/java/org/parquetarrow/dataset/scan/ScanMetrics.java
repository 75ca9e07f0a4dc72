package org.parquetarrow.dataset.scan;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.io.IoStatistics;

/**
 * What a scan did: the pruning counts of its plan ({@link #pruning()}), and what reading did —
 * files and row groups read, pages the row selections let the reader skip, bytes read (pruning
 * metadata and column chunks), requests to remote storage, rows decoded and rows out. Safe to read
 * while the scan runs.
 *
 * <pre>{@code
 * try (ScanReader r = Scanner.scan(dataset, options)) {
 *   while (r.loadNextBatch()) { consume(r.getVectorSchemaRoot()); }
 *   Map<String, Long> json = r.metrics().toMap();
 * }
 * }</pre>
 */
public final class ScanMetrics {
  private final PruningMetrics pruning = new PruningMetrics();
  final LongAdder filesRead = new LongAdder();
  final LongAdder rowGroupsRead = new LongAdder();
  final LongAdder pagesSkippedReading = new LongAdder();
  final LongAdder dataBytesRead = new LongAdder();
  final LongAdder dataBytesRequested = new LongAdder();
  final LongAdder rowsRead = new LongAdder();
  final LongAdder rowsMaterialized = new LongAdder();
  final LongAdder valuesAnsweredFromIndices = new LongAdder();
  final LongAdder rowGroupsLateMaterialized = new LongAdder();
  final LongAdder rowsOut = new LongAdder();
  final LongAdder batchesOut = new LongAdder();
  final LongAdder filesSkipped = new LongAdder();
  final AtomicLong peakBytesInFlight = new AtomicLong();
  private final IoStatistics io = new IoStatistics();

  /** Requests and bytes of remote files opened by the scan (pruning and reading); empty for local files. */
  public IoStatistics io() {
    return io;
  }

  /** Requests sent to remote storage (retries included); 0 for local files. */
  public long requests() {
    return io.requests();
  }

  /** The counts of planning: files, row groups and pages, and what each pruning step skipped. */
  public PruningMetrics pruning() {
    return pruning;
  }

  public long filesRead() {
    return filesRead.sum();
  }

  public long rowGroupsRead() {
    return rowGroupsRead.sum();
  }

  /** Pages of the read columns not decompressed because the row selection holds none of their rows. */
  public long pagesSkippedReading() {
    return pagesSkippedReading.sum();
  }

  /**
   * Bytes read from files: pruning metadata (not footers) and the column chunks' pages the
   * readers needed, without the holes coalesced requests read through ({@link #bytesRequested()}
   * counts those).
   */
  public long bytesRead() {
    return pruning.bytesRead() + dataBytesRead.sum();
  }

  /**
   * Bytes asked of files: pruning metadata (not footers) and the column chunks' coalesced reads,
   * holes included: what reading cost in transfer. For remote files {@link #io()} counts what
   * arrived, footers included.
   */
  public long bytesRequested() {
    return pruning.bytesRead() + dataBytesRequested.sum();
  }

  /** Rows decoded from files, before the residual filter. */
  public long rowsRead() {
    return rowsRead.sum();
  }

  /**
   * Rows for which the projected columns the filter does not read were decoded: every row read,
   * less the rows late materialisation left undecoded ({@link ScanOptions#lateMaterialization()}).
   * Equal to {@link #rowsRead()} when it never ran.
   */
  public long rowsMaterialized() {
    return rowsMaterialized.sum();
  }

  /**
   * Values of filter-only dictionary-encoded columns whose step of the filter the reader answered
   * from their dictionary indices as it decoded them (each entry tested once, no value looked up
   * per row): the rows of each batch times its columns so answered. 0 when no step could be.
   */
  public long valuesAnsweredFromIndices() {
    return valuesAnsweredFromIndices.sum();
  }

  /**
   * Row groups read with late materialisation: the filter's columns first, the other projected
   * columns only for the matching rows.
   */
  public long rowGroupsLateMaterialized() {
    return rowGroupsLateMaterialized.sum();
  }

  /** Rows handed to the caller. */
  public long rowsOut() {
    return rowsOut.sum();
  }

  public long batchesOut() {
    return batchesOut.sum();
  }

  /** Files left out because their data was corrupt ({@link ScanOptions#corruptFiles()}). */
  public long filesSkipped() {
    return filesSkipped.sum();
  }

  /** The most buffer bytes of decoded batches ever waiting for the caller at once. */
  public long peakBytesInFlight() {
    return peakBytesInFlight.get();
  }

  /** Every counter by its JSON name ({@code bytes_read} the total), in a stable order. */
  public Map<String, Long> toMap() {
    Map<String, Long> m = new LinkedHashMap<>(pruning.toMap());
    m.put("bytes_read", bytesRead());
    m.put("bytes_requested", bytesRequested());
    m.put("requests", requests());
    m.put("files_read", filesRead());
    m.put("row_groups_read", rowGroupsRead());
    m.put("pages_skipped_reading", pagesSkippedReading());
    m.put("rows_read", rowsRead());
    m.put("rows_materialized", rowsMaterialized());
    m.put("row_groups_late_materialized", rowGroupsLateMaterialized());
    m.put("values_answered_from_indices", valuesAnsweredFromIndices());
    m.put("rows_out", rowsOut());
    m.put("batches_out", batchesOut());
    return m;
  }

  @Override
  public String toString() {
    return toMap().toString();
  }
}
