package org.parquetarrow.flight;

import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.write.WriterProperties;

/**
 * How the producer reads and writes.
 *
 * @param scan what every stream's scan starts from (batch size, memory budget, parallelism of a
 *     whole-dataset split, the read options template, pruning); the query adds columns and filter
 * @param stallTimeoutMillis how long a stream waits for a client that reads nothing before giving up
 * @param writerProperties how uploads are written
 * @param splitRows rows above which an unfiltered file is split into ranges of row groups
 * @param uploadLimits what uploads may take
 */
record ServerSettings(ScanOptions scan, long stallTimeoutMillis,
    WriterProperties writerProperties, long splitRows, UploadLimits uploadLimits) {}
