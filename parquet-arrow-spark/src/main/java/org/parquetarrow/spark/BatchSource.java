package org.parquetarrow.spark;

import java.io.IOException;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Arrow batches of one file slice, with the scan counters under {@code ScanMetrics.toMap()} names. */
interface BatchSource extends AutoCloseable {
  boolean loadNextBatch() throws IOException;

  VectorSchemaRoot root() throws IOException;

  Map<String, Long> metrics();

  @Override
  void close() throws IOException;
}
