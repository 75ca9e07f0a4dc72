package org.parquetarrow.spark;

import java.util.List;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.parquetarrow.s3.PendingUpload;

/**
 * What one committed task attempt wrote: its staging directory and the files in it, as paths
 * relative to the destination ({@code year=2024/part-00003-<job>-c000.snappy.parquet}); for an S3
 * destination the files' uncompleted uploads instead, which the job commit completes.
 */
record WrittenFiles(String attemptDir, List<String> files, long rows, List<PendingUpload> uploads)
    implements WriterCommitMessage {}
