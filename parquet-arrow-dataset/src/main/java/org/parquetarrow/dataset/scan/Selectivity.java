package org.parquetarrow.dataset.scan;

/**
 * What a scan's filter has kept so far, for {@link LateMaterializationPlanner}: the share of the
 * rows tested that matched and how many runs of consecutive rows the matches formed, both weighted
 * towards the latest rows (half the weight every {@link #HALF_LIFE_ROWS} rows), so that the
 * estimate follows a filter whose selectivity changes along the data. Shared by the scan's
 * readers; safe from any thread.
 */
final class Selectivity {
  /** Rows after which what was seen before counts half. */
  static final double HALF_LIFE_ROWS = 500_000;

  /** The share of rows kept and the runs of kept rows per row tested. */
  record Estimate(double keptShare, double runsPerRow) {}

  private double rows;
  private double kept;
  private double runs;

  /** Records that of {@code tested} rows, {@code matched} matched, in {@code runs} runs. */
  synchronized void observe(long tested, long matched, long runs) {
    if (tested <= 0) {
      return;
    }
    double keep = Math.pow(0.5, tested / HALF_LIFE_ROWS);
    this.rows = this.rows * keep + tested;
    this.kept = this.kept * keep + matched;
    this.runs = this.runs * keep + runs;
  }

  /** The estimate from the rows seen so far, or {@code null} before any. */
  synchronized Estimate estimate() {
    return rows == 0 ? null : new Estimate(kept / rows, runs / rows);
  }
}
