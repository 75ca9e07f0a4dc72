package org.parquetarrow.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.EOFException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
