package org.parquetarrow.read.levels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;

class RecordSplitterTest {

  @Test
  void cutsBeforeTheRecordAfterTheBatch() {
    // records: [0 1 1] [0] [0 2 1] [0]
    int[] rep = {0, 1, 1, 0, 0, 2, 1, 0};
    RecordSplitter split = new RecordSplitter();
    split.startBatch(2);
    assertEquals(4, split.take(rep, 0, 8));
    assertTrue(split.isFull());
    assertEquals(2, split.recordsStarted());
    assertEquals(0, split.take(rep, 4, 4), "a full batch takes nothing");
    split.startBatch(5);
    assertEquals(4, split.take(rep, 4, 4));
    assertFalse(split.isFull(), "the last record may go on in the next page");
    assertEquals(2, split.recordsStarted());
  }

  @Test
  void recordsSpanPages() {
    // pages: [0 1] [1 1] [0 1 | 0]: the first record crosses two page boundaries
    int[] page1 = {0, 1};
    int[] page2 = {1, 1};
    int[] page3 = {0, 1, 0};
    RecordSplitter split = new RecordSplitter();
    split.startBatch(1);
    assertEquals(2, split.take(page1, 0, 2));
    assertEquals(2, split.take(page2, 0, 2), "continuation entries need no record start");
    assertFalse(split.isFull());
    assertEquals(0, split.take(page3, 0, 3));
    assertTrue(split.isFull());
    split.startBatch(1);
    assertEquals(2, split.take(page3, 0, 3));
    assertTrue(split.isFull());
    split.startBatch(1);
    assertEquals(1, split.take(page3, 2, 1));
    assertFalse(split.isFull());
  }

  @Test
  void cutsAtEveryRecordOfAWindowOverManyWords() {
    // 300 entries (several 64-entry words and a partial one) from an offset: a record starts at
    // every entry whose index is a multiple of 3 or 7, so records are 1 to 3 entries long
    int offset = 5;
    int n = 300;
    int[] rep = new int[offset + n];
    java.util.List<Integer> startsAt = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      boolean start = i % 3 == 0 || i % 7 == 0;
      rep[offset + i] = start ? 0 : 1 + i % 2;
      if (start) {
        startsAt.add(i);
      }
    }
    for (int records = 1; records < startsAt.size(); records++) {
      RecordSplitter split = new RecordSplitter();
      split.startBatch(records);
      // the batch ends where record records + 1 starts
      assertEquals(startsAt.get(records), split.take(rep, offset, n), "batch of " + records);
      assertTrue(split.isFull());
      assertEquals(records, split.recordsStarted());
    }
    // across two takes: the second window starts inside the batch's records
    for (int records = 1; records < startsAt.size(); records++) {
      int cut = startsAt.get(records);
      if (cut < 70) {
        continue; // the first take ends the batch: checked above
      }
      RecordSplitter split = new RecordSplitter();
      split.startBatch(records);
      assertEquals(70, split.take(rep, offset, 70));
      assertEquals(cut - 70, split.take(rep, offset + 70, n - 70), "batch of " + records);
      assertTrue(split.isFull());
    }
    // every record of the window fits: all taken, the batch stays open
    RecordSplitter split = new RecordSplitter();
    split.startBatch(startsAt.size());
    assertEquals(n, split.take(rep, offset, n));
    assertFalse(split.isFull());
  }

  @Test
  void flatColumnsCountEntries() {
    RecordSplitter split = new RecordSplitter();
    split.startBatch(5);
    assertEquals(3, split.take(null, 0, 3));
    assertFalse(split.isFull());
    assertEquals(2, split.take(null, 0, 10));
    assertTrue(split.isFull());
    assertEquals(5, split.recordsStarted());
  }

  @Test
  void aBatchMustStartARecord() {
    RecordSplitter split = new RecordSplitter();
    split.startBatch(3);
    assertThrows(CorruptFileException.class, () -> split.take(new int[] {1, 0}, 0, 2));
    split.startBatch(0);
    assertTrue(split.isFull());
    assertEquals(0, split.take(new int[] {0}, 0, 1));
  }
}
