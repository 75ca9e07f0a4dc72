package org.parquetarrow.write;

/** Counts of each level among the definition or repetition levels of a page, for SizeStatistics and the column index. */
final class LevelHistogram {
  private LevelHistogram() {}

  /**
   * Adds the levels {@code [from, to)} to {@code histogram} (one count per level 0..max). Up to
   * level 3 each level is counted by compares summed without branches: levels mostly alternate
   * unpredictably, and incrementing the histogram in place chains every slot on the last store.
   */
  static void add(int[] levels, int from, int to, long[] histogram) {
    int max = histogram.length - 1;
    if (max > 3) {
      for (int i = from; i < to; i++) {
        histogram[levels[i]]++;
      }
      return;
    }
    int c1 = 0;
    int c2 = 0;
    int c3 = 0;
    for (int i = from; i < to; i++) {
      int l = levels[i];
      c1 += ((l ^ 1) - 1) >>> 31;
      c2 += ((l ^ 2) - 1) >>> 31;
      c3 += ((l ^ 3) - 1) >>> 31;
    }
    histogram[0] += (to - from) - c1 - c2 - c3;
    if (max >= 1) {
      histogram[1] += c1;
    }
    if (max >= 2) {
      histogram[2] += c2;
    }
    if (max >= 3) {
      histogram[3] += c3;
    }
  }
}
