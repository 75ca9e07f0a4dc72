package org.parquetarrow.spark;

import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/** The files one Spark task reads, one after another. Preferred locations: none (local or remote storage alike). */
record FilePartition(int index, List<FileSlice> files) implements InputPartition {
  FilePartition {
    files = List.copyOf(files);
  }
}
