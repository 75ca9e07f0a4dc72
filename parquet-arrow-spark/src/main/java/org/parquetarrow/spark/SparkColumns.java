package org.parquetarrow.spark;

import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * Arrow vectors as Spark columns without copying: {@link UnscaledDecimalColumnVector} for decimals
 * read as their unscaled integers, {@link AddressColumnVector} for the flat layouts it reads from
 * the buffers' addresses, Spark's own {@link ArrowColumnVector} wherever it reads the vector as the
 * Spark type asked for (the vector classes it knows, in the layout that type has),
 * {@link ArrowValuesColumnVector} otherwise.
 */
final class SparkColumns {
  private SparkColumns() {}

  static ColumnVector wrap(ValueVector vector, DataType type) {
    return wrap(vector, type, ReadConfig.ColumnVectors.ADDRESS);
  }

  /** {@code vector} as a Spark column of {@code type}, flat layouts read as {@code policy} says. */
  static ColumnVector wrap(ValueVector vector, DataType type, ReadConfig.ColumnVectors policy) {
    if (policy == ReadConfig.ColumnVectors.ADDRESS) {
      ColumnVector direct = AddressColumnVector.of(vector, type);
      if (direct != null) {
        return direct;
      }
    }
    if (UnscaledDecimalColumnVector.holds(vector, type)) {
      return new UnscaledDecimalColumnVector((BaseFixedWidthVector) vector, (DecimalType) type);
    }
    return sparkReads(vector, type) ? new ArrowColumnVector(vector) : new ArrowValuesColumnVector(vector, type);
  }

  /**
   * Whether {@link ArrowColumnVector} reads {@code vector} as {@code type}: the vector class is one
   * of those it takes and holds the values in the form Spark's type has, recursively.
   */
  static boolean sparkReads(ValueVector v, DataType type) {
    if (v instanceof StructVector sv) {
      if (!(type instanceof StructType st) || st.fields().length != sv.size()) {
        return false;
      }
      for (int i = 0; i < st.fields().length; i++) {
        StructField f = st.fields()[i];
        ValueVector child = sv.getChildByOrdinal(i);
        if (!child.getName().equals(f.name()) || !sparkReads(child, f.dataType())) {
          return false;
        }
      }
      return true;
    }
    if (v instanceof MapVector mv) {
      StructVector entries = (StructVector) mv.getDataVector();
      return type instanceof MapType mt && entries.size() == 2
          && sparkReads(entries.getChildByOrdinal(0), mt.keyType())
          && sparkReads(entries.getChildByOrdinal(1), mt.valueType());
    }
    if (v instanceof ListVector lv) {
      return type instanceof ArrayType at && sparkReads(lv.getDataVector(), at.elementType());
    }
    return leafMatches(v, type);
  }

  private static boolean leafMatches(ValueVector v, DataType t) {
    if (t instanceof DecimalType dt) {
      // up to 18 digits Spark keeps a decimal in a long: ArrowValuesColumnVector reads the low
      // 64 bits straight into one, where ArrowColumnVector makes a BigDecimal per value
      return v instanceof DecimalVector d && d.getPrecision() == dt.precision() && d.getScale() == dt.scale()
          && dt.precision() > org.apache.spark.sql.types.Decimal.MAX_LONG_DIGITS();
    }
    return (v instanceof BitVector && t == DataTypes.BooleanType)
        || (v instanceof TinyIntVector && t == DataTypes.ByteType)
        || (v instanceof SmallIntVector && t == DataTypes.ShortType)
        || (v instanceof IntVector && t == DataTypes.IntegerType)
        || (v instanceof BigIntVector && t == DataTypes.LongType)
        || (v instanceof Float4Vector && t == DataTypes.FloatType)
        || (v instanceof Float8Vector && t == DataTypes.DoubleType)
        || ((v instanceof VarCharVector || v instanceof LargeVarCharVector) && t == DataTypes.StringType)
        || ((v instanceof VarBinaryVector || v instanceof LargeVarBinaryVector) && t == DataTypes.BinaryType)
        || (v instanceof DateDayVector && t == DataTypes.DateType)
        || ((v instanceof TimeStampMicroTZVector || v instanceof TimeStampMicroVector)
            && (t == DataTypes.TimestampType || t == DataTypes.TimestampNTZType))
        || (v instanceof NullVector && t == DataTypes.NullType);
  }
}
