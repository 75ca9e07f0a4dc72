package org.parquetarrow.selection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RowSelectionTest {

  @Test
  void allCoversEveryRowOnce() {
    RowSelection s = RowSelection.all(7_300);
    assertEquals(7_300, s.rowCount());
    assertEquals(1, s.rangeCount());
    assertEquals(0, s.rangeStart(0));
    assertEquals(7_300, s.rangeEnd(0));
    assertTrue(s.contains(0));
    assertTrue(s.contains(7_299));
    assertFalse(s.contains(7_300));
  }

  @Test
  void emptySelections() {
    assertTrue(RowSelection.all(0).isEmpty());
    assertTrue(RowSelection.range(5, 5).isEmpty());
    assertTrue(RowSelection.fromRanges().isEmpty());
    assertSame(RowSelection.none(), RowSelection.fromRanges(3, 3, 9, 9));
    assertEquals(0, RowSelection.none().rowCount());
    assertFalse(RowSelection.none().selects(0, Long.MAX_VALUE));
  }

  @Test
  void rangesAreSortedAndMerged() {
    // [30,40) and [0,10) out of order; [5,12) overlaps [0,10); [12,15) touches [5,12)
    RowSelection s = RowSelection.fromRanges(30, 40, 0, 10, 5, 12, 12, 15, 50, 50);
    assertEquals(RowSelection.fromRanges(0, 15, 30, 40), s);
    assertEquals(2, s.rangeCount());
    assertEquals(0, s.rangeStart(0));
    assertEquals(15, s.rangeEnd(0));
    assertEquals(30, s.rangeStart(1));
    assertEquals(40, s.rangeEnd(1));
    assertEquals(25, s.rowCount());
    assertEquals("RowSelection[[0, 15), [30, 40)]", s.toString());
    assertEquals(s.hashCode(), RowSelection.fromRanges(0, 15, 30, 40).hashCode());
  }

  @Test
  void nestedAndDuplicateRangesMerge() {
    assertEquals(
        RowSelection.range(0, 100), RowSelection.fromRanges(0, 100, 10, 20, 0, 100, 99, 100));
  }

  @Test
  void builderAcceptsAnyOrder() {
    RowSelection s = RowSelection.builder().add(200, 300).add(0, 1).add(1, 2).add(150, 201).build();
    assertEquals(RowSelection.fromRanges(0, 2, 150, 300), s);
  }

  @Test
  void invalidRangesAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> RowSelection.fromRanges(1, 2, 3));
    assertThrows(IllegalArgumentException.class, () -> RowSelection.range(-1, 4));
    assertThrows(IllegalArgumentException.class, () -> RowSelection.range(5, 4));
    assertThrows(IllegalArgumentException.class, () -> RowSelection.all(-1));
    assertThrows(IndexOutOfBoundsException.class, () -> RowSelection.range(0, 1).rangeStart(1));
  }

  @Test
  void selectsTestsOverlapWithHalfOpenIntervals() {
    RowSelection s = RowSelection.fromRanges(10, 20, 40, 41);
    assertFalse(s.selects(0, 10)); // ends where the range starts
    assertTrue(s.selects(0, 11));
    assertTrue(s.selects(19, 25));
    assertFalse(s.selects(20, 40)); // the gap exactly
    assertTrue(s.selects(20, 41));
    assertTrue(s.selects(40, 41));
    assertFalse(s.selects(41, 1_000));
    assertFalse(s.selects(15, 15)); // empty interval
    assertFalse(s.selects(15, 12)); // reversed interval
    assertTrue(s.selects(0, Long.MAX_VALUE));
  }

  @Test
  void unionByHand() {
    assertEquals(
        RowSelection.range(0, 10), RowSelection.range(0, 5).union(RowSelection.range(5, 10)));
    assertEquals(
        RowSelection.fromRanges(0, 5, 7, 9),
        RowSelection.range(7, 9).union(RowSelection.range(0, 5)));
    RowSelection a = RowSelection.fromRanges(0, 3);
    assertSame(a, a.union(RowSelection.none()));
    assertSame(a, RowSelection.none().union(a));
  }

  @Test
  void intersectionByHand() {
    RowSelection a = RowSelection.fromRanges(0, 10, 20, 30);
    assertEquals(RowSelection.fromRanges(5, 10, 20, 25), a.intersect(RowSelection.range(5, 25)));
    assertTrue(RowSelection.range(0, 5).intersect(RowSelection.range(5, 10)).isEmpty());
    assertTrue(a.intersect(RowSelection.none()).isEmpty());
    assertEquals(
        RowSelection.fromRanges(2, 3, 5, 6, 8, 9),
        RowSelection.fromRanges(2, 3, 5, 6, 8, 9).intersect(RowSelection.all(10)));
    // many small ranges against two large ones
    assertEquals(
        RowSelection.fromRanges(1, 2, 3, 4, 21, 22),
        RowSelection.fromRanges(1, 2, 3, 4, 5, 6, 21, 22)
            .intersect(RowSelection.fromRanges(0, 5, 20, 30)));
  }

  /** Every operation against a plain boolean array of rows, over random selections. */
  @Test
  void agreesWithABooleanModel() {
    Random random = new Random(20240607);
    int rows = 120;
    for (int round = 0; round < 2_000; round++) {
      boolean[] ma = new boolean[rows];
      boolean[] mb = new boolean[rows];
      RowSelection a = randomSelection(random, rows, ma);
      RowSelection b = randomSelection(random, rows, mb);

      assertModel(ma, a);
      assertModel(mb, b);
      boolean[] or = new boolean[rows];
      boolean[] and = new boolean[rows];
      for (int r = 0; r < rows; r++) {
        or[r] = ma[r] || mb[r];
        and[r] = ma[r] && mb[r];
      }
      assertModel(or, a.union(b));
      assertModel(and, a.intersect(b));
      assertEquals(a.union(b), b.union(a));
      assertEquals(a.intersect(b), b.intersect(a));

      int from = random.nextInt(rows + 1);
      int to = from + random.nextInt(rows + 1 - from);
      boolean any = false;
      for (int r = from; r < to; r++) {
        any |= ma[r];
      }
      assertEquals(any, a.selects(from, to), a + " selects [" + from + ", " + to + ")");
    }
  }

  private static RowSelection randomSelection(Random random, int rows, boolean[] model) {
    int n = random.nextInt(6);
    long[] pairs = new long[2 * n];
    for (int i = 0; i < n; i++) {
      int from = random.nextInt(rows);
      int to = from + random.nextInt(Math.min(30, rows - from) + 1);
      pairs[2 * i] = from;
      pairs[2 * i + 1] = to;
      for (int r = from; r < to; r++) {
        model[r] = true;
      }
    }
    return RowSelection.fromRanges(pairs);
  }

  /** The selection holds exactly the true rows, as maximal, sorted ranges. */
  private static void assertModel(boolean[] model, RowSelection s) {
    int count = 0;
    int runs = 0;
    for (int r = 0; r < model.length; r++) {
      assertEquals(model[r], s.contains(r), s + " row " + r);
      if (model[r]) {
        count++;
        if (r == 0 || !model[r - 1]) {
          runs++;
        }
      }
    }
    assertEquals(count, s.rowCount(), s::toString);
    assertEquals(runs, s.rangeCount(), s::toString);
    for (int i = 1; i < s.rangeCount(); i++) {
      assertTrue(s.rangeEnd(i - 1) < s.rangeStart(i), s::toString);
    }
  }
}
