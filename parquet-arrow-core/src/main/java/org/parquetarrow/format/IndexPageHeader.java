package org.parquetarrow.format;

/** Header of an index page: an empty struct in the format, never used by known writers. */
public record IndexPageHeader() {}
