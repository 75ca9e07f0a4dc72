package org.parquetarrow.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;

/** Sent to the executors: one {@link ParquetArrowDataWriter} per task attempt. */
record ParquetArrowDataWriterFactory(WriteJob job) implements DataWriterFactory {
  @Override
  public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
    return new ParquetArrowDataWriter(job, partitionId, taskId);
  }
}
