package org.parquetarrow.cli;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * A statistics value (PLAIN bytes of one value) as text: numbers for numeric types and decimals
 * (at their scale, whatever the physical type), text for string-like byte arrays that are valid
 * UTF-8, {@code 0x…} hex otherwise.
 */
final class StatValueText {
  private StatValueText() {}

  static String of(byte[] v, ColumnDescriptor column) {
    if (v == null) {
      return null;
    }
    PhysicalType type = column.physicalType();
    ByteBuffer b = ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN);
    if (column.node().effectiveLogicalType() instanceof LogicalType.DecimalType d) {
      String decimal = decimal(v, b, type, d.scale());
      if (decimal != null) {
        return decimal;
      }
    }
    switch (type) {
      case BOOLEAN:
        return v.length == 1 ? Boolean.toString(v[0] != 0) : hex(v);
      case INT32:
        if (v.length != 4) {
          return hex(v);
        }
        return unsigned(column) ? Integer.toUnsignedString(b.getInt()) : Integer.toString(b.getInt());
      case INT64:
        if (v.length != 8) {
          return hex(v);
        }
        return unsigned(column) ? Long.toUnsignedString(b.getLong()) : Long.toString(b.getLong());
      case FLOAT:
        return v.length == 4 ? Float.toString(b.getFloat()) : hex(v);
      case DOUBLE:
        return v.length == 8 ? Double.toString(b.getDouble()) : hex(v);
      case BYTE_ARRAY:
        if (textual(column)) {
          String s = utf8(v);
          return s == null ? hex(v) : s;
        }
        return hex(v);
      default:
        return hex(v);
    }
  }

  /**
   * A decimal as a number at its scale ({@code 12.34}): the unscaled value is the INT32/INT64, or
   * the big-endian two's complement bytes; {@code null} when the bytes do not fit the type.
   */
  private static String decimal(byte[] v, ByteBuffer b, PhysicalType type, int scale) {
    BigInteger unscaled;
    switch (type) {
      case INT32:
        if (v.length != 4) {
          return null;
        }
        unscaled = BigInteger.valueOf(b.getInt());
        break;
      case INT64:
        if (v.length != 8) {
          return null;
        }
        unscaled = BigInteger.valueOf(b.getLong());
        break;
      case FIXED_LEN_BYTE_ARRAY:
      case BYTE_ARRAY:
        if (v.length == 0) {
          return null;
        }
        unscaled = new BigInteger(v);
        break;
      default:
        return null;
    }
    return new BigDecimal(unscaled, scale).toPlainString();
  }

  private static boolean unsigned(ColumnDescriptor column) {
    return column.node().effectiveLogicalType() instanceof LogicalType.IntType t && !t.isSigned();
  }

  private static boolean textual(ColumnDescriptor column) {
    LogicalType t = column.node().effectiveLogicalType();
    return t instanceof LogicalType.StringType || t instanceof LogicalType.EnumType
        || t instanceof LogicalType.JsonType;
  }

  private static String utf8(byte[] v) {
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(v))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  static String hex(byte[] v) {
    return "0x" + HexFormat.of().formatHex(v);
  }
}
