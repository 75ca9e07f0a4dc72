package org.parquetarrow.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.ProjectingInternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.ArrowUtils;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.io.OutputFile;
import org.parquetarrow.s3.PendingUpload;
import org.parquetarrow.s3.S3FileSystem;
import org.parquetarrow.s3.S3OutputFile;
import org.parquetarrow.write.WriterProperties;
import scala.jdk.javaapi.CollectionConverters;

/**
 * One task attempt's writer. Rows arrive sorted by their partition values (the write asks Spark
 * for that ordering), so one file is open at a time: a row of another partition closes it and opens
 * the next, as Spark's own file writer does. Files go to the attempt's staging directory, or for
 * an S3 destination to their final keys as uploads that are not completed; {@link #commit()}
 * reports them, {@link #abort()} deletes them (aborts the uploads).
 */
final class ParquetArrowDataWriter implements DataWriter<InternalRow> {
  private final WriteJob job;
  private final int partitionId;
  private final Path attemptDir;
  private final BufferAllocator allocator = new RootAllocator();
  private final Schema fileSchema;
  private final WriterProperties properties;
  /** The row without its partition columns, or {@code null} when nothing is partitioned. */
  private final ProjectingInternalRow dataColumns;
  private final List<String> written = new ArrayList<>();
  /** For an S3 destination: the committed files' uploads, not yet completed; aborted if the task is. */
  private final List<PendingUpload> uploads = new ArrayList<>();
  private final S3FileSystem s3;
  private RowFileWriter current;
  /** The partition values of the open file (of the last row), and its directory. */
  private Object[] currentValues;
  private String currentDir = "";
  private int fileCounter;
  private long rows;

  ParquetArrowDataWriter(WriteJob job, int partitionId, long taskId) {
    this.job = job;
    this.partitionId = partitionId;
    this.attemptDir = job.layout().attemptDir(partitionId, taskId);
    this.s3 = job.objectStore() == null ? null : job.objectStore().fileSystem();
    this.fileSchema = ArrowUtils.toArrowSchema(job.fileSchema(), "UTC", true, false);
    this.properties = job.config().properties(job.fileSchema().json());
    this.dataColumns = job.partitions().isEmpty() ? null
        : ProjectingInternalRow.apply(job.fileSchema(), CollectionConverters.asScala(
            new ArrayList<Object>(job.partitions().dataOrdinals(job.rowSchema()))).toSeq());
  }

  @Override
  public void write(InternalRow row) throws IOException {
    boolean samePartition = dataColumns == null
        || (currentValues != null && job.partitions().hasValues(row, currentValues));
    long perFile = job.config().maxRecordsPerFile();
    if (current == null || !samePartition || (perFile > 0 && current.rows() >= perFile)) {
      closeCurrent();
      if (!samePartition) {
        currentValues = job.partitions().values(row);
        currentDir = job.partitions().directoryOf(row);
      }
      open(currentDir);
    }
    if (dataColumns == null) {
      current.write(row);
    } else {
      dataColumns.project(row);
      current.write(dataColumns);
    }
    rows++;
  }

  private void open(String dir) throws IOException {
    String relative = dir + job.layout().fileName(partitionId, fileCounter++, job.config().codec().fileInfix);
    OutputFile out;
    if (s3 != null) {
      // straight to the final key, never completed here: the job commit publishes it
      out = S3OutputFile.pending(s3, job.objectStore().file(relative), uploads::add);
    } else {
      Path path = attemptDir.resolve(relative);
      Files.createDirectories(path.getParent());
      out = LocalOutputFile.of(path);
    }
    current = RowFileWriter.open(out, fileSchema, properties, job.config().batchRows(), allocator);
    written.add(relative);
  }

  private void closeCurrent() {
    if (current != null) {
      RowFileWriter w = current;
      current = null;
      w.close();
    }
  }

  /** Files count from when they are opened: Spark takes the last values before {@link #commit()}. */
  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return WriteMetricsNames.values(written.size(), rows);
  }

  @Override
  public WriterCommitMessage commit() throws IOException {
    closeCurrent();
    return new WrittenFiles(attemptDir.toString(), List.copyOf(written), rows, List.copyOf(uploads));
  }

  @Override
  public void abort() throws IOException {
    try {
      if (current != null) {
        RowFileWriter w = current;
        current = null;
        w.abort();
      }
    } finally {
      if (s3 != null) {
        abortUploads();
      } else {
        StagingLayout.deleteRecursively(attemptDir);
      }
    }
  }

  /** Aborts every upload this attempt handed over; what fails here the job's abort finds by listing. */
  private void abortUploads() throws IOException {
    IOException first = null;
    for (PendingUpload u : uploads) {
      try {
        u.abort(s3);
      } catch (IOException e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    uploads.clear();
    if (first != null) {
      throw first;
    }
  }

  /** Releases the Arrow memory; a file still open here was neither committed nor aborted: drop it. */
  @Override
  public void close() throws IOException {
    try {
      if (current != null) {
        current.abort();
        current = null;
      }
    } finally {
      allocator.close();
    }
  }
}
