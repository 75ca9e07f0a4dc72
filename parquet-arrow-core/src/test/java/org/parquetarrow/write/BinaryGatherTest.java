package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.util.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.schema.PrimitiveNode;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Strings gathered out of a 32-bit-offset vector in any order of indices: rising ones in one pass
 * (only the first and last index range checked up front, each other one against its neighbours
 * as it is met), and orders that do not rise, including an index past the last one, the long way.
 * The expected strings are the ones the test put at those indices.
 */
class BinaryGatherTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void everyOrderOfIndicesGathersTheStringsItNames() {
    try (VarCharVector v = strings(40)) {
      int[][] orders = {
          {0, 1, 2, 3, 39},        // rising (one pass)
          {3, 3, 7, 7, 8},         // rising with repeats (one pass)
          {0, 9, 4, 12, 20},       // first below last, one falls back in the middle
          {1, 30, 5, 25, 10},      // one past the last in the middle
          {39, 20, 5, 0},          // falling
          {17},                    // one
      };
      for (int[] idx : orders) {
        BinaryValues values = new BinaryValues(PrimitiveNode.of("s", Repetition.OPTIONAL, PhysicalType.BYTE_ARRAY),
            new ArrowType.Utf8(), false);
        values.gather(v, idx, idx.length);
        for (int i = 0; i < idx.length; i++) {
          String got = new String(values.data, values.offsets[i], values.offsets[i + 1] - values.offsets[i],
              StandardCharsets.UTF_8);
          assertEquals(value(idx[i]), got, Arrays.toString(idx) + " at " + i);
        }
      }
    }
  }

  /**
   * An index in the middle past the vector's offsets, with the first and the last inside: the
   * one-pass gather must stop at it without reading there, and the two-pass one refuse it.
   */
  @Test
  void anIndexPastTheOffsetsIsRefusedEvenBetweenGoodOnes() {
    try (VarCharVector v = strings(10)) {
      for (int[] idx : new int[][] {{0, 1_000_000, 9}, {2, 5, Integer.MAX_VALUE, 9}, {0, -3, 9}, {-1, 4}}) {
        BinaryValues values = new BinaryValues(PrimitiveNode.of("s", Repetition.OPTIONAL, PhysicalType.BYTE_ARRAY),
            new ArrowType.Utf8(), false);
        assertThrows(IndexOutOfBoundsException.class, () -> values.gather(v, idx, idx.length), Arrays.toString(idx));
      }
    }
  }

  private VarCharVector strings(int n) {
    VarCharVector v = new VarCharVector("s", memory.allocator());
    v.allocateNew();
    for (int i = 0; i < n; i++) {
      v.setSafe(i, new Text(value(i)));
    }
    v.setValueCount(n);
    return v;
  }

  private static String value(int i) {
    return "v" + i + "-" + "z".repeat(i % 7);
  }
}
