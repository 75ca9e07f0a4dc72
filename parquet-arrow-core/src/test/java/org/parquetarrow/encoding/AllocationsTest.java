package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.parquetarrow.ParquetException;

class AllocationsTest {
  @Test
  void aRequestOverTheLimitIsATypedErrorSayingWhatWasAsked() {
    try (BufferAllocator allocator = new RootAllocator(1024)) {
      ParquetException e = assertThrows(ParquetException.class,
          () -> Allocations.buffer(allocator, 4096, 1024, "dictionary indices"));
      assertEquals("a batch of 1024 dictionary indices needs 4096 bytes, more than the allocator allows"
          + " (limit 1024, 0 in use)", e.problem());
      assertInstanceOf(OutOfMemoryException.class, e.getCause());
    }
  }

  @Test
  void aNegativeSizeIsATypedErrorWithoutAskingTheAllocator() {
    try (BufferAllocator allocator = new RootAllocator(1024)) {
      ParquetException e = assertThrows(ParquetException.class,
          () -> Allocations.buffer(allocator, -8, 3, "offsets"));
      assertEquals("a batch of 3 offsets needs more than the allocator allows (limit 1024, 0 in use)", e.problem());
      assertNull(e.getCause());
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  @Test
  void zeroedBuffersAreZeroAndOwnedByTheAllocator() {
    try (BufferAllocator allocator = new RootAllocator(1024)) {
      try (ArrowBuf b = Allocations.zeroed(allocator, 100, 800, "validity bits")) {
        for (long i = 0; i < b.capacity(); i++) {
          assertEquals(0, b.getByte(i));
        }
        assertEquals(b.capacity(), allocator.getAllocatedMemory());
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  @Test
  void aVectorsOwnAllocationRefusedIsTheSameTypedError() {
    try (BufferAllocator allocator = new RootAllocator(1024)) {
      ParquetException e = assertThrows(ParquetException.class, () -> Allocations.run(
          () -> allocator.buffer(2048).close(), allocator, 2048, 512, "string views"));
      assertEquals("a batch of 512 string views needs 2048 bytes, more than the allocator allows"
          + " (limit 1024, 0 in use)", e.problem());
    }
  }
}
