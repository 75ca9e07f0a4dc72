package org.parquetarrow.write;

import java.util.Arrays;
import org.parquetarrow.format.Statistics;

/** Comparison and truncation of PLAIN-encoded min/max values, for statistics and the column index. */
final class StatisticsBytes {
  private StatisticsBytes() {}

  /** Compares two PLAIN-encoded values of a column with this order. */
  static int compare(ValueOrder order, byte[] a, byte[] b) {
    return switch (order) {
      case SIGNED -> a.length == 4 ? Integer.compare(le32(a), le32(b)) : Long.compare(le64(a), le64(b));
      case UNSIGNED -> a.length == 4 ? Integer.compareUnsigned(le32(a), le32(b))
          : Long.compareUnsigned(le64(a), le64(b));
      case FLOAT -> Float.compare(Float.intBitsToFloat(le32(a)) + 0.0f, Float.intBitsToFloat(le32(b)) + 0.0f);
      case DOUBLE -> Double.compare(Double.longBitsToDouble(le64(a)) + 0.0, Double.longBitsToDouble(le64(b)) + 0.0);
      case BOOLEAN -> Integer.compare(a[0], b[0]);
      case SIGNED_BYTES -> BinaryOrder.compareSigned(a, 0, a.length, b, 0, b.length);
      case FLOAT16 -> Float.compare(Float16.toFloat(a, 0) + 0.0f, Float16.toFloat(b, 0) + 0.0f);
      default -> Arrays.compareUnsigned(a, b);
    };
  }

  private static int le32(byte[] b) {
    return (b[0] & 0xff) | (b[1] & 0xff) << 8 | (b[2] & 0xff) << 16 | (b[3] & 0xff) << 24;
  }

  private static long le64(byte[] b) {
    return (le32(b) & 0xffffffffL) | (long) le32(Arrays.copyOfRange(b, 4, 8)) << 32;
  }

  /**
   * A lower bound of {@code min} at most {@code length} bytes long (a prefix; for UTF-8, cut at a
   * character boundary), or {@code min} itself when it is short enough or its order is not bytewise.
   */
  static byte[] truncateMin(ValueOrder order, byte[] min, int length, boolean utf8) {
    if (order != ValueOrder.UNSIGNED_BYTES || min.length <= length) {
      return min;
    }
    int cut = length;
    if (utf8) {
      while (cut > 0 && (min[cut] & 0xc0) == 0x80) {
        cut--;
      }
    }
    return Arrays.copyOf(min, cut);
  }

  /**
   * An upper bound of {@code max} at most {@code length} bytes long: a prefix whose last byte is
   * incremented; {@code max} itself when no such bound exists (all bytes 0xFF) or is needed. For
   * UTF-8 only ASCII bytes are incremented, so that the bound stays valid UTF-8.
   */
  static byte[] truncateMax(ValueOrder order, byte[] max, int length, boolean utf8) {
    if (order != ValueOrder.UNSIGNED_BYTES || max.length <= length) {
      return max;
    }
    for (int i = length - 1; i >= 0; i--) {
      int b = max[i] & 0xff;
      boolean incrementable = utf8 ? b < 0x7f : b < 0xff;
      if (incrementable) {
        byte[] r = Arrays.copyOf(max, i + 1);
        r[i] = (byte) (b + 1);
        return r;
      }
    }
    return max;
  }

  /**
   * Statistics with bounds truncated to {@code limit} bytes; {@code nan_count} for the float types,
   * as the spec requires; the legacy {@code min}/{@code max} too where their signed order is the
   * column's. {@code min == null}: no bounds (only nulls or NaNs).
   */
  static Statistics statistics(ValueOrder order, byte[] min, byte[] max, long nulls, long nans, Long distinct,
      int limit, boolean utf8) {
    Long nanCount = order.hasNans() ? nans : null;
    if (min == null) {
      return new Statistics(null, null, nulls, distinct, null, null, null, null, nanCount);
    }
    byte[] tMin = truncateMin(order, min, limit, utf8);
    byte[] tMax = truncateMax(order, max, limit, utf8);
    boolean legacy = order.legacyCompatible();
    return new Statistics(legacy ? max : null, legacy ? min : null, nulls, distinct, tMax, tMin,
        tMax == max, tMin == min, nanCount);
  }

  /** Statistics of a column without order (INT96, intervals, statistics off): the null count alone. */
  static Statistics nullCountOnly(long nulls) {
    return new Statistics(null, null, nulls, null, null, null, null, null, null);
  }
}
