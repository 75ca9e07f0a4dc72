package org.parquetarrow.dataset.scan;

import java.util.Map;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * One output batch waiting for the caller: its vectors (dictionary-encoded columns as int32
 * indices) and the values of its dictionaries by dictionary id. Owns both.
 */
record ScanBatch(VectorSchemaRoot root, Map<Long, FieldVector> dictionaries) implements AutoCloseable {
  ScanBatch {
    dictionaries = Map.copyOf(dictionaries);
  }

  /** Buffer bytes held. */
  long size() {
    long size = 0;
    for (FieldVector v : root.getFieldVectors()) {
      size += v.getBufferSize();
    }
    for (FieldVector v : dictionaries.values()) {
      size += v.getBufferSize();
    }
    return size;
  }

  @Override
  public void close() {
    AutoCloseables.closeNoChecked(() -> AutoCloseables.close(root, AutoCloseables.all(dictionaries.values())));
  }
}
