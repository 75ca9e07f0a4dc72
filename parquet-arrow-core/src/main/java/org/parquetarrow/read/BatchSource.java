package org.parquetarrow.read;

import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Where a {@link ParquetFileReader}'s batches come from: decoded when asked ({@link BatchReader})
 * or by windows decoded ahead in parallel ({@link ParallelBatchReader}).
 */
interface BatchSource extends AutoCloseable {
  /** The schema in IPC message form (dictionary fields typed by their values). */
  Schema schema();

  /** The next batch, owned by the caller, or {@code null} after the last row. */
  VectorSchemaRoot next();

  /** The dictionaries of the last batch returned, by id (replaced by the next batch). */
  Map<Long, Dictionary> dictionaries();

  BufferAllocator allocator();

  long pagesSkipped();

  long bytesFetched();

  long bytesRequested();

  @Override
  void close();
}
