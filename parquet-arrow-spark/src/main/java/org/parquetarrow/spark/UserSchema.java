package org.parquetarrow.spark;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
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
 * and a partition column's directory values take the schema's type (as a string, the directory's
 * own text: {@link ParquetArrowTable} discovers such a column as text). Anything else is an {@link
 * IncompatibleSchemaException} when the scan is planned, naming the column and both types.
 *
 * <p>Names are matched as {@code spark.sql.caseSensitive} says, as Spark's {@code
 * ParquetReadSupport.clipParquetSchema} matches them: exactly when it is on; when it is off (the
 * default) ignoring case, at every level (struct fields, list elements, map values), the file's
 * column then read under the name the schema gives it. Two file fields one name matches ignoring
 * case make the column ambiguous: the scan refuses it (an {@link IncompatibleSchemaException}
 * naming it) when it is read, as the built-in reader fails reading it, and not when the query
 * leaves it out. The scan works in the files' spelling ({@link #resolved()}: projection and pushed
 * filters name the files' columns) and shows Spark the user's ({@link #schema()}).
 */
final class UserSchema implements Serializable {
  private static final long serialVersionUID = 1L;

  private final StructType user;
  private final StructType resolved;
  private final StructType files;
  /** Paths (in the user's spelling) to fields that match two file fields ignoring case. */
  private final Set<List<String>> ambiguous;
  /** The same paths in {@link #resolved}'s spelling. */
  private final Set<List<String>> ambiguousResolved;

  private UserSchema(StructType user, StructType resolved, StructType files, Set<List<String>> ambiguous,
      Set<List<String>> ambiguousResolved) {
    this.user = user;
    this.resolved = resolved;
    this.files = files;
    this.ambiguous = Set.copyOf(ambiguous);
    this.ambiguousResolved = Set.copyOf(ambiguousResolved);
  }

  /**
   * {@code user} checked against {@code files} (the files' schema as {@link ParquetArrowTable}
   * types it, partition columns included).
   *
   * @throws IncompatibleSchemaException naming the first column that cannot be read as asked
   */
  static UserSchema check(StructType user, StructType files, Set<String> partitionColumns, boolean caseSensitive) {
    Resolver r = new Resolver(caseSensitive);
    StructField[] out = new StructField[user.fields().length];
    for (int i = 0; i < out.length; i++) {
      StructField u = user.fields()[i];
      StructField f = r.match(files, u.name(), List.of(), List.of());
      if (f == null) {
        out[i] = u; // read as nulls (or refused when read, if ambiguous)
        continue;
      }
      DataType type;
      if (partitionColumns.contains(f.name())) {
        if (!partitionReadable(f.dataType(), u.dataType())) {
          throw new IncompatibleSchemaException(u.name(), "a partition column of " + f.dataType().simpleString()
              + " values cannot be read as " + u.dataType().simpleString()
              + " (as its own type, as a string, or as a wider number)");
        }
        type = u.dataType();
      } else {
        type = r.resolve(u.dataType(), f.dataType(), List.of(u.name()), List.of(f.name()));
      }
      out[i] = new StructField(f.name(), type, u.nullable(), u.metadata());
    }
    return new UserSchema(user, new StructType(out), files, r.ambiguous, r.ambiguousResolved);
  }

  /**
   * The schema Spark's file sources give a read with {@code user}'s schema over files with
   * {@code partitions} (the partition columns as inferred, in directory order): the user's columns
   * that are not partition columns in the order given, then every partition column, in the user's
   * type and spelling where the schema names it, else as inferred. (So a partition column the
   * schema leaves out is still there, and one it names comes last.)
   */
  static StructType layout(StructType user, StructType partitions, boolean caseSensitive) {
    Resolver r = new Resolver(caseSensitive);
    List<StructField> out = new ArrayList<>();
    for (StructField u : user.fields()) {
      if (partitions.fields().length == 0 || r.matches(partitions, u.name()).isEmpty()) {
        out.add(u);
      }
    }
    for (StructField p : partitions.fields()) {
      List<StructField> given = r.matches(user, p.name());
      out.add(given.isEmpty() ? p : given.get(0));
    }
    return new StructType(out.toArray(new StructField[0]));
  }

  /** The schema the user gave, as Spark sees the table. */
  StructType schema() {
    return user;
  }

  /**
   * {@link #schema()} with every name the files have in another case spelt as the files spell it:
   * the user's types, the files' names.
   */
  StructType resolved() {
    return resolved;
  }

  /** {@code sparkSide} (fields of {@link #schema()}, perhaps pruned) in the files' spelling. */
  StructType toFiles(StructType sparkSide) {
    return (StructType) rename(sparkSide, user, resolved);
  }

  /**
   * {@code path} (field names of {@link #schema()}, through structs) in the files' spelling; as
   * it is where it leaves the schema.
   */
  List<String> toFiles(List<String> path) {
    List<String> out = new ArrayList<>();
    DataType u = user;
    DataType r = resolved;
    for (String name : path) {
      if (u instanceof StructType us && r instanceof StructType rs && us.getFieldIndex(name).isDefined()) {
        int i = (Integer) us.getFieldIndex(name).get();
        out.add(rs.fields()[i].name());
        u = us.fields()[i].dataType();
        r = rs.fields()[i].dataType();
      } else {
        out.add(name);
        u = null;
        r = null;
      }
    }
    return out;
  }

  /**
   * @throws IncompatibleSchemaException when {@code required} (the columns a scan reads, in the
   *     user's spelling) holds a field that two file fields match ignoring case
   */
  void refuseAmbiguous(StructType required) {
    for (List<String> path : ambiguous) {
      DataType t = required;
      boolean read = true;
      for (String name : path) {
        t = element(t);
        if (!(t instanceof StructType st) || st.getFieldIndex(name).isEmpty()) {
          read = false;
          break;
        }
        t = st.apply(name).dataType();
      }
      if (read) {
        throw new IncompatibleSchemaException(String.join(".", path), "the files have more than one field named so"
            + " ignoring case (spark.sql.caseSensitive is off): found duplicate fields, which one to read is ambiguous");
      }
    }
  }

  /** A list's element or a map's value type, else {@code t}. */
  private static DataType element(DataType t) {
    while (t instanceof ArrayType || t instanceof MapType) {
      t = t instanceof ArrayType a ? a.elementType() : ((MapType) t).valueType();
    }
    return t;
  }

  /**
   * Whether the column at {@code path} (the files' spelling) has the same type in the files as the
   * user asked for, and is not ambiguous.
   */
  boolean sameType(List<String> path) {
    for (int n = 1; n <= path.size(); n++) {
      if (ambiguousResolved.contains(path.subList(0, n))) {
        return false;
      }
    }
    DataType u = typeAt(resolved, path);
    return u != null && u.equals(typeAt(files, path));
  }

  /** A file's partition values (canonical, in the files' types) in the types the user asked for. */
  LinkedHashMap<String, Object> partitionValues(Map<String, Object> values) {
    LinkedHashMap<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : values.entrySet()) {
      StructField u = field(resolved, e.getKey());
      StructField f = field(files, e.getKey());
      out.put(e.getKey(), u == null || f == null || e.getValue() == null ? e.getValue()
          : convert(e.getValue(), f.dataType(), u.dataType()));
    }
    return out;
  }

  /** Name matching as {@code spark.sql.caseSensitive} says, collecting ambiguous fields. */
  private static final class Resolver {
    private final boolean caseSensitive;
    final Set<List<String>> ambiguous = new HashSet<>();
    final Set<List<String>> ambiguousResolved = new HashSet<>();

    Resolver(boolean caseSensitive) {
      this.caseSensitive = caseSensitive;
    }

    List<StructField> matches(StructType t, String name) {
      List<StructField> out = new ArrayList<>();
      for (StructField f : t.fields()) {
        if (caseSensitive ? f.name().equals(name) : f.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
          out.add(f);
        }
      }
      return out;
    }

    /**
     * The field of {@code t} that {@code name} (at {@code userParent} / {@code resolvedParent})
     * names, or {@code null} when none does or (recorded) more than one does.
     */
    StructField match(StructType t, String name, List<String> userParent, List<String> resolvedParent) {
      List<StructField> found = matches(t, name);
      if (found.size() > 1) {
        // as Spark's reader: ambiguous even when one of them is spelt exactly so
        ambiguous.add(child(userParent, name));
        ambiguousResolved.add(child(resolvedParent, name));
        return null;
      }
      return found.isEmpty() ? null : found.get(0);
    }

    /** {@code asked} with the names {@code file} spells otherwise spelt so, checked readable. */
    DataType resolve(DataType asked, DataType file, List<String> userPath, List<String> resolvedPath) {
      if (file.equals(asked) || widens(file, asked)) {
        return asked;
      }
      if (file instanceof StructType fs && asked instanceof StructType us) {
        StructField[] out = new StructField[us.fields().length];
        for (int i = 0; i < out.length; i++) {
          StructField u = us.fields()[i];
          StructField f = match(fs, u.name(), userPath, resolvedPath);
          out[i] = f == null ? u : new StructField(f.name(),
              resolve(u.dataType(), f.dataType(), child(userPath, u.name()), child(resolvedPath, f.name())),
              u.nullable(), u.metadata());
        }
        return new StructType(out);
      }
      // (a list's element or a map's key or value: read whole, so ambiguity inside is recorded at the list's path)
      if (file instanceof ArrayType fa && asked instanceof ArrayType ua) {
        return new ArrayType(resolve(ua.elementType(), fa.elementType(), userPath, resolvedPath), ua.containsNull());
      }
      if (file instanceof MapType fm && asked instanceof MapType um) {
        return new MapType(resolve(um.keyType(), fm.keyType(), userPath, resolvedPath),
            resolve(um.valueType(), fm.valueType(), userPath, resolvedPath), um.valueContainsNull());
      }
      throw new IncompatibleSchemaException(String.join(".", userPath), "the files hold " + file.simpleString()
          + ", the schema given asks for " + asked.simpleString() + "; a column reads as its own type or a wider one"
          + " (byte, short and int as long or double, byte and short as int, float as double)");
    }

    private static List<String> child(List<String> parent, String name) {
      List<String> out = new ArrayList<>(parent);
      out.add(name);
      return List.copyOf(out);
    }
  }

  /** {@code t} with each struct field renamed as the field at its place in {@code to} (same shape as {@code from}). */
  private static DataType rename(DataType t, DataType from, DataType to) {
    if (t instanceof StructType ts && from instanceof StructType fs && to instanceof StructType rs) {
      StructField[] out = new StructField[ts.fields().length];
      for (int i = 0; i < out.length; i++) {
        StructField f = ts.fields()[i];
        scala.Option<Object> at = fs.getFieldIndex(f.name());
        if (at.isEmpty()) {
          out[i] = f;
          continue;
        }
        int j = (Integer) at.get();
        out[i] = new StructField(rs.fields()[j].name(), rename(f.dataType(), fs.fields()[j].dataType(),
            rs.fields()[j].dataType()), f.nullable(), f.metadata());
      }
      return new StructType(out);
    }
    if (t instanceof ArrayType ta && from instanceof ArrayType fa && to instanceof ArrayType ra) {
      return new ArrayType(rename(ta.elementType(), fa.elementType(), ra.elementType()), ta.containsNull());
    }
    if (t instanceof MapType tm && from instanceof MapType fm && to instanceof MapType rm) {
      return new MapType(rename(tm.keyType(), fm.keyType(), rm.keyType()),
          rename(tm.valueType(), fm.valueType(), rm.valueType()), tm.valueContainsNull());
    }
    return t;
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
      // (only where the column was not discovered as text: ParquetArrowTable keeps a column the
      // schema asks for as a string as its directories spell it)
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

  @Override
  public String toString() {
    return "user schema " + user.simpleString();
  }
}
