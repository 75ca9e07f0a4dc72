package org.parquetarrow.spark;

import java.math.BigInteger;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.parquetarrow.spark.AggregateTranslator.Spec;

/**
 * Hands Spark the partial rows the driver computed from the footers ({@link FooterAggregates}),
 * one per group, as one batch; no file is opened. Reports the row groups so answered as {@code
 * row_groups_answered_by_footer}.
 */
final class FooterAggregateReader implements PartitionReader<ColumnarBatch> {
  private final FooterAggregatePartition partition;
  private final Spec spec;
  private ColumnarBatch batch;
  private boolean done;

  FooterAggregateReader(FooterAggregatePartition partition, Spec spec) {
    this.partition = partition;
    this.spec = spec;
  }

  @Override
  public boolean next() {
    if (done) {
      return false;
    }
    done = true;
    StructField[] out = spec.output().fields();
    int rows = partition.answer().rows().size();
    OnHeapColumnVector[] cols = new OnHeapColumnVector[out.length];
    for (int c = 0; c < out.length; c++) {
      cols[c] = new OnHeapColumnVector(Math.max(1, rows), out[c].dataType());
    }
    int keys = spec.keys().size();
    for (int r = 0; r < rows; r++) {
      Object[] row = partition.answer().rows().get(r);
      for (int c = 0; c < out.length; c++) {
        Object v = row[c];
        if (v == null) {
          cols[c].putNull(r);
        } else if (c < keys) {
          AggregatingPartitionReader.copyConstant(ParquetArrowPartitionReader.constant(1, out[c].dataType(), v), cols[c],
              r, out[c].dataType());
        } else if (v instanceof Long n) {
          cols[c].putLong(r, n);
        } else {
          AggregatingPartitionReader.putNumber(cols[c], r, (BigInteger) v, out[c].dataType());
        }
      }
    }
    batch = new ColumnarBatch(cols, rows);
    return true;
  }

  @Override
  public ColumnarBatch get() {
    return batch;
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    long n = partition.answer().rowGroups();
    return new CustomTaskMetric[] {TaskMetric.of("row_groups", n), TaskMetric.of("row_groups_answered_by_footer", n)};
  }

  @Override
  public void close() {
    if (batch != null) {
      batch.close();
    }
  }
}
