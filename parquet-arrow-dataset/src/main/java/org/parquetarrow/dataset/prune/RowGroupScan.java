package org.parquetarrow.dataset.prune;

import org.parquetarrow.selection.RowSelection;



/**
 * A row group that survived pruning, and the rows in it that may match.
 *
 * @param rowGroup the row group's index in its file
 * @param rows rows (relative to the row group's start) the column index could not rule out
 * @param filterAlwaysTrue whether metadata proved every row matches, so no residual filter is
 *     needed
 */
public record RowGroupScan(int rowGroup, RowSelection rows, boolean filterAlwaysTrue) {}
