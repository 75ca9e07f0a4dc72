package org.parquetarrow.dataset.prune;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.parquetarrow.dataset.expr.And;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.InList;
import org.parquetarrow.dataset.expr.Or;
import org.parquetarrow.format.ColumnChunk;

/** The bloom filters of one row group, read on first use, ruling out {@code =} and {@code in} terms. */
final class BloomPruning implements RowGroupRule {
  private final RowGroupContext group;
  private final Map<ColumnRef, BloomFilterProbe> probes = new HashMap<>();
  /** The terms the bloom filters ruled out, as SQL. */
  private final List<String> hits = new ArrayList<>();

  BloomPruning(RowGroupContext group) {
    this.group = group;
  }

  /** Whether bloom filters prove no row matches {@code e}. */
  @Override
  public boolean ruledOut(Expression e) {
    if (e instanceof And a) {
      return a.terms().stream().anyMatch(this::ruledOut);
    }
    if (e instanceof Or o) {
      return o.terms().stream().allMatch(this::ruledOut);
    }
    if (e instanceof Comparison c && c.op() == CompareOp.EQ) {
      BloomFilterProbe p = probe(c.column());
      boolean out = p != null && !p.mightContain(c.value().value());
      if (out) {
        hits.add(c.toSql());
      }
      return out;
    }
    if (e instanceof InList in && !in.negated()) {
      BloomFilterProbe p = probe(in.column());
      if (p == null) {
        return false;
      }
      p.prepare(in.values().stream().map(v -> v.value()).toList());
      boolean out = in.values().stream().noneMatch(v -> p.mightContain(v.value()));
      if (out) {
        hits.add(in.toSql());
      }
      return out;
    }
    return false;
  }

  @Override
  public String evidence() {
    return "the bloom filter holds no value of " + String.join(", ", hits);
  }

  private BloomFilterProbe probe(ColumnRef ref) {
    FileColumn c = group.columns().get(ref);
    if (c == null || c.descriptor() == null) {
      return null;
    }
    // The literal is bound to the dataset's type; its value is the file's only if the types
    // agree (any integer width agrees: the value is the same number).
    ArrowType datasetType = group.datasetType(ref);
    boolean sameValue = datasetType.equals(c.fileType())
        || datasetType instanceof ArrowType.Int && c.fileType() instanceof ArrowType.Int;
    if (!sameValue) {
      return null;
    }
    return probes.computeIfAbsent(ref, r -> {
      ColumnChunk chunk = group.chunk(c);
      ChunkAccess a = chunk.metaData() == null ? ChunkAccess.NO_KEY : group.access(c);
      if (!a.readable()) {
        return null;
      }
      return BloomFilterProbe.read(group.file(), chunk.metaData(), c.descriptor().node(), a, group.metrics().bytesRead::add);
    });
  }
}
