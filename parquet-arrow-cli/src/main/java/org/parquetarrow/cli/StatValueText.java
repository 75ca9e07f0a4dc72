package org.parquetarrow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.stats.ColumnChunkStatistics;

/**
 * A statistics value (PLAIN bytes of one value), decoded by the core ({@link
 * ColumnChunkStatistics#valueOf}) to the value of the column's Arrow type, as text and as JSON.
 * Text: numbers for numeric types and decimals (at their scale, whatever the physical type),
 * ISO-8601 for dates, times and timestamps, text for strings (and ENUM values that are valid
 * UTF-8), {@code 0x…} hex for other bytes and for bytes that are no value of the column.
 */
final class StatValueText {
  /** Keeps a decimal's scale ({@code 12.30} stays 12.30) instead of normalising it. */
  private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

  private StatValueText() {}

  static String of(byte[] v, ColumnChunkStatistics column) {
    if (v == null) {
      return null;
    }
    Object value = column.valueOf(v).orElse(null);
    if (value == null) {
      return hex(v);
    } else if (value instanceof byte[] b) {
      String s = column.leaf().effectiveLogicalType() instanceof LogicalType.EnumType ? utf8(b) : null;
      return s == null ? hex(b) : s;
    } else if (value instanceof BigDecimal d) {
      return d.toPlainString();
    }
    return value.toString();
  }

  /**
   * A value from {@link ColumnChunkStatistics} as JSON: integers and decimals as exact JSON
   * numbers, floats as numbers, strings as strings, binary as base64, booleans as booleans, dates,
   * times, timestamps and UUIDs as their ISO-8601 (or canonical) text.
   */
  static JsonNode json(Object value) {
    if (value == null) {
      return NODES.nullNode();
    } else if (value instanceof Long l) {
      return NODES.numberNode(l);
    } else if (value instanceof BigInteger i) {
      return NODES.numberNode(i);
    } else if (value instanceof BigDecimal d) {
      return NODES.numberNode(d);
    } else if (value instanceof Float f) {
      return NODES.numberNode(f);
    } else if (value instanceof Double d) {
      return NODES.numberNode(d);
    } else if (value instanceof Boolean b) {
      return NODES.booleanNode(b);
    } else if (value instanceof byte[] b) {
      return NODES.textNode(Base64.getEncoder().encodeToString(b));
    }
    return NODES.textNode(value.toString());
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
