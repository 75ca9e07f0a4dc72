package org.parquetarrow.read;

import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A {@link ParquetFileReader}'s batches as an {@link ArrowReader}: each batch's vectors are
 * transferred into the reader's root, without copying.
 */
final class ParquetArrowReader extends ArrowReader {
  private final ParquetFileReader owner;
  private final BatchSource batches;

  ParquetArrowReader(ParquetFileReader owner, BatchSource batches) {
    super(batches.allocator());
    this.owner = owner;
    this.batches = batches;
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    VectorSchemaRoot root = getVectorSchemaRoot();
    try (VectorSchemaRoot batch = batches.next()) {
      if (batch == null) {
        return false;
      }
      for (int i = 0; i < batch.getFieldVectors().size(); i++) {
        batch.getVector(i).makeTransferPair(root.getVector(i)).transfer();
      }
      for (var e : batches.dictionaries().entrySet()) {
        e.getValue().getVector().makeTransferPair(lookup(e.getKey()).getVector()).transfer();
      }
      root.setRowCount(batch.getRowCount());
      return true;
    }
  }

  @Override
  public long bytesRead() {
    return batches.bytesFetched();
  }

  @Override
  protected void closeReadSource() {
    owner.close();
  }

  @Override
  protected Schema readSchema() {
    return batches.schema();
  }
}
