package org.parquetarrow.spark;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.unsafe.types.UTF8String;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.Expressions;
import org.parquetarrow.dataset.expr.InList;
import org.parquetarrow.dataset.expr.NullCheck;
import org.parquetarrow.dataset.expr.StartsWith;

/**
 * Spark's V2 {@link Predicate}s as parquet-arrow filter {@link Expression}s: comparisons, {@code
 * IN}, {@code IS [NOT] NULL}, {@code AND}/{@code OR}/{@code NOT} and {@code STARTS_WITH} between a
 * column and literals. A predicate is translated only when every column it names is one whose
 * values our filter compares as Spark does ({@code columns}: field-name path to the Spark type, only
 * for types read without conversion); anything else gives {@code null} and stays with Spark.
 */
final class PredicateTranslator {
  private final Map<List<String>, DataType> columns;
  private final Map<List<String>, Integer> unscaledBits;
  private final java.util.function.UnaryOperator<List<String>> rename;

  PredicateTranslator(Map<List<String>, DataType> columns) {
    this(columns, Map.of());
  }

  PredicateTranslator(Map<List<String>, DataType> columns, Map<List<String>, Integer> unscaledBits) {
    this(columns, unscaledBits, path -> path);
  }

  /**
   * @param unscaledBits the decimal columns among {@code columns} that are read as their unscaled
   *     integers, with the integers' width (32 or 64): their literals become unscaled integers,
   *     exactly ({@link UnscaledDecimals#compare})
   * @param rename a column path as Spark's predicates name it to the path as {@code columns} (and
   *     the files) spell it: a schema the user gave may spell a column in another case
   */
  PredicateTranslator(Map<List<String>, DataType> columns, Map<List<String>, Integer> unscaledBits,
      java.util.function.UnaryOperator<List<String>> rename) {
    this.columns = columns;
    this.unscaledBits = unscaledBits;
    this.rename = rename;
  }

  /** {@code p} as our expression, or {@code null} when it cannot be translated whole. */
  Expression translate(Predicate p) {
    org.apache.spark.sql.connector.expressions.Expression[] c = p.children();
    switch (p.name()) {
      case "AND", "OR" -> {
        List<Expression> terms = new ArrayList<>();
        for (org.apache.spark.sql.connector.expressions.Expression e : c) {
          Expression t = e instanceof Predicate q ? translate(q) : null;
          if (t == null) {
            return null;
          }
          terms.add(t);
        }
        Expression[] a = terms.toArray(new Expression[0]);
        return p.name().equals("AND") ? Expressions.and(a) : Expressions.or(a);
      }
      case "NOT" -> {
        Expression t = c[0] instanceof Predicate q ? translate(q) : null;
        return t == null ? null : Expressions.not(t);
      }
      case "IS_NULL", "IS_NOT_NULL" -> {
        ColumnRef col = column(c[0]);
        return col == null ? null : new NullCheck(col, p.name().equals("IS_NULL"));
      }
      case "=", "<>", "<", "<=", ">", ">=" -> {
        return comparison(p.name(), c[0], c[1]);
      }
      case "IN" -> {
        ColumnRef col = column(c[0]);
        if (col == null) {
          return null;
        }
        Integer bits = unscaledBits.get(col.path());
        if (bits != null) {
          List<BigDecimal> decimals = new ArrayList<>();
          for (org.apache.spark.sql.connector.expressions.Expression e : Arrays.asList(c).subList(1, c.length)) {
            BigDecimal v = decimalLiteral(e);
            if (v == null) {
              return null; // a null in the list: Spark's three-valued IN is left to Spark
            }
            decimals.add(v);
          }
          return decimals.isEmpty() ? null
              : UnscaledDecimals.in(col, decimals, ((DecimalType) columns.get(col.path())).scale(), bits);
        }
        List<org.parquetarrow.dataset.expr.Literal> values = new ArrayList<>();
        for (org.apache.spark.sql.connector.expressions.Expression e : Arrays.asList(c).subList(1, c.length)) {
          Object v = literal(e, columns.get(col.path()));
          if (v == null) {
            return null; // a null in the list: Spark's three-valued IN is left to Spark
          }
          values.add(org.parquetarrow.dataset.expr.Literal.of(v));
        }
        return values.isEmpty() ? null : new InList(col, values, false);
      }
      case "STARTS_WITH" -> {
        ColumnRef col = column(c[0]);
        if (col == null || columns.get(col.path()) != DataTypes.StringType) {
          return null;
        }
        Object v = literal(c[1], DataTypes.StringType);
        return v instanceof String s ? new StartsWith(col, s) : null;
      }
      default -> {
        return null;
      }
    }
  }

  private Expression comparison(String name, org.apache.spark.sql.connector.expressions.Expression left,
      org.apache.spark.sql.connector.expressions.Expression right) {
    CompareOp op = switch (name) {
      case "=" -> CompareOp.EQ;
      case "<>" -> CompareOp.NE;
      case "<" -> CompareOp.LT;
      case "<=" -> CompareOp.LE;
      case ">" -> CompareOp.GT;
      default -> CompareOp.GE;
    };
    ColumnRef col = column(left);
    org.apache.spark.sql.connector.expressions.Expression lit = right;
    if (col == null) {
      col = column(right);
      lit = left;
      op = op.flip();
    }
    if (col == null) {
      return null;
    }
    Integer bits = unscaledBits.get(col.path());
    if (bits != null) {
      BigDecimal d = decimalLiteral(lit);
      return d == null ? null
          : UnscaledDecimals.compare(col, op, d, ((DecimalType) columns.get(col.path())).scale(), bits);
    }
    Object v = literal(lit, columns.get(col.path()));
    return v == null ? null : new Comparison(col, op, org.parquetarrow.dataset.expr.Literal.of(v));
  }

  private ColumnRef column(org.apache.spark.sql.connector.expressions.Expression e) {
    if (e instanceof NamedReference ref) {
      ColumnRef col = new ColumnRef(rename.apply(List.of(ref.fieldNames())));
      return columns.containsKey(col.path()) ? col : null;
    }
    return null;
  }

  /**
   * A non-null Spark literal of a decimal or integer type as its exact value, or {@code null}: what
   * a decimal column read as unscaled integers is compared with (at any precision and scale).
   */
  private static BigDecimal decimalLiteral(org.apache.spark.sql.connector.expressions.Expression e) {
    if (!(e instanceof Literal<?> lit) || lit.value() == null) {
      return null;
    }
    Object v = lit.value();
    if (lit.dataType() instanceof DecimalType) {
      return ((Decimal) v).toJavaBigDecimal();
    }
    DataType t = lit.dataType();
    if (t == DataTypes.ByteType || t == DataTypes.ShortType || t == DataTypes.IntegerType || t == DataTypes.LongType) {
      return BigDecimal.valueOf(((Number) v).longValue());
    }
    return null;
  }

  /**
   * A Spark literal as the Java value our {@link org.parquetarrow.dataset.expr.Literal#of} takes,
   * or {@code null} if it is not a literal of the column's type (or is a null literal).
   */
  private static Object literal(org.apache.spark.sql.connector.expressions.Expression e, DataType columnType) {
    if (!(e instanceof Literal<?> lit) || lit.value() == null || !lit.dataType().sameType(columnType)) {
      return null;
    }
    Object v = lit.value();
    DataType t = lit.dataType();
    if (t == DataTypes.StringType) {
      return ((UTF8String) v).toString();
    }
    if (t instanceof DecimalType) {
      return ((Decimal) v).toJavaBigDecimal();
    }
    if (t == DataTypes.DateType) {
      return LocalDate.ofEpochDay((Integer) v);
    }
    if (t == DataTypes.TimestampType) {
      long micros = (Long) v;
      return Instant.EPOCH.plusSeconds(Math.floorDiv(micros, 1_000_000L)).plusNanos(Math.floorMod(micros, 1_000_000L) * 1000);
    }
    if (t == DataTypes.TimestampNTZType) {
      long micros = (Long) v;
      return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC);
    }
    if (v instanceof Boolean || v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long
        || v instanceof Float || v instanceof Double) {
      return v;
    }
    return null;
  }
}
