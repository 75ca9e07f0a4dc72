package org.parquetarrow.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.dataset.scan.ScanMetrics;
import org.parquetarrow.io.IoStatistics;

/**
 * A scan's metrics for people: what each pruning step skipped, what was read, what came out. The
 * same counts, by their JSON names, are {@link ScanMetrics#toMap()}.
 */
final class ScanSummary {
  private ScanSummary() {}

  /**
   * @param datasetBytes the dataset's files' total size, to put {@code bytes_read} in proportion;
   *     negative when unknown (a remote dataset)
   * @param seconds wall time of the scan
   */
  static void print(PrintWriter out, ScanMetrics m, long datasetBytes, double seconds) {
    PruningMetrics p = m.pruning();
    out.printf(Locale.ROOT, "files:      %,d, %,d pruned by partition values, %,d read%n",
        p.files(), p.filesPruned(), m.filesRead());
    out.printf(Locale.ROOT, "row groups: %,d, pruned: %,d by statistics, %,d by dictionary, %,d by bloom filter,"
            + " %,d by page index; %,d read%n",
        p.rowGroups(), p.rowGroupsPrunedByStatistics(), p.rowGroupsPrunedByDictionary(),
        p.rowGroupsPrunedByBloomFilter(), p.rowGroupsPrunedByPageIndex(), m.rowGroupsRead());
    out.printf(Locale.ROOT, "pages:      %,d of the filter's columns checked in the page index, %,d skipped;"
            + " %,d pages of read columns skipped while reading%n",
        p.pages(), p.pagesSkipped(), m.pagesSkippedReading());
    if (datasetBytes < 0) {
      out.printf(Locale.ROOT, "bytes read: %,d: %,d of pruning metadata, the rest column chunks%n",
          m.bytesRead(), p.bytesRead());
    } else {
      out.printf(Locale.ROOT, "bytes read: %,d of %,d (%.2f%%): %,d of pruning metadata, the rest column chunks%n",
          m.bytesRead(), datasetBytes, datasetBytes == 0 ? 0.0 : 100.0 * m.bytesRead() / datasetBytes, p.bytesRead());
    }
    out.printf(Locale.ROOT, "rows:       %,d decoded, %,d out, in %.3f s%n", m.rowsRead(), m.rowsOut(), seconds);
    out.flush();
  }

  /** The requests a remote dataset cost: listing and footers, then the scan's own. */
  static void printRequests(PrintWriter out, ScanMetrics m, IoStatistics discovery) {
    out.printf(Locale.ROOT, "requests:   %,d for discovery (listing, footers: %,d bytes), %,d for the scan"
            + " (%,d retries, %,d bytes received)%n",
        discovery.requests(), discovery.bytesRead(), m.requests(), m.io().retries(), m.io().bytesRead());
    out.flush();
  }
}
