package org.parquetarrow.spark;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.catalog.ExternalCatalogUtils;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.parquetarrow.UnsupportedFeatureException;

/**
 * The hive-style directory of a row's partition values, as Spark's own file writer names it: {@code
 * col=value/...} in {@code partitionBy} order, names and values escaped by Spark's {@link
 * ExternalCatalogUtils} and a null (or empty string) value written as {@code __HIVE_DEFAULT_PARTITION__}.
 * Values are spelled as Spark casts them to strings, so its partition discovery types them back.
 */
final class PartitionPaths implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String[] names;
  private final int[] ordinals;
  private final DataType[] types;

  private PartitionPaths(String[] names, int[] ordinals, DataType[] types) {
    this.names = names;
    this.ordinals = ordinals;
    this.types = types;
  }

  /**
   * The partition columns {@code columns} of the rows of {@code schema}.
   *
   * @throws IllegalArgumentException for a name the schema lacks (listing its columns)
   * @throws UnsupportedFeatureException for a type that makes no directory name: anything but
   *     strings, booleans, integers, decimals and dates
   */
  static PartitionPaths of(StructType schema, List<String> columns) {
    String[] names = new String[columns.size()];
    int[] ordinals = new int[columns.size()];
    DataType[] types = new DataType[columns.size()];
    for (int i = 0; i < names.length; i++) {
      String c = columns.get(i);
      int at = indexOf(schema, c);
      DataType t = schema.fields()[at].dataType();
      if (!(t instanceof StringType || t instanceof BooleanType || t instanceof ByteType || t instanceof ShortType
          || t instanceof IntegerType || t instanceof LongType || t instanceof DecimalType || t instanceof DateType)) {
        throw new UnsupportedFeatureException("partition column type " + t.simpleString(), "partition column '" + c
            + "' is of type " + t.simpleString() + ": partitionBy takes string, boolean, integer, decimal and date"
            + " columns");
      }
      // the directory takes the name as partitionBy spells it, as Spark's built-in writer names it
      // (partitionBy("mixedcase") of a column MixedCase writes mixedcase=x; SparkWriteNewUserTest)
      names[i] = c;
      ordinals[i] = at;
      types[i] = t;
    }
    return new PartitionPaths(names, ordinals, types);
  }

  private static int indexOf(StructType schema, String column) {
    StructField[] fields = schema.fields();
    for (int i = 0; i < fields.length; i++) {
      if (fields[i].name().equalsIgnoreCase(column)) {
        return i;
      }
    }
    List<String> known = new ArrayList<>();
    for (StructField f : fields) {
      known.add(f.name());
    }
    throw new IllegalArgumentException("partition column '" + column + "' is not a column of the data"
        + org.parquetarrow.schema.ColumnSuggestions.didYouMean(column, known) + " " + known);
  }

  boolean isEmpty() {
    return names.length == 0;
  }

  /** The ordinals of the other columns of rows of {@code rowSchema}: those written to the files. */
  List<Integer> dataOrdinals(StructType rowSchema) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < rowSchema.fields().length; i++) {
      if (!isPartitionOrdinal(i)) {
        out.add(i);
      }
    }
    return out;
  }

  /** The schema of the files: {@code rowSchema} without the partition columns. */
  StructType fileSchema(StructType rowSchema) {
    StructType out = new StructType();
    for (int i : dataOrdinals(rowSchema)) {
      out = out.add(rowSchema.fields()[i]);
    }
    return out;
  }

  private boolean isPartitionOrdinal(int ordinal) {
    for (int p : ordinals) {
      if (p == ordinal) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code row} has the partition values {@code last} (from {@link #values}), compared in
   * place: rows come sorted, so most have their predecessor's, and spelling a directory per row
   * would cost more than the comparison.
   */
  boolean hasValues(InternalRow row, Object[] last) {
    for (int i = 0; i < ordinals.length; i++) {
      Object v = row.isNullAt(ordinals[i]) ? null : row.get(ordinals[i], types[i]);
      if (!Objects.equals(v, last[i])) {
        return false;
      }
    }
    return true;
  }

  /** The partition values of {@code row}, copied out of it (Spark reuses a row's memory). */
  Object[] values(InternalRow row) {
    Object[] out = new Object[ordinals.length];
    for (int i = 0; i < ordinals.length; i++) {
      Object v = row.isNullAt(ordinals[i]) ? null : row.get(ordinals[i], types[i]);
      out[i] = v instanceof UTF8String u ? u.copy() : v;
    }
    return out;
  }

  /** The relative directory of {@code row}, ending in {@code /}, or {@code ""} when not partitioned. */
  String directoryOf(InternalRow row) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < names.length; i++) {
      String value = row.isNullAt(ordinals[i]) ? null : text(row, ordinals[i], types[i]);
      sb.append(ExternalCatalogUtils.getPartitionPathString(names[i], value)).append('/');
    }
    return sb.toString();
  }

  /** A value as Spark's cast to string spells it. */
  private static String text(InternalRow row, int ordinal, DataType type) {
    if (type instanceof StringType) {
      return row.getUTF8String(ordinal).toString();
    } else if (type instanceof BooleanType) {
      return Boolean.toString(row.getBoolean(ordinal));
    } else if (type instanceof ByteType) {
      return Byte.toString(row.getByte(ordinal));
    } else if (type instanceof ShortType) {
      return Short.toString(row.getShort(ordinal));
    } else if (type instanceof IntegerType) {
      return Integer.toString(row.getInt(ordinal));
    } else if (type instanceof LongType) {
      return Long.toString(row.getLong(ordinal));
    } else if (type instanceof DecimalType d) {
      return row.getDecimal(ordinal, d.precision(), d.scale()).toJavaBigDecimal().toPlainString();
    } else {
      return LocalDate.ofEpochDay(row.getInt(ordinal)).toString();
    }
  }
}
