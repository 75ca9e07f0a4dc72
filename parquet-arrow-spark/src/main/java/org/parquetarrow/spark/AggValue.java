package org.parquetarrow.spark;

import java.io.Serializable;
import java.math.BigInteger;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;

/**
 * The argument of a pushed aggregate ({@link AggregateTranslator}) evaluated over one Arrow batch
 * at a time: integers, dates and timestamps as longs, decimals as their unscaled integers at the
 * node's scale. The fast path fills a long per row in a loop per node (one virtual call per node
 * and batch, none per row); where a value does not fit in 64 bits, or an integer result passes its
 * type, it gives up and the batch is evaluated again row by row in {@link BigInteger}s, which
 * checks every node against its Spark type as ANSI mode does (an error, never a wrong value).
 */
abstract class AggValue implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Storage of a column's values in its Arrow vector. */
  enum Kind {
    I8(1), I16(2), I32(4), I64(8), BOOL(0), DEC128(16), UTF8(0), LARGE_UTF8(0);

    final int width;

    Kind(int width) {
      this.width = width;
    }

    boolean integral() {
      return this == I8 || this == I16 || this == I32 || this == I64 || this == DEC128;
    }
  }

  /** Spark's type of the node's values. */
  final DataType type;
  /** What the SQL text of the node is (messages, the plan's description). */
  final String sql;
  private transient long[] values;
  private transient boolean[] nulls;

  AggValue(DataType type, String sql) {
    this.type = type;
    this.sql = sql;
  }

  /** The scale of the node's unscaled values (0 but for decimals). */
  int scale() {
    return type instanceof DecimalType d ? d.scale() : 0;
  }

  long[] values(int n) {
    if (values == null || values.length < n) {
      values = new long[Math.max(n, 1024)];
    }
    return values;
  }

  boolean[] nulls(int n) {
    if (nulls == null || nulls.length < n) {
      nulls = new boolean[Math.max(n, 1024)];
    }
    return nulls;
  }

  /**
   * Fills {@link #values(int)} and {@link #nulls(int)} for rows 0..n-1 of {@code vectors};
   * false when some value does not fit the fast path (the caller then uses {@link #big}).
   */
  abstract boolean eval(FieldVector[] vectors, int n);

  /** Row {@code row}'s value, unscaled, or null; ANSI's error where a node passes its type. */
  abstract BigInteger big(FieldVector[] vectors, int row);

  /** {@code v} if it is within {@link #type}, else Spark's ANSI error naming this node. */
  BigInteger checked(BigInteger v) {
    if (v != null && !fits(v, type)) {
      throw new ArithmeticException("[ARITHMETIC_OVERFLOW] " + sql + " overflows " + type.simpleString()
          + " in an aggregate pushed into the parquet-arrow scan (as Spark with spark.sql.ansi.enabled)");
    }
    return v;
  }

  static boolean fits(BigInteger v, DataType type) {
    if (type instanceof DecimalType d) {
      return v.abs().compareTo(BigInteger.TEN.pow(d.precision())) < 0;
    }
    int bits = type == DataTypes.IntegerType ? 31 : type == DataTypes.ShortType ? 15 : type == DataTypes.ByteType ? 7 : 63;
    return v.bitLength() <= bits;
  }

  static final long[] POW10 = new long[19];

  static {
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  /** A column of the batch, at {@code slot} of the vectors the reader hands over. */
  static final class Column extends AggValue {
    private static final long serialVersionUID = 1L;
    final int slot;
    final Kind kind;

    Column(int slot, Kind kind, DataType type, String name) {
      super(type, name);
      this.slot = slot;
      this.kind = kind;
    }

    @Override
    boolean eval(FieldVector[] vectors, int n) {
      long[] out = values(n);
      boolean[] isNull = nulls(n);
      FieldVector v = vectors[slot];
      if (v == null) { // a file without the column: nulls
        java.util.Arrays.fill(isNull, 0, n, true);
        return true;
      }
      readNulls(v, isNull, n);
      if (!kind.integral() && kind != Kind.BOOL) {
        return true; // strings: only their nulls are asked for (count)
      }
      ArrowBuf data = v.getDataBuffer();
      switch (kind) {
        case I8 -> {
          for (int i = 0; i < n; i++) {
            out[i] = data.getByte(i);
          }
        }
        case I16 -> {
          for (int i = 0; i < n; i++) {
            out[i] = data.getShort((long) i * 2);
          }
        }
        case I32 -> {
          for (int i = 0; i < n; i++) {
            out[i] = data.getInt((long) i * 4);
          }
        }
        case I64 -> {
          for (int i = 0; i < n; i++) {
            out[i] = data.getLong((long) i * 8);
          }
        }
        case BOOL -> {
          for (int i = 0; i < n; i++) {
            out[i] = BitVectorHelper.get(data, i);
          }
        }
        case DEC128 -> {
          boolean fitsLong = true;
          for (int i = 0; i < n; i++) {
            long lo = data.getLong((long) i * 16);
            long hi = data.getLong((long) i * 16 + 8);
            out[i] = lo;
            fitsLong &= isNull[i] || hi == (lo >> 63);
          }
          return fitsLong;
        }
        default -> throw new IllegalStateException(kind.name());
      }
      return true;
    }

    private static void readNulls(FieldVector v, boolean[] isNull, int n) {
      if (v.getNullCount() == 0) {
        java.util.Arrays.fill(isNull, 0, n, false);
        return;
      }
      ArrowBuf validity = v.getValidityBuffer();
      for (int i = 0; i < n; i++) {
        isNull[i] = BitVectorHelper.get(validity, i) == 0;
      }
    }

    @Override
    BigInteger big(FieldVector[] vectors, int row) {
      FieldVector v = vectors[slot];
      if (v == null || v.isNull(row)) {
        return null;
      }
      ArrowBuf data = v.getDataBuffer();
      return switch (kind) {
        case I8 -> BigInteger.valueOf(data.getByte(row));
        case I16 -> BigInteger.valueOf(data.getShort((long) row * 2));
        case I32 -> BigInteger.valueOf(data.getInt((long) row * 4));
        case I64 -> BigInteger.valueOf(data.getLong((long) row * 8));
        case BOOL -> BigInteger.valueOf(BitVectorHelper.get(data, row));
        case DEC128 -> {
          long lo = data.getLong((long) row * 16);
          long hi = data.getLong((long) row * 16 + 8);
          yield BigInteger.valueOf(hi).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(lo)));
        }
        default -> BigInteger.ZERO; // strings: only non-null matters
      };
    }
  }

  /** A numeric literal, unscaled at its type's scale. */
  static final class Literal extends AggValue {
    private static final long serialVersionUID = 1L;
    final BigInteger value;

    Literal(BigInteger value, DataType type, String sql) {
      super(type, sql);
      this.value = value;
    }

    @Override
    boolean eval(FieldVector[] vectors, int n) {
      if (value.bitLength() > 63) {
        return false;
      }
      java.util.Arrays.fill(values(n), 0, n, value.longValue());
      java.util.Arrays.fill(nulls(n), 0, n, false);
      return true;
    }

    @Override
    BigInteger big(FieldVector[] vectors, int row) {
      return value;
    }
  }

  /**
   * An integer widened to {@code long}, or to a decimal of scale {@code type.scale()} wide enough
   * for every value (the only casts accepted: none can overflow).
   */
  static final class Widen extends AggValue {
    private static final long serialVersionUID = 1L;
    final AggValue child;

    Widen(AggValue child, DataType type, String sql) {
      super(type, sql);
      this.child = child;
    }

    @Override
    boolean eval(FieldVector[] vectors, int n) {
      if (!child.eval(vectors, n)) {
        return false;
      }
      long[] in = child.values(n);
      long[] out = values(n);
      System.arraycopy(child.nulls(n), 0, nulls(n), 0, n);
      int shift = scale();
      if (shift == 0) {
        System.arraycopy(in, 0, out, 0, n);
        return true;
      }
      if (shift > 18) {
        return false;
      }
      long f = POW10[shift];
      try {
        for (int i = 0; i < n; i++) {
          out[i] = Math.multiplyExact(in[i], f);
        }
      } catch (ArithmeticException beyond64Bits) {
        return false;
      }
      return true;
    }

    @Override
    BigInteger big(FieldVector[] vectors, int row) {
      BigInteger v = child.big(vectors, row);
      return v == null ? null : checked(v.multiply(BigInteger.TEN.pow(scale())));
    }
  }

  /** {@code -child} (ANSI: the type's minimum has no negation). */
  static final class Negate extends AggValue {
    private static final long serialVersionUID = 1L;
    final AggValue child;

    Negate(AggValue child, String sql) {
      super(child.type, sql);
      this.child = child;
    }

    @Override
    boolean eval(FieldVector[] vectors, int n) {
      if (!child.eval(vectors, n)) {
        return false;
      }
      long[] in = child.values(n);
      long[] out = values(n);
      boolean[] isNull = nulls(n);
      System.arraycopy(child.nulls(n), 0, isNull, 0, n);
      boolean isInt = type == DataTypes.IntegerType;
      for (int i = 0; i < n; i++) {
        long v = in[i];
        if (!isNull[i] && (v == Long.MIN_VALUE || (isInt && v == Integer.MIN_VALUE))) {
          return false;
        }
        out[i] = -v;
      }
      return true;
    }

    @Override
    BigInteger big(FieldVector[] vectors, int row) {
      BigInteger v = child.big(vectors, row);
      return v == null ? null : checked(v.negate());
    }
  }

  /** {@code left op right}, decimals first brought to the result's scale (add, subtract). */
  static final class Arithmetic extends AggValue {
    private static final long serialVersionUID = 1L;
    final char op;
    final AggValue left;
    final AggValue right;

    Arithmetic(char op, AggValue left, AggValue right, DataType type, String sql) {
      super(type, sql);
      this.op = op;
      this.left = left;
      this.right = right;
    }

    @Override
    boolean eval(FieldVector[] vectors, int n) {
      if (!left.eval(vectors, n) || !right.eval(vectors, n)) {
        return false;
      }
      long[] a = left.values(n);
      long[] b = right.values(n);
      boolean[] na = left.nulls(n);
      boolean[] nb = right.nulls(n);
      long[] out = values(n);
      boolean[] isNull = nulls(n);
      for (int i = 0; i < n; i++) {
        isNull[i] = na[i] | nb[i];
      }
      int ls = op == '*' ? 0 : scale() - left.scale();
      int rs = op == '*' ? 0 : scale() - right.scale();
      if (ls > 18 || rs > 18) {
        return false;
      }
      long lf = POW10[ls];
      long rf = POW10[rs];
      boolean isInt = type == DataTypes.IntegerType;
      try {
        switch (op) {
          case '+' -> {
            for (int i = 0; i < n; i++) {
              out[i] = isNull[i] ? 0 : Math.addExact(Math.multiplyExact(a[i], lf), Math.multiplyExact(b[i], rf));
            }
          }
          case '-' -> {
            for (int i = 0; i < n; i++) {
              out[i] = isNull[i] ? 0 : Math.subtractExact(Math.multiplyExact(a[i], lf), Math.multiplyExact(b[i], rf));
            }
          }
          default -> {
            for (int i = 0; i < n; i++) {
              out[i] = isNull[i] ? 0 : Math.multiplyExact(a[i], b[i]);
            }
          }
        }
      } catch (ArithmeticException beyond64Bits) {
        return false;
      }
      if (isInt) {
        for (int i = 0; i < n; i++) {
          if (out[i] != (int) out[i]) {
            return false;
          }
        }
      }
      return true;
    }

    @Override
    BigInteger big(FieldVector[] vectors, int row) {
      BigInteger a = left.big(vectors, row);
      BigInteger b = right.big(vectors, row);
      if (a == null || b == null) {
        return null;
      }
      if (op == '*') {
        return checked(a.multiply(b));
      }
      a = a.multiply(BigInteger.TEN.pow(scale() - left.scale()));
      b = b.multiply(BigInteger.TEN.pow(scale() - right.scale()));
      return checked(op == '+' ? a.add(b) : a.subtract(b));
    }
  }
}
