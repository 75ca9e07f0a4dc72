/**
 * Many Parquet files as one table:
 *
 * <ul>
 *   <li>one-call reads ({@link org.parquetarrow.dataset.scan.ParquetFiles}: a file, directory, glob or
 *       remote location into an Arrow {@code Table} or batches, with columns, filter and limit;
 *       row counts and the explained plan), pyarrow's {@code pq.read_table} in Java;
 *   <li>discovery ({@link org.parquetarrow.dataset.DatasetDiscovery}) from a file, a directory, a
 *       glob or a list, skipping {@code .}/{@code _}-prefixed names and {@code .crc} files, with
 *       hive partition columns (inferred or declared) and schemas unified across files ({@link
 *       org.parquetarrow.dataset.SchemaUnifier}, pyarrow's promotion rules);
 *   <li>filters ({@link org.parquetarrow.dataset.expr}) and scan planning by pruning ({@link
 *       org.parquetarrow.dataset.Dataset#plan}, {@link org.parquetarrow.dataset.prune}), and why
 *       it prunes what it does ({@link org.parquetarrow.dataset.Dataset#explain}).
 * </ul>
 *
 * <pre>{@code
 * Dataset ds = DatasetDiscovery.directory(Path.of("/data/events"), DiscoveryOptions.defaults());
 * PruningMetrics metrics = new PruningMetrics();
 * List<FileScan> plan = ds.plan(ExpressionParser.parse("year = 2024 and id = 42"), PruningOptions.ALL, metrics);
 * }</pre>
 *
 * Scanning the planned row groups into Arrow batches (residual filter, projection, parallelism,
 * memory budget) is {@link org.parquetarrow.dataset.scan.Scanner}'s; writing a partitioned dataset
 * is {@link org.parquetarrow.dataset.write.DatasetWriter}'s.
 */
package org.parquetarrow.dataset;
