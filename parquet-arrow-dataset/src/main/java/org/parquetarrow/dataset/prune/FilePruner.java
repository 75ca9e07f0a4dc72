package org.parquetarrow.dataset.prune;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.crypto.FileDecryptor;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.dataset.expr.Literal;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.schema.SchemaMapping;
import org.parquetarrow.selection.RowSelection;

/**
 * Prunes one filter over the files of a dataset: whole files by their hive partition values, row
 * groups by statistics and bloom filters, and rows within row groups by the column index (as a
 * {@link RowSelection} through the offset index). Every decision is sound: a skipped partition,
 * row group or page holds no row the filter is true for. Every step is counted in {@link
 * PruningMetrics}. This class drives the steps per file and row group and records each verdict;
 * each step is its own class ({@link StatisticsPruning}, {@link BloomPruning}, {@link
 * DictionaryPruning}, {@link PageIndexPruning}).
 *
 * <pre>{@code
 * FilePruner pruner = new FilePruner(ExpressionParser.parse("x > 5"), datasetSchema, PruningOptions.ALL, metrics);
 * if (pruner.partitionMayMatch(Map.of("year", 2024L))) {
 *   List<RowGroupScan> scans = pruner.prune(file, footer.metadata(), ArrowSchemaConverter.toArrow(footer.metadata()), Map.of("year", 2024L));
 * }
 * }</pre>
 */
public final class FilePruner {
  private final Expression filter;
  private final Schema schema;
  private final PruningOptions options;
  private final PruningMetrics metrics;
  private final Set<ColumnRef> columns;
  private final StatisticsPruning statistics;
  /** Where each decision is explained, or {@code null} when nobody asked. */
  private final PlanRecorder recorder;

  /**
   * @param filter the filter, bound or not (it is bound to {@code datasetSchema} here), or {@code null} to read everything
   * @param datasetSchema the dataset's schema, partition columns included
   * @throws org.parquetarrow.dataset.expr.ExpressionBindException if the filter does not fit it
   */
  public FilePruner(Expression filter, Schema datasetSchema, PruningOptions options, PruningMetrics metrics) {
    this(filter, datasetSchema, options, metrics, null);
  }

  /**
   * A pruner that also records every decision, with its reason and evidence, in {@code recorder}
   * ({@code null}: none).
   */
  public FilePruner(Expression filter, Schema datasetSchema, PruningOptions options, PruningMetrics metrics,
      PlanRecorder recorder) {
    this.recorder = recorder;
    this.schema = datasetSchema;
    // No filter: nothing to prune, every row group read whole.
    this.filter = filter == null ? null : NegationPushdown.apply(ExpressionBinder.bind(filter, datasetSchema));
    this.options = options;
    this.metrics = metrics;
    this.columns = this.filter == null ? Set.of() : FilterColumns.of(this.filter);
    this.statistics = new StatisticsPruning(datasetSchema, columns, options);
  }

  /**
   * Whether a file with these hive partition values may hold matching rows; counts the file, and
   * counts it pruned when not.
   *
   * @param partitionValues top-level partition column name to its value, canonical for the
   *     column's type in the dataset schema as {@link Literal} describes, or {@code null} for a
   *     null partition
   */
  public boolean partitionMayMatch(Map<String, Object> partitionValues) {
    metrics.files.increment();
    if (filter == null) {
      return true;
    }
    Truth t = new BoundsEvaluator(ref -> statistics.partition(ref, partitionValues, 1)).evaluate(filter);
    if (t == Truth.NEVER) {
      metrics.filesPruned.increment();
      if (recorder != null) {
        StringBuilder values = new StringBuilder();
        partitionValues.forEach((k, v) -> values.append(values.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        recorder.partitionPruned("the filter is false for " + values);
      }
      return false;
    }
    return true;
  }

  /**
   * What the filter is for every row of a file with these partition values, judged by them alone
   * (no count, no record): {@link Truth#ALWAYS} or {@link Truth#NEVER} when they decide it,
   * {@link Truth#MAYBE} when it depends on data columns or cannot be decided. A caller that
   * evaluates no filter on the rows itself can leave out the NEVER files and be exact when every
   * file is decided.
   *
   * <pre>{@code
   * boolean exact = files.stream().allMatch(f -> pruner.partitionTruth(f.partitionValues()) != Truth.MAYBE);
   * }</pre>
   */
  public Truth partitionTruth(Map<String, Object> partitionValues) {
    if (filter == null) {
      return Truth.ALWAYS;
    }
    return new BoundsEvaluator(ref -> statistics.partition(ref, partitionValues, 1)).evaluate(filter);
  }

  /**
   * The row groups of one file that may hold matching rows, each with the rows the column index
   * could not rule out.
   *
   * @param file the file, for reading bloom filters and page indexes
   * @param metadata its footer
   * @param mapping its Arrow schema mapping
   * @param partitionValues as for {@link #partitionMayMatch}
   * @throws CorruptFileException if a bloom filter or page index is corrupt
   */
  public List<RowGroupScan> prune(
      InputFile file, FileMetaData metadata, SchemaMapping mapping, Map<String, Object> partitionValues) {
    return prune(file, metadata, mapping, partitionValues, null);
  }

  /**
   * As {@link #prune(InputFile, FileMetaData, SchemaMapping, Map)}, for a file opened with keys:
   * encrypted chunks whose key {@code decryptor} knows are pruned by their statistics (from
   * {@code metadata}, which must have their column metadata decrypted, see {@link
   * FileDecryptor#decryptColumnMetaData}), column and offset index, bloom filter and dictionary,
   * each module decrypted with the column's key; encrypted chunks without a key are not pruned.
   *
   * @param decryptor the file's decryption state ({@link org.parquetarrow.metadata.ParquetFooter#decryptor()}),
   *     {@code null} for a plaintext file or one read without keys
   * @throws org.parquetarrow.ParquetCryptoException if a module of a chunk with a known key does
   *     not authenticate
   */
  public List<RowGroupScan> prune(InputFile file, FileMetaData metadata, SchemaMapping mapping,
      Map<String, Object> partitionValues, FileDecryptor decryptor) {
    return prune(file, metadata, mapping, partitionValues, decryptor, 0, metadata.rowGroups().size());
  }

  /**
   * As {@link #prune(InputFile, FileMetaData, SchemaMapping, Map, FileDecryptor)}, for the row
   * groups {@code from} (inclusive) to {@code to} (exclusive) only: a split of a large file read in
   * parts prunes and counts its own row groups, never another split's.
   *
   * @throws IllegalArgumentException unless {@code 0 <= from <= to <= } the file's row group count
   */
  public List<RowGroupScan> prune(InputFile file, FileMetaData metadata, SchemaMapping mapping,
      Map<String, Object> partitionValues, FileDecryptor decryptor, int from, int to) {
    List<RowGroup> groups = metadata.rowGroups();
    if (from < 0 || from > to || to > groups.size()) {
      throw new IllegalArgumentException("row groups " + from + " to " + to + " are not within the "
          + groups.size() + " row groups of " + (file == null ? "the file" : file.name()));
    }
    Map<ColumnRef, FileColumn> resolved = new HashMap<>();
    for (ColumnRef ref : columns) {
      if (!StatisticsPruning.isPartitionColumn(ref, partitionValues)) {
        ArrowType type = ExpressionBinder.resolve(ref, schema).getType();
        resolved.put(ref, FileColumn.resolve(ref, mapping, metadata, type));
      }
    }
    List<RowGroupScan> out = new ArrayList<>();
    metrics.rowGroups.add(to - from);
    if (filter == null) {
      List<RowGroupScan> all = new ArrayList<>();
      for (int i = from; i < to; i++) {
        long n = groups.get(i).numRows();
        if (n > 0) {
          all.add(new RowGroupScan(i, RowSelection.all(n), true));
        }
        record(i, n, n, n > 0 ? PlanExplanation.Verdict.KEPT : PlanExplanation.Verdict.PRUNED,
            n > 0 ? PlanExplanation.Reason.NO_FILTER : PlanExplanation.Reason.EMPTY, null, List.of());
      }
      return all;
    }
    for (int i = from; i < to; i++) {
      RowGroup rg = groups.get(i);
      RowGroupContext group = new RowGroupContext(file, metadata, i, rg, resolved, decryptor, schema, metrics,
          ErrorLocation.ofFile(file.name()).withRowGroup(i));
      Function<ColumnRef, ColumnBounds> chunkBounds = statistics.chunk(group, partitionValues);
      Truth truth = rg.numRows() == 0 ? Truth.NEVER : new BoundsEvaluator(chunkBounds).evaluate(filter);
      if (truth == Truth.NEVER) {
        metrics.rowGroupsPrunedByStatistics.increment();
        if (rg.numRows() == 0) {
          record(i, 0, 0, PlanExplanation.Verdict.PRUNED, PlanExplanation.Reason.EMPTY, null, List.of());
        } else {
          record(i, rg.numRows(), 0, PlanExplanation.Verdict.PRUNED, PlanExplanation.Reason.STATISTICS,
              detail(chunkBounds, partitionValues), List.of());
        }
        continue;
      }
      if (truth != Truth.ALWAYS && options.bloomFilters() && prunedBy(new BloomPruning(group), group,
          metrics.rowGroupsPrunedByBloomFilter, PlanExplanation.Reason.BLOOM_FILTER)) {
        continue;
      }
      if (truth != Truth.ALWAYS && options.dictionaries() && prunedBy(new DictionaryPruning(group), group,
          metrics.rowGroupsPrunedByDictionary, PlanExplanation.Reason.DICTIONARY)) {
        continue;
      }
      RowSelection rows = RowSelection.all(rg.numRows());
      List<PlanExplanation.PageRun> runs = List.of();
      if (truth != Truth.ALWAYS && options.pageIndex()) {
        PageIndexPruning pageIndex = new PageIndexPruning(group, chunkBounds);
        rows = pageIndex.select(filter);
        if (recorder != null) {
          runs = pageIndex.runs(rows);
        }
        if (rows.isEmpty()) {
          metrics.rowGroupsPrunedByPageIndex.increment();
          record(i, rg.numRows(), 0, PlanExplanation.Verdict.PRUNED, PlanExplanation.Reason.PAGE_INDEX,
              "the column index rules out every page", runs);
          continue;
        }
      }
      out.add(new RowGroupScan(i, rows, truth == Truth.ALWAYS));
      if (recorder != null) {
        boolean whole = rows.rowCount() == rg.numRows();
        PlanExplanation.Reason reason = truth == Truth.ALWAYS ? PlanExplanation.Reason.STATISTICS
            : whole ? PlanExplanation.Reason.MAY_MATCH : PlanExplanation.Reason.PAGE_INDEX;
        record(i, rg.numRows(), rows.rowCount(), whole ? PlanExplanation.Verdict.KEPT : PlanExplanation.Verdict.PARTIAL,
            reason, detail(chunkBounds, partitionValues), runs);
      }
    }
    return out;
  }

  /** Whether {@code rule} rules the row group out; if so, counts it in {@code pruned} and records why. */
  private boolean prunedBy(RowGroupRule rule, RowGroupContext group, LongAdder pruned, PlanExplanation.Reason reason) {
    if (!rule.ruledOut(filter)) {
      return false;
    }
    pruned.increment();
    record(group.index(), group.numRows(), 0, PlanExplanation.Verdict.PRUNED, reason, rule.evidence(), List.of());
    return true;
  }

  private void record(int rowGroup, long rows, long selected, PlanExplanation.Verdict verdict,
      PlanExplanation.Reason reason, String detail, List<PlanExplanation.PageRun> pages) {
    if (recorder != null) {
      recorder.rowGroup(new PlanExplanation.RowGroupEntry(rowGroup, rows, selected, verdict, reason, detail, pages));
    }
  }

  /** The evidence of a statistics verdict, when someone records the plan. */
  private String detail(Function<ColumnRef, ColumnBounds> chunkBounds, Map<String, Object> partitionValues) {
    return recorder == null ? null : statistics.detail(chunkBounds, partitionValues);
  }
}
