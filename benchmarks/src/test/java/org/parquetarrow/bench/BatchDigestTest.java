package org.parquetarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.testing.LeakCheckingAllocator;

/** The checksum sees values and nulls, ignores null-slot bytes and batch boundaries. */
class BatchDigestTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final Long[] N = {10L, 20L, null, 40L, 50L};
  private static final String[] S = {"a", null, "ccc", "dddddddddd", ""};

  private long digest(long garbage, int... cuts) {
    return digest(N, S, garbage, cuts);
  }

  /** Columns n and s cut into batches at {@code cuts}; null slots of n hold {@code garbage}. */
  private long digest(Long[] numbers, String[] strings, long garbage, int... cuts) {
    BatchDigest digest = new BatchDigest();
    BufferAllocator a = memory.allocator();
    for (int k = 0; k + 1 < cuts.length; k++) {
      try (BigIntVector n = new BigIntVector("n", a); VarCharVector s = new VarCharVector("s", a)) {
        int rows = cuts[k + 1] - cuts[k];
        n.allocateNew(rows);
        s.allocateNew(rows);
        for (int i = 0; i < rows; i++) {
          Long v = numbers[cuts[k] + i];
          if (v != null) {
            n.set(i, v);
          } else {
            n.set(i, garbage); // bytes in a null slot
            n.setNull(i);
          }
          String t = strings[cuts[k] + i];
          if (t != null) {
            s.setSafe(i, t.getBytes(StandardCharsets.UTF_8));
          }
        }
        n.setValueCount(rows);
        s.setValueCount(rows);
        digest.add(new VectorSchemaRoot(List.<FieldVector>of(n, s)));
      }
    }
    assertEquals(5, digest.rows());
    return digest.checksum();
  }

  @Test
  void sameValuesSameChecksumWhateverTheBatchesAndNullSlotBytes() {
    long whole = digest(0, 0, 5);
    assertEquals(whole, digest(12345, 0, 2, 3, 5));
    assertEquals(whole, digest(-1, 0, 1, 2, 3, 4, 5));
  }

  @Test
  void aChangedValueOrNullChangesTheChecksum() {
    long before = digest(0, 0, 5);
    assertNotEquals(before, digest(new Long[] {10L, 20L, null, 41L, 50L}, S, 0, 0, 5));
    assertNotEquals(before, digest(new Long[] {null, 20L, null, 40L, 50L}, S, 0, 0, 5));
    assertNotEquals(before, digest(N, new String[] {"a", null, "ccc", "ddddddddde", ""}, 0, 0, 5));
    assertNotEquals(before, digest(N, new String[] {"a", "", "ccc", "dddddddddd", ""}, 0, 0, 5));
  }
}
