package org.parquetarrow.spark;

import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A Spark column over one batch of a flat Arrow vector that reads the values straight from the
 * Arrow buffers' memory addresses, as Spark's own {@code OffHeapColumnVector} reads its memory:
 * one memory read per value, no accessor object, no bounds or null check inside Arrow, and no
 * validity read at all when the batch has no nulls. Spark's generated code calls these getters once
 * per row and value, so what {@link org.apache.spark.sql.vectorized.ArrowColumnVector} spends there
 * (a virtual call to an accessor shared by every column type, then Arrow's checked {@code ArrowBuf}
 * reads) is paid per value; here each class is final and reads one width.
 *
 * <p>The addresses are taken when the column is made, for the batch the vector holds then: the
 * scan makes a new column per batch, and Spark reads a batch only until it asks for the next one
 * (the {@code PartitionReader} contract), so the buffers stay where they are while they are read.
 * Spark asks only for rows below the batch's row count, which keeps every read inside the buffers.
 * The Arrow vector stays owned by the scan, so {@link #close()} leaves it alone.
 */
abstract class AddressColumnVector extends ColumnVector {
  private final String name;
  private final String arrowType;
  private final int nullCount;
  private final long validity;

  private AddressColumnVector(FieldVector vector, DataType type) {
    super(type);
    this.name = vector.getName();
    this.arrowType = vector.getField().getType().toString();
    this.nullCount = vector.getNullCount();
    this.validity = vector.getValidityBuffer().memoryAddress();
  }

  /**
   * A column reading {@code vector} as {@code type} from its buffers, or {@code null} when the pair
   * is not one of the flat layouts read here (nested types, other units or widths, 128-bit
   * decimals, large strings: the caller takes its other readers). Decimals of at most 18 digits
   * held as unscaled int32/int64 are read here too.
   */
  static ColumnVector of(ValueVector vector, DataType type) {
    if (vector instanceof IntVector && type == DataTypes.IntegerType
        || vector instanceof DateDayVector && type == DataTypes.DateType) {
      return new Ints((FieldVector) vector, type);
    }
    if (vector instanceof BigIntVector && type == DataTypes.LongType
        || (vector instanceof TimeStampMicroTZVector || vector instanceof TimeStampMicroVector)
            && (type == DataTypes.TimestampType || type == DataTypes.TimestampNTZType)) {
      return new Longs((FieldVector) vector, type);
    }
    if (UnscaledDecimalColumnVector.holds(vector, type)) {
      return vector instanceof BigIntVector ? new LongDecimals((FieldVector) vector, (DecimalType) type)
          : new IntDecimals((FieldVector) vector, (DecimalType) type);
    }
    if (vector instanceof Float8Vector v && type == DataTypes.DoubleType) {
      return new Doubles(v, type);
    }
    if (vector instanceof Float4Vector v && type == DataTypes.FloatType) {
      return new Floats(v, type);
    }
    if (vector instanceof SmallIntVector v && type == DataTypes.ShortType) {
      return new Shorts(v, type);
    }
    if (vector instanceof TinyIntVector v && type == DataTypes.ByteType) {
      return new Bytes(v, type);
    }
    if (vector instanceof BitVector v && type == DataTypes.BooleanType) {
      return new Booleans(v, type);
    }
    if (vector instanceof VarCharVector && type == DataTypes.StringType
        || vector instanceof VarBinaryVector && type == DataTypes.BinaryType) {
      return new Variable((FieldVector) vector, type);
    }
    return null;
  }

  @Override
  public final void close() {
    // the Arrow vector belongs to the scan's VectorSchemaRoot
  }

  @Override
  public final boolean hasNull() {
    return nullCount > 0;
  }

  @Override
  public final int numNulls() {
    return nullCount;
  }

  @Override
  public final boolean isNullAt(int rowId) {
    return nullCount > 0 && (Platform.getByte(null, validity + (rowId >> 3)) & (1 << (rowId & 7))) == 0;
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
  public int getInt(int rowId) {
    throw unsupported("an int");
  }

  @Override
  public long getLong(int rowId) {
    throw unsupported("a long");
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
  public Decimal getDecimal(int rowId, int precision, int scale) {
    throw unsupported("a decimal");
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
  public final ColumnarArray getArray(int rowId) {
    throw unsupported("an array");
  }

  @Override
  public final ColumnarMap getMap(int rowId) {
    throw unsupported("a map");
  }

  @Override
  public final ColumnVector getChild(int ordinal) {
    throw unsupported("a struct");
  }

  private UnmappableTypeException unsupported(String what) {
    return new UnmappableTypeException(name, arrowType,
        "holds " + dataType().simpleString() + " values, not " + what);
  }

  /** 32-bit integers: Spark's int and date (days since the epoch, as Arrow's date32). */
  static final class Ints extends AddressColumnVector {
    private final long data;

    Ints(FieldVector vector, DataType type) {
      super(vector, type);
      this.data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    public int getInt(int rowId) {
      return Platform.getInt(null, data + ((long) rowId << 2));
    }
  }

  /** 64-bit integers: Spark's long, and timestamps in microseconds (with or without zone). */
  static final class Longs extends AddressColumnVector {
    private final long data;

    Longs(FieldVector vector, DataType type) {
      super(vector, type);
      this.data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    public long getLong(int rowId) {
      return Platform.getLong(null, data + ((long) rowId << 3));
    }
  }

  /**
   * Decimals of at most 18 digits held as unscaled 64-bit integers (a DECIMAL stored as INT64, read
   * with {@code IntDecimalPolicy.UNSCALED}): handed to Spark as {@link Decimal#createUnsafe}, as
   * Spark's own vectorized reader does; {@link #getLong} gives the unscaled value, as Spark's
   * column vectors do for decimals.
   */
  static final class LongDecimals extends AddressColumnVector {
    private final long data;
    private final int scale;

    LongDecimals(FieldVector vector, DecimalType type) {
      super(vector, type);
      this.data = vector.getDataBuffer().memoryAddress();
      this.scale = type.scale();
    }

    @Override
    public long getLong(int rowId) {
      return Platform.getLong(null, data + ((long) rowId << 3));
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
      if (isNullAt(rowId)) {
        return null;
      }
      checkScale(this.scale, scale);
      return Decimal.createUnsafe(getLong(rowId), precision, scale);
    }
  }

  /** Decimals of at most 9 digits held as unscaled 32-bit integers (a DECIMAL stored as INT32). */
  static final class IntDecimals extends AddressColumnVector {
    private final long data;
    private final int scale;

    IntDecimals(FieldVector vector, DecimalType type) {
      super(vector, type);
      this.data = vector.getDataBuffer().memoryAddress();
      this.scale = type.scale();
    }

    @Override
    public int getInt(int rowId) {
      return Platform.getInt(null, data + ((long) rowId << 2));
    }

    @Override
    public long getLong(int rowId) {
      return getInt(rowId);
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
      if (isNullAt(rowId)) {
        return null;
      }
      checkScale(this.scale, scale);
      return Decimal.createUnsafe(getInt(rowId), precision, scale);
    }
  }

  final void checkScale(int held, int asked) {
    if (held != asked) {
      // Spark asks in the type it was given; a different scale would be a planning error of ours
      throw new UnmappableTypeException(name, arrowType, "holds decimals of scale " + held + ", asked for scale " + asked);
    }
  }

  static final class Doubles extends AddressColumnVector {
    private final long data;

    Doubles(Float8Vector vector, DataType type) {
      super(vector, type);
      this.data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    public double getDouble(int rowId) {
      return Platform.getDouble(null, data + ((long) rowId << 3));
    }
  }

  static final class Floats extends AddressColumnVector {
    private final long data;

    Floats(Float4Vector vector, DataType type) {
      super(vector, type);
      this.data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    public float getFloat(int rowId) {
      return Platform.getFloat(null, data + ((long) rowId << 2));
    }
  }

  static final class Shorts extends AddressColumnVector {
    private final long data;

    Shorts(SmallIntVector vector, DataType type) {
      super(vector, type);
      this.data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    public short getShort(int rowId) {
      return Platform.getShort(null, data + ((long) rowId << 1));
    }
  }

  static final class Bytes extends AddressColumnVector {
    private final long data;

    Bytes(TinyIntVector vector, DataType type) {
      super(vector, type);
      this.data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    public byte getByte(int rowId) {
      return Platform.getByte(null, data + rowId);
    }
  }

  /** Booleans, one bit a value as Arrow packs them (least significant bit first). */
  static final class Booleans extends AddressColumnVector {
    private final long data;

    Booleans(BitVector vector, DataType type) {
      super(vector, type);
      this.data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    public boolean getBoolean(int rowId) {
      return (Platform.getByte(null, data + (rowId >> 3)) & (1 << (rowId & 7))) != 0;
    }
  }

  /**
   * Strings and binaries with 32-bit offsets: a string is handed to Spark as a {@link UTF8String}
   * over the Arrow bytes (no copy, as Spark's {@code ArrowColumnVector} and off-heap vectors do;
   * Spark copies what it keeps beyond the batch), a binary as a copy (Spark's {@code byte[]}).
   */
  static final class Variable extends AddressColumnVector {
    private final long offsets;
    private final long data;

    Variable(FieldVector vector, DataType type) {
      super(vector, type);
      this.offsets = vector.getOffsetBuffer().memoryAddress();
      this.data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    public UTF8String getUTF8String(int rowId) {
      if (isNullAt(rowId)) {
        return null;
      }
      int start = Platform.getInt(null, offsets + ((long) rowId << 2));
      int end = Platform.getInt(null, offsets + ((long) (rowId + 1) << 2));
      return UTF8String.fromAddress(null, data + start, end - start);
    }

    @Override
    public byte[] getBinary(int rowId) {
      if (isNullAt(rowId)) {
        return null;
      }
      int start = Platform.getInt(null, offsets + ((long) rowId << 2));
      int end = Platform.getInt(null, offsets + ((long) (rowId + 1) << 2));
      byte[] out = new byte[end - start];
      Platform.copyMemory(null, data + start, out, Platform.BYTE_ARRAY_OFFSET, out.length);
      return out;
    }
  }
}
