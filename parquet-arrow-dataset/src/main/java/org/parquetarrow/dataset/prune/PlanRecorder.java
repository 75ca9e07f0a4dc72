package org.parquetarrow.dataset.prune;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Collects the decisions {@link FilePruner} makes into a {@link PlanExplanation}: the dataset
 * announces each file ({@link #beginFile}), the pruner records its partition verdict and row groups
 * as it decides them. Not thread-safe: one plan, one thread.
 *
 * <pre>{@code
 * PlanRecorder recorder = new PlanRecorder();
 * FilePruner pruner = new FilePruner(filter, schema, PruningOptions.ALL, metrics, recorder);
 * recorder.beginFile("a.parquet", Map.of());
 * pruner.prune(in, metadata, mapping, Map.of());
 * PlanExplanation plan = recorder.finish(filter.toSql(), metrics);
 * }</pre>
 */
public final class PlanRecorder {
  private final List<PlanExplanation.FileEntry> files = new ArrayList<>();
  private String file;
  private Map<String, Object> partitionValues;
  private String partitionDetail;
  private List<PlanExplanation.RowGroupEntry> groups;

  /** Starts the entries of {@code file}; the previous file's are complete. */
  public void beginFile(String file, Map<String, Object> partitionValues) {
    endFile();
    this.file = file;
    this.partitionValues = partitionValues;
    this.partitionDetail = null;
    this.groups = new ArrayList<>();
  }

  void partitionPruned(String detail) {
    this.partitionDetail = detail;
  }

  void rowGroup(PlanExplanation.RowGroupEntry entry) {
    if (groups != null) {
      groups.add(entry);
    }
  }

  private void endFile() {
    if (file == null) {
      return;
    }
    PlanExplanation.FileEntry entry;
    if (partitionDetail != null) {
      entry = new PlanExplanation.FileEntry(file, partitionValues, PlanExplanation.Verdict.PRUNED,
          PlanExplanation.Reason.PARTITION_VALUES, partitionDetail, List.of());
    } else {
      boolean anyRead = groups.stream().anyMatch(g -> g.verdict() != PlanExplanation.Verdict.PRUNED);
      boolean allWhole = groups.stream().allMatch(g -> g.verdict() == PlanExplanation.Verdict.KEPT);
      if (!anyRead) {
        entry = new PlanExplanation.FileEntry(file, partitionValues, PlanExplanation.Verdict.PRUNED,
            groups.isEmpty() ? PlanExplanation.Reason.EMPTY : PlanExplanation.Reason.ROW_GROUPS, null, groups);
      } else {
        boolean noFilter = groups.stream().allMatch(g -> g.reason() == PlanExplanation.Reason.NO_FILTER);
        entry = new PlanExplanation.FileEntry(file, partitionValues,
            allWhole ? PlanExplanation.Verdict.KEPT : PlanExplanation.Verdict.PARTIAL,
            noFilter ? PlanExplanation.Reason.NO_FILTER : PlanExplanation.Reason.ROW_GROUPS, null, groups);
      }
    }
    files.add(entry);
    file = null;
  }

  /** The explanation of every file recorded. */
  public PlanExplanation finish(String filter, PruningMetrics metrics) {
    endFile();
    return new PlanExplanation(filter, files, metrics);
  }
}
