package org.parquetarrow.variant;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Base64;

/**
 * JSON text of a variant: null, booleans and numbers as JSON literals (decimals in plain notation
 * with their scale, NaN and infinities as the strings {@code "NaN"}, {@code "Infinity"},
 * {@code "-Infinity"}), strings escaped, binaries in base64, UUIDs in their 8-4-4-4-12 form, dates,
 * times and timestamps as ISO-8601 strings (UTC timestamps ending in {@code Z}), objects with their
 * fields in name order, arrays in order.
 */
final class VariantJson {
  private static final long MICROS = 1_000_000L;
  private static final long NANOS = 1_000_000_000L;

  private VariantJson() {}

  static void write(Variant v, StringBuilder out) {
    switch (v.kind()) {
      case NULL -> out.append("null");
      case BOOLEAN -> out.append(v.getBoolean());
      case INT8, INT16, INT32, INT64 -> out.append(v.getLong());
      case DECIMAL4, DECIMAL8, DECIMAL16 -> out.append(v.getDecimal().toPlainString());
      case FLOAT -> number(v.getFloat(), Float.toString(v.getFloat()), out);
      case DOUBLE -> number(v.getDouble(), Double.toString(v.getDouble()), out);
      case STRING -> string(v.getString(), out);
      case BINARY -> string(Base64.getEncoder().encodeToString(v.getBinary()), out);
      case UUID -> string(v.getUuid().toString(), out);
      case DATE -> string(LocalDate.ofEpochDay(v.getLong()).toString(), out);
      case TIME_NTZ_MICROS -> string(LocalTime.ofNanoOfDay(Math.floorMod(v.getLong(), 86_400L * MICROS) * 1000L)
          .toString(), out);
      case TIMESTAMP_TZ_MICROS -> string(instant(v.getLong(), MICROS).toString(), out);
      case TIMESTAMP_TZ_NANOS -> string(instant(v.getLong(), NANOS).toString(), out);
      case TIMESTAMP_NTZ_MICROS -> string(LocalDateTime.ofInstant(instant(v.getLong(), MICROS), ZoneOffset.UTC)
          .toString(), out);
      case TIMESTAMP_NTZ_NANOS -> string(LocalDateTime.ofInstant(instant(v.getLong(), NANOS), ZoneOffset.UTC)
          .toString(), out);
      case OBJECT -> {
        out.append('{');
        for (int i = 0; i < v.size(); i++) {
          if (i > 0) {
            out.append(',');
          }
          string(v.fieldName(i), out);
          out.append(':');
          write(v.fieldValue(i), out);
        }
        out.append('}');
      }
      case ARRAY -> {
        out.append('[');
        for (int i = 0; i < v.size(); i++) {
          if (i > 0) {
            out.append(',');
          }
          write(v.element(i), out);
        }
        out.append(']');
      }
    }
  }

  private static Instant instant(long value, long perSecond) {
    return Instant.ofEpochSecond(Math.floorDiv(value, perSecond),
        Math.floorMod(value, perSecond) * (NANOS / perSecond));
  }

  private static void number(double d, String text, StringBuilder out) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      string(text, out);
    } else {
      out.append(text);
    }
  }

  static void string(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
