package org.parquetarrow.testing;

import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.util.Text;

/** Short, unambiguous renderings of single Arrow values for failure messages. */
final class Renderer {
  private static final int MAX = 160;

  private Renderer() {}

  static String render(ValueVector v, int i) {
    if (v.isNull(i)) {
      return "null";
    }
    String s;
    if (v instanceof Float2Vector half) {
      s = half.getValueAsDouble(i) + " (half bits 0x" + Integer.toHexString(half.get(i) & 0xFFFF) + ")";
    } else if (v instanceof Float4Vector f) {
      float x = f.get(i);
      s = Float.isNaN(x) ? "NaN (bits 0x" + Integer.toHexString(Float.floatToRawIntBits(x)) + ")" : Float.toString(x);
    } else if (v instanceof Float8Vector d) {
      double x = d.get(i);
      s = Double.isNaN(x) ? "NaN (bits 0x" + Long.toHexString(Double.doubleToRawLongBits(x)) + ")" : Double.toString(x);
    } else if (v instanceof TimeStampVector ts) {
      // the raw count shows the unit problem that a LocalDateTime rendering would hide
      s = ts.get(i) + " " + ts.getField().getType() + " (" + v.getObject(i) + ")";
    } else {
      s = renderObject(v.getObject(i));
    }
    return s.length() <= MAX ? s : s.substring(0, MAX) + "...";
  }

  private static String renderObject(Object o) {
    if (o instanceof byte[] bytes) {
      return hex(bytes);
    }
    if (o instanceof Text text) {
      return '"' + text.toString() + '"';
    }
    if (o instanceof String string) {
      return '"' + string + '"';
    }
    return String.valueOf(o);
  }

  static String hex(byte[] bytes) {
    StringBuilder b = new StringBuilder("0x");
    int n = Math.min(bytes.length, 48);
    for (int k = 0; k < n; k++) {
      b.append(Character.forDigit((bytes[k] >> 4) & 0xF, 16)).append(Character.forDigit(bytes[k] & 0xF, 16));
    }
    if (n < bytes.length) {
      b.append("...");
    }
    String text = new String(bytes, 0, n, StandardCharsets.UTF_8);
    boolean printable = text.chars().allMatch(c -> c >= 0x20 && c != 0xFFFD);
    b.append(" (").append(bytes.length).append(" bytes").append(printable ? ", \"" + text + "\"" : "").append(')');
    return b.toString();
  }
}
