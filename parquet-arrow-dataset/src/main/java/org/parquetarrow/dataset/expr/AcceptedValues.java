package org.parquetarrow.dataset.expr;

import java.math.BigInteger;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * What literals a column of a type can be compared with, in the filter language's own words, for
 * the message that refuses one that does not fit (so the user learns what would, not how the
 * JDK's number or date parser failed).
 */
final class AcceptedValues {
  private AcceptedValues() {}

  static String of(ArrowType type) {
    if (type instanceof ArrowType.Int i) {
      BigInteger min = i.getIsSigned() ? BigInteger.ONE.shiftLeft(i.getBitWidth() - 1).negate() : BigInteger.ZERO;
      BigInteger max = i.getIsSigned()
          ? BigInteger.ONE.shiftLeft(i.getBitWidth() - 1).subtract(BigInteger.ONE)
          : BigInteger.ONE.shiftLeft(i.getBitWidth()).subtract(BigInteger.ONE);
      return "whole numbers from " + min + " to " + max + " (or any number to compare with, such as 2.5)";
    }
    if (type instanceof ArrowType.FloatingPoint) {
      return "numbers such as 42, 2.5 or 1e-3 (also 'nan', 'inf')";
    }
    if (type instanceof ArrowType.Decimal d) {
      return "numbers such as 12.34 (the column has " + d.getScale() + " digits after the point, "
          + d.getPrecision() + " in all)";
    }
    if (type instanceof ArrowType.Bool) {
      return "true or false";
    }
    if (type instanceof ArrowType.Date) {
      return "dates such as date '2024-01-31' or '2024-01-31', or timestamps such as timestamp '2024-01-31 12:30:00'";
    }
    if (type instanceof ArrowType.Timestamp t) {
      return "timestamps such as timestamp '2024-01-31 12:30:00'"
          + (t.getTimezone() != null ? " (UTC) or '2024-01-31 12:30:00+02:00'" : "")
          + ", or dates such as date '2024-01-31'";
    }
    if (type instanceof ArrowType.Time t) {
      return "times of day such as time '12:30:00'" + precision(t.getUnit());
    }
    if (type instanceof ArrowType.FixedSizeBinary f) {
      return "strings of exactly " + f.getByteWidth() + " bytes in UTF-8";
    }
    if (ExpressionBinder.isStringLike(type)) {
      return "strings in single quotes, such as 'Oslo'";
    }
    if (ExpressionBinder.isBinaryLike(type)) {
      return "strings (compared as their UTF-8 bytes)";
    }
    return "no literal: only is null / is not null";
  }

  private static String precision(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> " (whole seconds)";
      case MILLISECOND -> " (down to milliseconds)";
      case MICROSECOND -> " (down to microseconds)";
      case NANOSECOND -> " (down to nanoseconds)";
    };
  }
}
