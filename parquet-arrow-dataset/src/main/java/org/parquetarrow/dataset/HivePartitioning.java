package org.parquetarrow.dataset;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.dataset.expr.Literal;

/**
 * Hive-style partition directories: {@code key=value} path components between the dataset root
 * and a file become columns. Values are percent-decoded ({@code %2F} is {@code /}; {@code +}
 * stays a plus, as Hive escapes only with {@code %}); {@code __HIVE_DEFAULT_PARTITION__} is null.
 * Types are declared, or inferred over all files as DuckDB infers them: int64 when every value is
 * a whole number written as int64 prints it (so {@code 01}, {@code +1} or {@code 1.0} keep the
 * column a string: {@code k=01} and {@code k=1} are different directories), date32 when every value
 * is {@code yyyy-mm-dd}, else string (no doubles: {@code 1.50} would print as {@code 1.5}).
 */
final class HivePartitioning {
  static final String NULL_VALUE = "__HIVE_DEFAULT_PARTITION__";
  /** Whole numbers as int64 prints them (DuckDB also takes {@code -0}); 19 digits are checked for overflow. */
  private static final Pattern INTEGER = Pattern.compile("-?(0|[1-9]\\d{0,18})");
  private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

  private HivePartitioning() {}

  /** The raw {@code key -> value} pairs of a file below {@code root}, in path order (null values for the default partition). */
  static LinkedHashMap<String, String> parse(Path root, Path file) {
    return parse(root.relativize(file).toString(), file.toString());
  }

  /**
   * The raw pairs of a file at {@code relativeKey} below the dataset root ({@code /}-separated: a
   * path or an object key), in path order; {@code file} names it in messages.
   */
  static LinkedHashMap<String, String> parse(String relativeKey, String file) {
    LinkedHashMap<String, String> out = new LinkedHashMap<>();
    String[] parts = FilePaths.components(relativeKey);
    for (int i = 0; i < parts.length - 1; i++) {
      String part = parts[i];
      int eq = part.indexOf('=');
      if (eq <= 0) {
        continue;
      }
      String key = decode(part.substring(0, eq), file);
      String value = decode(part.substring(eq + 1), file);
      if (out.containsKey(key)) {
        throw new DatasetException("partition key " + key + " appears twice in the path of " + file);
      }
      out.put(key, value.equals(NULL_VALUE) ? null : value);
    }
    return out;
  }

  private static String decode(String s, String file) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%' && i + 2 < s.length() + 0 && isHex(s.charAt(i + 1)) && isHex(s.charAt(i + 2))) {
        bytes.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        bytes.write(b, 0, b.length);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static boolean isHex(char c) {
    return Character.digit(c, 16) >= 0;
  }

  /** The inferred type of a partition key over all its (non-null) values. */
  static ArrowType infer(List<String> values) {
    if (!values.isEmpty() && values.stream().allMatch(HivePartitioning::isInt64)) {
      return new ArrowType.Int(64, true);
    }
    if (!values.isEmpty() && values.stream().allMatch(HivePartitioning::isDate)) {
      return new ArrowType.Date(DateUnit.DAY);
    }
    return ArrowType.Utf8.INSTANCE;
  }

  private static boolean isInt64(String v) {
    if (!INTEGER.matcher(v).matches()) {
      return false;
    }
    try {
      Long.parseLong(v);
      return true;
    } catch (NumberFormatException beyond64Bits) {
      return false;
    }
  }

  private static boolean isDate(String v) {
    if (!DATE.matcher(v).matches()) {
      return false;
    }
    try {
      LocalDate.parse(v);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  /**
   * The partition schema: {@code declared} fields for the keys it names, inferred types for the
   * others, in the order keys appear in paths.
   */
  static Schema schema(List<String> keys, Map<String, List<String>> valuesByKey, Schema declared) {
    List<Field> fields = new ArrayList<>();
    for (String key : keys) {
      Field d = declared == null ? null : declared.getFields().stream().filter(f -> f.getName().equals(key)).findFirst().orElse(null);
      ArrowType type = d != null ? d.getType() : infer(valuesByKey.getOrDefault(key, List.of()));
      fields.add(new Field(key, FieldType.nullable(type), null));
    }
    return new Schema(fields);
  }

  /** A raw value in the canonical form of its column type ({@link Literal}), or null. */
  static Object typed(String raw, ArrowType type, String key, String file) {
    if (raw == null) {
      return null;
    }
    try {
      Object v = Literal.of(raw).bindTo(type).value();
      if (!(type instanceof ArrowType.Decimal) && (v instanceof java.math.BigDecimal || v instanceof Double)
          && !(type instanceof ArrowType.FloatingPoint)) {
        // a filter literal may fall between two values of the type ('5.5' for an integer); a value cannot
        throw new IllegalArgumentException("between two values of the type");
      }
      return v;
    } catch (IllegalArgumentException e) {
      throw new DatasetException("partition value " + key + "=" + raw + " of " + file + " is not a " + type, e);
    }
  }
}
