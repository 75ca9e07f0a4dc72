package org.parquetarrow.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.util.ArrowUtils;
import org.parquetarrow.write.ParquetFileWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The driver's side of Spark's commit protocol for one write. Tasks stage their files (see {@link
 * StagingLayout}); Spark's commit coordinator lets one attempt of each task commit; the job commit
 * then (for an overwrite) deletes what the destination held, moves each committed file into place
 * with one atomic rename (an empty unpartitioned result gets one file holding just the schema), writes
 * {@code _SUCCESS} and deletes the staging area. A job abort deletes
 * the staging area, and the destination directory too if this job created it, so a failed write
 * leaves the destination as it was.
 */
final class ParquetArrowBatchWrite implements BatchWrite {
  private static final Logger LOG = LoggerFactory.getLogger(ParquetArrowBatchWrite.class);

  private final WriteJob job;
  private final boolean truncate;
  private final boolean destinationExisted;

  ParquetArrowBatchWrite(WriteJob job, boolean truncate, boolean destinationExisted) {
    this.job = job;
    this.truncate = truncate;
    this.destinationExisted = destinationExisted;
  }

  @Override
  public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
    return new ParquetArrowDataWriterFactory(job);
  }

  @Override
  public boolean useCommitCoordinator() {
    return true;
  }

  @Override
  public void commit(WriterCommitMessage[] messages) {
    StagingLayout layout = job.layout();
    try {
      if (truncate) {
        replaceExistingData(messages);
      }
      long files = 0;
      long rows = 0;
      for (WriterCommitMessage m : messages) {
        WrittenFiles w = (WrittenFiles) m;
        for (String f : w.files()) {
          layout.publish(Path.of(w.attemptDir()), f);
          files++;
        }
        rows += w.rows();
      }
      if (files == 0 && job.partitions().isEmpty()) {
        writeSchemaOnlyFile();
        files++;
      }
      layout.markSuccess();
      layout.deleteStaging();
      LOG.debug("write {} committed: {} files, {} rows in {}", layout.jobId(), files, rows, layout.destination());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot commit the write to " + layout.destination(), e);
    }
  }

  /**
   * Deletes what an overwrite replaces: everything, or with dynamic partition overwrite only the
   * partition directories that receive files.
   */
  private void replaceExistingData(WriterCommitMessage[] messages) throws IOException {
    StagingLayout layout = job.layout();
    if (job.partitions().isEmpty() || job.config().partitionOverwrite() == WriteConfig.PartitionOverwrite.STATIC) {
      layout.deleteExistingData();
      return;
    }
    Set<String> partitionDirs = new TreeSet<>();
    for (WriterCommitMessage m : messages) {
      for (String f : ((WrittenFiles) m).files()) {
        partitionDirs.add(f.substring(0, f.lastIndexOf('/')));
      }
    }
    for (String d : partitionDirs) {
      StagingLayout.deleteRecursively(layout.destinationDir().resolve(d));
    }
  }

  /**
   * An empty result still leaves one file, holding the schema and no rows, as Spark's own writer
   * does: without it no reader could tell the columns of the empty table.
   */
  private void writeSchemaOnlyFile() throws IOException {
    StagingLayout layout = job.layout();
    Files.createDirectories(layout.destinationDir());
    Path file = layout.destinationDir().resolve(layout.fileName(0, 0, job.config().codec().fileInfix));
    Schema schema = ArrowUtils.toArrowSchema(job.fileSchema(), "UTC", true, false);
    ParquetFileWriter.open(file, schema, job.config().properties(job.fileSchema().json())).close();
  }

  @Override
  public void abort(WriterCommitMessage[] messages) {
    StagingLayout layout = job.layout();
    try {
      layout.deleteStaging();
      if (!destinationExisted) {
        StagingLayout.deleteIfEmpty(layout.destinationDir());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the staged files of the failed write under "
          + layout.temporaryDir(), e);
    }
  }
}
