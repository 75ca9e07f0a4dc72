package org.parquetarrow.dataset.write;

/**
 * What {@link DatasetWriter} does when the dataset directory already holds data (Parquet or any
 * other file that is not hidden and not {@code _}-prefixed).
 */
public enum ExistingDataPolicy {
  /** Refuse to write (pyarrow's {@code existing_data_behavior="error"}): nothing is created. */
  ERROR,
  /**
   * Replace the partitions this write touches (pyarrow's {@code "delete_matching"}): the data
   * files directly in each partition directory written to are deleted, but only once every new
   * file is complete, so a failed write leaves the old partitions as they were. Partitions the
   * write does not touch are kept. Without partition columns the partition is the root directory.
   */
  OVERWRITE_PARTITIONS,
  /** Add files beside the existing ones, under names no existing file has; never replace a file. */
  APPEND
}
