package org.parquetarrow.variant;

/**
 * The type of one {@link Variant} value: the primitive types of {@code VariantEncoding.md} (short
 * strings are {@link #STRING}), {@link #OBJECT} and {@link #ARRAY}.
 */
public enum VariantKind {
  NULL,
  BOOLEAN,
  INT8,
  INT16,
  INT32,
  INT64,
  DOUBLE,
  DECIMAL4,
  DECIMAL8,
  DECIMAL16,
  /** Days since 1970-01-01. */
  DATE,
  /** Microseconds since the epoch, UTC. */
  TIMESTAMP_TZ_MICROS,
  /** Microseconds since 1970-01-01T00:00, no time zone. */
  TIMESTAMP_NTZ_MICROS,
  FLOAT,
  BINARY,
  STRING,
  /** Microseconds since midnight, no time zone. */
  TIME_NTZ_MICROS,
  /** Nanoseconds since the epoch, UTC. */
  TIMESTAMP_TZ_NANOS,
  /** Nanoseconds since 1970-01-01T00:00, no time zone. */
  TIMESTAMP_NTZ_NANOS,
  UUID,
  OBJECT,
  ARRAY;

  /** Whether values of this kind are compared as exact numbers (the integers and decimals). */
  public boolean isExactNumeric() {
    return switch (this) {
      case INT8, INT16, INT32, INT64, DECIMAL4, DECIMAL8, DECIMAL16 -> true;
      default -> false;
    };
  }
}
