package org.parquetarrow.compress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GrowableByteArrayTest {
  @Test
  void growsKeepingContentAndAppendsInOrder() {
    GrowableByteArray b = new GrowableByteArray(2);
    b.write(1);
    b.write(new byte[] {9, 2, 3, 9}, 1, 2);
    b.writeIntLittleEndian(0x07060504);
    assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6, 7}, b.toByteArray());
    assertEquals(7, b.length());
    assertTrue(b.capacity() >= 7);
  }

  @Test
  void directWritesCountOnlyAfterAdvance() {
    GrowableByteArray b = new GrowableByteArray(0);
    b.ensureWritable(3);
    assertTrue(b.writableBytes() >= 3);
    b.array()[0] = 42;
    assertEquals(0, b.length());
    b.advance(1);
    assertArrayEquals(new byte[] {42}, b.toByteArray());
    assertThrows(IllegalArgumentException.class, () -> b.advance(b.writableBytes() + 1));
    assertThrows(IllegalArgumentException.class, () -> b.advance(-1));
  }

  @Test
  void clearAndTruncateKeepTheArray() {
    GrowableByteArray b = new GrowableByteArray(8);
    byte[] array = b.array();
    b.write(new byte[] {1, 2, 3}, 0, 3);
    b.truncate(1);
    assertArrayEquals(new byte[] {1}, b.toByteArray());
    b.clear();
    assertEquals(0, b.length());
    assertSame(array, b.array());
    assertThrows(IllegalArgumentException.class, () -> b.truncate(1));
  }

  @Test
  void growthBeyondTheArrayLimitIsRefusedBeforeAllocating() {
    GrowableByteArray b = new GrowableByteArray(16);
    b.write(new byte[10], 0, 10);
    assertThrows(
        IllegalArgumentException.class, () -> b.ensureWritable(GrowableByteArray.MAX_CAPACITY - 9));
    assertThrows(IllegalArgumentException.class, () -> b.ensureWritable(-1));
    assertThrows(IllegalArgumentException.class, () -> new GrowableByteArray(-1));
    assertEquals(10, b.length());
  }
}
