package org.parquetarrow.spark;

import java.io.Serializable;
import java.util.LinkedHashMap;

/**
 * A file, or a run of its row groups, that one task reads, with the file's hive partition values
 * (canonical forms of {@link org.parquetarrow.dataset.DatasetFile#partitionValues()}).
 *
 * @param path the file's location (a local path, {@code s3://bucket/key}, a URL)
 * @param length the bytes of the slice (the whole file's, or its row groups')
 * @param fileSize the file's size as the driver listed it ({@code -1} if unknown)
 * @param version the file's version as the driver listed it (an ETag), or {@code null}: the task
 *     reads that version or fails, never another one under the same name
 * @param rowGroupFrom first row group of the run, or -1 for the whole file
 * @param rowGroupTo row group after the run, or -1 for the whole file
 */
record FileSlice(String path, long length, long fileSize, String version, LinkedHashMap<String, Object> partitionValues,
    int rowGroupFrom, int rowGroupTo) implements Serializable {

  static FileSlice whole(String path, long length, String version, LinkedHashMap<String, Object> partitionValues) {
    return new FileSlice(path, length, length, version, partitionValues, -1, -1);
  }

  boolean isWholeFile() {
    return rowGroupFrom < 0;
  }
}
