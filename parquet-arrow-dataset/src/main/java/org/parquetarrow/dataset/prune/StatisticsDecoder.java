package org.parquetarrow.dataset.prune;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.schema.PrimitiveNode;

/**
 * Turns PLAIN-encoded statistics values of one file column into a dataset domain's values: the
 * file's physical type decides the decoding, its logical type the meaning (unsigned, decimal
 * scale, half float, time unit), the dataset column's domain the result (an int32 file column of
 * an int64 or double dataset column decodes to that domain). Values of the wrong length decode to
 * {@code null}, which makes the bound unknown rather than wrong.
 */
final class StatisticsDecoder {
  private final PhysicalType physical;
  private final LogicalType logical;
  private final ValueDomain domain;
  private final long scale;

  private StatisticsDecoder(PhysicalType physical, LogicalType logical, ValueDomain domain, long scale) {
    this.physical = physical;
    this.logical = logical;
    this.domain = domain;
    this.scale = scale;
  }

  /**
   * The decoder for {@code node} read as {@code fileType} into {@code domain}, or {@code null}
   * when its statistics cannot be used for that domain.
   */
  static StatisticsDecoder of(PrimitiveNode node, ArrowType fileType, ValueDomain domain) {
    if (domain == null || node.physicalType() == PhysicalType.INT96) {
      return null;
    }
    LogicalType logical = node.effectiveLogicalType();
    if (logical instanceof LogicalType.DecimalType && fileType instanceof ArrowType.Int) {
      // read as its unscaled integers (ArrowReadOptions.IntDecimalPolicy.UNSCALED): so are its bounds
      logical = null;
    }
    long scale = 1;
    if (fileType instanceof ArrowType.Date d && d.getUnit() == DateUnit.MILLISECOND) {
      scale = 86_400_000L; // stored as days
    } else if (fileType instanceof ArrowType.Timestamp ts && logical instanceof LogicalType.TimestampType lt) {
      scale = unitScale(lt.unit(), ts.getUnit());
    } else if (fileType instanceof ArrowType.Time tm && logical instanceof LogicalType.TimeType lt) {
      scale = unitScale(lt.unit(), tm.getUnit());
    }
    if (scale <= 0) {
      return null;
    }
    return new StatisticsDecoder(node.physicalType(), logical, domain, scale);
  }

  /** Multiplier from a Parquet time unit to a finer-or-equal Arrow one; 0 when coarser. */
  private static long unitScale(org.parquetarrow.format.TimeUnit from, org.apache.arrow.vector.types.TimeUnit to) {
    long fromNanos = switch (from) {
      case MILLIS -> 1_000_000L;
      case MICROS -> 1000L;
      case NANOS -> 1L;
    };
    long toNanos = switch (to) {
      case SECOND -> 1_000_000_000L;
      case MILLISECOND -> 1_000_000L;
      case MICROSECOND -> 1000L;
      case NANOSECOND -> 1L;
    };
    return fromNanos >= toNanos ? fromNanos / toNanos : 0;
  }

  ValueDomain domain() {
    return domain;
  }

  /** Whether PLAIN bytes {@code b} are a NaN of a FLOAT, DOUBLE or FLOAT16 column. */
  boolean isNaN(byte[] b) {
    return b != null && raw(b) instanceof Double d && d.isNaN();
  }

  /** The value of PLAIN bytes {@code b}, or {@code null} when they do not decode. */
  Object decode(byte[] b) {
    if (b == null) {
      return null;
    }
    Object raw = raw(b);
    if (raw instanceof Double d && d.isNaN()) {
      return null;
    }
    return raw == null ? null : domain.convert(raw);
  }

  private Object raw(byte[] b) {
    return switch (physical) {
      case BOOLEAN -> b.length == 1 ? Boolean.valueOf((b[0] & 1) != 0) : null;
      case INT32 -> b.length == 4 ? int32(le(b).getInt()) : null;
      case INT64 -> b.length == 8 ? int64(le(b).getLong()) : null;
      case FLOAT -> b.length == 4 ? (Object) (double) le(b).getFloat() : null;
      case DOUBLE -> b.length == 8 ? (Object) le(b).getDouble() : null;
      case BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> bytes(b);
      default -> null;
    };
  }

  private Object int32(int v) {
    if (logical instanceof LogicalType.DecimalType d) {
      return BigDecimal.valueOf(v, d.scale());
    }
    if (logical instanceof LogicalType.IntType i && !i.isSigned()) {
      return Integer.toUnsignedLong(v);
    }
    return scaled(v);
  }

  private Object int64(long v) {
    if (logical instanceof LogicalType.DecimalType d) {
      return BigDecimal.valueOf(v, d.scale());
    }
    return scaled(v);
  }

  private Object scaled(long v) {
    if (scale == 1) {
      return v;
    }
    long r = v * scale;
    return r / scale == v ? (Object) r : null;
  }

  private Object bytes(byte[] b) {
    if (logical instanceof LogicalType.DecimalType d) {
      return b.length == 0 ? null : new BigDecimal(new BigInteger(b), d.scale());
    }
    if (logical instanceof LogicalType.Float16Type) {
      return b.length == 2 ? (Object) (double) halfToFloat((short) ((b[0] & 0xff) | (b[1] << 8))) : null;
    }
    return b;
  }

  private static ByteBuffer le(byte[] b) {
    return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
  }

  /** IEEE 754 binary16 to float, exactly (every half is a float). */
  static float halfToFloat(short h) {
    return Float16.toFloat(h);
  }
}
