package org.parquetarrow.spark;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.spark.sql.connector.expressions.Cast;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.GeneralScalarExpression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.expressions.aggregate.Sum;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.parquetarrow.spark.AggValue.Kind;

/**
 * Decides whether an {@link Aggregation} Spark offers the scan is computed exactly as Spark would,
 * and if so turns it into an {@link Spec} the tasks run. Spark always merges what the tasks return
 * (we never claim complete push-down), so {@code AVG} reaches us as {@code SUM} and {@code COUNT};
 * Spark merges {@code COUNT} partials by a {@code SUM} of longs, {@code MIN}/{@code MAX} by the
 * same function of the child's type, a decimal {@code SUM} by summing partials cast to the
 * child's type (so a partial larger than that type is returned as several rows, see {@link
 * AggregatingPartitionReader}), an integral {@code SUM} by summing longs.
 *
 * <p>Accepted: {@code COUNT(*)}, {@code COUNT}, {@code MIN}, {@code MAX} of integers, dates,
 * timestamps, decimals and booleans, {@code SUM} of integers and decimals (without ANSI of at most
 * 28 digits, where Spark's sum cannot overflow in fewer than 10^10 rows, or of 38, where our
 * partial rows make Spark's sum overflow where its own would have), not {@code DISTINCT}; arguments built of columns, numeric literals,
 * widening casts and {@code + - *} over {@code int}, {@code bigint} and decimals, with Spark's
 * result types (a decimal result Spark would round is declined); {@code GROUP BY} top-level
 * columns of integer, date, timestamp, boolean, string and decimal (up to 18 digits) types and
 * partition columns. Anything else: declined, and Spark aggregates as without push-down.
 */
final class AggregateTranslator {
  private AggregateTranslator() {}

  /** What the tasks compute: group columns first, then one output per aggregate, as {@link #output}. */
  record Spec(StructType readColumns, List<GroupKey> keys, List<Agg> aggs, StructType output, String description)
      implements Serializable {}

  /** A group-by column: a data column at {@code slot} of {@code readColumns}, or a partition column. */
  record GroupKey(String name, DataType type, int slot, Kind kind, boolean partition) implements Serializable {}

  /** One aggregate: {@code arg} is null for {@code COUNT(*)}. */
  record Agg(Fn fn, AggValue arg, DataType outType, boolean ansi) implements Serializable {}

  enum Fn { COUNT_STAR, COUNT, MIN, MAX, SUM }

  /**
   * @param dataColumns the top-level file columns every file has with one Arrow type
   * @param partitionColumns partition columns and their Spark types
   */
  static Spec translate(Aggregation agg, StructType schema, Map<String, ArrowType> dataColumns,
      Map<String, DataType> partitionColumns, boolean ansi, boolean allowPrecisionLoss) {
    Builder b = new Builder(schema, dataColumns, partitionColumns, ansi, allowPrecisionLoss);
    try {
      List<GroupKey> keys = new ArrayList<>();
      List<StructField> out = new ArrayList<>();
      for (Expression e : agg.groupByExpressions()) {
        GroupKey k = b.groupKey(e);
        keys.add(k);
        out.add(new StructField(k.name(), k.type(), true, org.apache.spark.sql.types.Metadata.empty()));
      }
      List<Agg> aggs = new ArrayList<>();
      int i = 0;
      for (AggregateFunc f : agg.aggregateExpressions()) {
        Agg a = b.agg(f);
        aggs.add(a);
        out.add(new StructField("agg" + i++ + "_" + a.fn().name().toLowerCase(java.util.Locale.ROOT), a.outType(), true,
            org.apache.spark.sql.types.Metadata.empty()));
      }
      StructType read = new StructType(b.read.toArray(new StructField[0]));
      String description = " pushedAggregation=" + java.util.Arrays.toString(agg.aggregateExpressions())
          + " groupBy=" + java.util.Arrays.toString(agg.groupByExpressions());
      return new Spec(read, keys, aggs, new StructType(out.toArray(new StructField[0])), description);
    } catch (Declined d) {
      return null;
    }
  }

  /** Thrown (without a stack) where something is not computed exactly as Spark would. */
  private static final class Declined extends RuntimeException {
    Declined() {
      super(null, null, false, false);
    }
  }

  private static final class Builder {
    final StructType schema;
    final Map<String, ArrowType> dataColumns;
    final Map<String, DataType> partitionColumns;
    final boolean ansi;
    final boolean allowPrecisionLoss;
    final List<StructField> read = new ArrayList<>();

    Builder(StructType schema, Map<String, ArrowType> dataColumns, Map<String, DataType> partitionColumns, boolean ansi,
        boolean allowPrecisionLoss) {
      this.schema = schema;
      this.dataColumns = dataColumns;
      this.partitionColumns = partitionColumns;
      this.ansi = ansi;
      this.allowPrecisionLoss = allowPrecisionLoss;
    }

    GroupKey groupKey(Expression e) {
      String name = topLevel(e);
      if (partitionColumns.containsKey(name)) {
        return new GroupKey(name, partitionColumns.get(name), -1, null, true);
      }
      AggValue.Column c = column(name);
      boolean ok = switch (c.kind) {
        case UTF8, LARGE_UTF8 -> c.type.equals(DataTypes.StringType);
        case DEC128 -> ((DecimalType) c.type).precision() <= 18;
        default -> true;
      };
      if (!ok) {
        throw new Declined();
      }
      return new GroupKey(name, c.type, c.slot, c.kind, false);
    }

    Agg agg(AggregateFunc f) {
      if (f instanceof CountStar) {
        return new Agg(Fn.COUNT_STAR, null, DataTypes.LongType, ansi);
      }
      if (f instanceof Count c && !c.isDistinct()) {
        return new Agg(Fn.COUNT, value(c.column(), true), DataTypes.LongType, ansi);
      }
      if (f instanceof Min m) {
        AggValue v = value(m.column(), false);
        return new Agg(Fn.MIN, orderable(v), v.type, ansi);
      }
      if (f instanceof Max m) {
        AggValue v = value(m.column(), false);
        return new Agg(Fn.MAX, orderable(v), v.type, ansi);
      }
      if (f instanceof Sum s && !s.isDistinct()) {
        AggValue v = value(s.column(), false);
        if (v.type instanceof DecimalType d) {
          if (d.precision() > 28 && d.precision() < 38 && !ansi) {
            // Spark's sum gives null past 38 digits, which partials cast to this type cannot carry
            throw new Declined();
          }
          return new Agg(Fn.SUM, v, d, ansi);
        }
        if (integral(v.type) && v.type != DataTypes.BooleanType) {
          return new Agg(Fn.SUM, v, DataTypes.LongType, ansi);
        }
      }
      throw new Declined();
    }

    private static AggValue orderable(AggValue v) {
      if (v.type instanceof DecimalType || integral(v.type) || v.type == DataTypes.DateType
          || v.type == DataTypes.TimestampType || v.type == DataTypes.TimestampNTZType) {
        return v;
      }
      throw new Declined();
    }

    private static boolean integral(DataType t) {
      return t == DataTypes.ByteType || t == DataTypes.ShortType || t == DataTypes.IntegerType || t == DataTypes.LongType
          || t == DataTypes.BooleanType;
    }

    /** {@code e} as a value; strings and booleans only where only their nulls count ({@code COUNT}). */
    AggValue value(Expression e, boolean anyType) {
      if (e instanceof NamedReference) {
        AggValue.Column c = column(topLevel(e));
        if (!anyType && (c.kind == Kind.UTF8 || c.kind == Kind.LARGE_UTF8)) {
          throw new Declined();
        }
        return c;
      }
      if (e instanceof Literal<?> l) {
        return literal(l);
      }
      if (!ansi) {
        throw new Declined(); // Spark translates arithmetic only under ANSI; without it, it wraps and nulls
      }
      if (e instanceof Cast c) {
        return widen(value(c.expression(), false), c.dataType(), e.toString());
      }
      if (e instanceof GeneralScalarExpression g) {
        Expression[] ch = g.children();
        if (g.name().equals("-") && ch.length == 1) {
          AggValue v = value(ch[0], false);
          numeric(v.type);
          return new AggValue.Negate(v, e.toString());
        }
        if (ch.length == 2 && (g.name().equals("+") || g.name().equals("-") || g.name().equals("*"))) {
          AggValue l = value(ch[0], false);
          AggValue r = value(ch[1], false);
          char op = g.name().charAt(0);
          return new AggValue.Arithmetic(op, l, r, resultType(op, l.type, r.type), e.toString());
        }
      }
      throw new Declined();
    }

    private static void numeric(DataType t) {
      if (!(t instanceof DecimalType || t == DataTypes.IntegerType || t == DataTypes.LongType)) {
        throw new Declined();
      }
    }

    /** Spark's result type of {@code l op r} (both sides already coerced by Spark to agree). */
    DataType resultType(char op, DataType l, DataType r) {
      if (l instanceof DecimalType a && r instanceof DecimalType b) {
        int p;
        int s;
        if (op == '*') {
          p = a.precision() + b.precision() + 1;
          s = a.scale() + b.scale();
        } else {
          s = Math.max(a.scale(), b.scale());
          p = Math.max(a.precision() - a.scale(), b.precision() - b.scale()) + s + 1;
        }
        DecimalType t = allowPrecisionLoss ? adjust(p, s) : new DecimalType(Math.min(p, 38), Math.min(s, 38));
        if (t.scale() != s) {
          throw new Declined(); // Spark rounds this result: not reproduced
        }
        return t;
      }
      if (l == r && (l == DataTypes.IntegerType || l == DataTypes.LongType)) {
        return l;
      }
      throw new Declined();
    }

    /** Spark's {@code DecimalType.adjustPrecisionScale} for a non-negative scale. */
    private static DecimalType adjust(int p, int s) {
      if (p <= 38) {
        return new DecimalType(p, s);
      }
      int intDigits = p - s;
      int minScale = Math.min(s, 6);
      return new DecimalType(38, Math.max(38 - intDigits, minScale));
    }

    private AggValue widen(AggValue v, DataType to, String sql) {
      if (v.type.equals(to)) {
        return v;
      }
      int digits = v.type == DataTypes.ByteType ? 3 : v.type == DataTypes.ShortType ? 5
          : v.type == DataTypes.IntegerType ? 10 : v.type == DataTypes.LongType ? 20 : -1;
      if (digits < 0) {
        throw new Declined();
      }
      if (to == DataTypes.LongType || (to == DataTypes.IntegerType && digits <= 5)) {
        return new AggValue.Widen(v, to, sql);
      }
      if (to instanceof DecimalType d && d.precision() - d.scale() >= digits) {
        return new AggValue.Widen(v, to, sql);
      }
      throw new Declined();
    }

    private static AggValue literal(Literal<?> l) {
      DataType t = l.dataType();
      Object v = l.value();
      if (v == null) {
        throw new Declined();
      }
      if (t instanceof DecimalType d && v instanceof Decimal dec) {
        BigDecimal bd = dec.toJavaBigDecimal().setScale(d.scale());
        return new AggValue.Literal(bd.unscaledValue(), t, l.toString());
      }
      if ((t == DataTypes.IntegerType || t == DataTypes.LongType) && v instanceof Number n) {
        return new AggValue.Literal(BigInteger.valueOf(n.longValue()), t, l.toString());
      }
      throw new Declined();
    }

    private static String topLevel(Expression e) {
      if (e instanceof NamedReference r && r.fieldNames().length == 1) {
        return r.fieldNames()[0];
      }
      throw new Declined();
    }

    /** The file column {@code name} (read once however often it is named). */
    AggValue.Column column(String name) {
      ArrowType arrow = dataColumns.get(name);
      if (arrow == null || !java.util.List.of(schema.fieldNames()).contains(name)) {
        throw new Declined();
      }
      DataType type = schema.apply(name).dataType();
      Kind kind = kind(arrow, type);
      int slot = -1;
      for (int i = 0; i < read.size(); i++) {
        if (read.get(i).name().equals(name)) {
          slot = i;
        }
      }
      if (slot < 0) {
        slot = read.size();
        read.add(schema.apply(name));
      }
      return new AggValue.Column(slot, kind, type, name);
    }

    /** How the values of a column of Spark {@code type} lie in its Arrow vector, if we read that. */
    private static Kind kind(ArrowType arrow, DataType type) {
      if (arrow instanceof ArrowType.Int i && i.getIsSigned()) {
        boolean asType = switch (i.getBitWidth()) {
          case 8 -> type == DataTypes.ByteType;
          case 16 -> type == DataTypes.ShortType;
          case 32 -> type == DataTypes.IntegerType || type instanceof DecimalType;
          default -> type == DataTypes.LongType || type instanceof DecimalType;
        };
        if (asType) {
          return switch (i.getBitWidth()) {
            case 8 -> Kind.I8;
            case 16 -> Kind.I16;
            case 32 -> Kind.I32;
            default -> Kind.I64;
          };
        }
      } else if (arrow instanceof ArrowType.Date d && d.getUnit() == DateUnit.DAY && type == DataTypes.DateType) {
        return Kind.I32;
      } else if (arrow instanceof ArrowType.Timestamp ts && ts.getUnit() == TimeUnit.MICROSECOND
          && (type == DataTypes.TimestampType || type == DataTypes.TimestampNTZType)) {
        return Kind.I64;
      } else if (arrow instanceof ArrowType.Decimal d && d.getBitWidth() == 128 && type instanceof DecimalType dt
          && dt.precision() == d.getPrecision() && dt.scale() == d.getScale()) {
        return Kind.DEC128;
      } else if (arrow instanceof ArrowType.Bool && type == DataTypes.BooleanType) {
        return Kind.BOOL;
      } else if (arrow instanceof ArrowType.Utf8 && type.equals(DataTypes.StringType)) {
        return Kind.UTF8;
      } else if (arrow instanceof ArrowType.LargeUtf8 && type.equals(DataTypes.StringType)) {
        return Kind.LARGE_UTF8;
      }
      throw new Declined();
    }
  }
}
