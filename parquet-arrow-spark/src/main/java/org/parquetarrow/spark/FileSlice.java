package org.parquetarrow.spark;

import java.io.Serializable;
import java.util.LinkedHashMap;

/**
 * A file, or a run of its row groups, that one task reads, with the file's hive partition values
 * (canonical forms of {@link org.parquetarrow.dataset.DatasetFile#partitionValues()}).
 *
 * @param rowGroupFrom first row group of the run, or -1 for the whole file
 * @param rowGroupTo row group after the run, or -1 for the whole file
 */
record FileSlice(String path, long length, LinkedHashMap<String, Object> partitionValues, int rowGroupFrom,
    int rowGroupTo) implements Serializable {

  static FileSlice whole(String path, long length, LinkedHashMap<String, Object> partitionValues) {
    return new FileSlice(path, length, partitionValues, -1, -1);
  }

  boolean isWholeFile() {
    return rowGroupFrom < 0;
  }
}
