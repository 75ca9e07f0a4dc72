package org.parquetarrow.schema;

/**
 * The format version a writer targets, as Arrow C++'s {@code ParquetVersion}: it decides which
 * logical types may be written.
 *
 * <pre>{@code
 * ArrowWriteOptions options = ArrowWriteOptions.builder().version(ParquetVersion.V2_4).build();
 * }</pre>
 */
public enum ParquetVersion {
  /** Format 1.0: no unsigned 32-bit annotation (uint32 is written as plain INT64), no nanoseconds. */
  V1_0,
  /** Format 2.4: all annotations but nanosecond timestamps (coerced to microseconds). */
  V2_4,
  /** Format 2.6: nanosecond timestamps too. The default. */
  V2_6
}
