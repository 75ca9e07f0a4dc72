package org.parquetarrow.it.rust;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.it.peers.Table;

/**
 * The tables the arrow-rs ITs use, and the uneven batch split they feed it.
 *
 * <p>Every column of {@link org.parquetarrow.it.peers.RandomTables} is used unchanged: arrow-rs 59
 * writes and reads each of its Arrow types ({@code ts_int96} is only a name there: arrow-rs writes
 * Timestamp(ns) as INT64 TIMESTAMP(NANOS), never INT96). {@link #arrowOnly} adds the Arrow types
 * Parquet has no type for, and {@link DictionaryColumn} a dictionary-typed one. Left out:
 * intervals (the test value model has none), decimal32/64 (arrow-vector has neither), list views
 * and dictionaries of non-string values (not tried).
 */
final class RustTables {
  private RustTables() {}

  /**
   * {@code t} as arrow-rs returns it from a file whose maps follow the Parquet spec's standard form:
   * arrow-rs names a map's Arrow entries field after the Parquet repeated group ({@code key_value}),
   * even when the embedded {@code ARROW:schema} says {@code entries}. Arrow leaves those names free
   * ("not enforced", Schema.fbs), so this is a naming choice of the peer, not a value difference.
   */
  static Table withMapEntriesNamedKeyValue(Table t) {
    List<Field> fields = new ArrayList<>();
    for (Field f : t.fields()) {
      fields.add(renameEntries(f, false));
    }
    return new Table(new Schema(fields, t.schema().getCustomMetadata()), t.columns(), t.rowCount());
  }

  private static Field renameEntries(Field f, boolean isMapEntries) {
    boolean isMap = f.getType() instanceof ArrowType.Map;
    List<Field> children = new ArrayList<>();
    for (Field c : f.getChildren()) {
      children.add(renameEntries(c, isMap));
    }
    return new Field(isMapEntries ? "key_value" : f.getName(), f.getFieldType(), children);
  }

  private static final ArrowType INT32 = new ArrowType.Int(32, true);
  private static final ArrowType INT64 = new ArrowType.Int(64, true);

  /**
   * Arrow types with no Parquet type of their own, which arrow-rs writes as a Parquet type plus its
   * {@code ARROW:schema} hint, and which a reader restoring the stored schema (Arrow C++, ours by
   * default) must return as they were: large and view strings and binaries, large and fixed-size
   * lists, durations, Date64, Time32(s), second timestamps, a named time zone, the Null type; plus
   * shapes the random schema lacks: strings longer than a page, and a column of nulls only.
   */
  static Table arrowOnly(long seed, int rows) {
    List<Field> f = new ArrayList<>();
    f.add(Field.nullable("large_str", ArrowType.LargeUtf8.INSTANCE));
    f.add(Field.nullable("large_bin", ArrowType.LargeBinary.INSTANCE));
    f.add(Field.nullable("str_view", ArrowType.Utf8View.INSTANCE));
    f.add(Field.nullable("bin_view", ArrowType.BinaryView.INSTANCE));
    f.add(new Field("large_l", FieldType.nullable(ArrowType.LargeList.INSTANCE), List.of(Field.nullable("element", INT64))));
    f.add(new Field("fsl", FieldType.nullable(new ArrowType.FixedSizeList(3)), List.of(Field.nullable("element", INT32))));
    for (TimeUnit u : TimeUnit.values()) {
      f.add(Field.nullable("dur_" + u.name().toLowerCase(java.util.Locale.ROOT), new ArrowType.Duration(u)));
    }
    f.add(Field.nullable("date64", new ArrowType.Date(DateUnit.MILLISECOND)));
    f.add(Field.nullable("time_s", new ArrowType.Time(TimeUnit.SECOND, 32)));
    f.add(Field.nullable("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, null)));
    f.add(Field.nullable("ts_us_ny", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "America/New_York")));
    f.add(Field.nullable("nothing", ArrowType.Null.INSTANCE));
    f.add(Field.nullable("long_str", ArrowType.Utf8.INSTANCE));
    f.add(Field.nullable("all_null", ArrowType.Utf8.INSTANCE));
    Schema schema = new Schema(f);
    Random r = new Random(seed);
    List<List<Object>> columns = new ArrayList<>();
    for (Field field : f) {
      Random c = new Random(r.nextLong());
      List<Object> values = new ArrayList<>(rows);
      for (int i = 0; i < rows; i++) {
        // no nulls in view columns: with them, arrow-rs's IPC reader rejected some Arrow Java
        // streams ("Invalid buffer index": a view longer than 12 bytes naming a missing buffer),
        // apparently from a null slot's view left unset; Parquet-wise views are plain strings
        // and the other string columns carry the nulls
        boolean views = field.getType() instanceof ArrowType.Utf8View || field.getType() instanceof ArrowType.BinaryView;
        values.add(!views && c.nextInt(8) == 0 ? null : arrowOnlyValue(field, c));
      }
      columns.add(values);
    }
    return new Table(schema, columns, rows);
  }

  /**
   * What a reader following Arrow C++ returns for {@link #arrowOnly}: arrow-rs (its default
   * {@code coerce_types = false}) stores Date64 and second-unit timestamps as INT64 and Time32(s)
   * as INT32 with no logical type, raw values unchanged. Parquet then says "integer", and Arrow C++
   * ({@code ApplyOriginalMetadata}) does not turn a plain integer into a date, time or timestamp
   * from the stored schema (it does so only for durations), so neither do we.
   */
  static Table arrowOnlyAsRead(Table written) {
    Table t = written;
    t = t.replace("date64", Field.nullable("date64", INT64), t.column("date64"));
    t = t.replace("time_s", Field.nullable("time_s", INT32), t.column("time_s"));
    t = t.replace("ts_s", Field.nullable("ts_s", INT64), t.column("ts_s"));
    return t;
  }

  /**
   * What arrow-rs (through parquet-wasm) returns for {@link #arrowOnly} as our writer stores it.
   * We store Time32(s) and second timestamps as TIME(MILLIS) and TIMESTAMP(MILLIS) (Parquet has no
   * seconds), values times 1000; arrow-rs keeps the Parquet unit when the stored schema's unit
   * differs ("the parquet schema takes precedence"). View types come back as plain Utf8 and Binary.
   * Every value is the same.
   */
  static Table arrowOnlyAsRustReadsOurs(Table written) {
    Table t = written;
    t = t.replace("str_view", Field.nullable("str_view", ArrowType.Utf8.INSTANCE), t.column("str_view"));
    t = t.replace("bin_view", Field.nullable("bin_view", ArrowType.Binary.INSTANCE), t.column("bin_view"));
    List<Object> millis = new ArrayList<>();
    t.column("time_s").forEach(v -> millis.add(v == null ? null : (Integer) v * 1000));
    t = t.replace("time_s", Field.nullable("time_s", new ArrowType.Time(TimeUnit.MILLISECOND, 32)), millis);
    List<Object> tsMillis = new ArrayList<>();
    t.column("ts_s").forEach(v -> tsMillis.add(v == null ? null : Math.multiplyExact((Long) v, 1000L)));
    t = t.replace("ts_s", Field.nullable("ts_s", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)), tsMillis);
    return t;
  }

  private static Object arrowOnlyValue(Field field, Random r) {
    String name = field.getName();
    if (name.equals("nothing") || name.equals("all_null")) {
      return null;
    }
    return switch (field.getType().getTypeID()) {
      case LargeUtf8, Utf8View -> text(r, r.nextInt(30));
      case Utf8 -> text(r, 500 + r.nextInt(2500)); // long_str: several pages' worth each
      case LargeBinary, BinaryView -> {
        byte[] b = new byte[r.nextInt(30)];
        r.nextBytes(b);
        yield b;
      }
      case LargeList -> {
        List<Object> l = new ArrayList<>();
        for (int k = r.nextInt(4); k > 0; k--) {
          l.add(r.nextInt(6) == 0 ? null : r.nextLong());
        }
        yield l;
      }
      case FixedSizeList -> {
        List<Object> l = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
          l.add(r.nextInt(6) == 0 ? null : r.nextInt());
        }
        yield l;
      }
      case Duration -> r.nextLong() >> 8;
      case Date -> (r.nextInt(120_000) - 60_000) * 86_400_000L; // Date64 holds whole days
      case Time -> (int) ((r.nextLong() >>> 1) % 86_400L);
      case Timestamp -> ((ArrowType.Timestamp) field.getType()).getUnit() == TimeUnit.SECOND
          ? (r.nextLong() >>> 1) % 17_000_000_000L - 8_500_000_000L
          : (r.nextLong() >>> 1) % 17_000_000_000_000_000L - 8_500_000_000_000_000L;
      default -> throw new IllegalArgumentException("no generator for " + field);
    };
  }

  private static String text(Random r, int n) {
    StringBuilder b = new StringBuilder(n);
    for (int k = 0; k < n; k++) {
      b.append(k % 7 == 3 ? '\u00e9' : (char) ('a' + r.nextInt(26)));
    }
    return b.toString();
  }
}
