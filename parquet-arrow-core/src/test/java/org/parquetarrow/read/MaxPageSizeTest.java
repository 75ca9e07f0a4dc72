package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.testing.TestData;

/**
 * A page-size bound for readers with a bounded allocator (found by the file fuzz target: a few KB
 * of BROTLI claiming and decoding to a 1 GiB page took the reader tens of seconds of decoding and
 * then ran into the allocator's limit with Arrow's OutOfMemoryException).
 */
class MaxPageSizeTest {
  /** parquet-testing: one BROTLI page of about 1 GiB of strings, stored in a few KB. */
  private static final Path HUGE_PAGE = TestData.parquetTesting().resolve("data/large_string_map.brotli.parquet");

  @Test
  void aPageOverTheBoundIsRefusedBeforeItIsDecoded() {
    try (BufferAllocator allocator = new RootAllocator(256L << 20)) {
      ReadOptions options = ReadOptions.builder(allocator).maxPageSize(64 << 20).build();
      assertEquals(64 << 20, options.maxPageSize());
      try (ParquetFileReader reader = ParquetFileReader.open(HUGE_PAGE, options)) {
        UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class, reader::readNextBatch);
        assertTrue(e.getMessage().contains("more than the limit of " + (64 << 20)), e.getMessage());
      }
      // refused from the header: nothing decoded into Arrow memory (the page's strings would take
      // over 256 MiB and end in the allocator's OutOfMemoryException instead), nothing left allocated
      assertTrue(allocator.getPeakMemoryAllocation() < (1 << 20),
          "refused without decoding the page: peak " + allocator.getPeakMemoryAllocation());
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  @Test
  void theBoundIsAtLeastOneByte() {
    try (BufferAllocator allocator = new RootAllocator()) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ReadOptions.builder(allocator).maxPageSize(0));
      assertTrue(e.getMessage().contains("maxPageSize 0"), e.getMessage());
    }
  }
}
