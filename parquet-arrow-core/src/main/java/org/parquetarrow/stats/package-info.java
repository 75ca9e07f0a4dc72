/**
 * Column statistics: {@link org.parquetarrow.stats.ColumnChunkStatistics} gives a column chunk's
 * min/max as values of the column's Arrow type beside the stored bytes and counts; {@link
 * org.parquetarrow.stats.SortOrder} and {@link org.parquetarrow.stats.StatisticsTrust} decide
 * whether bounds can be used at all (the column's order, the writer's known bugs). The dataset's
 * pruning and the CLI's {@code meta} use these, so every reader of statistics trusts the same ones.
 *
 * <pre>{@code
 * ColumnChunkStatistics s = ColumnChunkStatistics.of(reader, 0, "price");
 * BigDecimal cheapest = (BigDecimal) s.min().orElse(null); // a DECIMAL(9,2) column
 * }</pre>
 */
package org.parquetarrow.stats;
