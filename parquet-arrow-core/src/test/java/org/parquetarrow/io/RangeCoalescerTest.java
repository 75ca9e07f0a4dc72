package org.parquetarrow.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class RangeCoalescerTest {
  private static final long MB = 1L << 20;

  @Test
  void adjacentAndCloseRangesMerge() {
    List<FileRange> ranges =
        List.of(new FileRange(4, 96), new FileRange(100, 50), new FileRange(160, 40));
    // holes of 0 and 10 bytes
    assertEquals(
        List.of(new RangeCoalescer.Read(new FileRange(4, 196), List.of(0, 1, 2))),
        RangeCoalescer.DEFAULT.coalesce(ranges));
  }

  @Test
  void wideHolesSplitReads() {
    List<FileRange> ranges =
        List.of(
            new FileRange(0, 10),
            new FileRange(10 + 8 * 1024, 10),
            new FileRange(20 + 8 * 1024 + 8 * 1024 + 1, 10));
    // the first hole is exactly maxGap (bridged), the second one byte more (not)
    assertEquals(
        List.of(
            new RangeCoalescer.Read(new FileRange(0, 20 + 8 * 1024), List.of(0, 1)),
            new RangeCoalescer.Read(new FileRange(20 + 16 * 1024 + 1, 10), List.of(2))),
        RangeCoalescer.DEFAULT.coalesce(ranges));
  }

  @Test
  void mergedReadsStopAtTheMaximumLength() {
    // four adjacent 10 MB chunks under a 32 MB limit: 30 MB, then 10 MB
    List<FileRange> ranges =
        List.of(
            new FileRange(0, 10 * MB),
            new FileRange(10 * MB, 10 * MB),
            new FileRange(20 * MB, 10 * MB),
            new FileRange(30 * MB, 10 * MB));
    assertEquals(
        List.of(
            new RangeCoalescer.Read(new FileRange(0, 30 * MB), List.of(0, 1, 2)),
            new RangeCoalescer.Read(new FileRange(30 * MB, 10 * MB), List.of(3))),
        RangeCoalescer.DEFAULT.coalesce(ranges));
  }

  @Test
  void aLongRangeIsReadAloneAndWhole() {
    List<FileRange> ranges = List.of(new FileRange(0, 100 * MB), new FileRange(100 * MB, 1));
    assertEquals(
        List.of(
            new RangeCoalescer.Read(new FileRange(0, 100 * MB), List.of(0)),
            new RangeCoalescer.Read(new FileRange(100 * MB, 1), List.of(1))),
        RangeCoalescer.DEFAULT.coalesce(ranges));
  }

  @Test
  void membersAreInputIndicesInOffsetOrder() {
    List<FileRange> ranges =
        List.of(new FileRange(300, 10), new FileRange(100, 10), new FileRange(200, 10));
    assertEquals(
        List.of(new RangeCoalescer.Read(new FileRange(100, 210), List.of(1, 2, 0))),
        new RangeCoalescer(100, 1_000).coalesce(ranges));
  }

  @Test
  void overlappingRangesAlwaysMergeAndEmptyOnesAreDropped() {
    // a padded chunk overlapping its neighbour (PARQUET-816 padding), and an empty chunk
    List<FileRange> ranges =
        List.of(
            new FileRange(4, 200),
            new FileRange(104, 50),
            new FileRange(500, 0),
            new FileRange(300, 10));
    assertEquals(
        List.of(
            new RangeCoalescer.Read(new FileRange(4, 200), List.of(0, 1)),
            new RangeCoalescer.Read(new FileRange(300, 10), List.of(3))),
        RangeCoalescer.NONE.coalesce(ranges));
  }

  @Test
  void noneKeepsAdjacentRangesApart() {
    List<FileRange> ranges = List.of(new FileRange(0, 10), new FileRange(10, 10));
    assertEquals(2, RangeCoalescer.NONE.coalesce(ranges).size());
    assertEquals(List.of(), RangeCoalescer.DEFAULT.coalesce(List.of()));
  }

  @Test
  void invalidRangesAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new FileRange(-1, 5));
    assertThrows(IllegalArgumentException.class, () -> new FileRange(5, -1));
    assertThrows(IllegalArgumentException.class, () -> new FileRange(Long.MAX_VALUE, 2));
  }
}
