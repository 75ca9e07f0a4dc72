/**
 * Which rows of a row group to read: {@link org.parquetarrow.selection.RowSelection}, sorted
 * half-open ranges of row indices. Users give one through {@code ReadOptions.rowSelection}; the
 * dataset's filters and the page index make them.
 *
 * <p>It depends on nothing else of the library, so every layer that narrows a read can use it: the
 * chunk fetcher ({@code io}) fetches only the selected pages' bytes, the page reader ({@code
 * read.page}) skips pages holding no selected row, and {@code read} cuts batches to the ranges.
 *
 * <pre>{@code
 * ReadOptions options = ReadOptions.builder(allocator)
 *     .rowSelection(RowSelection.fromRanges(1_000, 1_100, 5_000, 5_010))
 *     .build();
 * }</pre>
 */
package org.parquetarrow.selection;
