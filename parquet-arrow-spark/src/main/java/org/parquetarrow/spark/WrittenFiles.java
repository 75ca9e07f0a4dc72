package org.parquetarrow.spark;

import java.util.List;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * What one committed task attempt wrote: its staging directory and the files in it, as paths
 * relative to the destination ({@code year=2024/part-00003-<job>-c000.snappy.parquet}).
 */
record WrittenFiles(String attemptDir, List<String> files, long rows) implements WriterCommitMessage {}
