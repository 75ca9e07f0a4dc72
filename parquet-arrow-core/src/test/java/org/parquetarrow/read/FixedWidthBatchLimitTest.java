package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.parquetarrow.ParquetException;
import org.parquetarrow.testing.TestData;

/**
 * A fixed-width batch larger than the caller's allocator allows ends in a typed error naming the
 * column, not Arrow's unchecked OutOfMemoryException (found by the encrypted-footer fuzz target:
 * a FIXED_LEN_BYTE_ARRAY whose type_length made a 1,024-row batch ask for 1.2 TB).
 */
class FixedWidthBatchLimitTest {
  /** parquet-testing: one optional FIXED_LEN_BYTE_ARRAY(4) column "flba_field", 1,000 rows. */
  private static final Path FLBA = TestData.parquetTesting().resolve("data/fixed_length_byte_array.parquet");

  @Test
  void aBatchOverTheAllocatorsLimitIsATypedErrorNamingTheColumn() {
    // 1,000 rows x 4 bytes = 4,000 bytes of values against a limit of 2,048
    try (BufferAllocator allocator = new RootAllocator(2_048)) {
      ReadOptions options = ReadOptions.builder(allocator).batchSize(1_000).build();
      try (ParquetFileReader reader = ParquetFileReader.open(FLBA, options)) {
        ParquetException e = assertThrows(ParquetException.class, reader::readNextBatch);
        assertTrue(e.getMessage().contains("a batch of 1000 values of 4 bytes needs 4000 bytes, more than the allocator allows"),
            e.getMessage());
        assertTrue(e.getMessage().contains("flba_field"), e.getMessage());
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  @Test
  void theSameReadWithinTheLimitReadsEveryRow() {
    try (BufferAllocator allocator = new RootAllocator(1 << 20)) {
      ReadOptions options = ReadOptions.builder(allocator).batchSize(1_000).build();
      try (ParquetFileReader reader = ParquetFileReader.open(FLBA, options)) {
        try (VectorSchemaRoot batch = reader.readNextBatch()) {
          assertEquals(1_000, batch.getRowCount());
          assertEquals(105, batch.getVector("flba_field").getNullCount());
        }
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }
}
