package org.parquetarrow.spark;

import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.parquetarrow.UnsupportedFeatureException;

/**
 * The Spark SQL types a write takes: those whose Parquet form Spark's own reader types back the
 * same (booleans, integers, floats, decimals, strings, binaries, dates, timestamps with and without
 * zone, and structs, arrays and maps of them). Intervals, variants, {@code time} and the like are
 * refused before any task runs, naming the column.
 */
final class WritableTypes {
  private WritableTypes() {}

  /**
   * @throws UnsupportedFeatureException naming the first column (dotted path) of a type not written
   */
  static void check(StructType schema) {
    for (StructField f : schema.fields()) {
      check(f.dataType(), f.name());
    }
  }

  private static void check(DataType t, String path) {
    if (t instanceof StructType s) {
      for (StructField f : s.fields()) {
        check(f.dataType(), path + "." + f.name());
      }
    } else if (t instanceof ArrayType a) {
      check(a.elementType(), path + ".element");
    } else if (t instanceof MapType m) {
      check(m.keyType(), path + ".key");
      check(m.valueType(), path + ".value");
    } else if (!isLeaf(t)) {
      throw new UnsupportedFeatureException("Spark type " + t.simpleString(), "column '" + path + "' of Spark type "
          + t.simpleString() + " cannot be written by parquet-arrow (it writes booleans, integers, floats, decimals,"
          + " strings, binaries, dates, timestamps and structs, arrays and maps of them)");
    }
  }

  private static boolean isLeaf(DataType t) {
    return t instanceof BooleanType || t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType
        || t instanceof LongType || t instanceof FloatType || t instanceof DoubleType || t instanceof DecimalType
        || t instanceof StringType || t instanceof BinaryType || t instanceof DateType || t instanceof TimestampType
        || t instanceof TimestampNTZType;
  }
}
