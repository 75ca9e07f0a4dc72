package org.parquetarrow.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * A one-line progress bar on stderr, redrawn in place, shown only when stderr is a terminal. Java
 * 17 cannot tell that of stderr alone, so {@code bin/parquet-arrow} tests it ({@code [ -t 2 ]}) and
 * passes {@code -Dparquet.arrow.stderr.tty=true}; without that property no bar is drawn.
 */
final class ProgressBar {
  static final String TTY_PROPERTY = "parquet.arrow.stderr.tty";
  private static final int WIDTH = 30;
  private static final long REDRAW_NANOS = 100_000_000L;

  private final PrintWriter err;
  private final String label;
  private final long total;
  private final boolean shown;
  private long lastDraw;

  private ProgressBar(PrintWriter err, String label, long total, boolean shown) {
    this.err = err;
    this.label = label;
    this.total = total;
    this.shown = shown;
  }

  /** A bar counting up to {@code total} (unknown: 0 or less, then only the count is shown). */
  static ProgressBar start(PrintWriter err, String label, long total) {
    return new ProgressBar(err, label, total, Boolean.getBoolean(TTY_PROPERTY));
  }

  void update(long done, String unit) {
    if (!shown) {
      return;
    }
    long now = System.nanoTime();
    if (now - lastDraw < REDRAW_NANOS && done < total) {
      return;
    }
    lastDraw = now;
    StringBuilder line = new StringBuilder("\r").append(label).append(' ');
    if (total > 0) {
      int filled = (int) Math.min(WIDTH, WIDTH * done / total);
      line.append('[').append("#".repeat(filled)).append(" ".repeat(WIDTH - filled)).append("] ");
      line.append(String.format(Locale.ROOT, "%3d%% ", 100 * done / total));
    }
    line.append(done).append(' ').append(unit);
    err.print(line);
    err.flush();
  }

  /** Clears the bar's line. */
  void finish() {
    if (shown) {
      err.print("\r\033[K");
      err.flush();
    }
  }
}
