package org.parquetarrow.format;

/** Where a data page is (offset and size including its header) and its first row. */
public record PageLocation(long offset, int compressedPageSize, long firstRowIndex) {}
