package org.parquetarrow.read.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ChunkSlices}: a column's buffers go from one page reader to the next, and on release to
 * the JVM's pool, from which a later reader's column takes them back (the same arrays, so the same
 * warm memory), a buffer smaller than its slice never; the pool holds at most {@link
 * ChunkSlices#POOLED_BYTES}.
 */
class ChunkSlicesTest {
  @BeforeEach
  void emptyThePool() {
    for (int slice = 1; slice > 0 && slice < Integer.MAX_VALUE / 2; slice *= 2) {
      while (new ChunkSlices(slice).take()[0].length > 0) {
        // each take draws up to two buffers of one to two slices out of the pool
      }
    }
    assertEquals(0, ChunkSlices.pooledBytes());
  }

  @Test
  void releasedBuffersGoToTheNextScansColumns() {
    ChunkSlices first = new ChunkSlices(1000);
    byte[] a = new byte[1000];
    byte[] b = new byte[1500];
    first.giveBack(a, b);
    assertEquals(2500, first.bytesHeld());
    byte[][] again = first.take();
    assertSame(a, again[0]);
    assertSame(b, again[1]);
    assertEquals(0, first.bytesHeld(), "taken buffers are the reader's");
    first.giveBack(again[0], again[1]);
    first.release();
    assertEquals(0, first.bytesHeld());
    assertEquals(2500, ChunkSlices.pooledBytes());
    byte[][] later = new ChunkSlices(1000).take();
    assertTrue((later[0] == b && later[1] == a) || (later[0] == a && later[1] == b), "the released arrays");
    assertEquals(0, ChunkSlices.pooledBytes());
  }

  @Test
  void aBufferSmallerThanTheSliceStaysInThePool() {
    ChunkSlices small = new ChunkSlices(100);
    small.giveBack(new byte[100], null);
    small.release();
    byte[][] big = new ChunkSlices(101).take();
    assertEquals(0, big[0].length);
    assertEquals(0, big[1].length);
    assertEquals(100, ChunkSlices.pooledBytes());
  }

  @Test
  void thePoolIsBounded() {
    int size = 10 << 20;
    for (int i = 0; i < 20; i++) {
      ChunkSlices s = new ChunkSlices(size);
      s.giveBack(new byte[size], new byte[size]);
      s.release();
      assertTrue(ChunkSlices.pooledBytes() <= ChunkSlices.POOLED_BYTES, ChunkSlices.pooledBytes() + " bytes pooled");
    }
    assertEquals(ChunkSlices.POOLED_BYTES / size * size, ChunkSlices.pooledBytes());
  }

  @Test
  void aBufferOfMoreThanTwoSlicesStaysInThePool() {
    ChunkSlices grown = new ChunkSlices(100);
    grown.giveBack(new byte[201], null);
    grown.release();
    assertEquals(0, new ChunkSlices(100).take()[0].length);
    assertEquals(201, new ChunkSlices(101).take()[0].length);
  }

  @Test
  void aSliceIsPositive() {
    assertThrows(IllegalArgumentException.class, () -> new ChunkSlices(0));
  }
}
