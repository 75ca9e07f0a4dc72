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

  /**
   * This plan's rows cut into consecutive windows, each a plan of its own, for decoding windows in
   * parallel. Each window holds {@code windowRows} of the rows this plan reads (a multiple of the
   * batch size, so that a reader of each window cuts the same batches as one reader of the whole
   * plan), except that a window never ends inside a row group lacking an offset index on one of
   * its chunks (a reader starting there would have to decode the rows before it to find its
   * first page): it then runs on to the first batch boundary past that row group's end. The last
   * window holds what is left.
   */
  List<RowPlan> windows(FileMetaData metadata, long windowRows, int batchSize) {
    List<Integer> groups = new ArrayList<>();
    List<RowSelection> chosen = new ArrayList<>();
    List<Long> starts = new ArrayList<>();
    long total = 0;
    for (int g : rowGroups) {
      RowSelection s = selection(g, Math.max(0, metadata.rowGroups().get(g).numRows()));
      if (s.isEmpty()) {
        continue;
      }
      groups.add(g);
      chosen.add(s);
      starts.add(total);
      total += s.rowCount();
    }
    List<RowPlan> windows = new ArrayList<>();
    int first = 0; // the first group overlapping the current window
    for (long start = 0; start < total; ) {
      long end = Math.min(total, start + windowRows);
      for (int i = first; i < groups.size() && end < total; i++) {
        long groupStart = starts.get(i);
        long groupEnd = groupStart + chosen.get(i).rowCount();
        if (groupStart >= end) {
          break;
        }
        if (end < groupEnd && groupStart < end && !hasOffsetIndexes(metadata, groups.get(i))) {
          end = Math.min(total, ceilTo(groupEnd, batchSize));
        }
      }
      List<Integer> inWindow = new ArrayList<>();
      Map<Integer, RowSelection> parts = new HashMap<>();
      for (int i = first; i < groups.size() && starts.get(i) < end; i++) {
        long groupStart = starts.get(i);
        long from = Math.max(start, groupStart) - groupStart;
        long to = Math.min(end, groupStart + chosen.get(i).rowCount()) - groupStart;
        if (from < to) {
          inWindow.add(groups.get(i));
          parts.put(groups.get(i), slice(chosen.get(i), from, to));
        }
      }
      windows.add(new RowPlan(inWindow.stream().mapToInt(Integer::intValue).toArray(), parts));
      while (first < groups.size() && starts.get(first) + chosen.get(first).rowCount() <= end) {
        first++;
      }
      start = end;
    }
    return windows;
  }

  /**
   * The rows of {@code windows} (consecutive-or-later windows of one plan, in plan order) as one
   * plan: what one decoding thread reads when it takes every t-th window, so that its reader
   * carries on from one window to its next (dictionaries kept, the pages between skipped through
   * the offset index) instead of opening the row group again.
   */
  static RowPlan joined(FileMetaData metadata, List<RowPlan> windows) {
    List<Integer> groups = new ArrayList<>();
    Map<Integer, RowSelection> parts = new HashMap<>();
    for (RowPlan w : windows) {
      for (int g : w.rowGroups) {
        RowSelection rows = w.selection(g, Math.max(0, metadata.rowGroups().get(g).numRows()));
        RowSelection before = parts.get(g);
        if (before == null) {
          groups.add(g);
          parts.put(g, rows);
        } else {
          parts.put(g, before.union(rows));
        }
      }
    }
    return new RowPlan(groups.stream().mapToInt(Integer::intValue).toArray(), parts);
  }

  /** How many rows this plan reads in a file of {@code metadata}. */
  long rowCount(FileMetaData metadata) {
    long n = 0;
    for (int g : rowGroups) {
      n += selection(g, Math.max(0, metadata.rowGroups().get(g).numRows())).rowCount();
    }
    return n;
  }

  private static long ceilTo(long rows, long multiple) {
    return (rows + multiple - 1) / multiple * multiple;
  }

  /** Whether every column chunk of row group {@code g} has an offset index to find pages by row. */
  private static boolean hasOffsetIndexes(FileMetaData metadata, int g) {
    var columns = metadata.rowGroups().get(g).columns();
    if (columns == null) {
      return false;
    }
    for (var chunk : columns) {
      if (chunk.offsetIndexOffset() == null || chunk.offsetIndexLength() == null) {
        return false;
      }
    }
    return true;
  }

  /** The selected rows of {@code s} from its {@code from}-th to before its {@code to}-th. */
  private static RowSelection slice(RowSelection s, long from, long to) {
    RowSelection.Builder out = RowSelection.builder();
    long seen = 0;
    for (int i = 0; i < s.rangeCount() && seen < to; i++) {
      long length = s.rangeEnd(i) - s.rangeStart(i);
      long a = Math.max(from, seen);
      long b = Math.min(to, seen + length);
      if (a < b) {
        out.add(s.rangeStart(i) + (a - seen), s.rangeStart(i) + (b - seen));
      }
      seen += length;
    }
    return out.build();
  }
}
