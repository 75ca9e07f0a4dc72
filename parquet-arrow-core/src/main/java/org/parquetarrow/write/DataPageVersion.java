package org.parquetarrow.write;

/** Which data page header a writer uses. */
public enum DataPageVersion {
  /** {@code DataPageHeader}: levels with length prefixes, compressed together with the values. */
  V1,
  /** {@code DataPageHeaderV2}: levels uncompressed ahead of the values, null and row counts in the header. */
  V2
}
