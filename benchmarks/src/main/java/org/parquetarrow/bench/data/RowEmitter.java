package org.parquetarrow.bench.data;

import org.apache.parquet.io.api.RecordConsumer;

/** Writes row number {@code row} of a generated data set straight into parquet-java's record consumer. */
@FunctionalInterface
public interface RowEmitter {
  void write(long row, RecordConsumer out);
}
