package org.parquetarrow.format;

/**
 * Header of a v2 data page: levels are stored uncompressed ahead of the (possibly compressed)
 * values. {@code isCompressed} is {@code null} when absent, which means compressed.
 */
public record DataPageHeaderV2(
    int numValues,
    int numNulls,
    int numRows,
    Encoding encoding,
    int definitionLevelsByteLength,
    int repetitionLevelsByteLength,
    Boolean isCompressed,
    Statistics statistics) {

  /** Whether the values section is compressed (the thrift default is {@code true}). */
  public boolean compressed() {
    return isCompressed == null || isCompressed;
  }
}
