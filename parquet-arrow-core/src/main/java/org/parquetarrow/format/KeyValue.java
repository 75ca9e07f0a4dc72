package org.parquetarrow.format;

/** A key/value metadata entry; {@code value} may be {@code null}. */
public record KeyValue(String key, String value) {}
