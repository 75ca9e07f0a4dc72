package org.parquetarrow.it.rust;

import java.util.List;
import java.util.Map;

/** Just enough JSON for the node job list: maps, lists, strings, numbers and booleans. */
final class Json {
  private Json() {}

  static String of(Object value) {
    StringBuilder b = new StringBuilder();
    append(b, value);
    return b.toString();
  }

  private static void append(StringBuilder b, Object v) {
    if (v instanceof Map<?, ?> m) {
      b.append('{');
      String sep = "";
      for (Map.Entry<?, ?> e : m.entrySet()) {
        b.append(sep);
        string(b, e.getKey().toString());
        b.append(':');
        append(b, e.getValue());
        sep = ",";
      }
      b.append('}');
    } else if (v instanceof List<?> l) {
      b.append('[');
      String sep = "";
      for (Object x : l) {
        b.append(sep);
        append(b, x);
        sep = ",";
      }
      b.append(']');
    } else if (v instanceof Number || v instanceof Boolean) {
      b.append(v);
    } else if (v instanceof String s) {
      string(b, s);
    } else {
      throw new IllegalArgumentException("no JSON for " + v);
    }
  }

  private static void string(StringBuilder b, String s) {
    b.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    b.append('"');
  }
}
