package org.parquetarrow.bench.peers;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.parquetarrow.bench.peers.PeerTableResult.FooterRow;
import org.parquetarrow.bench.peers.PeerTableResult.ReadRow;
import org.parquetarrow.bench.peers.PeerTableResult.Section;
import org.parquetarrow.bench.peers.PeerTableResult.WriteRow;

/**
 * The Markdown form of a {@link PeerTableResult}: one table per section, each cell a median time
 * with the range (min–max) over the timed rounds, and the speed ratio of parquet-arrow to each peer
 * (the peer's median time ÷ ours: above 1 means parquet-arrow is faster).
 */
final class PeerTableMarkdown {
  private static final String NONE = "—";

  private PeerTableMarkdown() {}

  static String render(PeerTableResult r) {
    StringBuilder md = new StringBuilder();
    md.append("# Peer table\n\n");
    md.append("`").append(r.command()).append("`  \n");
    md.append(String.format(Locale.ROOT, "%s → %s; scale %s; %d warm-up and %d timed rounds per cell, "
        + "peers interleaved round by round; one JVM.  %n", r.started(), r.finished(),
        Double.toString(r.scale()), r.warmups(), r.runs()));
    Machine m = r.machine();
    md.append(String.format(Locale.ROOT, "%s; %s, %d cores; max heap %.1f GB; %s; DuckDB %s.%n%n",
        m.jvm(), m.cpu(), m.cores(), m.maxHeapBytes() / 1e9, m.os(), r.duckDbVersion()));
    md.append("Cells: median time per operation (min–max over the rounds). Ratios: speed of parquet-arrow ÷ "
        + "speed of the peer (the peer's median ÷ ours; above 1: parquet-arrow is faster). "
        + "Load average: 1, 5 and 15 minutes.\n\n");
    reading(md, r.reading());
    floor(md, r.reading());
    writing(md, r.writing());
    footer(md, r.footer());
    return md.toString();
  }

  private static void reading(StringBuilder md, Section<ReadRow> s) {
    md.append("## Reading, one decoding thread\n\n");
    load(md, s);
    header(md, "data set", "rows", Peers.ALL, List.of(Peers.ARROW_CPP, Peers.PARQUET_JAVA, Peers.DUCKDB), "checksum (all agree)");
    for (ReadRow row : s.rows()) {
      md.append("| ").append(row.dataset()).append(" | ").append(String.format(Locale.ROOT, "%,d", row.rows()));
      cells(md, row.seconds(), Peers.ALL, List.of(Peers.ARROW_CPP, Peers.PARQUET_JAVA, Peers.DUCKDB));
      md.append(" | ").append(row.checksums().get(Peers.OURS)).append(" |\n");
    }
    md.append('\n');
  }

  private static void floor(StringBuilder md, Section<ReadRow> s) {
    md.append("## Decompress-only floor (same rounds as the reading table)\n\n");
    md.append("Time to only decompress every page of the file (parquet-arrow's decompressors, one reused "
        + "buffer), against parquet-arrow's full scan.\n\n");
    md.append("| data set | codec | pages | compressed MB | uncompressed MB | decompress only | parquet-arrow scan "
        + "| floor ÷ scan |\n");
    md.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (ReadRow row : s.rows()) {
      Runs scan = row.seconds().get(Peers.OURS);
      md.append(String.format(Locale.ROOT, "| %s | %s | %d | %.1f | %.1f | %s | %s | %.2f |%n",
          row.dataset(), row.codec(), row.pages(), row.compressedPageMB(), row.uncompressedMB(),
          time(row.decompressOnly()), time(scan), row.decompressOnly().median() / scan.median()));
    }
    md.append('\n');
  }

  private static void writing(StringBuilder md, Section<WriteRow> s) {
    md.append("## Writing, one thread\n\n");
    md.append("Arrow C++'s JNI writer has no codec option: UNCOMPRESSED only. File sizes in MB (10^6 bytes).\n\n");
    load(md, s);
    List<String> ratios = List.of(Peers.ARROW_CPP, Peers.PARQUET_JAVA, Peers.DUCKDB);
    header(md, "data set", "codec", Peers.ALL, ratios, "file MB: " + String.join(" / ", Peers.ALL));
    for (WriteRow row : s.rows()) {
      md.append("| ").append(row.dataset()).append(" | ").append(row.codec());
      cells(md, row.seconds(), Peers.ALL, ratios);
      md.append(" |");
      StringBuilder sizes = new StringBuilder();
      for (String peer : Peers.ALL) {
        Long bytes = row.fileBytes().get(peer);
        sizes.append(sizes.length() == 0 ? " " : " / ")
            .append(bytes == null ? NONE : String.format(Locale.ROOT, "%.2f", bytes / 1e6));
      }
      md.append(sizes).append(" |\n");
    }
    md.append('\n');
  }

  private static void footer(StringBuilder md, Section<FooterRow> s) {
    md.append("## Footer of a wide file, warm\n\n");
    md.append("Open the file and get its schema, in a warm JVM.\n\n");
    load(md, s);
    List<String> ratios = List.of(Peers.ARROW_CPP, Peers.PARQUET_JAVA);
    header(md, "file", "columns × row groups", FooterSection.PEERS, ratios, null);
    for (FooterRow row : s.rows()) {
      md.append("| ").append(row.file()).append(" | ").append(row.columns()).append(" × ").append(row.rowGroups());
      cells(md, row.seconds(), FooterSection.PEERS, ratios);
      md.append(" |\n");
    }
    md.append('\n');
  }

  private static void load(StringBuilder md, Section<?> s) {
    md.append("Load average before: ").append(s.loadBefore()).append("; after: ").append(s.loadAfter())
        .append(".\n\n");
  }

  private static void header(StringBuilder md, String first, String second, List<String> peers,
      List<String> ratios, String last) {
    StringBuilder align = new StringBuilder("|---|---|");
    md.append("| ").append(first).append(" | ").append(second);
    for (String p : peers) {
      md.append(" | ").append(p);
      align.append("---:|");
    }
    for (String p : ratios) {
      md.append(" | ours ÷ ").append(p);
      align.append("---:|");
    }
    if (last != null) {
      md.append(" | ").append(last);
      align.append("---|");
    }
    md.append(" |\n").append(align).append('\n');
  }

  private static void cells(StringBuilder md, Map<String, Runs> seconds, List<String> peers, List<String> ratios) {
    for (String p : peers) {
      Runs r = seconds.get(p);
      md.append(" | ").append(r == null ? NONE : time(r));
    }
    Runs ours = seconds.get(Peers.OURS);
    for (String p : ratios) {
      Runs r = seconds.get(p);
      md.append(" | ").append(r == null ? NONE : String.format(Locale.ROOT, "**%.2f×**", r.median() / ours.median()));
    }
  }

  /** "123 ms (120–131)": median and range, in ms with three significant digits or so. */
  static String time(Runs r) {
    return ms(r.median()) + " ms (" + ms(r.min()) + "–" + ms(r.max()) + ")";
  }

  private static String ms(double seconds) {
    double ms = seconds * 1000;
    String f = ms >= 100 ? "%.0f" : ms >= 10 ? "%.1f" : ms >= 1 ? "%.2f" : "%.3f";
    return String.format(Locale.ROOT, f, ms);
  }
}
