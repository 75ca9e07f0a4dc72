/**
 * Scanning a {@link org.parquetarrow.dataset.Dataset} into Arrow batches: {@link
 * org.parquetarrow.dataset.scan.Scanner#scan} plans by pruning, then reads the kept row groups and
 * rows of many files in parallel ({@link org.parquetarrow.dataset.scan.ScanOptions}: projection
 * with nested paths and partition columns, filter, batch size, parallelism, memory budget,
 * ordered or unordered output, exact or pruned-only rows) and hands them out through a {@link
 * org.parquetarrow.dataset.scan.ScanReader}, an Arrow {@code ArrowReader} that can be cancelled
 * and reports {@link org.parquetarrow.dataset.scan.ScanMetrics}.
 *
 * <pre>{@code
 * Dataset ds = DatasetDiscovery.directory(Path.of("/data/events"), DiscoveryOptions.defaults());
 * ScanOptions options = ScanOptions.builder().columns("id", "user.name", "year").filter("year = 2024 and id < 100").build();
 * try (ScanReader reader = Scanner.scan(ds, options, allocator)) {
 *   while (reader.loadNextBatch()) {
 *     consume(reader.getVectorSchemaRoot());
 *   }
 *   Map<String, Long> metrics = reader.metrics().toMap();
 * }
 * }</pre>
 *
 * <p>The residual filter is evaluated column at a time into bitmaps ({@code FilterEvaluator}),
 * with DuckDB's comparison rules, so a scan returns exactly what DuckDB's {@code WHERE} returns;
 * on a dictionary-encoded column ({@link org.parquetarrow.dataset.scan.ScanOptions#dictionaryColumns()})
 * once per dictionary value, the per-value results kept from batch to batch while a batch's
 * dictionary holds the very same entries ({@code DictionaryResults}, one per file task). Matching
 * rows are copied out a run at a time ({@code RowSelector}).
 * With late materialisation ({@link org.parquetarrow.dataset.scan.ScanOptions#lateMaterialization()},
 * decided per row group by {@code LateMaterializationPlanner}) a row group's filter columns are read
 * and evaluated first ({@code MatchingRows}), the other projected columns then read only for the
 * matching rows, the output columns among the filter's carried over ({@code CarriedColumns}).
 *
 * <p>I/O: each file's row groups are read with the row selection pruning found (from the column
 * index and bloom filters); the core reader then fetches only the dictionary pages and the pages
 * holding selected rows (through the offset index), so a point lookup reads about one page per
 * projected column. With fewer files than threads, a file's
 * row groups are split into runs read in parallel.
 */
package org.parquetarrow.dataset.scan;
