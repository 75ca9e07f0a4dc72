package org.parquetarrow.bench.peers;

import java.util.List;
import java.util.Map;

/**
 * Everything one run of {@link PeerTable} measured, written as JSON beside the Markdown table.
 * Times are seconds per operation; readers and writers are keyed by {@link PeerTable}'s names.
 */
public record PeerTableResult(
    String command,
    String started,
    String finished,
    Machine machine,
    String duckDbVersion,
    double scale,
    int warmups,
    int runs,
    Section<ReadRow> reading,
    Section<WriteRow> writing,
    Section<FooterRow> footer) {

  /** One part of the run and the machine's load average (1, 5, 15 min) just before and after it. */
  public record Section<T>(String loadBefore, String loadAfter, List<T> rows) {}

  /**
   * Full scans of one data set: wall time per reader, the {@code BatchDigest} checksum each reader
   * produced (DuckDB's through its Arrow export; all equal, or the run fails), and the decompress-only
   * floor over the same pages.
   */
  public record ReadRow(
      String dataset,
      String codec,
      long rows,
      double uncompressedMB,
      double compressedPageMB,
      int pages,
      Map<String, Runs> seconds,
      Map<String, String> checksums,
      Runs decompressOnly) {}

  /** Writes of one data set with one codec: wall time and file size per writer. */
  public record WriteRow(
      String dataset,
      String codec,
      long rows,
      double arrowInputMB,
      Map<String, Runs> seconds,
      Map<String, Long> fileBytes) {}

  /** Opening the wide file and parsing its footer and schema, warm: time per open. */
  public record FooterRow(String file, int columns, int rowGroups, Map<String, Runs> seconds) {}
}
