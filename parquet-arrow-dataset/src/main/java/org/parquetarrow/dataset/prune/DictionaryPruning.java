package org.parquetarrow.dataset.prune;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.parquetarrow.dataset.expr.And;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.NullCheck;
import org.parquetarrow.dataset.expr.Or;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.WriterVersion;

/**
 * The dictionaries of one row group, read on first use, ruling out terms no dictionary value
 * satisfies (only for chunks whose every data page is dictionary-encoded, see {@link
 * DictionaryValues}).
 */
final class DictionaryPruning implements RowGroupRule {
  private final RowGroupContext group;
  private final Map<ColumnRef, Optional<List<Object>>> values = new HashMap<>();
  /** What each dictionary that ruled a term out lacked. */
  private final List<String> hits = new ArrayList<>();

  DictionaryPruning(RowGroupContext group) {
    this.group = group;
  }

  /** Whether no dictionary value satisfies {@code e}, so no row can. */
  @Override
  public boolean ruledOut(Expression e) {
    ColumnRef only = FilterColumns.singleValueColumn(e);
    if (only != null && !(e instanceof NullCheck)) {
      // The whole subtree is about one column: test it on each dictionary value at once, so
      // that "x like '1%' and x != '1'" sees that no single value satisfies both.
      return noValueSatisfies(only, e);
    }
    if (e instanceof And a) {
      return a.terms().stream().anyMatch(this::ruledOut);
    }
    if (e instanceof Or o) {
      return o.terms().stream().allMatch(this::ruledOut);
    }
    if (e instanceof NullCheck) {
      return false; // nulls are not in the dictionary
    }
    ColumnRef ref = FilterColumns.valueLeaf(e);
    return ref != null && noValueSatisfies(ref, e);
  }

  @Override
  public String evidence() {
    return String.join("; ", hits);
  }

  private boolean noValueSatisfies(ColumnRef ref, Expression e) {
    List<Object> dict = dictionary(ref);
    if (dict == null) {
      return false;
    }
    ValueDomain domain = ValueDomain.of(group.datasetType(ref));
    for (Object v : dict) {
      if (v == null) {
        return false; // a value without bounds (NaN) might match
      }
      ColumnBounds one = ColumnBounds.constant(domain, v, 1);
      if (new BoundsEvaluator(r -> r.equals(ref) ? one : null).evaluate(e) != Truth.NEVER) {
        return false;
      }
    }
    hits.add("no value of the dictionary of " + ref.dottedPath() + " (" + dict.size() + " values) satisfies " + e.toSql());
    return true;
  }

  private List<Object> dictionary(ColumnRef ref) {
    FileColumn c = group.columns().get(ref);
    if (c == null || c.descriptor() == null || c.statistics() == null) {
      return null;
    }
    return values.computeIfAbsent(ref, r -> {
      long[] read = new long[1];
      ColumnChunk chunk = group.chunk(c);
      ChunkAccess a = group.access(c);
      if (!a.readable()) {
        return Optional.empty();
      }
      List<Object> dict = DictionaryValues.read(group.file(), chunk, c.descriptor(), c.decoder(),
          WriterVersion.parse(group.metadata().createdBy()), group.where().withColumn(c.descriptor().dottedPath()), a, read);
      group.metrics().bytesRead.add(read[0]);
      return Optional.ofNullable(dict);
    }).orElse(null);
  }
}
