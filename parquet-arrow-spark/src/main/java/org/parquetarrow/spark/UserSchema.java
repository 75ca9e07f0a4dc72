package org.parquetarrow.spark;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A schema the user gave the read ({@code spark.read().schema(...)}) held against the files' own,
 * as Spark's built-in Parquet source reads with one: columns are matched by name, a column the
 * files lack reads as nulls (in a struct too), file columns the schema leaves out are not read, a
 * column may be asked for as a wider type ({@code byte}/{@code short}/{@code int} as {@code long}
 * or {@code double}, {@code byte}/{@code short} as {@code int}, {@code float} as {@code double}),
 * and a partition column's directory values take the schema's type. Anything else is an {@link
 * IncompatibleSchemaException} when the scan is planned, naming the column and both types.
 *
 * <p>Names are matched exactly: a column spelt only in another case than the files' is refused
 * (Spark's built-in source would match it when {@code spark.sql.caseSensitive} is off).
 */
final class UserSchema implements Serializable {
  private static final long serialVersionUID = 1L;

  private final StructType user;
  private final StructType files;
  private final Set<String> partitionColumns;

  private UserSchema(StructType user, StructType files, Set<String> partitionColumns) {
    this.user = user;
    this.files = files;
    this.partitionColumns = Set.copyOf(partitionColumns);
  }

  /**
   * {@code user} checked against {@code files} (the files' schema as {@link ParquetArrowTable}
   * types it, partition columns included).
   *
   * @throws IncompatibleSchemaException naming the first column that cannot be read as asked
   */
  static UserSchema check(StructType user, StructType files, Set<String> partitionColumns, boolean caseSensitive) {
    for (StructField u : user.fields()) {
      StructField f = field(files, u.name());
      if (f == null) {
        StructField other = caseSensitive ? null : otherCase(files, u.name());
        if (other != null) {
          throw new IncompatibleSchemaException(u.name(), "the files spell it '" + other.name()
              + "'; parquet-arrow matches column names exactly: spell it as the files do");
        }
        continue; // read as nulls
      }
      if (partitionColumns.contains(u.name())) {
        if (!partitionReadable(f.dataType(), u.dataType())) {
          throw new IncompatibleSchemaException(u.name(), "a partition column of " + f.dataType().simpleString()
              + " values cannot be read as " + u.dataType().simpleString()
              + " (as its own type, as a string, or as a wider number)");
        }
      } else {
        readable(f.dataType(), u.dataType(), u.name());
      }
    }
    return new UserSchema(user, files, partitionColumns);
  }

  /** The schema the user gave. */
  StructType schema() {
    return user;
  }

  /** Whether the column at {@code path} has the same type in the files as the user asked for. */
  boolean sameType(List<String> path) {
    DataType u = typeAt(user, path);
    return u != null && u.equals(typeAt(files, path));
  }

  /** A file's partition values (canonical, in the files' types) in the types the user asked for. */
  LinkedHashMap<String, Object> partitionValues(Map<String, Object> values) {
    LinkedHashMap<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : values.entrySet()) {
      StructField u = field(user, e.getKey());
      StructField f = field(files, e.getKey());
      out.put(e.getKey(), u == null || f == null || e.getValue() == null ? e.getValue()
          : convert(e.getValue(), f.dataType(), u.dataType()));
    }
    return out;
  }

  private static void readable(DataType file, DataType asked, String path) {
    if (file.equals(asked) || widens(file, asked)) {
      return;
    }
    if (file instanceof StructType fs && asked instanceof StructType us) {
      for (StructField u : us.fields()) {
        StructField f = field(fs, u.name());
        if (f != null) {
          readable(f.dataType(), u.dataType(), path + "." + u.name());
        }
      }
      return;
    }
    if (file instanceof ArrayType fa && asked instanceof ArrayType ua) {
      readable(fa.elementType(), ua.elementType(), path + ".element");
      return;
    }
    if (file instanceof MapType fm && asked instanceof MapType um) {
      readable(fm.keyType(), um.keyType(), path + ".key");
      readable(fm.valueType(), um.valueType(), path + ".value");
      return;
    }
    throw new IncompatibleSchemaException(path, "the files hold " + file.simpleString() + ", the schema given asks for "
        + asked.simpleString() + "; a column reads as its own type or a wider one (byte, short and int as long or"
        + " double, byte and short as int, float as double)");
  }

  /** The widenings Spark's vectorized Parquet reader makes that read exactly without rounding. */
  private static boolean widens(DataType file, DataType asked) {
    boolean smallInt = file == DataTypes.ByteType || file == DataTypes.ShortType;
    return (smallInt || file == DataTypes.IntegerType) && (asked == DataTypes.LongType || asked == DataTypes.DoubleType)
        || smallInt && asked == DataTypes.IntegerType
        || file == DataTypes.ByteType && asked == DataTypes.ShortType
        || file == DataTypes.FloatType && asked == DataTypes.DoubleType;
  }

  private static boolean partitionReadable(DataType file, DataType asked) {
    return file.equals(asked) || widens(file, asked) || file == DataTypes.LongType && asked == DataTypes.DoubleType
        || asked == DataTypes.StringType && file != DataTypes.TimestampType && file != DataTypes.TimestampNTZType;
  }

  /** A partition value of {@code file}'s type as {@code asked} (one {@link #partitionReadable} allows). */
  private static Object convert(Object value, DataType file, DataType asked) {
    if (file.equals(asked)) {
      return value;
    }
    if (asked == DataTypes.StringType) {
      if (file == DataTypes.DateType) {
        return LocalDate.ofEpochDay(((Number) value).longValue()).toString();
      }
      return value instanceof BigDecimal d ? d.toPlainString() : value.toString();
    }
    // a wider number: the canonical form (Long or Double) holds it as it is
    return value;
  }

  private static DataType typeAt(StructType schema, List<String> path) {
    DataType t = schema;
    for (String name : path) {
      StructField f = t instanceof StructType st ? field(st, name) : null;
      if (f == null) {
        return null;
      }
      t = f.dataType();
    }
    return t;
  }

  private static StructField field(StructType t, String name) {
    for (StructField f : t.fields()) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    return null;
  }

  private static StructField otherCase(StructType t, String name) {
    for (StructField f : t.fields()) {
      if (f.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
        return f;
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return "user schema " + user.simpleString();
  }
}
