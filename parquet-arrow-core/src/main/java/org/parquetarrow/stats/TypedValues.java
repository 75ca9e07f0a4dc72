package org.parquetarrow.stats;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.apache.arrow.memory.util.Float16;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.TimeUnit;
import org.parquetarrow.schema.PrimitiveNode;

/**
 * One PLAIN-encoded value of a leaf (a statistics bound, a column-index entry) as the Java value of
 * the Arrow type the leaf reads as; the mapping is documented on {@link ColumnChunkStatistics}.
 * Bytes that are no value of the leaf (wrong length, invalid UTF-8, a time outside the day) decode
 * to {@code null}: a bound that is unknown rather than wrong.
 */
final class TypedValues {
  /** Julian day number of 1970-01-01, the epoch of INT96 timestamps' day count. */
  private static final long JULIAN_EPOCH_DAY = 2_440_588L;

  private TypedValues() {}

  static Object decode(PrimitiveNode leaf, byte[] b) {
    if (b == null) {
      return null;
    }
    LogicalType logical = leaf.effectiveLogicalType();
    if (logical instanceof LogicalType.Unrecognized
        || logical instanceof LogicalType.GeometryType
        || logical instanceof LogicalType.GeographyType) {
      logical = null; // read as the physical type, as the schema mapping does
    }
    if (logical instanceof LogicalType.NullType) {
      return null;
    }
    try {
      return switch (leaf.physicalType()) {
        case BOOLEAN -> b.length == 1 ? Boolean.valueOf((b[0] & 1) != 0) : null;
        case INT32 -> b.length == 4 ? int32(le(b).getInt(), logical) : null;
        case INT64 -> b.length == 8 ? int64(le(b).getLong(), logical) : null;
        case INT96 -> b.length == 12 ? int96(le(b)) : null;
        case FLOAT -> b.length == 4 ? (Object) le(b).getFloat() : null;
        case DOUBLE -> b.length == 8 ? (Object) le(b).getDouble() : null;
        case BYTE_ARRAY -> byteArray(b, logical);
        case FIXED_LEN_BYTE_ARRAY -> fixed(b, logical);
      };
    } catch (DateTimeException | ArithmeticException e) {
      return null; // a date, time or timestamp no Java value holds
    }
  }

  private static Object int32(int v, LogicalType logical) {
    if (logical instanceof LogicalType.IntType i && !i.isSigned()) {
      return Integer.toUnsignedLong(v);
    } else if (logical instanceof LogicalType.DecimalType d) {
      return BigDecimal.valueOf(v, d.scale());
    } else if (logical instanceof LogicalType.DateType) {
      return LocalDate.ofEpochDay(v);
    } else if (logical instanceof LogicalType.TimeType t) {
      return time(v, t.unit());
    }
    return (long) v;
  }

  private static Object int64(long v, LogicalType logical) {
    if (logical instanceof LogicalType.IntType i && !i.isSigned()) {
      return new BigInteger(Long.toUnsignedString(v));
    } else if (logical instanceof LogicalType.DecimalType d) {
      return BigDecimal.valueOf(v, d.scale());
    } else if (logical instanceof LogicalType.TimestampType t) {
      Instant instant = instant(v, t.unit());
      return t.isAdjustedToUTC() ? instant : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    } else if (logical instanceof LogicalType.TimeType t) {
      return time(v, t.unit());
    }
    return v;
  }

  /** INT96: nanoseconds of the day, then the Julian day; Arrow reads it as a timestamp without zone. */
  private static Object int96(ByteBuffer b) {
    long nanosOfDay = b.getLong();
    long julianDay = Integer.toUnsignedLong(b.getInt());
    Instant instant = Instant.ofEpochSecond(Math.multiplyExact(julianDay - JULIAN_EPOCH_DAY, 86_400L), nanosOfDay);
    return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
  }

  private static Object byteArray(byte[] b, LogicalType logical) {
    if (logical instanceof LogicalType.DecimalType d) {
      return decimal(b, d);
    } else if (logical instanceof LogicalType.StringType || logical instanceof LogicalType.JsonType) {
      return utf8(b);
    }
    return b.clone();
  }

  private static Object fixed(byte[] b, LogicalType logical) {
    if (logical instanceof LogicalType.DecimalType d) {
      return decimal(b, d);
    } else if (logical instanceof LogicalType.Float16Type) {
      return b.length == 2 ? (Object) Float16.toFloat((short) ((b[0] & 0xff) | (b[1] & 0xff) << 8)) : null;
    } else if (logical instanceof LogicalType.UuidType) {
      ByteBuffer big = ByteBuffer.wrap(b);
      return b.length == 16 ? new UUID(big.getLong(), big.getLong()) : null;
    }
    return b.clone();
  }

  private static BigDecimal decimal(byte[] b, LogicalType.DecimalType d) {
    return b.length == 0 ? null : new BigDecimal(new BigInteger(b), d.scale());
  }

  private static LocalTime time(long v, TimeUnit unit) {
    return LocalTime.ofNanoOfDay(Math.multiplyExact(v, nanosPer(unit)));
  }

  private static Instant instant(long v, TimeUnit unit) {
    long per = nanosPer(unit);
    long perSecond = 1_000_000_000L / per;
    return Instant.ofEpochSecond(Math.floorDiv(v, perSecond), Math.floorMod(v, perSecond) * per);
  }

  private static long nanosPer(TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> 1_000_000L;
      case MICROS -> 1000L;
      case NANOS -> 1L;
    };
  }

  private static String utf8(byte[] b) {
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  private static ByteBuffer le(byte[] b) {
    return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
  }

  /** Whether the leaf's values are byte strings, whose bounds writers may truncate. */
  static boolean binary(PhysicalType physical) {
    return physical == PhysicalType.BYTE_ARRAY || physical == PhysicalType.FIXED_LEN_BYTE_ARRAY;
  }
}
