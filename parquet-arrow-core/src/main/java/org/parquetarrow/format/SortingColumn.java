package org.parquetarrow.format;

/** A sort key of a row group: leaf column ordinal, direction and null placement. */
public record SortingColumn(int columnIdx, boolean descending, boolean nullsFirst) {}
