package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/**
 * parquet-testing's large_string_map.brotli (CATALOG.md: "reads (heavy)"): MAP&lt;STRING, INT32&gt;,
 * 2 rows, each one entry whose key is 2^30 'a' characters and whose value is 1, in 4 KB of BROTLI
 * pages. Its key dictionary page decompresses to 2^30 + 4 bytes, and both keys together overflow
 * 32-bit offsets, so the reader must accept the page (after seeing the data really decodes to it)
 * and cut batches so that no batch needs more than 2 GiB of key bytes.
 */
class LargeValuesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final int KEY_LENGTH = 1 << 30;

  @Test
  void gigabyteStringsReadWithBatchesCutToFit() {
    Path file = TestData.parquetTesting().resolve("data/large_string_map.brotli.parquet");
    int rows = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()))) {
      for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          MapVector map = (MapVector) batch.getVector(0);
          StructVector entries = (StructVector) map.getDataVector();
          VarCharVector keys = (VarCharVector) entries.getChildrenFromFields().get(0);
          IntVector values = (IntVector) entries.getChildrenFromFields().get(1);
          for (int i = 0; i < batch.getRowCount(); i++, rows++) {
            assertFalse(map.isNull(i));
            assertEquals(1, map.getElementEndIndex(i) - map.getElementStartIndex(i));
            int entry = map.getElementStartIndex(i);
            assertEquals(1, values.get(entry));
            long start = keys.getStartOffset(entry);
            assertEquals(KEY_LENGTH, keys.getEndOffset(entry) - start);
            assertAllA(keys.getDataBuffer(), start, KEY_LENGTH);
          }
        }
      }
    }
    assertEquals(2, rows);
  }

  private static void assertAllA(ArrowBuf data, long start, int length) {
    long aaaa = 0x6161616161616161L;
    for (long i = 0; i + 8 <= length; i += 8) {
      if (data.getLong(start + i) != aaaa) {
        assertTrue(false, "byte " + i + " of the key is not 'a'");
      }
    }
  }
}
