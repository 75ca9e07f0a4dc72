package org.parquetarrow.flight;

import org.parquetarrow.write.WriterProperties;

/**
 * How the producer reads and writes.
 *
 * @param batchSize most rows per streamed batch
 * @param streamMemoryBudget decoded bytes one stream may hold ahead of its client
 * @param scanParallelism files read at once by a whole-dataset split
 * @param stallTimeoutMillis how long a stream waits for a client that reads nothing before giving up
 * @param writerProperties how uploads are written
 * @param splitRows rows above which an unfiltered file is split into ranges of row groups
 * @param uploadLimits what uploads may take
 */
record ServerSettings(int batchSize, long streamMemoryBudget, int scanParallelism, long stallTimeoutMillis,
    WriterProperties writerProperties, long splitRows, UploadLimits uploadLimits) {}
