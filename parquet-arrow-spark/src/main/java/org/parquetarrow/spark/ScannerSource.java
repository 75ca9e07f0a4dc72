package org.parquetarrow.spark;

import java.io.IOException;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.parquetarrow.dataset.scan.ScanReader;

/** A whole file through the dataset {@link org.parquetarrow.dataset.scan.Scanner}: pruned and filtered exactly. */
final class ScannerSource implements BatchSource {
  private final ScanReader reader;

  ScannerSource(ScanReader reader) {
    this.reader = reader;
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    return reader.loadNextBatch();
  }

  @Override
  public VectorSchemaRoot root() throws IOException {
    return reader.getVectorSchemaRoot();
  }

  @Override
  public Map<String, Long> metrics() {
    return reader.metrics().toMap();
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
