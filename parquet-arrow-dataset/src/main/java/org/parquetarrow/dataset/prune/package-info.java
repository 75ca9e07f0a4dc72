/**
 * Pruning on metadata, before any page is decoded. {@link org.parquetarrow.dataset.prune.FilePruner}
 * evaluates a bound filter with three-valued logic ({@link org.parquetarrow.dataset.prune.Truth})
 * against, in order:
 *
 * <ol>
 *   <li>hive partition values (whole files);
 *   <li>row-group statistics, decoded in the column's sort order and distrusted as parquet-java
 *       and Arrow C++ distrust them (unknown column order, deprecated signed-only min/max on
 *       unsigned-order columns, buggy writer versions from {@code created_by}, NaN bounds, floats
 *       without a zero {@code nan_count} for {@code >}/{@code >=});
 *   <li>split-block bloom filters for {@code =} and {@code in};
 *   <li>dictionary pages of chunks whose every data page is dictionary-encoded;
 *   <li>the column index, turned into a {@link org.parquetarrow.selection.RowSelection} through the
 *       offset index and combined across columns ({@code and} intersects, {@code or} unites).
 * </ol>
 *
 * Every decision is sound for SQL semantics as DuckDB has them (NaN above all numbers): a skipped
 * file, row group or page holds no row the filter is true for. {@link
 * org.parquetarrow.dataset.prune.PruningMetrics} counts each step and the bytes read for it.
 */
package org.parquetarrow.dataset.prune;
