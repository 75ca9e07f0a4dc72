package org.parquetarrow.flight;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.format.RowGroup;

/**
 * Splits of a large file into ranges of consecutive row groups, so clients can read one file in
 * parallel. A range is read with the file reader alone, so it is offered only where that gives
 * exactly the dataset scan's batches: no filter (the caller checks), and only file columns, named
 * at the top level (partition columns and nested paths are the scan's to fill in).
 */
final class RowGroupRanges {
  private RowGroupRanges() {}

  /** Whether {@code query}'s splits may be row-group ranges, given the scan's projected schema. */
  static boolean servable(ServedDataset served, FlightQuery query, Schema projected) {
    Dataset ds = served.dataset();
    if (!served.splittable() || query.filter() != null) {
      return false;
    }
    List<Field> picked = new ArrayList<>();
    List<Field> partitions = ds.partitionSchema().getFields();
    if (query.columns() == null) {
      if (!partitions.isEmpty()) {
        return false;
      }
      picked.addAll(ds.schema().getFields());
    } else {
      for (String c : query.columns()) {
        Field f = top(ds.schema(), c);
        if (f == null || partitions.contains(f)) {
          return false;
        }
        picked.add(f);
      }
    }
    return picked.equals(projected.getFields());
  }

  private static Field top(Schema schema, String name) {
    for (Field f : schema.getFields()) {
      if (f.getName().equals(name)) {
        return f;
      }
    }
    return null;
  }

  /**
   * Ranges {@code [first, end)} of consecutive row groups of about {@code splitRows} rows each;
   * empty when the file is small enough, or has one row group, to stay one split.
   */
  static List<int[]> split(List<RowGroup> groups, long splitRows) {
    long total = 0;
    for (RowGroup g : groups) {
      total += g.numRows();
    }
    List<int[]> out = new ArrayList<>();
    if (groups.size() < 2 || total <= splitRows) {
      return out;
    }
    int first = 0;
    long rows = 0;
    for (int i = 0; i < groups.size(); i++) {
      rows += groups.get(i).numRows();
      if (rows >= splitRows || i == groups.size() - 1) {
        out.add(new int[] {first, i + 1});
        first = i + 1;
        rows = 0;
      }
    }
    return out;
  }
}
