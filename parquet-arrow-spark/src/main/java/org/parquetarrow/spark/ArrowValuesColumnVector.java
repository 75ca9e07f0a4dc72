package org.parquetarrow.spark;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A Spark column over an Arrow vector that Spark's {@code ArrowColumnVector} does not take, or
 * whose type differs from the one Spark asked for: unsigned integers, float16, timestamps in
 * other units than microseconds, fixed-size and view binaries, large lists, decimal256, an int32
 * file column of an int64 dataset column, a struct that lacks a field in this file. Values are read
 * from the Arrow buffers at each call (nothing is copied ahead); the Arrow vector stays owned by the
 * scan, so {@link #close()} leaves it alone.
 */
final class ArrowValuesColumnVector extends ColumnVector {
  private final ValueVector vector;
  private final ColumnVector[] children;
  private final long timestampDivisor;
  private final long timestampMultiplier;

  ArrowValuesColumnVector(ValueVector vector, DataType type) {
    super(type);
    this.vector = vector;
    this.children = children(vector, type);
    long[] scale = timestampScale(vector);
    this.timestampDivisor = scale[0];
    this.timestampMultiplier = scale[1];
  }

  private static ColumnVector[] children(ValueVector vector, DataType type) {
    if (type instanceof StructType st && vector instanceof StructVector sv) {
      ColumnVector[] out = new ColumnVector[st.fields().length];
      for (int i = 0; i < out.length; i++) {
        StructField f = st.fields()[i];
        ValueVector child = sv.getChild(f.name());
        out[i] = child == null ? nulls(sv.getValueCount(), f.dataType()) : SparkColumns.wrap(child, f.dataType());
      }
      return out;
    }
    if (type instanceof MapType mt && vector instanceof MapVector mv) {
      StructVector entries = (StructVector) mv.getDataVector();
      return new ColumnVector[] {
          SparkColumns.wrap(entries.getChildByOrdinal(0), mt.keyType()),
          SparkColumns.wrap(entries.getChildByOrdinal(1), mt.valueType())};
    }
    if (type instanceof ArrayType at) {
      ValueVector data = vector instanceof ListVector lv ? lv.getDataVector()
          : vector instanceof LargeListVector llv ? llv.getDataVector()
          : vector instanceof FixedSizeListVector fv ? fv.getDataVector() : null;
      if (data == null) {
        throw new UnmappableTypeException(vector.getName(), vector.getField().getType().toString(), "no Spark array reader for it");
      }
      return new ColumnVector[] {SparkColumns.wrap(data, at.elementType())};
    }
    return new ColumnVector[0];
  }

  /** A column of nulls, for a field this file does not have. */
  static ColumnVector nulls(int rows, DataType type) {
    ConstantColumnVector c = new ConstantColumnVector(rows, type);
    c.setNull();
    return c;
  }

  /** Divisor and multiplier taking the vector's timestamps to microseconds. */
  private static long[] timestampScale(ValueVector v) {
    if (!(v.getField().getType() instanceof ArrowType.Timestamp ts)) {
      return new long[] {1, 1};
    }
    return switch (ts.getUnit()) {
      case SECOND -> new long[] {1, TimeUnit.SECONDS.toMicros(1)};
      case MILLISECOND -> new long[] {1, 1000};
      case MICROSECOND -> new long[] {1, 1};
      case NANOSECOND -> new long[] {1000, 1};
    };
  }

  @Override
  public void close() {
    // the Arrow vector belongs to the scan's VectorSchemaRoot
  }

  @Override
  public boolean hasNull() {
    return vector.getNullCount() > 0;
  }

  @Override
  public int numNulls() {
    return vector.getNullCount();
  }

  @Override
  public boolean isNullAt(int rowId) {
    return vector.isNull(rowId);
  }

  @Override
  public boolean getBoolean(int rowId) {
    return ((BitVector) vector).get(rowId) != 0;
  }

  @Override
  public byte getByte(int rowId) {
    return (byte) getLong(rowId);
  }

  @Override
  public short getShort(int rowId) {
    return (short) getLong(rowId);
  }

  @Override
  public int getInt(int rowId) {
    if (vector instanceof DateMilliVector d) {
      return (int) Math.floorDiv(d.get(rowId), 86_400_000L);
    }
    return (int) getLong(rowId);
  }

  @Override
  public long getLong(int rowId) {
    if (vector instanceof TimeStampVector ts) {
      return Math.floorDiv(ts.get(rowId), timestampDivisor) * timestampMultiplier;
    }
    if (vector instanceof UInt1Vector u) {
      return Byte.toUnsignedLong(u.get(rowId));
    }
    if (vector instanceof UInt2Vector u) {
      return u.get(rowId);
    }
    if (vector instanceof UInt4Vector u) {
      return Integer.toUnsignedLong(u.get(rowId));
    }
    if (vector instanceof DateDayVector d) {
      return d.get(rowId);
    }
    if (vector instanceof BaseFixedWidthVector fw && fw.getTypeWidth() <= 8 && !(vector instanceof Float4Vector)
        && !(vector instanceof Float8Vector) && !(vector instanceof Float2Vector)) {
      return ((Number) fw.getObject(rowId)).longValue();
    }
    throw unsupported("a long");
  }

  @Override
  public float getFloat(int rowId) {
    if (vector instanceof Float2Vector h) {
      return h.getValueAsFloat(rowId);
    }
    if (vector instanceof Float4Vector f) {
      return f.get(rowId);
    }
    return (float) getDouble(rowId);
  }

  @Override
  public double getDouble(int rowId) {
    if (vector instanceof Float8Vector d) {
      return d.get(rowId);
    }
    if (vector instanceof Float4Vector f) {
      return f.get(rowId);
    }
    if (vector instanceof Float2Vector h) {
      return h.getValueAsFloat(rowId);
    }
    return getLong(rowId);
  }

  @Override
  public org.apache.spark.sql.types.Decimal getDecimal(int rowId, int precision, int scale) {
    if (isNullAt(rowId)) {
      return null;
    }
    if (vector instanceof DecimalVector dv && dv.getScale() == scale
        && precision <= org.apache.spark.sql.types.Decimal.MAX_LONG_DIGITS()) {
      // a decimal128 of at most 18 digits: its low 64 bits (little-endian) are the unscaled value
      long unscaled = dv.getDataBuffer().getLong((long) rowId * DecimalVector.TYPE_WIDTH);
      return org.apache.spark.sql.types.Decimal.createUnsafe(unscaled, precision, scale);
    }
    BigDecimal d;
    if (vector instanceof DecimalVector dv) {
      d = dv.getObject(rowId);
    } else if (vector instanceof Decimal256Vector dv) {
      d = dv.getObject(rowId);
    } else if (vector instanceof UInt8Vector u) {
      d = new BigDecimal(new BigInteger(Long.toUnsignedString(u.get(rowId))));
    } else {
      d = BigDecimal.valueOf(getLong(rowId));
    }
    return org.apache.spark.sql.types.Decimal.apply(d.setScale(scale), precision, scale);
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    if (isNullAt(rowId)) {
      return null;
    }
    if (vector instanceof VarCharVector v) {
      return UTF8String.fromBytes(v.get(rowId));
    }
    if (vector instanceof LargeVarCharVector v) {
      return UTF8String.fromBytes(v.get(rowId));
    }
    if (vector instanceof ViewVarCharVector v) {
      return UTF8String.fromBytes(v.get(rowId));
    }
    throw unsupported("a string");
  }

  @Override
  public byte[] getBinary(int rowId) {
    if (isNullAt(rowId)) {
      return null;
    }
    if (vector instanceof VarBinaryVector v) {
      return v.get(rowId);
    }
    if (vector instanceof LargeVarBinaryVector v) {
      return v.get(rowId);
    }
    if (vector instanceof FixedSizeBinaryVector v) {
      return v.get(rowId);
    }
    if (vector instanceof ViewVarBinaryVector v) {
      return v.get(rowId);
    }
    throw unsupported("binary");
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    if (isNullAt(rowId)) {
      return null;
    }
    long start;
    long end;
    if (vector instanceof ListVector lv) {
      start = lv.getElementStartIndex(rowId);
      end = lv.getElementEndIndex(rowId);
    } else if (vector instanceof LargeListVector llv) {
      start = llv.getElementStartIndex(rowId);
      end = llv.getElementEndIndex(rowId);
    } else {
      FixedSizeListVector fv = (FixedSizeListVector) vector;
      start = (long) rowId * fv.getListSize();
      end = start + fv.getListSize();
    }
    return new ColumnarArray(children[0], Math.toIntExact(start), Math.toIntExact(end - start));
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    if (isNullAt(rowId)) {
      return null;
    }
    MapVector mv = (MapVector) vector;
    int start = mv.getElementStartIndex(rowId);
    return new ColumnarMap(children[0], children[1], start, mv.getElementEndIndex(rowId) - start);
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    return children[ordinal];
  }

  private UnmappableTypeException unsupported(String what) {
    return new UnmappableTypeException(vector.getName(), vector.getField().getType().toString(),
        "cannot be read as " + what + " for Spark type " + dataType().simpleString());
  }
}
