package org.parquetarrow.dataset.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.dataset.prune.FilePruner;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.dataset.prune.RowGroupScan;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.schema.ArrowSchemaConverter;
import org.parquetarrow.schema.SchemaMapping;
import org.parquetarrow.testing.Golden;
import org.parquetarrow.testing.Goldens;

/**
 * One corpus file with its golden rows (Arrow C++'s decoding), for checking pruning against the
 * data: {@link #prune} runs the pruner and asserts soundness — every row the filter is true for
 * (by {@link RowFilter} over the golden rows) lies in a kept row group and a selected row.
 */
public final class CorpusPruning {
  public final Path path;
  public final FileMetaData metadata;
  public final SchemaMapping mapping;
  /** Golden column values, by top-level column name, one entry per row of the file. */
  private final Map<String, List<Object>> columns = new HashMap<>();
  private final List<FieldVector> keep = new ArrayList<>();
  public final long rows;

  public CorpusPruning(Path path, BufferAllocator allocator) {
    this.path = path;
    try (LocalInputFile in = LocalInputFile.open(path)) {
      metadata = ParquetFooter.read(in).metadata();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    mapping = ArrowSchemaConverter.toArrow(metadata);
    Golden golden = Goldens.of(path);
    assertTrue(golden.read(), "Arrow C++ read " + path);
    long n = 0;
    try (ArrowFileReader r = golden.open(allocator)) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        for (Field f : root.getSchema().getFields()) {
          collect(f.getName(), root.getVector(f.getName()), root.getRowCount());
        }
        n += root.getRowCount();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    rows = n;
  }

  private void collect(String name, FieldVector v, int count) {
    if (v instanceof org.apache.arrow.vector.complex.StructVector s) {
      for (FieldVector child : s.getChildrenFromFields()) {
        collect(name + "." + child.getName(), child, count);
      }
      return;
    }
    List<Object> values = columns.computeIfAbsent(name, k -> new ArrayList<>());
    for (int i = 0; i < count; i++) {
      try {
        values.add(RowFilter.value(v, i));
      } catch (IllegalArgumentException unsupported) {
        values.add(unsupported);
      }
    }
  }

  /** Golden values of a (dotted) column, one per row. */
  public List<Object> column(String dotted) {
    return columns.get(dotted);
  }

  /** Names of columns the oracle can evaluate. */
  public List<String> evaluableColumns() {
    List<String> out = new ArrayList<>();
    columns.forEach((k, v) -> {
      if (v.stream().noneMatch(x -> x instanceof IllegalArgumentException)) {
        out.add(k);
      }
    });
    out.sort(null);
    return out;
  }

  /** The outcome of pruning one filter. */
  public record Outcome(List<RowGroupScan> scans, PruningMetrics metrics, Set<Long> matchingRows) {
    /** Indexes of the kept row groups. */
    public List<Integer> keptRowGroups() {
      return scans.stream().map(RowGroupScan::rowGroup).toList();
    }
  }

  public Outcome prune(String filter) {
    return prune(ExpressionParser.parse(filter), PruningOptions.ALL);
  }

  public Outcome prune(Expression filter, PruningOptions options) {
    PruningMetrics metrics = new PruningMetrics();
    FilePruner pruner = new FilePruner(filter, mapping.arrowSchema(), options, metrics);
    List<RowGroupScan> scans;
    try (LocalInputFile in = LocalInputFile.open(path)) {
      scans = pruner.prune(in, metadata, mapping, Map.of());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Expression bound = ExpressionBinder.bind(filter, mapping.arrowSchema());
    Set<Long> matching = new LinkedHashSet<>();
    for (long r = 0; r < rows; r++) {
      final int row = (int) r;
      if (RowFilter.matches(bound, ref -> columns.get(ref.dottedPath()).get(row))) {
        matching.add(r);
      }
    }
    long start = 0;
    int rg = 0;
    for (long r : matching) {
      while (r >= start + metadata.rowGroups().get(rg).numRows()) {
        start += metadata.rowGroups().get(rg).numRows();
        rg++;
      }
      int group = rg;
      long within = r - start;
      RowGroupScan scan = scans.stream().filter(s -> s.rowGroup() == group).findFirst().orElse(null);
      assertTrue(scan != null, path.getFileName() + ": '" + filter.toSql() + "' pruned row group " + group + " holding matching row " + r);
      assertTrue(scan.rows().contains(within),
          path.getFileName() + ": '" + filter.toSql() + "' skipped matching row " + within + " of row group " + group + " " + scan.rows());
    }
    return new Outcome(scans, metrics, matching);
  }
}
