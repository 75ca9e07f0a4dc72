package org.parquetarrow.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.EOFException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalInputFileTest {
  @TempDir Path dir;

  @Test
  void readsByPositionAndRejectsReadsPastTheEnd() throws Exception {
    Path f = dir.resolve("x.bin");
    Files.write(f, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
    try (LocalInputFile in = LocalInputFile.open(f)) {
      assertEquals(8, in.length());
      ByteBuffer b = in.read(5, 3);
      assertArrayEquals(new byte[] {6, 7, 8}, new byte[] {b.get(), b.get(), b.get()});
      assertThrows(EOFException.class, () -> in.read(6, 3));
      assertThrows(EOFException.class, () -> in.read(-1, 1));
    }
  }

  @Test
  void inMemoryFileBehavesTheSame() throws Exception {
    ByteBufferInputFile in = new ByteBufferInputFile("mem", new byte[] {9, 8, 7});
    assertEquals(3, in.length());
    assertEquals(7, in.read(2, 1).get());
    assertThrows(EOFException.class, () -> in.read(2, 2));
    assertThrows(EOFException.class, () -> in.read(Long.MAX_VALUE, 1));
  }

  @Test
  void readsLongerThanOneHeapReadArriveWholeAndInPlace() throws Exception {
    // several slices of MOST_HEAP_READ, a ragged last one, and a start not on a slice boundary
    byte[] bytes = new byte[3 * LocalInputFile.MOST_HEAP_READ + 1_234];
    new SplittableRandom(18).nextBytes(bytes);
    Path f = dir.resolve("long.bin");
    Files.write(f, bytes);
    try (LocalInputFile in = LocalInputFile.open(f)) {
      int from = 77;
      int length = bytes.length - from - 5;
      ByteBuffer whole = in.read(from, length);
      assertEquals(length, whole.remaining());
      byte[] got = new byte[length];
      whole.get(got);
      assertArrayEquals(Arrays.copyOfRange(bytes, from, from + length), got);

      // into the middle of a larger heap buffer: the bytes outside [position, limit) stay untouched
      byte[] target = new byte[length + 20];
      Arrays.fill(target, (byte) 0x5A);
      ByteBuffer dst = ByteBuffer.wrap(target, 10, length);
      in.readFully(from, dst);
      assertEquals(10 + length, dst.position());
      assertEquals(10 + length, dst.limit(), "the caller's limit is given back");
      assertArrayEquals(Arrays.copyOfRange(bytes, from, from + length), Arrays.copyOfRange(target, 10, 10 + length));
      for (int i : new int[] {0, 9, 10 + length, target.length - 1}) {
        assertEquals((byte) 0x5A, target[i], "byte " + i);
      }

      // a direct buffer is read as the JDK reads it, in one go
      ByteBuffer direct = ByteBuffer.allocateDirect(length);
      in.readFully(from, direct);
      direct.flip();
      byte[] fromDirect = new byte[length];
      direct.get(fromDirect);
      assertArrayEquals(got, fromDirect);

      // the end of the file inside a later slice: EOF, with the limit given back
      ByteBuffer past = ByteBuffer.allocate(2 * LocalInputFile.MOST_HEAP_READ);
      assertThrows(EOFException.class, () -> in.readFully(bytes.length - LocalInputFile.MOST_HEAP_READ - 3, past));
      assertEquals(past.capacity(), past.limit());
    }
  }
}
