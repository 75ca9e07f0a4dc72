package org.parquetarrow.crypto.keytools;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one JSON shape key tools need: a flat object whose values are strings, booleans, numbers or
 * null (key material, key metadata, the key-material file). Hand-written so that core needs no JSON
 * library; anything else is rejected with a message naming the position.
 */
final class FlatJson {
  private final String text;
  private int pos;

  private FlatJson(String text) {
    this.text = text;
  }

  /**
   * The members of the object in {@code text}: strings as {@link String}, {@code true}/{@code
   * false} as {@link Boolean}, numbers as their text, {@code null} as {@code null}.
   *
   * @throws IllegalArgumentException if {@code text} is not one flat JSON object
   */
  static Map<String, Object> parse(String text) {
    FlatJson p = new FlatJson(text);
    Map<String, Object> out = p.object();
    p.skipSpace();
    if (p.pos != text.length()) {
      throw p.error("text after the object");
    }
    return out;
  }

  /** {@code members} as a JSON object, in their order; values are strings or booleans. */
  static String write(Map<String, ?> members) {
    StringBuilder sb = new StringBuilder("{");
    for (Map.Entry<String, ?> e : members.entrySet()) {
      if (sb.length() > 1) {
        sb.append(',');
      }
      quote(sb, e.getKey()).append(':');
      Object v = e.getValue();
      if (v instanceof Boolean b) {
        sb.append(b);
      } else {
        quote(sb, String.valueOf(v));
      }
    }
    return sb.append('}').toString();
  }

  private Map<String, Object> object() {
    skipSpace();
    expect('{');
    Map<String, Object> out = new LinkedHashMap<>();
    skipSpace();
    if (peek() == '}') {
      pos++;
      return out;
    }
    while (true) {
      skipSpace();
      String name = string();
      skipSpace();
      expect(':');
      skipSpace();
      out.put(name, value());
      skipSpace();
      char c = next();
      if (c == '}') {
        return out;
      }
      if (c != ',') {
        pos--;
        throw error("',' or '}' expected");
      }
    }
  }

  private Object value() {
    char c = peek();
    if (c == '"') {
      return string();
    }
    if (text.startsWith("true", pos)) {
      pos += 4;
      return Boolean.TRUE;
    }
    if (text.startsWith("false", pos)) {
      pos += 5;
      return Boolean.FALSE;
    }
    if (text.startsWith("null", pos)) {
      pos += 4;
      return null;
    }
    int start = pos;
    while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
      pos++;
    }
    if (pos == start) {
      throw error("a string, boolean, number or null expected (nested values are not key material)");
    }
    return text.substring(start, pos);
  }

  private String string() {
    expect('"');
    StringBuilder sb = new StringBuilder();
    while (true) {
      char c = next();
      if (c == '"') {
        return sb.toString();
      }
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      char e = next();
      switch (e) {
        case '"', '\\', '/' -> sb.append(e);
        case 'b' -> sb.append('\b');
        case 'f' -> sb.append('\f');
        case 'n' -> sb.append('\n');
        case 'r' -> sb.append('\r');
        case 't' -> sb.append('\t');
        case 'u' -> {
          if (pos + 4 > text.length()) {
            throw error("truncated \\u escape");
          }
          try {
            sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
          } catch (NumberFormatException bad) {
            throw error("bad \\u escape");
          }
          pos += 4;
        }
        default -> throw error("bad escape \\" + e);
      }
    }
  }

  private static StringBuilder quote(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.append('"');
  }

  private void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private char peek() {
    if (pos >= text.length()) {
      throw error("unexpected end");
    }
    return text.charAt(pos);
  }

  private char next() {
    char c = peek();
    pos++;
    return c;
  }

  private void expect(char c) {
    if (peek() != c) {
      throw error("'" + c + "' expected");
    }
    pos++;
  }

  private IllegalArgumentException error(String what) {
    // no excerpt of the text: it may be key material
    return new IllegalArgumentException("not a flat JSON object: " + what + " at character " + pos);
  }
}
