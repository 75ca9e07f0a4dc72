package org.parquetarrow.format;

/** Header of a v1 data page; {@code statistics} may be {@code null}. */
public record DataPageHeader(
    int numValues,
    Encoding encoding,
    Encoding definitionLevelEncoding,
    Encoding repetitionLevelEncoding,
    Statistics statistics) {}
