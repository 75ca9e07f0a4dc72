package org.parquetarrow.bench.write;

import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An {@link ArrowReader} over batches already in memory: each batch's buffers are loaded into the
 * reader's root by reference (no copy), as an IPC reader would after decoding a message.
 */
final class BatchListReader extends ArrowReader {
  private final Schema schema;
  private final Iterator<VectorSchemaRoot> batches;

  BatchListReader(BufferAllocator allocator, Schema schema, List<VectorSchemaRoot> batches) {
    super(allocator);
    this.schema = schema;
    this.batches = batches.iterator();
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    if (!batches.hasNext()) {
      return false;
    }
    prepareLoadNextBatch();
    try (ArrowRecordBatch batch = new VectorUnloader(batches.next()).getRecordBatch()) {
      loadRecordBatch(batch);
    }
    return true;
  }

  @Override
  public long bytesRead() {
    return 0;
  }

  @Override
  protected void closeReadSource() {
    // the batches belong to InMemoryBatches
  }

  @Override
  protected Schema readSchema() {
    return schema;
  }
}
