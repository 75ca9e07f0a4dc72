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
import org.parquetarrow.write.WriterProperties;
import scala.jdk.javaapi.CollectionConverters;

/**
 * One task attempt's writer. Rows arrive sorted by their partition values (the write asks Spark
 * for that ordering), so one file is open at a time: a row of another partition closes it and opens
 * the next, as Spark's own file writer does. Files go to the attempt's staging directory; {@link
 * #commit()} reports them, {@link #abort()} deletes them.
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
    Path path = attemptDir.resolve(relative);
    Files.createDirectories(path.getParent());
    current = RowFileWriter.open(path, fileSchema, properties, job.config().batchRows(), allocator);
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
    return new WrittenFiles(attemptDir.toString(), List.copyOf(written), rows);
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
      StagingLayout.deleteRecursively(attemptDir);
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
