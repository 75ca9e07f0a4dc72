package org.parquetarrow.io;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Merges byte ranges that lie close together into fewer, larger reads: the chunks of a row group
 * are usually adjacent, so one read per row group (rather than one per column) is the common
 * result. Two neighbours merge when the hole between them is at most {@code maxGap} bytes and the
 * merged read stays within {@code maxReadLength} bytes; a range longer than that on its own is read
 * alone, never split. Overlapping ranges always merge. Empty ranges get no read.
 *
 * <pre>{@code
 * RangeCoalescer c = new RangeCoalescer(64 * 1024, 64 << 20);
 * for (RangeCoalescer.Read read : c.coalesce(ranges)) {
 *   byte[] bytes = fetch(read.range());
 *   for (int i : read.members()) { ... ranges.get(i) lies inside read.range() ... }
 * }
 * }</pre>
 *
 * @param maxGap the largest hole (bytes read but not wanted) bridged between two ranges; negative
 *     to merge only overlapping ranges
 * @param maxReadLength the longest merged read
 */
public record RangeCoalescer(long maxGap, long maxReadLength) {

  /**
   * Arrow C++'s defaults for pre-buffering column chunks ({@code CacheOptions::Defaults}): holes up
   * to 8 KiB are read through, merged reads stop at 32 MiB.
   */
  public static final RangeCoalescer DEFAULT = new RangeCoalescer(8 * 1024, 32L * 1024 * 1024);

  /** Merges only ranges that overlap: otherwise one read per range. */
  public static final RangeCoalescer NONE = new RangeCoalescer(-1, 0);

  /**
   * One read covering some of the input ranges.
   *
   * @param range the bytes to read
   * @param members indices (into the list given to {@link #coalesce}) of the ranges it covers, in
   *     offset order
   */
  public record Read(FileRange range, List<Integer> members) {
    public Read {
      members = List.copyOf(members);
    }
  }

  /**
   * The reads covering every non-empty range of {@code ranges}, in offset order. Each non-empty
   * input range lies wholly inside exactly one read.
   */
  public List<Read> coalesce(List<FileRange> ranges) {
    // runs once per row group over its columns, not per value: boxing the indices is fine here
    List<Integer> order = new ArrayList<>(ranges.size());
    for (int i = 0; i < ranges.size(); i++) {
      if (!ranges.get(i).isEmpty()) {
        order.add(i);
      }
    }
    order.sort(Comparator.comparingLong(i -> ranges.get(i).offset()));

    List<Read> reads = new ArrayList<>();
    int first = 0;
    while (first < order.size()) {
      FileRange r = ranges.get(order.get(first));
      long start = r.offset();
      long end = r.end();
      int last = first + 1;
      while (last < order.size()) {
        FileRange next = ranges.get(order.get(last));
        long mergedEnd = Math.max(end, next.end());
        boolean overlaps = next.offset() < end;
        boolean close = next.offset() - end <= maxGap && mergedEnd - start <= maxReadLength;
        if (!overlaps && !close) {
          break;
        }
        end = mergedEnd;
        last++;
      }
      reads.add(new Read(new FileRange(start, end - start), order.subList(first, last)));
      first = last;
    }
    return reads;
  }
}
