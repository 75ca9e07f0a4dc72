package org.parquetarrow.selection;

import java.util.Arrays;

/**
 * The rows of a row group to read: sorted, non-overlapping, non-adjacent half-open ranges {@code
 * [start, end)} of row indices counted from the row group's first row. Immutable.
 *
 * <p>The page index, dataset filters and late materialisation all produce one; the page reader uses
 * {@link #selects(long, long)} to skip pages holding no selected row. Ranges given to the factories
 * may come in any order and may overlap or touch: they are sorted and merged, so two selections of
 * the same rows are {@link #equals equal}.
 *
 * <pre>{@code
 * RowSelection wanted = RowSelection.fromRanges(0, 100, 5_000, 5_200);   // [0,100) and [5000,5200)
 * RowSelection cheap = wanted.intersect(RowSelection.range(50, 6_000)); // [50,100), [5000,5200)
 * if (cheap.selects(page.firstRow(), page.endRow())) { ... read the page ... }
 * }</pre>
 */
public final class RowSelection {
  private static final long[] EMPTY = new long[0];
  private static final RowSelection NONE = new RowSelection(EMPTY);

  /** start0, end0, start1, end1, …: normalised (sorted, merged, no empty range). */
  private final long[] bounds;

  private final long rowCount;

  private RowSelection(long[] normalisedBounds) {
    this.bounds = normalisedBounds;
    long n = 0;
    for (int i = 0; i < normalisedBounds.length; i += 2) {
      n += normalisedBounds[i + 1] - normalisedBounds[i];
    }
    this.rowCount = n;
  }

  /** No row at all. */
  public static RowSelection none() {
    return NONE;
  }

  /** Every row of a row group of {@code rowCount} rows: {@code [0, rowCount)}. */
  public static RowSelection all(long rowCount) {
    return range(0, rowCount);
  }

  /** The rows {@code [from, toExclusive)}. */
  public static RowSelection range(long from, long toExclusive) {
    checkRange(from, toExclusive);
    return from == toExclusive ? NONE : new RowSelection(new long[] {from, toExclusive});
  }

  /**
   * The union of the ranges given as pairs {@code start0, end0, start1, end1, …} (end exclusive),
   * in any order; overlapping and touching ranges merge, empty ones vanish.
   *
   * @throws IllegalArgumentException if the count is odd, a start is negative, or an end lies
   *     before its start
   */
  public static RowSelection fromRanges(long... startEndPairs) {
    if (startEndPairs.length % 2 != 0) {
      throw new IllegalArgumentException(
          "ranges come as start/end pairs, got " + startEndPairs.length + " numbers");
    }
    Builder b = new Builder(startEndPairs.length / 2);
    for (int i = 0; i < startEndPairs.length; i += 2) {
      b.add(startEndPairs[i], startEndPairs[i + 1]);
    }
    return b.build();
  }

  /** A builder collecting ranges one at a time, in any order, without boxing. */
  public static Builder builder() {
    return new Builder(8);
  }

  /** Number of selected rows. */
  public long rowCount() {
    return rowCount;
  }

  public boolean isEmpty() {
    return bounds.length == 0;
  }

  /** Number of disjoint ranges. */
  public int rangeCount() {
    return bounds.length / 2;
  }

  /** First row of range {@code i} (inclusive). */
  public long rangeStart(int i) {
    return bounds[checkIndex(i) * 2];
  }

  /** End of range {@code i} (exclusive). */
  public long rangeEnd(int i) {
    return bounds[checkIndex(i) * 2 + 1];
  }

  /** Whether row {@code row} is selected. */
  public boolean contains(long row) {
    return selects(row, row + 1);
  }

  /**
   * Whether at least one row of {@code [fromRow, toRowExclusive)} is selected: the test that
   * decides whether a page holding those rows must be read. An empty interval selects nothing.
   */
  public boolean selects(long fromRow, long toRowExclusive) {
    if (fromRow >= toRowExclusive) {
      return false;
    }
    int i = firstRangeEndingAfter(fromRow);
    return i < rangeCount() && bounds[2 * i] < toRowExclusive;
  }

  /** The rows selected by this or {@code other}. */
  public RowSelection union(RowSelection other) {
    if (other.isEmpty()) {
      return this;
    }
    if (isEmpty()) {
      return other;
    }
    Builder b = new Builder(rangeCount() + other.rangeCount());
    b.addAll(bounds);
    b.addAll(other.bounds);
    return b.build();
  }

  /** The rows selected by both this and {@code other}. */
  public RowSelection intersect(RowSelection other) {
    long[] out = new long[Math.max(0, bounds.length + other.bounds.length - 2)];
    int n = 0;
    int i = 0;
    int j = 0;
    // a classic merge walk: both inputs are sorted and disjoint, so the output is too
    while (i < bounds.length && j < other.bounds.length) {
      long start = Math.max(bounds[i], other.bounds[j]);
      long end = Math.min(bounds[i + 1], other.bounds[j + 1]);
      if (start < end) {
        out[n++] = start;
        out[n++] = end;
      }
      if (bounds[i + 1] < other.bounds[j + 1]) {
        i += 2;
      } else {
        j += 2;
      }
    }
    // ranges of one input never touch each other, so pieces cut from them never touch either
    return n == 0 ? NONE : new RowSelection(Arrays.copyOf(out, n));
  }

  /**
   * The same rows counted from row {@code first}: every bound less {@code first}, which must not
   * exceed the first selected row (a file-wide selection cut to one row group).
   *
   * <pre>{@code
   * RowSelection inGroup = RowSelection.range(1_000, 1_100).shiftDown(1_000); // [0, 100)
   * }</pre>
   *
   * @throws IllegalArgumentException if a selected row lies before {@code first}
   */
  public RowSelection shiftDown(long first) {
    if (isEmpty() || first == 0) {
      return this;
    }
    if (bounds[0] < first) {
      throw new IllegalArgumentException("row " + bounds[0] + " lies before " + first);
    }
    long[] out = new long[bounds.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = bounds[i] - first;
    }
    return new RowSelection(out);
  }

  /** Index of the first range whose end lies after {@code row}; {@link #rangeCount()} if none. */
  private int firstRangeEndingAfter(long row) {
    int lo = 0;
    int hi = rangeCount();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (bounds[2 * mid + 1] <= row) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private int checkIndex(int i) {
    if (i < 0 || i >= rangeCount()) {
      throw new IndexOutOfBoundsException("range " + i + " of " + rangeCount());
    }
    return i;
  }

  private static void checkRange(long from, long toExclusive) {
    if (from < 0 || toExclusive < from) {
      throw new IllegalArgumentException("invalid row range [" + from + ", " + toExclusive + ")");
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RowSelection s && Arrays.equals(bounds, s.bounds);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bounds);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("RowSelection[");
    for (int i = 0; i < bounds.length; i += 2) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append('[').append(bounds[i]).append(", ").append(bounds[i + 1]).append(')');
    }
    return sb.append(']').toString();
  }

  /**
   * Collects ranges in any order; {@link #build()} sorts and merges them.
   *
   * <pre>{@code
   * RowSelection.Builder b = RowSelection.builder();
   * for (int page = 0; page < pages; page++) {
   *   if (mayMatch(page)) b.add(firstRow[page], firstRow[page + 1]);
   * }
   * RowSelection s = b.build();
   * }</pre>
   */
  public static final class Builder {
    private long[] pending;
    private int size;

    private Builder(int expectedRanges) {
      pending = new long[Math.max(2, expectedRanges * 2)];
    }

    /**
     * Adds {@code [from, toExclusive)}.
     *
     * @throws IllegalArgumentException if {@code from} is negative or {@code toExclusive < from}
     */
    public Builder add(long from, long toExclusive) {
      checkRange(from, toExclusive);
      if (from == toExclusive) {
        return this;
      }
      if (size == pending.length) {
        pending = Arrays.copyOf(pending, pending.length * 2);
      }
      pending[size++] = from;
      pending[size++] = toExclusive;
      return this;
    }

    private void addAll(long[] pairs) {
      for (int i = 0; i < pairs.length; i += 2) {
        add(pairs[i], pairs[i + 1]);
      }
    }

    /** The normalised selection of every range added so far. */
    public RowSelection build() {
      int ranges = size / 2;
      if (ranges == 0) {
        return NONE;
      }
      // The union only depends on where ranges start and end, not on which start goes with
      // which end: sweep the sorted starts and sorted ends, counting how many ranges are open.
      long[] starts = new long[ranges];
      long[] ends = new long[ranges];
      for (int r = 0; r < ranges; r++) {
        starts[r] = pending[2 * r];
        ends[r] = pending[2 * r + 1];
      }
      Arrays.sort(starts);
      Arrays.sort(ends);
      long[] out = new long[size];
      int n = 0;
      int open = 0;
      int i = 0;
      int j = 0;
      while (j < ranges) {
        // a start equal to an end is taken first, so touching ranges merge
        if (i < ranges && starts[i] <= ends[j]) {
          if (open++ == 0) {
            out[n++] = starts[i];
          }
          i++;
        } else {
          if (--open == 0) {
            out[n++] = ends[j];
          }
          j++;
        }
      }
      return new RowSelection(n == out.length ? out : Arrays.copyOf(out, n));
    }
  }
}
