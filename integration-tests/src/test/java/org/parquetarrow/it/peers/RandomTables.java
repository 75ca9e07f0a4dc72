package org.parquetarrow.it.peers;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.testing.ArrowValues.Entry;
import org.parquetarrow.testing.ArrowValues.Struct;

/**
 * Seeded random tables covering every Parquet-expressible type and the nesting shapes readers
 * get wrong: flat columns of every type, lists of lists, structs holding lists, maps of lists of
 * structs, lists of structs of maps, with nulls and empty lists at every optional level and
 * required levels mixed in.
 *
 * <p>The Arrow types are those a reader should produce for the natural Parquet type of each
 * column (no Arrow-only layouts such as large or view types, which Parquet cannot tell apart).
 * Nested names are those Arrow C++ reports for the Parquet spec's standard forms: {@code element}
 * for list elements, {@code entries} / {@code key} / {@code value} for maps (the Parquet group
 * {@code key_value} becomes Arrow's {@code entries}).
 *
 * <pre>{@code
 * Table t = RandomTables.generate(42L, 300);
 * }</pre>
 */
public final class RandomTables {
  private RandomTables() {}

  static final ArrowType INT8 = new ArrowType.Int(8, true);
  static final ArrowType INT16 = new ArrowType.Int(16, true);
  static final ArrowType INT32 = new ArrowType.Int(32, true);
  static final ArrowType INT64 = new ArrowType.Int(64, true);
  static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;
  static final ArrowType FLOAT64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);

  /** The low-cardinality pool of {@code str_dict}, so that writers choose dictionary encoding. */
  static final List<String> DICT_WORDS = List.of("alpha", "beta", "gamma", "delta", "épsilon", "ζήτα", "漢字", "🦆");

  /** Every column, in order. */
  public static Schema schema() {
    List<Field> f = new ArrayList<>();
    f.add(Field.nullable("b", ArrowType.Bool.INSTANCE));
    f.add(Field.nullable("i8", INT8));
    f.add(Field.nullable("i16", INT16));
    f.add(Field.nullable("i32", INT32));
    f.add(Field.nullable("i64", INT64));
    f.add(Field.nullable("u8", new ArrowType.Int(8, false)));
    f.add(Field.nullable("u16", new ArrowType.Int(16, false)));
    f.add(Field.nullable("u32", new ArrowType.Int(32, false)));
    f.add(Field.nullable("u64", new ArrowType.Int(64, false)));
    f.add(Field.nullable("f16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)));
    f.add(Field.nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
    f.add(Field.nullable("f64", FLOAT64));
    f.add(Field.nullable("dec9", new ArrowType.Decimal(9, 2, 128)));
    f.add(Field.nullable("dec18", new ArrowType.Decimal(18, 4, 128)));
    f.add(Field.nullable("dec20", new ArrowType.Decimal(20, 3, 128)));
    f.add(Field.nullable("dec38", new ArrowType.Decimal(38, 10, 128)));
    f.add(Field.nullable("dec60", new ArrowType.Decimal(60, 5, 256)));
    f.add(Field.nullable("date", new ArrowType.Date(DateUnit.DAY)));
    f.add(Field.nullable("time_ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32)));
    f.add(Field.nullable("time_us", new ArrowType.Time(TimeUnit.MICROSECOND, 64)));
    f.add(Field.nullable("time_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64)));
    f.add(Field.nullable("ts_ms_utc", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")));
    f.add(Field.nullable("ts_us", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)));
    f.add(Field.nullable("ts_ns_utc", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC")));
    f.add(Field.nullable("ts_int96", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)));
    f.add(Field.nullable("str", UTF8));
    f.add(Field.nullable("str_dict", UTF8));
    f.add(Field.nullable("bin", ArrowType.Binary.INSTANCE));
    f.add(Field.nullable("fsb", new ArrowType.FixedSizeBinary(6)));
    f.add(Field.nullable("uuid", new ArrowType.FixedSizeBinary(16)));
    f.add(Field.notNullable("req_i64", INT64));
    f.add(Field.notNullable("req_str", UTF8));
    f.add(list("l_i64", Field.nullable("element", INT64), true));
    f.add(list("ll_str", list("element", Field.nullable("element", UTF8), true), true));
    f.add(struct("s", true, Field.nullable("a", INT32), Field.nullable("b", UTF8)));
    f.add(struct("s_l", true, Field.nullable("x", INT64), list("l", Field.nullable("element", FLOAT64), true)));
    f.add(map("m", Field.nullable("value", INT64)));
    f.add(map("m_ls", list("value", struct("element", true, Field.nullable("p", INT32), Field.nullable("q", UTF8)), true)));
    f.add(list("l_sm", struct("element", true, Field.nullable("id", INT64), map("m", Field.nullable("value", INT32))), true));
    f.add(list("req_l", Field.notNullable("element", INT32), false));
    f.add(struct("s_req", true, Field.notNullable("k", INT32), Field.nullable("v", UTF8)));
    return new Schema(f);
  }

  static Field list(String name, Field element, boolean nullable) {
    return new Field(name, new FieldType(nullable, ArrowType.List.INSTANCE, null), List.of(element));
  }

  static Field struct(String name, boolean nullable, Field... children) {
    return new Field(name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null), List.of(children));
  }

  static Field map(String name, Field value) {
    Field entries = new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE),
        List.of(Field.notNullable("key", UTF8), value));
    return new Field(name, FieldType.nullable(new ArrowType.Map(false)), List.of(entries));
  }

  /** {@code rows} random rows of {@link #schema()}; the same seed gives the same table. */
  public static Table generate(long seed, int rows) {
    Schema schema = schema();
    Random random = new Random(seed);
    List<List<Object>> columns = new ArrayList<>();
    for (Field f : schema.getFields()) {
      List<Object> values = new ArrayList<>(rows);
      // a column's own stream, so adding a column leaves the others' values as they were
      Random r = new Random(random.nextLong());
      for (int i = 0; i < rows; i++) {
        values.add(f.getName().equals("str_dict") ? dictWord(r) : value(f, r));
      }
      columns.add(values);
    }
    return new Table(schema, columns, rows);
  }

  private static Object dictWord(Random r) {
    return r.nextInt(10) == 0 ? null : DICT_WORDS.get(r.nextInt(DICT_WORDS.size()));
  }

  /** A random value for {@code field}: null one time in eight when the field is nullable. */
  static Object value(Field field, Random r) {
    if (field.isNullable() && r.nextInt(8) == 0) {
      return null;
    }
    ArrowType t = field.getType();
    switch (t.getTypeID()) {
      case Bool:
        return r.nextBoolean();
      case Int:
        return integer((ArrowType.Int) t, r);
      case FloatingPoint:
        return floating(((ArrowType.FloatingPoint) t).getPrecision(), r);
      case Decimal:
        return decimal((ArrowType.Decimal) t, r);
      case Date:
        return r.nextInt(120_000) - 60_000; // about 1806 to 2134
      case Time:
        return time(((ArrowType.Time) t).getUnit(), r);
      case Timestamp:
        return timestamp(((ArrowType.Timestamp) t).getUnit(), r);
      case Utf8:
        return string(r);
      case Binary:
        return bytes(r, r.nextInt(24));
      case FixedSizeBinary:
        return bytes(r, ((ArrowType.FixedSizeBinary) t).getByteWidth());
      case List:
        return list(field.getChildren().get(0), r);
      case Struct: {
        List<Object> values = new ArrayList<>();
        for (Field c : field.getChildren()) {
          values.add(value(c, r));
        }
        return new Struct(values);
      }
      case Map:
        return map(field.getChildren().get(0), r);
      default:
        throw new IllegalArgumentException("no generator for " + t);
    }
  }

  private static List<Object> list(Field element, Random r) {
    int n = r.nextInt(6) == 0 ? 0 : 1 + r.nextInt(4);
    List<Object> out = new ArrayList<>(n);
    for (int k = 0; k < n; k++) {
      out.add(value(element, r));
    }
    return out;
  }

  private static List<Object> map(Field entries, Random r) {
    int n = r.nextInt(6) == 0 ? 0 : 1 + r.nextInt(3);
    Field valueField = entries.getChildren().get(1);
    Set<String> keys = new HashSet<>();
    List<Object> out = new ArrayList<>(n);
    while (out.size() < n) {
      // keys are unique within one map: some engines (DuckDB) refuse duplicates
      String key = "k" + r.nextInt(50);
      if (keys.add(key)) {
        out.add(new Entry(key, value(valueField, r)));
      }
    }
    return out;
  }

  private static Object integer(ArrowType.Int t, Random r) {
    int bits = t.getBitWidth();
    long v;
    int pick = r.nextInt(10);
    if (pick == 0) {
      v = t.getIsSigned() ? -(1L << (bits - 1)) : 0; // minimum
    } else if (pick == 1) {
      v = t.getIsSigned() ? (bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1) : (bits == 64 ? -1L : (1L << bits) - 1);
    } else {
      v = bits == 64 ? r.nextLong() : t.getIsSigned() ? (r.nextLong() << (64 - bits)) >> (64 - bits) : r.nextLong() >>> (64 - bits);
    }
    return bits == 64 ? (Object) v : (Object) (int) v;
  }

  private static Object floating(FloatingPointPrecision p, Random r) {
    int pick = r.nextInt(20);
    switch (p) {
      case HALF: {
        short[] special = {0x7E00, (short) 0x8000, 0x0000, 0x7C00, (short) 0xFC00, 0x0001};
        return pick < special.length ? special[pick] : (short) (r.nextInt(0x7C00) | (r.nextBoolean() ? 0x8000 : 0));
      }
      case SINGLE: {
        float[] special = {Float.NaN, -0.0f, 0.0f, Float.POSITIVE_INFINITY, Float.MIN_VALUE, -Float.MAX_VALUE};
        return pick < special.length ? special[pick] : (r.nextFloat() - 0.5f) * 1e6f;
      }
      default: {
        double[] special = {Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE};
        return pick < special.length ? special[pick] : (r.nextDouble() - 0.5) * 1e12;
      }
    }
  }

  private static BigDecimal decimal(ArrowType.Decimal t, Random r) {
    int digits = 1 + r.nextInt(t.getPrecision());
    StringBuilder b = new StringBuilder(r.nextBoolean() ? "-" : "");
    for (int k = 0; k < digits; k++) {
      b.append((char) ('0' + (k == 0 ? 1 + r.nextInt(9) : r.nextInt(10))));
    }
    return new BigDecimal(new BigInteger(b.toString()), t.getScale());
  }

  private static Object time(TimeUnit unit, Random r) {
    long day = 86_400L;
    return switch (unit) {
      case SECOND -> (int) ((r.nextLong() >>> 1) % day);
      case MILLISECOND -> (int) ((r.nextLong() >>> 1) % (day * 1_000L));
      case MICROSECOND -> (r.nextLong() >>> 1) % (day * 1_000_000L);
      case NANOSECOND -> (r.nextLong() >>> 1) % (day * 1_000_000_000L);
    };
  }

  private static long timestamp(TimeUnit unit, Random r) {
    // 1700..2240 fits nanoseconds in a long; seconds span the same range
    long seconds = (r.nextLong() >>> 1) % (17_000_000_000L) - 8_500_000_000L;
    return switch (unit) {
      case SECOND -> seconds;
      case MILLISECOND -> seconds * 1_000L + r.nextInt(1_000);
      case MICROSECOND -> seconds * 1_000_000L + r.nextInt(1_000_000);
      case NANOSECOND -> seconds * 1_000_000_000L + r.nextInt(1_000_000_000);
    };
  }

  private static final String[] PIECES = {"a", "Z", "0", " ", "é", "ß", "Ω", "漢", "字", "🦆", "\t", "\"", ",", "'"};

  private static String string(Random r) {
    int n = r.nextInt(7) == 0 ? 0 : 1 + r.nextInt(20);
    StringBuilder b = new StringBuilder();
    for (int k = 0; k < n; k++) {
      b.append(PIECES[r.nextInt(PIECES.length)]);
    }
    return b.toString();
  }

  private static byte[] bytes(Random r, int n) {
    byte[] b = new byte[n];
    r.nextBytes(b);
    return b;
  }

  /** For tests of the generator itself: the value model of every row, flattened. */
  static List<Object> flatten(Object v) {
    List<Object> out = new ArrayList<>();
    flatten(v, out);
    return out;
  }

  private static void flatten(Object v, List<Object> out) {
    out.add(v);
    if (v instanceof List<?> l) {
      l.forEach(x -> flatten(x, out));
    } else if (v instanceof Struct s) {
      s.fields().forEach(x -> flatten(x, out));
    } else if (v instanceof Entry e) {
      flatten(e.key(), out);
      flatten(e.value(), out);
    }
  }
}
