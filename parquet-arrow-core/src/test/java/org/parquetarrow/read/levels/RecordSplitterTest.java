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
