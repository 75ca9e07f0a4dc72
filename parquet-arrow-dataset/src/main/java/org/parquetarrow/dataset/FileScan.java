package org.parquetarrow.dataset;

import java.util.List;
import org.parquetarrow.dataset.prune.RowGroupScan;

/**
 * What to read of one file after pruning.
 *
 * @param file the file
 * @param rowGroups the row groups to read, each with its row selection
 */
public record FileScan(DatasetFile file, List<RowGroupScan> rowGroups) {
  public FileScan {
    rowGroups = List.copyOf(rowGroups);
  }
}
