package org.parquetarrow.dataset.scan;

/**
 * The answer of {@link Scanner#countRows}: the number of rows the filter is true for, and how it
 * was reached.
 *
 * <pre>{@code
 * RowCount c = Scanner.countRows(dataset, ExpressionParser.parse("id < 1000"), allocator);
 * long n = c.rows();
 * boolean free = c.rowGroupsRead() == 0;   // footers and statistics alone decided it
 * }</pre>
 *
 * @param rows rows the filter is true for (every row without a filter)
 * @param rowGroupsFromMetadata row groups counted in full from their footer row count, because
 *     their statistics (or partition values) prove every row matches
 * @param rowGroupsRead row groups whose filter columns had to be read (their selected rows only)
 * @param metrics the pruning counts and what reading cost ({@link ScanMetrics#bytesRead()}: 0
 *     when metadata decided every row group)
 */
public record RowCount(long rows, long rowGroupsFromMetadata, long rowGroupsRead, ScanMetrics metrics) {}
