package org.parquetarrow.dataset.prune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.dataset.expr.And;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.Or;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.index.ColumnIndexReader;
import org.parquetarrow.index.OffsetIndexReader;
import org.parquetarrow.selection.RowSelection;

/**
 * The column index of one row group turned into the rows that may match: each leaf term selects
 * the pages of its column it is not false for (through the offset index), {@code and} intersects,
 * {@code or} unites; a term whose column has no page index falls back to the chunk's bounds.
 */
final class PageIndexPruning {
  private final RowGroupContext group;
  private final Function<ColumnRef, ColumnBounds> chunkBounds;
  private final Map<ColumnRef, PageBounds> pages = new LinkedHashMap<>();

  PageIndexPruning(RowGroupContext group, Function<ColumnRef, ColumnBounds> chunkBounds) {
    this.group = group;
    this.chunkBounds = chunkBounds;
  }

  /** The rows of the row group {@code e} may be true for; counts the pages consulted and skipped. */
  RowSelection select(Expression e) {
    RowSelection rows = selection(e);
    for (PageBounds p : pages.values()) {
      if (p != null) {
        group.metrics().pages.add(p.count());
        group.metrics().pagesSkipped.add(p.countUnselected(rows));
      }
    }
    return rows;
  }

  private RowSelection selection(Expression e) {
    if (e instanceof And a) {
      RowSelection r = RowSelection.all(group.numRows());
      for (Expression t : a.terms()) {
        r = r.intersect(selection(t));
      }
      return r;
    }
    if (e instanceof Or o) {
      RowSelection r = RowSelection.none();
      for (Expression t : o.terms()) {
        r = r.union(selection(t));
      }
      return r;
    }
    ColumnRef ref = FilterColumns.leaf(e);
    PageBounds p = ref == null ? null : pages.computeIfAbsent(ref, this::load);
    if (p == null) {
      Truth t = new BoundsEvaluator(chunkBounds).evaluate(e);
      return t == Truth.NEVER ? RowSelection.none() : RowSelection.all(group.numRows());
    }
    RowSelection.Builder b = RowSelection.builder();
    for (int i = 0; i < p.count(); i++) {
      ColumnBounds bounds = p.bounds(i);
      Truth t = new BoundsEvaluator(r -> r.equals(ref) ? bounds : null).evaluate(e);
      if (t != Truth.NEVER) {
        b.add(p.firstRow(i), p.endRow(i));
      }
    }
    return b.build();
  }

  /** The pages of each column consulted, in runs of the same verdict under {@code rows}. */
  List<PlanExplanation.PageRun> runs(RowSelection rows) {
    List<PlanExplanation.PageRun> out = new ArrayList<>();
    for (Map.Entry<ColumnRef, PageBounds> e : pages.entrySet()) {
      PageBounds p = e.getValue();
      if (p == null) {
        continue;
      }
      int start = 0;
      for (int i = 1; i <= p.count(); i++) {
        if (i == p.count() || rows.selects(p.firstRow(i), p.endRow(i)) != rows.selects(p.firstRow(start), p.endRow(start))) {
          out.add(new PlanExplanation.PageRun(e.getKey().dottedPath(), start, i - 1, p.firstRow(start), p.endRow(i - 1),
              rows.selects(p.firstRow(start), p.endRow(start))));
          start = i;
        }
      }
    }
    return out;
  }

  private PageBounds load(ColumnRef ref) {
    FileColumn c = group.columns().get(ref);
    if (c == null || c.statistics() == null) {
      return null;
    }
    ColumnChunk chunk = group.chunk(c);
    if (chunk.columnIndexOffset() == null || chunk.columnIndexLength() == null
        || chunk.offsetIndexOffset() == null || chunk.offsetIndexLength() == null) {
      return null;
    }
    ChunkAccess a = group.access(c);
    if (!a.readable()) {
      return null;
    }
    ErrorLocation at = group.where().withColumn(c.descriptor().dottedPath());
    OffsetIndex offsets = OffsetIndexReader.read(group.file(), chunk, MetadataLimits.DEFAULT, a.decryptor());
    ColumnIndex index = ColumnIndexReader.read(group.file(), chunk, a.decryptor(), at);
    group.metrics().bytesRead.add((long) chunk.offsetIndexLength() + chunk.columnIndexLength());
    return PageBounds.of(index, offsets, group.numRows(), c.statistics(), at);
  }
}
