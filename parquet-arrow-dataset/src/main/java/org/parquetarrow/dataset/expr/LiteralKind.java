package org.parquetarrow.dataset.expr;

/**
 * What a literal was written as, before it is coerced to a column's type. The Java class of the
 * value is fixed per kind.
 */
public enum LiteralKind {
  /** {@link Boolean}. */
  BOOLEAN,
  /** {@link Long}: a whole number that fits 64 signed bits. */
  INTEGER,
  /** {@link java.math.BigDecimal}: a number written with a point, or too large for INTEGER. */
  DECIMAL,
  /** {@link Double}: a number written with an exponent, or a Java float/double. */
  DOUBLE,
  /** {@link String}. */
  STRING,
  /** {@code byte[]}. */
  BINARY,
  /** {@link java.time.LocalDate}. */
  DATE,
  /** {@link java.time.LocalTime}. */
  TIME,
  /** {@link java.time.LocalDateTime}, read as UTC against time-zone-aware columns. */
  TIMESTAMP
}
