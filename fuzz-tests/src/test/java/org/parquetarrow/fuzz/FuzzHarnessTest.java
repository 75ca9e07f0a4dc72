package org.parquetarrow.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.OutOfMemoryException;
import org.junit.jupiter.api.Test;
import org.parquetarrow.ParquetException;
import org.parquetarrow.testing.TestData;

/** The harness's rule for memory: a typed error hiding a refused allocation of a tiny input is a finding. */
class FuzzHarnessTest {
  private static final byte[] TINY = new byte[100];

  @Test
  void aTypedErrorAfterARefusedLargeRequestForATinyInputIsAFinding() {
    // what a reader missing a size check does since session 12: ask, be refused, throw a typed error
    AssertionError finding = assertThrows(AssertionError.class, () -> FuzzHarness.withAllocator(TINY, null, a -> {
      try (ArrowBuf b = a.buffer(64L << 20)) {
        throw new AssertionError("a tiny input was given 64 MiB");
      } catch (OutOfMemoryException refused) {
        throw new ParquetException("a batch needs 67108864 bytes, more than the allocator allows", refused);
      }
    }));
    assertTrue(finding.getMessage().contains("refused a request of 67108864 bytes"), finding.getMessage());
    assertTrue(finding.getCause() instanceof ParquetException);
  }

  @Test
  void aTypedErrorWithoutARefusalAndSmallAllocationsPassTheInput() {
    FuzzHarness.withAllocator(TINY, null, a -> {
      try (ArrowBuf b = a.buffer(1L << 20)) {
        throw new ParquetException("corrupt page");
      }
    });
  }

  @Test
  void theLimitGrowsWithTheInputAndWhatItsFooterDeclaresUpTo256MiB() throws Exception {
    assertEquals((16L << 20) + 64 * 100, FuzzHarness.memoryLimit(100, 0));
    assertEquals(100L << 20, FuzzHarness.memoryLimit(100, 100L << 20));
    assertEquals(256L << 20, FuzzHarness.memoryLimit(10L << 20, 0));
    assertEquals(256L << 20, FuzzHarness.memoryLimit(100, Long.MAX_VALUE));
    assertEquals(0, FuzzHarness.declaredBytes(TINY, null), "no footer, nothing declared");
    // a real file's footer declares at least its pages' uncompressed bytes (alltypes_plain: 1 row
    // group; its chunks' total_uncompressed_size add up to more than 0)
    byte[] file = Files.readAllBytes(TestData.parquetTesting().resolve("data/alltypes_plain.parquet"));
    long declared = FuzzHarness.declaredBytes(file, null);
    assertTrue(declared > file.length, declared + " for a file of " + file.length);
  }
}
