package org.parquetarrow.read.page;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.SchemaElement;

/**
 * Test-only: max definition and repetition levels of every leaf, from the flattened schema (the
 * schema package does this for real). Every OPTIONAL or REPEATED node on the path adds a definition
 * level, every REPEATED one a repetition level; the root counts for neither. Broken schemas (fuzzer
 * files) leave the remaining leaves at 0.
 */
final class LeafLevels {
  private LeafLevels() {}

  /** {@code [leaf][0]} is the max definition level, {@code [leaf][1]} the max repetition level. */
  static int[][] of(List<SchemaElement> schema, int leaves) {
    int[][] out = new int[leaves][2];
    if (schema.isEmpty()) {
      return out;
    }
    Deque<int[]> open = new ArrayDeque<>(); // children left, def, rep
    open.push(new int[] {childCount(schema.get(0)), 0, 0});
    int leaf = 0;
    for (int i = 1; i < schema.size() && leaf < leaves; i++) {
      while (!open.isEmpty() && open.peek()[0] <= 0) {
        open.pop();
      }
      if (open.isEmpty()) {
        break;
      }
      int[] parent = open.peek();
      parent[0]--;
      SchemaElement e = schema.get(i);
      Repetition r = e.repetitionType();
      int def = parent[1] + (r == Repetition.OPTIONAL || r == Repetition.REPEATED ? 1 : 0);
      int rep = parent[2] + (r == Repetition.REPEATED ? 1 : 0);
      if (childCount(e) > 0) {
        open.push(new int[] {childCount(e), def, rep});
      } else {
        out[leaf][0] = def;
        out[leaf][1] = rep;
        leaf++;
      }
    }
    return out;
  }

  private static int childCount(SchemaElement e) {
    return e.numChildren() == null ? 0 : e.numChildren();
  }
}
