package org.parquetarrow.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Map;
import org.parquetarrow.dataset.prune.PlanExplanation;

/**
 * {@code scan --explain --json}: the plan as one JSON object, {@code filter}, {@code files} (each
 * with {@code file}, {@code partition_values}, {@code verdict}, {@code reason}, {@code detail},
 * {@code row_groups}: {@code row_group}, {@code rows}, {@code selected_rows}, {@code verdict},
 * {@code reason}, {@code detail}, {@code pages}) and {@code metrics}; verdicts and reasons in lower
 * case ({@code pruned}, {@code bloom_filter}).
 */
final class ExplainJson {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private ExplainJson() {}

  static ObjectNode of(PlanExplanation plan) {
    ObjectNode root = JSON.objectNode();
    root.put("filter", plan.filter());
    ArrayNode files = root.putArray("files");
    for (PlanExplanation.FileEntry f : plan.files()) {
      ObjectNode file = files.addObject();
      file.put("file", f.file());
      ObjectNode partitions = file.putObject("partition_values");
      for (Map.Entry<String, Object> e : f.partitionValues().entrySet()) {
        partitions.put(e.getKey(), e.getValue() == null ? null : String.valueOf(e.getValue()));
      }
      file.put("verdict", name(f.verdict()));
      file.put("reason", name(f.reason()));
      file.put("detail", f.detail());
      ArrayNode groups = file.putArray("row_groups");
      for (PlanExplanation.RowGroupEntry g : f.rowGroups()) {
        ObjectNode group = groups.addObject();
        group.put("row_group", g.rowGroup());
        group.put("rows", g.rows());
        group.put("selected_rows", g.selectedRows());
        group.put("verdict", name(g.verdict()));
        group.put("reason", name(g.reason()));
        group.put("detail", g.detail());
        ArrayNode pages = group.putArray("pages");
        for (PlanExplanation.PageRun p : g.pages()) {
          ObjectNode run = pages.addObject();
          run.put("column", p.column());
          run.put("first_page", p.firstPage());
          run.put("last_page", p.lastPage());
          run.put("first_row", p.firstRow());
          run.put("end_row", p.endRow());
          run.put("verdict", p.kept() ? "kept" : "pruned");
        }
      }
    }
    ObjectNode metrics = root.putObject("metrics");
    plan.metrics().toMap().forEach(metrics::put);
    return root;
  }

  private static String name(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }
}
