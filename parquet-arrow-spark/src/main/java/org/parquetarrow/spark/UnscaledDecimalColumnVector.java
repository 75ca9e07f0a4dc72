package org.parquetarrow.spark;

import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A Spark decimal column of at most 18 digits over an Arrow {@code int32} or {@code int64} vector of
 * unscaled values (a DECIMAL stored as INT32/INT64, read with {@link
 * org.parquetarrow.schema.ArrowReadOptions.IntDecimalPolicy#UNSCALED}): each value is handed to
 * Spark as {@link Decimal#createUnsafe}, the long-backed form Spark's own vectorized reader gives,
 * with no {@code BigDecimal} and no 128-bit detour. {@link #getLong}/{@link #getInt} give the
 * unscaled value, as Spark's own column vectors do for decimals. The Arrow vector stays owned by
 * the scan, so {@link #close()} leaves it alone.
 */
final class UnscaledDecimalColumnVector extends ColumnVector {
  private final BaseFixedWidthVector vector;
  private final boolean wide;
  private final int precision;
  private final int scale;

  /** @param type a decimal of at most 9 digits over an {@link IntVector}, 18 over a {@link BigIntVector} */
  UnscaledDecimalColumnVector(BaseFixedWidthVector vector, DecimalType type) {
    super(type);
    if (!(vector instanceof BigIntVector || vector instanceof IntVector)) {
      throw new IllegalArgumentException("unscaled decimals come in int32 or int64 vectors, not " + vector.getField());
    }
    this.vector = vector;
    this.wide = vector instanceof BigIntVector;
    this.precision = type.precision();
    this.scale = type.scale();
  }

  /** Whether {@code vector} holds unscaled values of the Spark decimal {@code type}. */
  static boolean holds(Object vector, Object type) {
    return type instanceof DecimalType d && d.precision() <= Decimal.MAX_LONG_DIGITS()
        && (vector instanceof BigIntVector || vector instanceof IntVector && d.precision() <= Decimal.MAX_INT_DIGITS());
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
  public long getLong(int rowId) {
    return wide ? vector.getDataBuffer().getLong((long) rowId * BigIntVector.TYPE_WIDTH)
        : vector.getDataBuffer().getInt((long) rowId * IntVector.TYPE_WIDTH);
  }

  @Override
  public int getInt(int rowId) {
    return (int) getLong(rowId);
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    if (isNullAt(rowId)) {
      return null;
    }
    if (scale != this.scale) {
      // Spark asks in the type it was given; a different scale would be a planning error of ours
      throw new UnmappableTypeException(vector.getName(), vector.getField().getType().toString(),
          "holds decimals of scale " + this.scale + ", asked for scale " + scale);
    }
    return Decimal.createUnsafe(getLong(rowId), precision, scale);
  }

  @Override
  public boolean getBoolean(int rowId) {
    throw unsupported("a boolean");
  }

  @Override
  public byte getByte(int rowId) {
    throw unsupported("a byte");
  }

  @Override
  public short getShort(int rowId) {
    throw unsupported("a short");
  }

  @Override
  public float getFloat(int rowId) {
    throw unsupported("a float");
  }

  @Override
  public double getDouble(int rowId) {
    throw unsupported("a double");
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    throw unsupported("a string");
  }

  @Override
  public byte[] getBinary(int rowId) {
    throw unsupported("binary");
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    throw unsupported("an array");
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    throw unsupported("a map");
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    throw unsupported("a struct");
  }

  private UnmappableTypeException unsupported(String what) {
    return new UnmappableTypeException(vector.getName(), vector.getField().getType().toString(),
        "holds decimal(" + precision + "," + scale + ") values, not " + what);
  }
}
