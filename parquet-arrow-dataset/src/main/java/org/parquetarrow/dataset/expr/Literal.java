package org.parquetarrow.dataset.expr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A constant in a filter. Unbound, it holds the value as written ({@link #kind()} says which Java
 * class). Bound by {@link ExpressionBinder} to a column, it also holds the column's Arrow {@link
 * #type()} and the value in that type's canonical form:
 *
 * <ul>
 *   <li>integers, dates, times and timestamps: {@link Long} (days, or the type's unit since the
 *       epoch / midnight; unsigned 64-bit values as their bit pattern); a fraction, or a whole
 *       number no value of the column can equal (past 64 bits, negative for an unsigned column),
 *       compared with an integer column stays a {@link BigDecimal} (or a non-finite {@link Double});
 *       so does a timestamp between two units of a date or timestamp column (a time of day against
 *       a date, milliseconds and a half against a millisecond column), in the column's units
 *   <li>floating point: {@link Double} (for a float column, an integer or decimal literal is
 *       rounded to float first, a double literal is not: DuckDB compares the former in float and
 *       the latter in double)
 *   <li>decimal: {@link BigDecimal} (unrounded)
 *   <li>strings: {@link String}; binary and fixed-size binary: {@code byte[]}; boolean: {@link
 *       Boolean}
 * </ul>
 *
 * <pre>{@code
 * Literal five = Literal.of(5);                    // INTEGER 5, unbound
 * Literal day = Literal.of(LocalDate.of(2024, 1, 1));
 * }</pre>
 *
 * @param kind how the literal was written
 * @param value the value: as written when unbound, canonical for {@code type} when bound
 * @param type the column's Arrow type once bound, else {@code null}
 */
public record Literal(LiteralKind kind, Object value, ArrowType type) {

  public Literal {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(value, "literal value (use is null / is not null for nulls)");
  }

  /**
   * The unbound literal of a Java value: {@link Boolean}, {@link Byte}/{@link Short}/{@link
   * Integer}/{@link Long}, {@link BigInteger}, {@link Float}/{@link Double}, {@link BigDecimal},
   * {@link String}, {@code byte[]}, {@link LocalDate}, {@link LocalTime}, {@link LocalDateTime} or
   * {@link Instant} (taken as UTC).
   */
  public static Literal of(Object value) {
    if (value instanceof Literal l) {
      return l;
    }
    Objects.requireNonNull(value, "literal value (use isNull() / isNotNull() for nulls)");
    if (value instanceof Boolean b) {
      return new Literal(LiteralKind.BOOLEAN, b, null);
    }
    if (value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof Long) {
      return new Literal(LiteralKind.INTEGER, ((Number) value).longValue(), null);
    }
    if (value instanceof BigInteger bi) {
      return bi.bitLength() < 64
          ? new Literal(LiteralKind.INTEGER, bi.longValue(), null)
          : new Literal(LiteralKind.DECIMAL, new BigDecimal(bi), null);
    }
    if (value instanceof Float || value instanceof Double) {
      return new Literal(LiteralKind.DOUBLE, ((Number) value).doubleValue(), null);
    }
    if (value instanceof BigDecimal d) {
      return new Literal(LiteralKind.DECIMAL, d, null);
    }
    if (value instanceof String s) {
      return new Literal(LiteralKind.STRING, s, null);
    }
    if (value instanceof byte[] b) {
      return new Literal(LiteralKind.BINARY, b.clone(), null);
    }
    if (value instanceof LocalDate d) {
      return new Literal(LiteralKind.DATE, d, null);
    }
    if (value instanceof LocalTime t) {
      return new Literal(LiteralKind.TIME, t, null);
    }
    if (value instanceof LocalDateTime t) {
      return new Literal(LiteralKind.TIMESTAMP, t, null);
    }
    if (value instanceof Instant i) {
      return new Literal(LiteralKind.TIMESTAMP, LocalDateTime.ofInstant(i, ZoneOffset.UTC), null);
    }
    throw new IllegalArgumentException(
        "no literal for a " + value.getClass().getName() + " (" + value + ")");
  }

  /**
   * This literal coerced to {@code type} by the rules of {@link ExpressionBinder}.
   *
   * @throws IllegalArgumentException if it does not fit the type
   */
  public Literal bindTo(ArrowType type) {
    Object v;
    try {
      v = ExpressionBinder.LiteralCoercion.coerce(this, type);
    } catch (ArithmeticException | NumberFormatException | java.time.format.DateTimeParseException e) {
      throw new IllegalArgumentException(toSql() + " does not fit " + type + ": " + e.getMessage(), e);
    }
    if (v == null) {
      throw new IllegalArgumentException(kind.name().toLowerCase() + " literal " + toSql() + " cannot become a " + type);
    }
    return new Literal(kind, v, type);
  }

  /** Whether {@link ExpressionBinder} has coerced this literal to a column type. */
  public boolean isBound() {
    return type != null;
  }

  /** This literal in SQL, as {@link ExpressionParser} reads it back. */
  public String toSql() {
    return switch (kind) {
      case BOOLEAN, INTEGER -> value.toString();
      case DECIMAL -> value instanceof BigDecimal d ? decimalSql(d) : valueSql();
      case DOUBLE -> value instanceof Double d ? doubleSql(d) : valueSql();
      case STRING -> value instanceof String s ? quote(s) : valueSql();
      case BINARY -> "'" + hexEscaped((byte[]) value) + "'::BLOB";
      case DATE, TIME, TIMESTAMP -> temporalSql(temporal());
    };
  }

  /** A bound value that no longer has its kind's class (a string bound to a number, say), by its own class. */
  private String valueSql() {
    if (type instanceof ArrowType.Date || type instanceof ArrowType.Timestamp || type instanceof ArrowType.Time) {
      return temporalSql(temporal());
    }
    if (value instanceof BigDecimal d) {
      return decimalSql(d);
    }
    if (value instanceof Double d) {
      return doubleSql(d);
    }
    if (value instanceof byte[] b) {
      return "'" + hexEscaped(b) + "'::BLOB";
    }
    return value instanceof String s ? quote(s) : value.toString();
  }

  private static String temporalSql(Object t) {
    if (t instanceof LocalDate d) {
      return "date " + quote(d.toString());
    }
    if (t instanceof LocalTime lt) {
      return "time " + quote(lt.toString());
    }
    if (t instanceof LocalDateTime ldt) {
      return "timestamp " + quote(ldt.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME).replace('T', ' '));
    }
    return t.toString();
  }

  /**
   * A date, time or timestamp as parsed; once bound ({@link ExpressionBinder}) the value is the
   * column's integer (days, or units since midnight or the epoch), or a fraction of one, and is
   * turned back here.
   */
  private Object temporal() {
    if (value instanceof BigDecimal x && (type instanceof ArrowType.Date || type instanceof ArrowType.Timestamp)) {
      return fractionalDateTime(x);
    }
    if (!(value instanceof Long n)) {
      return value;
    }
    if (type instanceof ArrowType.Date d) {
      return LocalDate.ofEpochDay(d.getUnit() == org.apache.arrow.vector.types.DateUnit.DAY ? n : Math.floorDiv(n, 86_400_000L));
    }
    long perSecond = type instanceof ArrowType.Timestamp ts ? unitsPerSecond(ts.getUnit())
        : type instanceof ArrowType.Time tm ? unitsPerSecond(tm.getUnit()) : 0;
    if (perSecond == 0) {
      return value;
    }
    long seconds = Math.floorDiv(n, perSecond);
    int nanos = (int) (Math.floorMod(n, perSecond) * (1_000_000_000L / perSecond));
    LocalDateTime t = LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
    return type instanceof ArrowType.Time ? t.toLocalTime() : t;
  }

  /** A value between two whole units of a date or timestamp column, to the nanosecond. */
  private LocalDateTime fractionalDateTime(BigDecimal units) {
    long nanosPerUnit = type instanceof ArrowType.Date d
        ? (d.getUnit() == org.apache.arrow.vector.types.DateUnit.DAY ? 86_400_000_000_000L : 1_000_000L)
        : 1_000_000_000L / unitsPerSecond(((ArrowType.Timestamp) type).getUnit());
    BigInteger nanos = units.multiply(BigDecimal.valueOf(nanosPerUnit)).setScale(0, java.math.RoundingMode.HALF_UP)
        .toBigInteger();
    BigInteger[] qr = nanos.divideAndRemainder(BigInteger.valueOf(1_000_000_000L));
    if (qr[1].signum() < 0) {
      qr[0] = qr[0].subtract(BigInteger.ONE);
      qr[1] = qr[1].add(BigInteger.valueOf(1_000_000_000L));
    }
    return LocalDateTime.ofEpochSecond(qr[0].longValueExact(), qr[1].intValue(), ZoneOffset.UTC);
  }

  private static long unitsPerSecond(org.apache.arrow.vector.types.TimeUnit unit) {
    return switch (unit) {
      case SECOND -> 1L;
      case MILLISECOND -> 1_000L;
      case MICROSECOND -> 1_000_000L;
      case NANOSECOND -> 1_000_000_000L;
    };
  }

  /** With a point, so that it reads back as a decimal and not an integer. */
  private static String decimalSql(BigDecimal d) {
    String s = d.toPlainString();
    return s.indexOf('.') >= 0 ? s : s + ".0";
  }

  private static String doubleSql(double d) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      return "'" + (Double.isNaN(d) ? "nan" : d > 0 ? "inf" : "-inf") + "'::DOUBLE";
    }
    String s = Double.toString(d);
    return s.contains("E") ? s : s + "E0";
  }

  static String quote(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  private static String hexEscaped(byte[] b) {
    StringBuilder sb = new StringBuilder();
    String hex = HexFormat.of().withUpperCase().formatHex(b);
    for (int i = 0; i < hex.length(); i += 2) {
      sb.append("\\x").append(hex, i, i + 2);
    }
    return sb.toString();
  }

  /** The UTF-8 bytes of a string literal, or the bytes of a binary one. */
  public byte[] bytes() {
    return value instanceof byte[] b ? b.clone() : value.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Literal l
        && kind == l.kind
        && Objects.equals(type, l.type)
        && (value instanceof byte[] a && l.value instanceof byte[] b
            ? Arrays.equals(a, b)
            : value instanceof BigDecimal x && l.value instanceof BigDecimal y
                ? x.compareTo(y) == 0 // 5 and 5.0 are one value
                : value.equals(l.value));
  }

  @Override
  public int hashCode() {
    int v = value instanceof byte[] b
        ? Arrays.hashCode(b)
        : value instanceof BigDecimal d ? d.stripTrailingZeros().hashCode() : value.hashCode();
    return 31 * kind.hashCode() + v;
  }

  @Override
  public String toString() {
    return toSql();
  }
}
