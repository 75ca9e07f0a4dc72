package org.parquetarrow.read;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.types.TimeUnit;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.encoding.BinaryOutput;

/**
 * Bulk conversions of dense fixed-width values from their Parquet physical form to the Arrow
 * storage type: one loop per kind, no per-value dispatch.
 */
enum FixedConversion {
  /** Same bytes. */
  NONE,
  /** INT32 to int8 / uint8: the low byte. */
  INT32_TO_8,
  /** INT32 to int16 / uint16: the low two bytes. */
  INT32_TO_16,
  /** INT32 to decimal128/256: sign-extended. */
  INT32_TO_DECIMAL,
  /** INT64 to decimal128/256: sign-extended. */
  INT64_TO_DECIMAL,
  /** FIXED_LEN_BYTE_ARRAY big-endian two's complement to little-endian decimal128/256. */
  BIG_ENDIAN_TO_DECIMAL,
  INT96_TO_SECONDS,
  INT96_TO_MILLIS,
  INT96_TO_MICROS,
  INT96_TO_NANOS;

  /** Julian day number of 1970-01-01. */
  private static final long JULIAN_EPOCH_DAY = 2_440_588L;

  private static final long SECONDS_PER_DAY = 86_400L;

  static FixedConversion int96To(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> INT96_TO_SECONDS;
      case MILLISECOND -> INT96_TO_MILLIS;
      case MICROSECOND -> INT96_TO_MICROS;
      case NANOSECOND -> INT96_TO_NANOS;
    };
  }

  /**
   * Converts {@code n} values of {@code srcWidth} bytes into values of {@code dstWidth} bytes
   * written from byte {@code dstOffset} of {@code dst}.
   */
  void convert(ArrowBuf src, int srcWidth, ArrowBuf dst, long dstOffset, int dstWidth, int n) {
    src.checkBytes(0, (long) n * srcWidth);
    dst.checkBytes(dstOffset, dstOffset + (long) n * dstWidth);
    long s = src.memoryAddress();
    long d = dst.memoryAddress() + dstOffset;
    switch (this) {
      case NONE -> MemoryUtil.copyMemory(s, d, (long) n * srcWidth);
      case INT32_TO_8 -> {
        for (int i = 0; i < n; i++) {
          MemoryUtil.putByte(d + i, (byte) MemoryUtil.getInt(s + 4L * i));
        }
      }
      case INT32_TO_16 -> {
        for (int i = 0; i < n; i++) {
          MemoryUtil.putShort(d + 2L * i, (short) MemoryUtil.getInt(s + 4L * i));
        }
      }
      case INT32_TO_DECIMAL -> {
        for (int i = 0; i < n; i++) {
          putSignExtended(d + (long) dstWidth * i, dstWidth, MemoryUtil.getInt(s + 4L * i));
        }
      }
      case INT64_TO_DECIMAL -> {
        for (int i = 0; i < n; i++) {
          putSignExtended(d + (long) dstWidth * i, dstWidth, MemoryUtil.getLong(s + 8L * i));
        }
      }
      case BIG_ENDIAN_TO_DECIMAL -> {
        for (int i = 0; i < n; i++) {
          bigEndianToDecimal(s + (long) srcWidth * i, srcWidth, d + (long) dstWidth * i, dstWidth);
        }
      }
      default -> int96(s, d, n);
    }
  }

  private void int96(long s, long d, int n) {
    for (int i = 0; i < n; i++) {
      long nanosOfDay = MemoryUtil.getLong(s + 12L * i);
      long days = (MemoryUtil.getInt(s + 12L * i + 8) & 0xffffffffL) - JULIAN_EPOCH_DAY;
      // wrapping arithmetic, as Arrow C++: out-of-range dates wrap rather than fail
      long v = switch (this) {
        case INT96_TO_SECONDS -> days * SECONDS_PER_DAY + Long.divideUnsigned(nanosOfDay, 1_000_000_000L);
        case INT96_TO_MILLIS -> days * SECONDS_PER_DAY * 1_000L + Long.divideUnsigned(nanosOfDay, 1_000_000L);
        case INT96_TO_MICROS -> days * SECONDS_PER_DAY * 1_000_000L + Long.divideUnsigned(nanosOfDay, 1_000L);
        default -> days * SECONDS_PER_DAY * 1_000_000_000L + nanosOfDay;
      };
      MemoryUtil.putLong(d + 8L * i, v);
    }
  }

  private static void putSignExtended(long address, int width, long value) {
    MemoryUtil.putLong(address, value);
    long sign = value >> 63;
    for (int off = 8; off < width; off += 8) {
      MemoryUtil.putLong(address + off, sign);
    }
  }

  /**
   * Writes the big-endian two's complement integer of {@code length} bytes at {@code src} as a
   * little-endian integer of {@code width} bytes.
   */
  private static void bigEndianToDecimal(long src, int length, long dst, int width) {
    if (length == 0) {
      MemoryUtil.setMemory(dst, width, (byte) 0);
      return;
    }
    byte sign = (byte) (MemoryUtil.getByte(src) >> 7);
    int skip = 0;
    if (length > width) {
      // Arrow C++ accepts extra leading bytes when they only repeat the sign
      skip = length - width;
      for (int i = 0; i < skip; i++) {
        if (MemoryUtil.getByte(src + i) != sign) {
          throw new CorruptFileException(
              "decimal of " + length + " bytes does not fit " + width + " bytes");
        }
      }
    }
    int used = length - skip;
    for (int j = 0; j < used; j++) {
      MemoryUtil.putByte(dst + j, MemoryUtil.getByte(src + length - 1 - j));
    }
    MemoryUtil.setMemory(dst + used, width - used, sign);
  }

  /**
   * Converts {@code n} variable-length big-endian decimals (BYTE_ARRAY) to {@code width} bytes
   * each, written from byte {@code dstOffset} of {@code dst}.
   */
  static void bigEndianVariableToDecimal(BinaryOutput values, int n, ArrowBuf dst, long dstOffset, int width) {
    dst.checkBytes(dstOffset, dstOffset + (long) n * width);
    long data = values.data().memoryAddress();
    long d = dst.memoryAddress() + dstOffset;
    for (int i = 0; i < n; i++) {
      long start = values.offset(i);
      int length = (int) (values.offset(i + 1) - start);
      bigEndianToDecimal(data + start, length, d + (long) width * i, width);
    }
  }
}
