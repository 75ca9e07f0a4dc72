package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Row selection by runs against Arrow's own per-value accessors on the source: random bitmaps
 * (single rows, long runs, nothing, everything) over vectors with and without nulls.
 */
class RowSelectorTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();

  @Test
  void selectedRowsAreTheSourceRowsInOrder() {
    Random r = new Random(77);
    for (int round = 0; round < 60; round++) {
      int rows = 1 + r.nextInt(700);
      boolean nulls = round % 2 == 0;
      long[] bits = new long[(rows + 63) >>> 6];
      int density = r.nextInt(4);
      int count = 0;
      for (int i = 0; i < rows; i++) {
        boolean pick = switch (density) {
          case 0 -> r.nextInt(10) == 0;
          case 1 -> (i / 37) % 2 == 0;
          case 2 -> r.nextInt(10) != 0;
          default -> round % 7 == 0 || r.nextBoolean();
        };
        if (pick) {
          bits[i >>> 6] |= 1L << i;
          count++;
        }
      }
      try (VarCharVector s = new VarCharVector("s", allocator.allocator());
          LargeVarCharVector ls = new LargeVarCharVector("ls", allocator.allocator());
          VarBinaryVector b = new VarBinaryVector("b", allocator.allocator());
          BigIntVector l = new BigIntVector("l", allocator.allocator())) {
        for (int i = 0; i < rows; i++) {
          if (nulls && r.nextInt(5) == 0) {
            s.setNull(i);
            ls.setNull(i);
            b.setNull(i);
            l.setNull(i);
            continue;
          }
          byte[] v = ("v" + "x".repeat(r.nextInt(20)) + i).getBytes(StandardCharsets.UTF_8);
          s.setSafe(i, v);
          ls.setSafe(i, v);
          b.setSafe(i, new byte[r.nextInt(3)]);
          l.setSafe(i, r.nextLong());
        }
        for (FieldVector v : List.<FieldVector>of(s, ls, b, l)) {
          v.setValueCount(rows);
          List<Object> expected = new ArrayList<>();
          for (int i = 0; i < rows; i++) {
            if ((bits[i >>> 6] >>> i & 1) != 0) {
              Object o = v.getObject(i);
              expected.add(o instanceof byte[] bytes ? new String(bytes, StandardCharsets.ISO_8859_1) : o == null ? null : o.toString());
            }
          }
          try (FieldVector out = RowSelector.select(v, bits, rows, count, allocator.allocator())) {
            assertEquals(count, out.getValueCount());
            List<Object> actual = new ArrayList<>();
            for (int i = 0; i < count; i++) {
              Object o = out.getObject(i);
              actual.add(o instanceof byte[] bytes ? new String(bytes, StandardCharsets.ISO_8859_1) : o == null ? null : o.toString());
            }
            assertEquals(expected, actual, v.getName() + " round " + round);
            assertEquals(expected.stream().filter(o -> o == null).count(), out.getNullCount());
          }
        }
      }
    }
  }
}
