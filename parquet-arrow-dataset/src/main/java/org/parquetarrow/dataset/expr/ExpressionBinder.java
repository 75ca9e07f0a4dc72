package org.parquetarrow.dataset.expr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.schema.ArrowTypeNames;
import org.parquetarrow.schema.ColumnSuggestions;

/**
 * Checks a filter against an Arrow schema and coerces every literal to its column's type (see
 * {@link Literal} for the canonical values). Columns must resolve through structs to a leaf of a
 * comparable type: integers, floating point, decimal, boolean, string, binary, fixed-size binary,
 * date, time or timestamp.
 *
 * <p>Coercions follow what SQL engines do implicitly: whole numbers to any numeric type;
 * decimals and doubles to floating point and decimal (and to integers only when whole); strings
 * to strings, binary, and — parsed — to numbers, dates, times, timestamps and booleans; dates to
 * timestamps (midnight). Dates and timestamps compare as DuckDB compares them: a date column with
 * a timestamp as its midnight (the time of day is kept, not truncated), a timestamp column with a
 * finer timestamp exactly; text is cast to the column's type (a date keeps the date written, a
 * timestamp its wall time to the microsecond, a zone-aware timestamp the instant, with a zone or
 * offset written after it). Timestamps without a zone are read as UTC for zone-aware columns.
 *
 * <pre>{@code
 * Expression bound = ExpressionBinder.bind(ExpressionParser.parse("d >= '2024-01-01'"), schema);
 * }</pre>
 */
public final class ExpressionBinder {
  private final Schema schema;

  private ExpressionBinder(Schema schema) {
    this.schema = schema;
  }

  /**
   * Most levels of {@code and}, {@code or} and {@code not} a filter built in Java may nest: twice
   * what a parsed filter can reach ({@link ExpressionParser#MAX_DEPTH} parentheses and nots), so
   * every parsed filter binds, and the binder, pruners and evaluator cannot exhaust the stack.
   */
  public static final int MAX_DEPTH = 2 * ExpressionParser.MAX_DEPTH + 2;

  /**
   * {@code filter} with every literal bound to its column's type.
   *
   * @throws ExpressionBindException naming the unknown column, the uncomparable type or the
   *     literal that does not fit, or (with no column) a filter nesting deeper than {@link #MAX_DEPTH}
   */
  public static Expression bind(Expression filter, Schema schema) {
    checkDepth(filter);
    return new ExpressionBinder(schema).visit(filter);
  }

  /** Refuses a tree deeper than {@link #MAX_DEPTH}, walking it without recursion. */
  private static void checkDepth(Expression filter) {
    java.util.ArrayDeque<Expression> nodes = new java.util.ArrayDeque<>();
    java.util.ArrayDeque<Integer> depths = new java.util.ArrayDeque<>();
    nodes.push(filter);
    depths.push(0);
    while (!nodes.isEmpty()) {
      Expression e = nodes.pop();
      int depth = depths.pop();
      List<Expression> children = e instanceof And a ? a.terms()
          : e instanceof Or o ? o.terms()
          : e instanceof Not n ? List.of(n.term())
          : List.of();
      if (!children.isEmpty() && depth + 1 > MAX_DEPTH) {
        throw new ExpressionBindException(null, "the filter nests and, or and not deeper than " + MAX_DEPTH
            + " levels (the nesting limit)");
      }
      for (Expression c : children) {
        nodes.push(c);
        depths.push(depth + 1);
      }
    }
  }

  /**
   * The leaf field {@code column} names in {@code schema}, through structs.
   *
   * @throws ExpressionBindException if no such field exists
   */
  public static Field resolve(ColumnRef column, Schema schema) {
    List<Field> level = schema.getFields();
    Field found = null;
    for (int i = 0; i < column.path().size(); i++) {
      String name = column.path().get(i);
      found = level.stream().filter(f -> f.getName().equals(name)).findFirst().orElse(null);
      if (found == null) {
        String known = level.stream().map(Field::getName).collect(Collectors.joining(", "));
        throw new ExpressionBindException(
            column.dottedPath(),
            "unknown column "
                + column.dottedPath()
                + (i == 0 ? "" : " (no field " + name + " in " + String.join(".", column.path().subList(0, i)) + ")")
                + ColumnSuggestions.didYouMean(column.dottedPath(), dottedPaths(schema.getFields(), ""))
                + "; known: "
                + known);
      }
      boolean last = i == column.path().size() - 1;
      if (!last) {
        if (!(found.getType() instanceof ArrowType.Struct)) {
          throw new ExpressionBindException(
              column.dottedPath(),
              "column " + column.dottedPath() + ": " + name + " is a " + ArrowTypeNames.of(found.getType()) + ", not a struct");
        }
        level = found.getChildren();
      }
    }
    return found;
  }

  /** Every field's dotted path, through structs (what a filter may name). */
  static List<String> dottedPaths(List<Field> fields, String prefix) {
    List<String> out = new java.util.ArrayList<>();
    for (Field f : fields) {
      String path = prefix + f.getName();
      out.add(path);
      if (f.getType() instanceof ArrowType.Struct) {
        out.addAll(dottedPaths(f.getChildren(), path + "."));
      }
    }
    return out;
  }

  private Expression visit(Expression e) {
    if (e instanceof Comparison c) {
      return new Comparison(c.column(), c.op(), coerce(c.column(), c.value()));
    }
    if (e instanceof InList in) {
      resolve(in.column(), schema);
      return new InList(in.column(), in.values().stream().map(v -> coerce(in.column(), v)).toList(), in.negated(), in.withNull());
    }
    if (e instanceof Between b) {
      return new Between(b.column(), coerce(b.column(), b.low()), coerce(b.column(), b.high()));
    }
    if (e instanceof NullCheck n) {
      resolve(n.column(), schema);
      return n;
    }
    if (e instanceof StartsWith s) {
      ArrowType t = resolve(s.column(), schema).getType();
      if (!isStringLike(t) && !isBinaryLike(t)) {
        throw new ExpressionBindException(
            s.column().dottedPath(),
            "starts_with / like needs a string or binary column; " + s.column().dottedPath() + " is " + ArrowTypeNames.of(t));
      }
      return s;
    }
    if (e instanceof And a) {
      return new And(a.terms().stream().map(this::visit).toList());
    }
    if (e instanceof Or o) {
      return new Or(o.terms().stream().map(this::visit).toList());
    }
    return new Not(visit(((Not) e).term()));
  }

  private Literal coerce(ColumnRef column, Literal literal) {
    Field field = resolve(column, schema);
    ArrowType type = field.getType();
    try {
      Object value = LiteralCoercion.coerce(literal, type);
      if (value == null) {
        throw new ExpressionBindException(
            column.dottedPath(),
            "column " + column.dottedPath() + " of type " + ArrowTypeNames.of(type) + " cannot be compared with "
                + literal.kind().name().toLowerCase(Locale.ROOT) + " literal " + literal.toSql() + "; it takes "
                + AcceptedValues.of(type));
      }
      return new Literal(literal.kind(), value, type);
    } catch (LiteralRangeException e) {
      throw doesNotFit(column, literal, type, e.getMessage() + "; ");
    } catch (ArithmeticException | NumberFormatException | DateTimeParseException e) {
      // the JDK parsers' own words ("Character a is neither a decimal digit number…") describe
      // their grammar, not the column's: say what the column takes instead
      throw doesNotFit(column, literal, type, "");
    }
  }

  private static ExpressionBindException doesNotFit(ColumnRef column, Literal literal, ArrowType type, String why) {
    return new ExpressionBindException(
        column.dottedPath(),
        "literal " + literal.toSql() + " does not fit column " + column.dottedPath() + " of type "
            + ArrowTypeNames.of(type) + ": " + why + "it takes " + AcceptedValues.of(type));
  }

  static boolean isStringLike(ArrowType t) {
    return t instanceof ArrowType.Utf8 || t instanceof ArrowType.LargeUtf8 || t instanceof ArrowType.Utf8View;
  }

  static boolean isBinaryLike(ArrowType t) {
    return t instanceof ArrowType.Binary
        || t instanceof ArrowType.LargeBinary
        || t instanceof ArrowType.BinaryView
        || t instanceof ArrowType.FixedSizeBinary;
  }

  /** The literal-to-column-type rules; {@code null} when the kinds do not mix at all. */
  static final class LiteralCoercion {
    private static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private LiteralCoercion() {}

    static Object coerce(Literal l, ArrowType type) {
      Object v = l.value();
      LiteralKind kind = l.kind();
      if (kind == LiteralKind.STRING && !isStringLike(type) && !isBinaryLike(type)) {
        return fromString((String) v, type);
      }
      if (type instanceof ArrowType.Int i) {
        return switch (kind) {
          case INTEGER -> checkInt((Long) v, i);
          case DECIMAL, DOUBLE -> fraction(l) ? fractionValue(l) : wholeNumber(l, i);
          default -> null;
        };
      }
      if (type instanceof ArrowType.FloatingPoint fp) {
        double d = switch (kind) {
          case INTEGER -> (double) (Long) v;
          case DECIMAL -> ((BigDecimal) v).doubleValue();
          case DOUBLE -> (Double) v;
          default -> Double.NaN;
        };
        if (kind != LiteralKind.INTEGER && kind != LiteralKind.DECIMAL && kind != LiteralKind.DOUBLE) {
          return null;
        }
        // As in DuckDB: a whole or decimal number meets a float column as a float (rounded like
        // the column's values were), a double literal makes the comparison happen in double.
        boolean roundToFloat = fp.getPrecision() != org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE
            && kind != LiteralKind.DOUBLE;
        return roundToFloat ? (double) (float) d : d;
      }
      if (type instanceof ArrowType.Decimal) {
        return switch (kind) {
          case INTEGER -> BigDecimal.valueOf((Long) v);
          case DECIMAL -> v;
          case DOUBLE -> {
            double d = (Double) v;
            if (!Double.isFinite(d)) {
              throw new LiteralRangeException("a decimal cannot hold " + d);
            }
            // DuckDB compares a decimal column with a double in double: the double's shortest
            // decimal form is the value a decimal must have to compare equal.
            yield BigDecimal.valueOf(d);
          }
          default -> null;
        };
      }
      if (type instanceof ArrowType.Bool) {
        return kind == LiteralKind.BOOLEAN ? v : null;
      }
      if (isStringLike(type)) {
        return kind == LiteralKind.STRING ? v : null;
      }
      if (isBinaryLike(type)) {
        byte[] bytes = switch (kind) {
          case STRING -> ((String) v).getBytes(StandardCharsets.UTF_8);
          case BINARY -> ((byte[]) v).clone();
          default -> null;
        };
        if (bytes != null && type instanceof ArrowType.FixedSizeBinary f && bytes.length != f.getByteWidth()) {
          throw new LiteralRangeException(bytes.length + " bytes for a fixed width of " + f.getByteWidth());
        }
        return bytes;
      }
      if (type instanceof ArrowType.Date d) {
        // As DuckDB: a date meets a timestamp as its midnight, so a time of day is kept and the
        // comparison runs between whole days ("d >= timestamp '2024-01-01 12:00'" from the 2nd on)
        LocalDateTime t = switch (kind) {
          case DATE -> ((LocalDate) v).atStartOfDay();
          case TIMESTAMP -> (LocalDateTime) v;
          default -> null;
        };
        return t == null ? null : inUnits(t, d.getUnit() == DateUnit.DAY ? NANOS_PER_DAY : 1_000_000L);
      }
      if (type instanceof ArrowType.Timestamp ts) {
        LocalDateTime t = switch (kind) {
          case TIMESTAMP -> (LocalDateTime) v;
          case DATE -> ((LocalDate) v).atStartOfDay();
          default -> null;
        };
        return t == null ? null : inUnits(t, nanosPer(ts.getUnit()));
      }
      if (type instanceof ArrowType.Time tm) {
        if (kind != LiteralKind.TIME) {
          return null;
        }
        long nanos = ((LocalTime) v).toNanoOfDay();
        return exactDiv(nanos, nanosPer(tm.getUnit()));
      }
      return null;
    }

    private static Object fromString(String s, ArrowType type) {
      String v = s.strip();
      if (type instanceof ArrowType.Int || type instanceof ArrowType.FloatingPoint || type instanceof ArrowType.Decimal) {
        return coerce(parsedNumber(v), type);
      }
      if (type instanceof ArrowType.Bool) {
        return switch (v.toLowerCase()) {
          case "true", "t", "1" -> Boolean.TRUE;
          case "false", "f", "0" -> Boolean.FALSE;
          default -> throw new LiteralRangeException("not a boolean");
        };
      }
      if (type instanceof ArrowType.Date) {
        // DuckDB casts the text to a date: a time (and zone) after the date is dropped
        return coerce(Literal.of(TimestampText.parse(v).local().toLocalDate()), type);
      }
      if (type instanceof ArrowType.Timestamp ts) {
        // DuckDB casts the text to the column's type: the instant for a zone-aware column, the wall
        // time written (any zone dropped) otherwise; to microseconds unless the column holds nanoseconds
        TimestampText text = TimestampText.parse(v);
        LocalDateTime t = ts.getTimezone() != null ? text.utc() : text.local();
        return coerce(Literal.of(ts.getUnit() == TimeUnit.NANOSECOND ? t : TimestampText.micros(t)), type);
      }
      if (type instanceof ArrowType.Time) {
        return coerce(Literal.of(LocalTime.parse(v)), type);
      }
      return null;
    }

    private static Literal parsedNumber(String v) {
      if (v.equalsIgnoreCase("nan")) {
        return Literal.of(Double.NaN); // Double.parseDouble knows only "NaN"
      }
      if (v.contains("e") || v.contains("E") || v.toLowerCase(java.util.Locale.ROOT).contains("inf")) {
        return Literal.of(Double.parseDouble(v.toLowerCase(java.util.Locale.ROOT).replace("infinity", "inf")
            .replace("inf", "Infinity")));
      }
      BigDecimal d = new BigDecimal(v);
      return v.contains(".") ? Literal.of(d) : Literal.of(d.toBigIntegerExact());
    }

    /** Whether a decimal or double literal has a fractional part (or is not finite). */
    private static boolean fraction(Literal l) {
      if (l.value() instanceof Double d) {
        return !Double.isFinite(d) || d != Math.rint(d);
      }
      return ((BigDecimal) l.value()).stripTrailingZeros().scale() > 0;
    }

    /**
     * An integer column compared with a fraction keeps the fraction: no integer equals it, and
     * order comparisons still make sense ({@code i > 5.5}); NaN and infinities stay doubles.
     */
    private static Object fractionValue(Literal l) {
      if (l.value() instanceof Double d) {
        return Double.isFinite(d) ? BigDecimal.valueOf(d) : d;
      }
      return l.value();
    }

    /**
     * A whole number for an integer column: a {@link Long}, or, outside every value the column
     * can hold ({@code order_id > 99999999999999999999}), the exact {@link BigDecimal}: as in
     * DuckDB the comparison then holds on every non-null row or on none, which the evaluator and
     * the pruners work out from the value, as for a fraction.
     */
    private static Object wholeNumber(Literal l, ArrowType.Int type) {
      BigDecimal d = l.value() instanceof BigDecimal b ? b : new BigDecimal((Double) l.value());
      BigInteger whole = d.toBigIntegerExact();
      if (!type.getIsSigned() && type.getBitWidth() == 64) {
        if (whole.signum() < 0 || whole.compareTo(UINT64_MAX) > 0) {
          return new BigDecimal(whole);
        }
        return whole.longValue();
      }
      if (whole.bitLength() > 63) {
        return new BigDecimal(whole);
      }
      return checkInt(whole.longValue(), type);
    }

    /** {@code v}, or for an unsigned column and a negative {@code v} (below all its values) the exact decimal. */
    private static Object checkInt(long v, ArrowType.Int type) {
      if (!type.getIsSigned() && v < 0) {
        return BigDecimal.valueOf(v);
      }
      return v;
    }

    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    /**
     * {@code t} (as UTC) in units of {@code nanosPerUnit} since the epoch: a {@link Long} when
     * whole, else the exact {@link BigDecimal} (floored to 20 decimals where a day does not divide
     * evenly: still strictly between the two whole units around it), which the evaluator and the
     * pruners compare as they do a fraction with an integer column.
     *
     * @throws ArithmeticException when the whole units overflow 64 bits
     */
    private static Object inUnits(LocalDateTime t, long nanosPerUnit) {
      var instant = t.toInstant(ZoneOffset.UTC);
      BigDecimal nanos = BigDecimal.valueOf(instant.getEpochSecond()).multiply(BigDecimal.valueOf(1_000_000_000L))
          .add(BigDecimal.valueOf(instant.getNano()));
      BigDecimal[] qr = nanos.divideAndRemainder(BigDecimal.valueOf(nanosPerUnit));
      if (qr[1].signum() == 0) {
        return qr[0].toBigInteger().longValueExact();
      }
      qr[0].toBigInteger().longValueExact(); // a fraction beyond 64 bits of units is no value either
      return nanos.divide(BigDecimal.valueOf(nanosPerUnit), 20, java.math.RoundingMode.FLOOR).stripTrailingZeros();
    }

    private static long nanosPer(TimeUnit unit) {
      return switch (unit) {
        case SECOND -> 1_000_000_000L;
        case MILLISECOND -> 1_000_000L;
        case MICROSECOND -> 1000L;
        case NANOSECOND -> 1L;
      };
    }

    private static long exactDiv(long value, long divisor) {
      if (value % divisor != 0) {
        throw new LiteralRangeException("it is finer than the column's time unit");
      }
      return value / divisor;
    }
  }

  /** A literal our rules refuse, with the reason in the column's terms (not a parser's). */
  static final class LiteralRangeException extends RuntimeException {
    LiteralRangeException(String why) {
      super(why, null, false, false);
    }
  }
}
