package org.parquetarrow.dataset.scan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.dataset.expr.And;
import org.parquetarrow.dataset.expr.Between;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.InList;
import org.parquetarrow.dataset.expr.Literal;
import org.parquetarrow.dataset.expr.Not;
import org.parquetarrow.dataset.expr.NullCheck;
import org.parquetarrow.dataset.expr.Or;
import org.parquetarrow.dataset.expr.StartsWith;

/**
 * Evaluates a bound filter ({@link org.parquetarrow.dataset.expr.ExpressionBinder}) on a decoded
 * batch, column at a time into bitmaps, in SQL's three-valued logic and with DuckDB's
 * comparisons: floating point NaN equals itself and is above every number, {@code -0.0 = 0.0};
 * strings and binaries compare as unsigned bytes; an integer compared with a fraction is compared
 * with the numbers around it.
 *
 * <pre>{@code
 * FilterEvaluator f = new FilterEvaluator(ExpressionBinder.bind(filter, schema));
 * TriBits result = f.evaluate(batch);
 * }</pre>
 */
final class FilterEvaluator {
  private final Expression filter;

  FilterEvaluator(Expression boundFilter) {
    this.filter = boundFilter;
  }

  /** The filter's value for every row of {@code batch}. */
  TriBits evaluate(VectorSchemaRoot batch) {
    return new Pass(batch).eval(filter);
  }

  /** One evaluation over one batch, columns extracted once each. */
  private static final class Pass {
    private final VectorSchemaRoot batch;
    private final int rows;
    private final Map<List<String>, ColumnValues> columns = new HashMap<>();

    Pass(VectorSchemaRoot batch) {
      this.batch = batch;
      this.rows = batch.getRowCount();
    }

    TriBits eval(Expression e) {
      if (e instanceof And a) {
        TriBits out = eval(a.terms().get(0));
        for (int i = 1; i < a.terms().size(); i++) {
          out.and(eval(a.terms().get(i)));
        }
        return out;
      }
      if (e instanceof Or o) {
        TriBits out = eval(o.terms().get(0));
        for (int i = 1; i < o.terms().size(); i++) {
          out.or(eval(o.terms().get(i)));
        }
        return out;
      }
      if (e instanceof Not n) {
        TriBits out = eval(n.term());
        out.not();
        return out;
      }
      if (e instanceof Between b) {
        TriBits out = eval(new Comparison(b.column(), CompareOp.GE, b.low()));
        out.and(eval(new Comparison(b.column(), CompareOp.LE, b.high())));
        return out;
      }
      if (e instanceof NullCheck n) {
        ColumnValues c = column(n.column());
        TriBits out = new TriBits(rows);
        for (int i = 0; i < rows; i++) {
          out.set(i, c.valid[i] != n.isNull());
        }
        return out;
      }
      if (e instanceof Comparison c) {
        return compare(column(c.column()), c.op(), c.value());
      }
      if (e instanceof InList in) {
        TriBits out = in(column(in.column()), in.values());
        if (in.negated()) {
          out.not();
        }
        return out;
      }
      StartsWith s = (StartsWith) e;
      return startsWith(column(s.column()), s.prefix().getBytes(StandardCharsets.UTF_8));
    }

    private ColumnValues column(ColumnRef ref) {
      ColumnValues c = columns.get(ref.path());
      if (c == null) {
        FieldVector v = batch.getVector(ref.path().get(0));
        if (v == null) {
          throw new IllegalStateException("filter column " + ref.dottedPath() + " missing from the scanned batch");
        }
        boolean[] parentValid = null;
        for (int i = 1; i < ref.path().size(); i++) {
          StructVector s = (StructVector) v;
          parentValid = ColumnValues.validity(s, parentValid);
          v = (FieldVector) s.getChild(ref.path().get(i));
        }
        c = new ColumnValues(v, parentValid);
        columns.put(ref.path(), c);
      }
      return c;
    }

    private TriBits compare(ColumnValues c, CompareOp op, Literal lit) {
      TriBits out = new TriBits(rows);
      switch (c.domain) {
        case LONG -> {
          LongBound b = LongBound.of(c, lit.value());
          if (b.kind == LongBound.EXACT) {
            compareLongs(c, op, b.value, out);
          } else {
            Boolean constant = b.constantFor(op);
            if (constant != null) {
              constantForValid(c, constant, out);
            } else {
              // A fraction between value and value + 1: < and <= mean <= value, > and >= mean > value.
              compareLongs(c, op == CompareOp.LT || op == CompareOp.LE ? CompareOp.LE : CompareOp.GT, b.value, out);
            }
          }
        }
        case DOUBLE -> {
          double v = ((Number) lit.value()).doubleValue();
          double[] d = c.doubles;
          for (int i = 0; i < rows; i++) {
            if (c.valid[i]) {
              out.set(i, holds(op, compareDuckDb(d[i], v)));
            }
          }
        }
        case BYTES -> {
          byte[] v = bytesOf(lit.value());
          BytesAccess a = new BytesAccess(c.vector);
          for (int i = 0; i < rows; i++) {
            if (c.valid[i]) {
              out.set(i, holds(op, a.compare(i, v)));
            }
          }
        }
      }
      return out;
    }

    private void compareLongs(ColumnValues c, CompareOp op, long v, TriBits out) {
      long[] x = c.longs;
      boolean[] valid = c.valid;
      switch (op) {
        case EQ -> { for (int i = 0; i < rows; i++) { if (valid[i]) { out.set(i, x[i] == v); } } }
        case NE -> { for (int i = 0; i < rows; i++) { if (valid[i]) { out.set(i, x[i] != v); } } }
        case LT -> { for (int i = 0; i < rows; i++) { if (valid[i]) { out.set(i, x[i] < v); } } }
        case LE -> { for (int i = 0; i < rows; i++) { if (valid[i]) { out.set(i, x[i] <= v); } } }
        case GT -> { for (int i = 0; i < rows; i++) { if (valid[i]) { out.set(i, x[i] > v); } } }
        case GE -> { for (int i = 0; i < rows; i++) { if (valid[i]) { out.set(i, x[i] >= v); } } }
      }
    }

    private void constantForValid(ColumnValues c, boolean value, TriBits out) {
      for (int i = 0; i < rows; i++) {
        if (c.valid[i]) {
          out.set(i, value);
        }
      }
    }

    private TriBits in(ColumnValues c, List<Literal> values) {
      TriBits out = new TriBits(rows);
      switch (c.domain) {
        case LONG -> {
          long[] exact = values.stream().map(l -> LongBound.of(c, l.value()))
              .filter(b -> b.kind == LongBound.EXACT).mapToLong(b -> b.value).sorted().toArray();
          long[] x = c.longs;
          for (int i = 0; i < rows; i++) {
            if (c.valid[i]) {
              out.set(i, Arrays.binarySearch(exact, x[i]) >= 0);
            }
          }
        }
        case DOUBLE -> {
          double[] set = values.stream().mapToDouble(l -> ((Number) l.value()).doubleValue()).toArray();
          for (int i = 0; i < rows; i++) {
            if (c.valid[i]) {
              boolean hit = false;
              for (double v : set) {
                hit |= compareDuckDb(c.doubles[i], v) == 0;
              }
              out.set(i, hit);
            }
          }
        }
        case BYTES -> {
          List<byte[]> set = new ArrayList<>();
          values.forEach(l -> set.add(bytesOf(l.value())));
          BytesAccess a = new BytesAccess(c.vector);
          for (int i = 0; i < rows; i++) {
            if (c.valid[i]) {
              boolean hit = false;
              for (byte[] v : set) {
                if (a.compare(i, v) == 0) {
                  hit = true;
                  break;
                }
              }
              out.set(i, hit);
            }
          }
        }
      }
      return out;
    }

    private TriBits startsWith(ColumnValues c, byte[] prefix) {
      TriBits out = new TriBits(rows);
      BytesAccess a = new BytesAccess(c.vector);
      for (int i = 0; i < rows; i++) {
        if (c.valid[i]) {
          out.set(i, a.startsWith(i, prefix));
        }
      }
      return out;
    }
  }

  static boolean holds(CompareOp op, int cmp) {
    return switch (op) {
      case EQ -> cmp == 0;
      case NE -> cmp != 0;
      case LT -> cmp < 0;
      case LE -> cmp <= 0;
      case GT -> cmp > 0;
      case GE -> cmp >= 0;
    };
  }

  /** DuckDB's order of doubles: NaN equal to itself and above everything, -0.0 equal to 0.0. */
  static int compareDuckDb(double a, double b) {
    if (a < b) {
      return -1;
    }
    if (a > b) {
      return 1;
    }
    if (a == b) {
      return 0;
    }
    boolean na = Double.isNaN(a);
    boolean nb = Double.isNaN(b);
    return na == nb ? 0 : na ? 1 : -1;
  }

  private static byte[] bytesOf(Object v) {
    return v instanceof byte[] b ? b : v.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * A bound literal in a column's long domain: exact, strictly between {@code value} and {@code
   * value + 1} (a fraction against whole numbers), or beyond every value the column can hold.
   */
  private record LongBound(int kind, long value) {
    static final int EXACT = 0;
    static final int FRACTION = 1;
    static final int ABOVE_ALL = 2;
    static final int BELOW_ALL = 3;
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigDecimal UINT64_MAX = new BigDecimal(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE));

    static LongBound of(ColumnValues c, Object literal) {
      if (literal instanceof Boolean b) {
        return new LongBound(EXACT, b ? 1 : 0);
      }
      boolean unsigned = c.flippedUnsigned();
      if (literal instanceof Long l && !(c.type instanceof ArrowType.Decimal)) {
        return new LongBound(EXACT, unsigned ? l ^ Long.MIN_VALUE : l);
      }
      BigDecimal x;
      if (literal instanceof Double d) {
        if (Double.isNaN(d) || d == Double.POSITIVE_INFINITY) {
          return new LongBound(ABOVE_ALL, 0); // DuckDB puts NaN above every number
        }
        if (d == Double.NEGATIVE_INFINITY) {
          return new LongBound(BELOW_ALL, 0);
        }
        x = new BigDecimal(d);
      } else if (literal instanceof Long l) {
        x = BigDecimal.valueOf(l);
      } else if (literal instanceof BigDecimal d) {
        x = d;
      } else {
        throw new UnsupportedFeatureException("scan", "literal " + literal + " against " + c.type);
      }
      if (c.type instanceof ArrowType.Decimal dec) {
        x = x.movePointRight(dec.getScale());
      }
      BigDecimal lo = unsigned ? BigDecimal.ZERO : LONG_MIN;
      BigDecimal hi = unsigned ? UINT64_MAX : LONG_MAX;
      if (x.compareTo(lo) < 0) {
        return new LongBound(BELOW_ALL, 0);
      }
      if (x.compareTo(hi) > 0) {
        return new LongBound(ABOVE_ALL, 0);
      }
      BigDecimal floor = x.setScale(0, RoundingMode.FLOOR);
      long v = floor.toBigInteger().longValue();
      if (unsigned) {
        v ^= Long.MIN_VALUE;
      }
      return new LongBound(floor.compareTo(x) == 0 ? EXACT : FRACTION, v);
    }

    /** For non-exact bounds: the comparison's value on every non-null row, or null if it varies. */
    Boolean constantFor(CompareOp op) {
      return switch (op) {
        case EQ -> false;
        case NE -> true;
        case LT, LE -> kind == FRACTION ? null : kind == ABOVE_ALL;
        case GT, GE -> kind == FRACTION ? null : kind == BELOW_ALL;
      };
    }
  }

  /** Unsigned byte comparisons of a string or binary vector's values in place. */
  private static final class BytesAccess {
    private final ArrowBuf data;
    private final ArrowBuf offsets;
    private final int offsetWidth;
    private final int fixedWidth;

    BytesAccess(FieldVector v) {
      this.data = v.getDataBuffer();
      if (v instanceof BaseVariableWidthVector) {
        offsets = v.getOffsetBuffer();
        offsetWidth = 4;
        fixedWidth = 0;
      } else if (v instanceof BaseLargeVariableWidthVector) {
        offsets = v.getOffsetBuffer();
        offsetWidth = 8;
        fixedWidth = 0;
      } else if (v instanceof FixedSizeBinaryVector f) {
        offsets = null;
        offsetWidth = 0;
        fixedWidth = f.getByteWidth();
      } else {
        throw new UnsupportedFeatureException("scan", "filtering on " + v.getField().getType() + " vectors");
      }
    }

    private long start(int i) {
      return offsetWidth == 4 ? offsets.getInt((long) i * 4) : offsetWidth == 8 ? offsets.getLong((long) i * 8) : (long) i * fixedWidth;
    }

    private long end(int i) {
      return fixedWidth > 0 ? (long) (i + 1) * fixedWidth : start(i + 1);
    }

    int compare(int i, byte[] v) {
      long s = start(i);
      int len = (int) (end(i) - s);
      int n = Math.min(len, v.length);
      for (int k = 0; k < n; k++) {
        int d = (data.getByte(s + k) & 0xFF) - (v[k] & 0xFF);
        if (d != 0) {
          return d;
        }
      }
      return Integer.compare(len, v.length);
    }

    boolean startsWith(int i, byte[] prefix) {
      long s = start(i);
      if (end(i) - s < prefix.length) {
        return false;
      }
      for (int k = 0; k < prefix.length; k++) {
        if (data.getByte(s + k) != prefix[k]) {
          return false;
        }
      }
      return true;
    }
  }
}
