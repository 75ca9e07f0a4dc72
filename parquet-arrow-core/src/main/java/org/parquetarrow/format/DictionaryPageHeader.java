package org.parquetarrow.format;

/** Header of a dictionary page; {@code isSorted} may be {@code null}. */
public record DictionaryPageHeader(int numValues, Encoding encoding, Boolean isSorted) {}
