package org.parquetarrow.dataset.scan;

import org.parquetarrow.selection.RowSelection;

/**
 * The rows of a row group a filter kept, as the {@link RowSelection} the second pass of late
 * materialisation reads: batch after batch, the rows set in the filter's bitmap are mapped
 * through the selection the batches were read with (pruning's, whose rows the batches hold one
 * after another) to row numbers in the row group.
 *
 * <pre>{@code
 * MatchingRows m = new MatchingRows(group.rows());
 * m.add(bits.isTrue, batch.getRowCount());   // for every batch, in order
 * RowSelection matching = m.build();
 * }</pre>
 */
final class MatchingRows {
  private final RowSelection scanned;
  private final RowSelection.Builder out = RowSelection.builder();
  /** The range of {@link #scanned} the next row lies in, and how many selected rows come before it. */
  private int range;
  private long rangeFirst;
  /** How many selected rows the batches so far held. */
  private long ordinal;

  MatchingRows(RowSelection scanned) {
    this.scanned = scanned;
  }

  /** The next batch's {@code rows} rows, those set in {@code bits} kept. */
  void add(long[] bits, int rows) {
    for (int i = RowSelector.nextSet(bits, 0, rows); i < rows; ) {
      int end = RowSelector.nextClear(bits, i, rows);
      map(ordinal + i, ordinal + end);
      i = RowSelector.nextSet(bits, end, rows);
    }
    ordinal += rows;
  }

  /** Adds the rows whose ordinals in {@link #scanned} are {@code [from, to)}, split where its ranges end. */
  private void map(long from, long to) {
    while (from < to) {
      long rangeRows = scanned.rangeEnd(range) - scanned.rangeStart(range);
      if (from >= rangeFirst + rangeRows) {
        rangeFirst += rangeRows;
        range++;
        continue;
      }
      long start = scanned.rangeStart(range) + (from - rangeFirst);
      long n = Math.min(to - from, rangeFirst + rangeRows - from);
      out.add(start, start + n);
      from += n;
    }
  }

  RowSelection build() {
    return out.build();
  }
}
