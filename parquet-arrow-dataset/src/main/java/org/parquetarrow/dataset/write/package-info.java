/**
 * Writing a dataset: {@link org.parquetarrow.dataset.write.DatasetWriter} writes Arrow batches (or
 * an {@code ArrowReader}) to a directory of Parquet files, hive-partitioned by the values of some
 * columns as pyarrow's {@code write_to_dataset} lays them out, with limits of rows per file and
 * per row group, a file-name template and an {@link
 * org.parquetarrow.dataset.write.ExistingDataPolicy} ({@link
 * org.parquetarrow.dataset.write.DatasetWriteOptions}); all or nothing, and it returns each file
 * written with its partition values, row count and footer ({@link
 * org.parquetarrow.dataset.write.WrittenDatasetFile}).
 *
 * <pre>{@code
 * List<WrittenDatasetFile> files = DatasetWriter.write(Path.of("/data/events"), arrowReader,
 *     DatasetWriteOptions.builder().partitionBy("year").build());
 * Dataset ds = DatasetDiscovery.directory(Path.of("/data/events"), DiscoveryOptions.defaults());
 * }</pre>
 */
package org.parquetarrow.dataset.write;
