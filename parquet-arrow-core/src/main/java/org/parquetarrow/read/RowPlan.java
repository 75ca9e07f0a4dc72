package org.parquetarrow.read;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.selection.RowSelection;

/**
 * The row groups a reader reads, in order, and the rows of each: from {@link ReadOptions}'s row
 * groups and per-row-group selections, or from its file-wide selection cut at the row groups'
 * boundaries (row groups holding no selected row left out, so they are never fetched).
 */
final class RowPlan {
  private final int[] rowGroups;
  /** Selections by row group, rows counted from the group's first row; absent means all rows. */
  private final Map<Integer, RowSelection> selections;

  private RowPlan(int[] rowGroups, Map<Integer, RowSelection> selections) {
    this.rowGroups = rowGroups;
    this.selections = selections;
  }

  /**
   * The plan {@code options} ask for in a file of {@code metadata}.
   *
   * @throws IllegalArgumentException for a row group the file lacks, or a file-wide selection past
   *     the file's last row
   */
  static RowPlan of(FileMetaData metadata, ReadOptions options) {
    int count = metadata.rowGroups().size();
    RowSelection fileRows = options.rowSelection();
    if (fileRows != null) {
      return cut(metadata, fileRows);
    }
    int[] chosen = options.rowGroups();
    if (chosen == null) {
      chosen = new int[count];
      for (int i = 0; i < count; i++) {
        chosen[i] = i;
      }
    }
    Map<Integer, RowSelection> selections = new HashMap<>();
    for (int g : chosen) {
      if (g >= count) {
        throw new IllegalArgumentException("row group " + g + " does not exist; the file has " + count);
      }
      RowSelection s = options.rowSelection(g);
      if (s != null) {
        selections.put(g, s);
      }
    }
    return new RowPlan(chosen, selections);
  }

  private static RowPlan cut(FileMetaData metadata, RowSelection fileRows) {
    long total = 0;
    for (var group : metadata.rowGroups()) {
      total += Math.max(0, group.numRows());
    }
    if (!fileRows.isEmpty() && fileRows.rangeEnd(fileRows.rangeCount() - 1) > total) {
      throw new IllegalArgumentException("the row selection reaches row "
          + (fileRows.rangeEnd(fileRows.rangeCount() - 1) - 1) + " but the file has " + total
          + " rows (0 to " + (total - 1) + ")");
    }
    List<Integer> groups = new ArrayList<>();
    Map<Integer, RowSelection> selections = new HashMap<>();
    long first = 0;
    for (int g = 0; g < metadata.rowGroups().size(); g++) {
      long rows = Math.max(0, metadata.rowGroups().get(g).numRows());
      RowSelection inGroup = fileRows.intersect(RowSelection.range(first, first + rows));
      if (!inGroup.isEmpty()) {
        groups.add(g);
        selections.put(g, inGroup.shiftDown(first));
      }
      first += rows;
    }
    return new RowPlan(groups.stream().mapToInt(Integer::intValue).toArray(), selections);
  }

  /** The row groups to read, in order. */
  int[] rowGroups() {
    return rowGroups;
  }

  /** The rows to read of row group {@code g} of {@code rows} rows. */
  RowSelection selection(int g, long rows) {
    RowSelection chosen = selections.get(g);
    RowSelection all = RowSelection.all(rows);
    return chosen == null ? all : chosen.intersect(all);
  }
}
