package org.parquetarrow.dataset.prune;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * How the values of a column type compare, and their Java form in bounds: one form per domain so
 * that statistics decoded from a file and literals bound to the dataset's (possibly wider) type
 * meet on common ground.
 */
enum ValueDomain {
  /** Signed integers, unsigned ones below 64 bits, dates, times, timestamps: {@link Long}. */
  LONG,
  /** Unsigned 64-bit integers: {@link Long} bit patterns compared unsigned. */
  ULONG,
  /** Floating point, half floats included: {@link Double}, never NaN in bounds. */
  DOUBLE,
  /** Decimals: {@link BigDecimal} compared by value, whatever the scale. */
  DECIMAL,
  /** Strings (as UTF-8) and binary: {@code byte[]} compared unsigned, byte by byte. */
  BYTES,
  /** {@link Boolean}, false before true. */
  BOOLEAN;

  /** The domain of a dataset column's Arrow type, or {@code null} when it has none. */
  static ValueDomain of(ArrowType type) {
    if (type instanceof ArrowType.Int i) {
      return !i.getIsSigned() && i.getBitWidth() == 64 ? ULONG : LONG;
    }
    if (type instanceof ArrowType.Date || type instanceof ArrowType.Time || type instanceof ArrowType.Timestamp) {
      return LONG;
    }
    if (type instanceof ArrowType.FloatingPoint) {
      return DOUBLE;
    }
    if (type instanceof ArrowType.Decimal) {
      return DECIMAL;
    }
    if (type instanceof ArrowType.Bool) {
      return BOOLEAN;
    }
    if (type instanceof ArrowType.Utf8
        || type instanceof ArrowType.LargeUtf8
        || type instanceof ArrowType.Utf8View
        || type instanceof ArrowType.Binary
        || type instanceof ArrowType.LargeBinary
        || type instanceof ArrowType.BinaryView
        || type instanceof ArrowType.FixedSizeBinary) {
      return BYTES;
    }
    return null;
  }

  /**
   * {@code value} (a bound literal's value, or a value decoded in another domain) in this domain's
   * form, or {@code null} when it has no exact counterpart.
   */
  Object convert(Object value) {
    return switch (this) {
      case LONG, ULONG -> value instanceof Long ? value : null;
      case DOUBLE -> {
        if (value instanceof Double d) {
          yield d;
        }
        if (value instanceof Long l && Math.abs(l) < (1L << 53)) {
          yield (double) l;
        }
        yield null;
      }
      case DECIMAL -> {
        if (value instanceof BigDecimal d) {
          yield d;
        }
        yield value instanceof Long l ? BigDecimal.valueOf(l) : null;
      }
      case BYTES -> {
        if (value instanceof byte[]) {
          yield value;
        }
        yield value instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : null;
      }
      case BOOLEAN -> value instanceof Boolean ? value : null;
    };
  }

  /** Compares two values of this domain. */
  int compare(Object a, Object b) {
    return switch (this) {
      case LONG -> Long.compare((Long) a, (Long) b);
      case ULONG -> Long.compareUnsigned((Long) a, (Long) b);
      case DOUBLE -> {
        // Numeric order: -0.0 equals 0.0 here, as in SQL (NaN never reaches a bound).
        double x = (Double) a;
        double y = (Double) b;
        yield x < y ? -1 : x > y ? 1 : 0;
      }
      case DECIMAL -> ((BigDecimal) a).compareTo((BigDecimal) b);
      case BYTES -> compareUnsigned((byte[]) a, (byte[]) b);
      case BOOLEAN -> Boolean.compare((Boolean) a, (Boolean) b);
    };
  }

  static int compareUnsigned(byte[] a, byte[] b) {
    return java.util.Arrays.compareUnsigned(a, b);
  }
}
