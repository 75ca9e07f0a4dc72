package org.parquetarrow.format;

/** How many pages of a type used an encoding. */
public record PageEncodingStats(PageType pageType, Encoding encoding, int count) {}
