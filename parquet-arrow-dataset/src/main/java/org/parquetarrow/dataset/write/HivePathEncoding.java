package org.parquetarrow.dataset.write;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;

/**
 * Partition values as hive directory names, written as pyarrow writes them: {@code key=value},
 * percent-encoding (RFC 3986, uppercase hex) every UTF-8 byte but letters, digits and {@code
 * -._~}, so {@code /}, {@code =}, {@code %}, spaces and non-ASCII text are encoded; a null value
 * is {@code __HIVE_DEFAULT_PARTITION__}. An empty string is written as that too, as Hive and Spark
 * do: an empty path segment cannot be a value.
 */
final class HivePathEncoding {
  static final String NULL_VALUE = "__HIVE_DEFAULT_PARTITION__";
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private HivePathEncoding() {}

  /** The directory name of {@code key} holding {@code value} (a value {@link PartitionColumn} produced). */
  static String segment(String key, Object value) {
    String text = text(value);
    return escape(key) + "=" + (text == null || text.isEmpty() ? NULL_VALUE : escape(text));
  }

  /** The value as text: decimal integers, ISO dates, {@code true}/{@code false}, strings as they are. */
  static String text(Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof LocalDate d) {
      return d.toString();
    }
    return value.toString();
  }

  static String escape(String s) {
    StringBuilder out = null;
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < bytes.length; i++) {
      int b = bytes[i] & 0xFF;
      if (unreserved(b)) {
        if (out != null) {
          out.append((char) b);
        }
      } else {
        if (out == null) {
          out = new StringBuilder(bytes.length + 8);
          for (int j = 0; j < i; j++) {
            out.append((char) bytes[j]);
          }
        }
        out.append('%').append(HEX[b >>> 4]).append(HEX[b & 0xF]);
      }
    }
    return out == null ? s : out.toString();
  }

  private static boolean unreserved(int b) {
    return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9')
        || b == '-' || b == '.' || b == '_' || b == '~';
  }
}
