package org.parquetarrow.read;

import java.util.List;
import org.apache.arrow.vector.FieldVector;

/**
 * Builds the vector of one Arrow field for each batch, from the leaf readers under it: one
 * implementation per output shape, built from the {@link org.parquetarrow.schema.FieldMapping}
 * tree by {@link FieldAssemblers}.
 */
interface FieldAssembler extends AutoCloseable {
  /** The leaf readers under this field, in column order. */
  List<LeafReader> leaves();

  /** Prepares a batch of {@code rows} rows. */
  void startBatch(int rows);

  /**
   * Prepares a batch of {@code rows} rows whose leaves each start their own ({@link
   * LeafReader#startBatch}, by the task that decodes the leaf in a read by columns): the leaves'
   * buffers are then allocated by the threads that fill them, not all by the thread that plans the
   * batch.
   */
  void startOwnBatch(int rows);

  /** Ends the batch after {@code rows} rows, fewer than it was started with. */
  void truncateBatch(int rows);

  /** The batch's vector (the leaves have read all its rows); the caller owns it. */
  FieldVector finishBatch();

  @Override
  void close();
}
