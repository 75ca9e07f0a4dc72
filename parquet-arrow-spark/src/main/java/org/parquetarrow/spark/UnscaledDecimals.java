package org.parquetarrow.spark;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.InList;
import org.parquetarrow.dataset.expr.Literal;
import org.parquetarrow.schema.ArrowReadOptions;

/**
 * Decimal columns read as their unscaled integers ({@link
 * ArrowReadOptions.IntDecimalPolicy#UNSCALED}): which columns of a dataset are, whether its files
 * agree on them, and Spark's decimal literals as exact comparisons of the unscaled integers.
 */
final class UnscaledDecimals {
  private UnscaledDecimals() {}

  /**
   * Field-name paths (through structs, lists and maps) of the leaves of {@code schema} holding unscaled
   * decimals, with their field (type and metadata).
   */
  static Map<List<String>, Field> leaves(Schema schema) {
    Map<List<String>, Field> out = new HashMap<>();
    for (Field f : schema.getFields()) {
      collect(f, List.of(f.getName()), out);
    }
    return out;
  }

  private static void collect(Field f, List<String> path, Map<List<String>, Field> out) {
    if (f.getChildren().isEmpty()) {
      if (f.getMetadata().containsKey(ArrowReadOptions.DECIMAL_PRECISION_KEY) && f.getType() instanceof ArrowType.Int) {
        out.put(path, f);
      }
      return;
    }
    for (Field c : f.getChildren()) {
      collect(c, child(path, c.getName()), out);
    }
  }

  /**
   * Whether every file that has one of the dataset's unscaled decimal columns holds it as the same
   * integer of the same precision and scale as the dataset's schema says. Unification takes the
   * first file's metadata: two files storing one column at different scales (an INT32
   * {@code DECIMAL(5,2)} and an INT64 {@code DECIMAL(12,4)}) would otherwise read as one column of
   * mixed scales.
   */
  static boolean agree(Dataset ds) {
    Map<List<String>, Field> wanted = leaves(ds.schema());
    Map<List<String>, Field> seen = new HashMap<>(wanted);
    for (DatasetFile f : ds.files()) {
      Map<List<String>, Field> all = new HashMap<>();
      for (Field field : f.mapping().arrowSchema().getFields()) {
        allLeaves(field, List.of(field.getName()), all);
      }
      for (Map.Entry<List<String>, Field> e : all.entrySet()) {
        Field want = seen.get(e.getKey());
        boolean unscaled = e.getValue().getMetadata().containsKey(ArrowReadOptions.DECIMAL_PRECISION_KEY);
        if (unscaled && want == null) {
          return false; // unscaled here, something else in the dataset's schema
        }
        if (want != null && !sameDecimal(want, e.getValue())) {
          return false;
        }
      }
    }
    return true;
  }

  private static void allLeaves(Field f, List<String> path, Map<List<String>, Field> out) {
    if (f.getChildren().isEmpty()) {
      out.put(path, f);
      return;
    }
    for (Field c : f.getChildren()) {
      allLeaves(c, child(path, c.getName()), out);
    }
  }

  /** {@code path} and then {@code name}: names are kept apart, as one may hold a dot. */
  static List<String> child(List<String> path, String name) {
    List<String> out = new ArrayList<>(path.size() + 1);
    out.addAll(path);
    out.add(name);
    return List.copyOf(out);
  }

  private static boolean sameDecimal(Field a, Field b) {
    return a.getType().equals(b.getType())
        && Objects.equals(a.getMetadata().get(ArrowReadOptions.DECIMAL_PRECISION_KEY),
            b.getMetadata().get(ArrowReadOptions.DECIMAL_PRECISION_KEY))
        && Objects.equals(a.getMetadata().get(ArrowReadOptions.DECIMAL_SCALE_KEY),
            b.getMetadata().get(ArrowReadOptions.DECIMAL_SCALE_KEY));
  }

  /**
   * {@code column op value} for a column of unscaled integers of {@code bits} bits at {@code scale},
   * exactly, SQL nulls included: a row whose column is null is null under every form given here
   * (never true or false), so a {@code NOT} around it stays right. A value finer than the scale
   * rounds the bound the way the comparison allows ({@code x < 0.055} at scale 2 is {@code u < 6},
   * {@code x <= 0.055} is {@code u <= 5}); an equality with such a value, or a bound outside the
   * integers' range, becomes a comparison no stored integer passes (or every one passes) against the
   * integers' own extremes.
   */
  static Expression compare(ColumnRef column, CompareOp op, BigDecimal value, int scale, int bits) {
    BigDecimal scaled = value.movePointRight(scale);
    BigInteger floor = scaled.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
    BigInteger ceil = scaled.setScale(0, RoundingMode.CEILING).toBigIntegerExact();
    boolean exact = floor.equals(ceil);
    long min = bits == 32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
    long max = bits == 32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
    BigInteger bound = switch (op) {
      case LT, GE -> ceil; // u < 5.5 is u < 6; u >= 5.5 is u >= 6
      case LE, GT -> floor; // u <= 5.5 is u <= 5; u > 5.5 is u > 5
      case EQ, NE -> exact ? floor : null;
    };
    if (bound == null) {
      return op == CompareOp.EQ ? never(column, max) : always(column, max);
    }
    if (bound.compareTo(BigInteger.valueOf(max)) > 0) {
      return switch (op) {
        case LT, LE, NE -> always(column, max);
        default -> never(column, max);
      };
    }
    if (bound.compareTo(BigInteger.valueOf(min)) < 0) {
      return switch (op) {
        case GT, GE, NE -> always(column, max);
        default -> never(column, max);
      };
    }
    return new Comparison(column, op, Literal.of(bound.longValueExact()));
  }

  /**
   * {@code column IN (values)}: the values the integers can hold (the others equal no row), or a
   * comparison no stored integer passes when none can.
   */
  static Expression in(ColumnRef column, List<BigDecimal> values, int scale, int bits) {
    long min = bits == 32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
    long max = bits == 32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
    List<Literal> kept = new ArrayList<>();
    for (BigDecimal v : values) {
      BigDecimal scaled = v.movePointRight(scale).stripTrailingZeros();
      if (scaled.scale() > 0) {
        continue;
      }
      BigInteger u = scaled.toBigIntegerExact();
      if (u.compareTo(BigInteger.valueOf(min)) >= 0 && u.compareTo(BigInteger.valueOf(max)) <= 0) {
        kept.add(Literal.of(u.longValueExact()));
      }
    }
    return kept.isEmpty() ? never(column, max) : new InList(column, kept, false);
  }

  /** False for every stored value, null for null. */
  private static Expression never(ColumnRef column, long max) {
    return new Comparison(column, CompareOp.GT, Literal.of(max));
  }

  /** True for every stored value, null for null. */
  private static Expression always(ColumnRef column, long max) {
    return new Comparison(column, CompareOp.LE, Literal.of(max));
  }
}
