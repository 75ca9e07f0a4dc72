package org.parquetarrow.format;

import java.util.List;

/** A row group: one column chunk per leaf column, in schema order. */
public record RowGroup(
    List<ColumnChunk> columns,
    long totalByteSize,
    long numRows,
    List<SortingColumn> sortingColumns,
    Long fileOffset,
    Long totalCompressedSize,
    Short ordinal) {}
