/**
 * Many Parquet files as one table: discovery, hive partitions, filter expressions, pruning by
 * statistics, dictionaries, bloom filters and the page index, and parallel bounded-memory scans.
 */
package org.parquetarrow.dataset;
