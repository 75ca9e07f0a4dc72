package org.parquetarrow.bench;

/**
 * What a full scan saw: rows, the {@link BatchDigest} checksum, and the peak bytes held by the
 * reader's memory pool or allocator during the scan.
 */
public record ScanResult(long rows, long checksum, long peakBytes) {}
