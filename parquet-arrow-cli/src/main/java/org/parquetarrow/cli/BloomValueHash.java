package org.parquetarrow.cli;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.parquetarrow.bloom.SplitBlockBloomFilter;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * The bloom filter hash of a value typed on the command line: the value is parsed for the
 * column's physical type, PLAIN-encoded (a BYTE_ARRAY without its length) and hashed with xxHash64,
 * seed 0, as the spec says. Byte values are UTF-8 text, or {@code hex:…} for raw bytes; decimals
 * are numbers ({@code 12.34}) whatever their physical type.
 */
final class BloomValueHash {
  private BloomValueHash() {}

  static long of(String text, ColumnDescriptor column) {
    if (column.node().effectiveLogicalType() instanceof LogicalType.DecimalType d) {
      return decimal(text, column, d);
    }
    try {
      switch (column.physicalType()) {
        case INT32:
          return SplitBlockBloomFilter.hashInt(Integer.parseInt(text.trim()));
        case INT64:
          return SplitBlockBloomFilter.hashLong(Long.parseLong(text.trim()));
        case FLOAT:
          return SplitBlockBloomFilter.hashInt(Float.floatToRawIntBits(Float.parseFloat(text.trim())));
        case DOUBLE:
          return SplitBlockBloomFilter.hashLong(Double.doubleToRawLongBits(Double.parseDouble(text.trim())));
        case BYTE_ARRAY: {
          byte[] b = bytes(text);
          return SplitBlockBloomFilter.hashBytes(b, 0, b.length);
        }
        case FIXED_LEN_BYTE_ARRAY:
        case INT96: {
          byte[] b = bytes(text);
          Integer declared = column.node().typeLength();
          int want = column.physicalType() == org.parquetarrow.format.PhysicalType.INT96 ? 12
              : declared == null ? b.length : declared;
          if (b.length != want) {
            throw new UserInputException("column " + column.dottedPath() + " holds " + want + "-byte values; '"
                + text + "' is " + b.length + " bytes");
          }
          return SplitBlockBloomFilter.hashBytes(b, 0, b.length);
        }
        default:
          throw new UserInputException("column " + column.dottedPath() + " is " + column.physicalType()
              + ", which bloom filters do not cover");
      }
    } catch (NumberFormatException e) {
      throw new UserInputException("'" + text + "' is not a " + column.physicalType() + " value for column "
          + column.dottedPath(), e);
    }
  }

  /**
   * A decimal is typed as a number ({@code 12.34}) and hashed as it is stored: its unscaled value
   * at the column's scale, as INT32, INT64 or big-endian two's complement bytes (sign-extended to a
   * fixed length, shortest for BYTE_ARRAY).
   */
  private static long decimal(String text, ColumnDescriptor column, LogicalType.DecimalType d) {
    BigInteger unscaled;
    try {
      unscaled = new BigDecimal(text.trim()).setScale(d.scale(), RoundingMode.UNNECESSARY).unscaledValue();
    } catch (NumberFormatException | ArithmeticException e) {
      throw new UserInputException("'" + text + "' is not a DECIMAL(" + d.precision() + "," + d.scale()
          + ") value for column " + column.dottedPath(), e);
    }
    if (unscaled.abs().compareTo(BigInteger.TEN.pow(d.precision())) >= 0) {
      throw new UserInputException("'" + text + "' has more than the " + d.precision() + " digits of column "
          + column.dottedPath());
    }
    switch (column.physicalType()) {
      case INT32:
        return SplitBlockBloomFilter.hashInt(unscaled.intValueExact());
      case INT64:
        return SplitBlockBloomFilter.hashLong(unscaled.longValueExact());
      case FIXED_LEN_BYTE_ARRAY: {
        byte[] minimal = unscaled.toByteArray();
        Integer declared = column.node().typeLength();
        int width = declared == null ? minimal.length : declared;
        if (minimal.length > width) {
          throw new UserInputException("'" + text + "' does not fit the " + width + " bytes of column "
              + column.dottedPath());
        }
        byte[] b = new byte[width];
        java.util.Arrays.fill(b, 0, width - minimal.length, unscaled.signum() < 0 ? (byte) -1 : 0);
        System.arraycopy(minimal, 0, b, width - minimal.length, minimal.length);
        return SplitBlockBloomFilter.hashBytes(b, 0, width);
      }
      case BYTE_ARRAY: {
        byte[] b = unscaled.toByteArray();
        return SplitBlockBloomFilter.hashBytes(b, 0, b.length);
      }
      default:
        throw new UserInputException("column " + column.dottedPath() + " is a DECIMAL stored as "
            + column.physicalType() + ", which bloom filters do not cover");
    }
  }

  private static byte[] bytes(String text) {
    if (text.startsWith("hex:")) {
      try {
        return HexFormat.of().parseHex(text.substring(4));
      } catch (IllegalArgumentException e) {
        throw new UserInputException("'" + text + "' is not valid hex", e);
      }
    }
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
