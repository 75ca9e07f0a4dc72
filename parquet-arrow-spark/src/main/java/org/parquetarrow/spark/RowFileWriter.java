package org.parquetarrow.spark;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.arrow.ArrowWriter;
import org.parquetarrow.io.OutputFile;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Spark rows into one Parquet file: rows are appended to an Arrow batch by Spark's own {@link
 * ArrowWriter} (every Spark SQL type, nulls at every level), and each full batch, bounded by rows
 * and by bytes, goes to our {@link ParquetFileWriter}, which checks it against the file's schema.
 * The file is committed (appears, or for a pending S3 upload is handed over) only when {@link
 * #close()} succeeds.
 */
final class RowFileWriter implements AutoCloseable {
  /** A batch is written early once its buffers pass this, so wide rows do not pile up in memory. */
  static final long MAX_BATCH_BYTES = 64L << 20;
  /** How often the batch's size is measured (summing every buffer is not free). */
  private static final int SIZE_CHECK_ROWS = 256;

  private final VectorSchemaRoot root;
  private final ArrowWriter rows;
  private final ParquetFileWriter file;
  private final int batchRows;
  private int pending;
  private long written;

  private RowFileWriter(VectorSchemaRoot root, ArrowWriter rows, ParquetFileWriter file, int batchRows) {
    this.root = root;
    this.rows = rows;
    this.file = file;
    this.batchRows = batchRows;
  }

  static RowFileWriter open(OutputFile out, Schema schema, WriterProperties properties, int batchRows,
      BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      ArrowWriter rows = ArrowWriter.create(root);
      return new RowFileWriter(root, rows, ParquetFileWriter.open(out, schema, properties), batchRows);
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  void write(InternalRow row) {
    rows.write(row);
    pending++;
    written++;
    if (pending >= batchRows || (pending % SIZE_CHECK_ROWS == 0 && rows.sizeInBytes() >= MAX_BATCH_BYTES)) {
      flush();
    }
  }

  /** Rows written to this file so far. */
  long rows() {
    return written;
  }

  private void flush() {
    if (pending == 0) {
      return;
    }
    rows.finish();
    file.write(root);
    rows.reset();
    pending = 0;
  }

  /** Writes what is pending and publishes the file; on failure nothing is published. */
  @Override
  public void close() {
    boolean published = false;
    try {
      flush();
      file.close();
      published = true;
    } finally {
      if (!published) {
        file.abort();
      }
      root.close();
    }
  }

  /** Discards the file. */
  void abort() {
    try {
      file.abort();
    } finally {
      root.close();
    }
  }
}
