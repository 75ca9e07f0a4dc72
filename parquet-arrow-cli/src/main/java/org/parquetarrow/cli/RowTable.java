package org.parquetarrow.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * An aligned table: columns padded to their widest cell, numbers and text alike left-aligned, a
 * rule under the header. Printed as rows arrive, for outputs too long to hold: the first {@code
 * sample} rows (default {@value #SAMPLE}) set the column widths, later rows are padded to them, a
 * wider cell simply pushing its line's later cells right.
 */
final class RowTable {
  static final int SAMPLE = 1000;

  private final PrintWriter out;
  private final List<String> header;
  private final List<String[]> pending = new ArrayList<>();
  private final int sample;
  private int[] width;

  RowTable(PrintWriter out, List<String> header) {
    this(out, header, SAMPLE);
  }

  RowTable(PrintWriter out, List<String> header, int sample) {
    this.out = out;
    this.header = List.copyOf(header);
    this.sample = sample;
  }

  void add(String[] row) {
    if (width != null) {
      out.println(line(row, width));
      return;
    }
    pending.add(row);
    if (pending.size() == sample) {
      flushSample();
    }
  }

  /** Prints what is still held (the header at least). */
  void finish() {
    if (width == null) {
      flushSample();
    }
    out.flush();
  }

  private void flushSample() {
    width = new int[header.size()];
    for (int c = 0; c < width.length; c++) {
      width[c] = header.get(c).length();
      for (String[] row : pending) {
        width[c] = Math.max(width[c], row[c].length());
      }
    }
    out.println(line(header.toArray(String[]::new), width));
    String[] rule = new String[width.length];
    for (int c = 0; c < width.length; c++) {
      rule[c] = "-".repeat(width[c]);
    }
    out.println(line(rule, width));
    for (String[] row : pending) {
      out.println(line(row, width));
    }
    pending.clear();
  }

  private static String line(String[] values, int[] width) {
    StringBuilder b = new StringBuilder();
    for (int c = 0; c < values.length; c++) {
      if (c > 0) {
        b.append("  ");
      }
      b.append(values[c]);
      if (c < values.length - 1) {
        b.append(" ".repeat(Math.max(0, width[c] - values[c].length())));
      }
    }
    return b.toString();
  }
}
