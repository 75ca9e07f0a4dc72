package org.parquetarrow.write;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.testing.ArrowValues;

/**
 * Every Arrow type the writer accepts (those {@code ArrowSchemaConverter.toParquet} maps; unions,
 * run-end encoded, intervals and decimal32/64 are refused at open), each with a type near it that
 * a batch may carry by mistake, and the names a user reads for both in the refusal (written here
 * by hand, as pyarrow prints them).
 */
final class WriterTypeCases {
  /** The dictionary id of the {@code dictionary} case. */
  static final long DICTIONARY_ID = 7;

  /**
   * @param label       the case's name in test reports
   * @param type        the writer's type of field {@code f}
   * @param children    {@code type}'s children
   * @param wrong       the type of a batch that does not fit
   * @param wrongKids   {@code wrong}'s children
   * @param path        the field a refusal names
   * @param have        how the refusal names the batch's type at {@code path}
   * @param want        how the refusal names the writer's type at {@code path}
   */
  record Case(String label, FieldType type, List<Field> children, FieldType wrong, List<Field> wrongKids,
      String path, String have, String want) {
    Field field(boolean nullable) {
      return new Field("f", new FieldType(nullable, type.getType(), type.getDictionary(), type.getMetadata()),
          children);
    }

    Field wrongField() {
      return new Field("f", wrong, wrongKids);
    }

    boolean dictionary() {
      return type.getDictionary() != null;
    }

    boolean nullType() {
      return type.getType() instanceof ArrowType.Null;
    }

    @Override
    public String toString() {
      return label;
    }
  }

  private WriterTypeCases() {}

  static List<Case> all() {
    List<Case> c = new ArrayList<>();
    leaf(c, "bool", ArrowType.Bool.INSTANCE, "bool", new ArrowType.Int(8, true), "int8");
    leaf(c, "int8", new ArrowType.Int(8, true), "int8", new ArrowType.Int(16, true), "int16");
    leaf(c, "int16", new ArrowType.Int(16, true), "int16", new ArrowType.Int(32, true), "int32");
    leaf(c, "int32", new ArrowType.Int(32, true), "int32", new ArrowType.Int(64, true), "int64");
    leaf(c, "int64", new ArrowType.Int(64, true), "int64", fp(FloatingPointPrecision.DOUBLE), "double");
    leaf(c, "uint8", new ArrowType.Int(8, false), "uint8", new ArrowType.Int(8, true), "int8");
    leaf(c, "uint16", new ArrowType.Int(16, false), "uint16", new ArrowType.Int(16, true), "int16");
    leaf(c, "uint32", new ArrowType.Int(32, false), "uint32", new ArrowType.Int(32, true), "int32");
    leaf(c, "uint64", new ArrowType.Int(64, false), "uint64", new ArrowType.Int(64, true), "int64");
    leaf(c, "halffloat", fp(FloatingPointPrecision.HALF), "halffloat", fp(FloatingPointPrecision.SINGLE), "float");
    leaf(c, "float", fp(FloatingPointPrecision.SINGLE), "float", fp(FloatingPointPrecision.DOUBLE), "double");
    leaf(c, "double", fp(FloatingPointPrecision.DOUBLE), "double", new ArrowType.Int(64, true), "int64");
    leaf(c, "decimal128", new ArrowType.Decimal(10, 2, 128), "decimal128(10, 2)", new ArrowType.Decimal(10, 3, 128),
        "decimal128(10, 3)");
    leaf(c, "decimal256", new ArrowType.Decimal(40, 2, 256), "decimal256(40, 2)", new ArrowType.Decimal(38, 2, 128),
        "decimal128(38, 2)");
    leaf(c, "date32", new ArrowType.Date(DateUnit.DAY), "date32[day]", new ArrowType.Date(DateUnit.MILLISECOND),
        "date64[ms]");
    leaf(c, "date64", new ArrowType.Date(DateUnit.MILLISECOND), "date64[ms]", ts(TimeUnit.MILLISECOND, null),
        "timestamp[ms]");
    leaf(c, "time32s", new ArrowType.Time(TimeUnit.SECOND, 32), "time32[s]", new ArrowType.Time(TimeUnit.MILLISECOND,
        32), "time32[ms]");
    leaf(c, "time32ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32), "time32[ms]",
        new ArrowType.Time(TimeUnit.MICROSECOND, 64), "time64[us]");
    leaf(c, "time64us", new ArrowType.Time(TimeUnit.MICROSECOND, 64), "time64[us]",
        new ArrowType.Time(TimeUnit.NANOSECOND, 64), "time64[ns]");
    leaf(c, "time64ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64), "time64[ns]", new ArrowType.Int(64, true),
        "int64");
    leaf(c, "timestamp_s", ts(TimeUnit.SECOND, null), "timestamp[s]", ts(TimeUnit.MILLISECOND, null),
        "timestamp[ms]");
    leaf(c, "timestamp_ms", ts(TimeUnit.MILLISECOND, null), "timestamp[ms]", ts(TimeUnit.MILLISECOND, "UTC"),
        "timestamp[ms, tz=UTC]");
    leaf(c, "timestamp_us", ts(TimeUnit.MICROSECOND, null), "timestamp[us]", ts(TimeUnit.NANOSECOND, null),
        "timestamp[ns]");
    leaf(c, "timestamp_ns", ts(TimeUnit.NANOSECOND, null), "timestamp[ns]", ts(TimeUnit.NANOSECOND, "UTC"),
        "timestamp[ns, tz=UTC]");
    leaf(c, "timestamp_s_utc", ts(TimeUnit.SECOND, "UTC"), "timestamp[s, tz=UTC]", ts(TimeUnit.SECOND,
        "Europe/Paris"), "timestamp[s, tz=Europe/Paris]");
    leaf(c, "timestamp_ms_utc", ts(TimeUnit.MILLISECOND, "UTC"), "timestamp[ms, tz=UTC]",
        ts(TimeUnit.MILLISECOND, null), "timestamp[ms]");
    leaf(c, "timestamp_us_utc", ts(TimeUnit.MICROSECOND, "UTC"), "timestamp[us, tz=UTC]",
        ts(TimeUnit.MICROSECOND, "+01:00"), "timestamp[us, tz=+01:00]");
    leaf(c, "timestamp_ns_utc", ts(TimeUnit.NANOSECOND, "UTC"), "timestamp[ns, tz=UTC]",
        ts(TimeUnit.MICROSECOND, "UTC"), "timestamp[us, tz=UTC]");
    leaf(c, "duration_s", new ArrowType.Duration(TimeUnit.SECOND), "duration[s]",
        new ArrowType.Duration(TimeUnit.MILLISECOND), "duration[ms]");
    leaf(c, "duration_ms", new ArrowType.Duration(TimeUnit.MILLISECOND), "duration[ms]", new ArrowType.Int(64, true),
        "int64");
    leaf(c, "duration_us", new ArrowType.Duration(TimeUnit.MICROSECOND), "duration[us]",
        new ArrowType.Duration(TimeUnit.NANOSECOND), "duration[ns]");
    leaf(c, "duration_ns", new ArrowType.Duration(TimeUnit.NANOSECOND), "duration[ns]", ts(TimeUnit.NANOSECOND, null),
        "timestamp[ns]");
    leaf(c, "string", ArrowType.Utf8.INSTANCE, "string", new ArrowType.Int(64, true), "int64");
    leaf(c, "large_string", ArrowType.LargeUtf8.INSTANCE, "large_string", ArrowType.Utf8.INSTANCE, "string");
    leaf(c, "string_view", ArrowType.Utf8View.INSTANCE, "string_view", ArrowType.LargeUtf8.INSTANCE, "large_string");
    leaf(c, "binary", ArrowType.Binary.INSTANCE, "binary", ArrowType.Utf8.INSTANCE, "string");
    leaf(c, "large_binary", ArrowType.LargeBinary.INSTANCE, "large_binary", ArrowType.Binary.INSTANCE, "binary");
    leaf(c, "binary_view", ArrowType.BinaryView.INSTANCE, "binary_view", ArrowType.Binary.INSTANCE, "binary");
    leaf(c, "fixed_size_binary", new ArrowType.FixedSizeBinary(4), "fixed_size_binary[4]",
        new ArrowType.FixedSizeBinary(8), "fixed_size_binary[8]");
    leaf(c, "uuid", UuidType.INSTANCE, "extension<arrow.uuid, storage=fixed_size_binary[16]>",
        new ArrowType.FixedSizeBinary(16), "fixed_size_binary[16]");
    c.add(new Case("null", FieldType.nullable(ArrowType.Null.INSTANCE), List.of(),
        FieldType.nullable(new ArrowType.Int(32, true)), List.of(), "f", "int32", "null"));
    c.add(new Case("dictionary", new FieldType(true, new ArrowType.Int(32, true),
        new DictionaryEncoding(DICTIONARY_ID, false, new ArrowType.Int(32, true))), List.of(),
        FieldType.nullable(ArrowType.Utf8.INSTANCE), List.of(), "f", "string",
        "dictionary<values=string, indices=int32, ordered=0>"));
    c.add(new Case("dictionary_index_type", new FieldType(true, new ArrowType.Int(32, true),
        new DictionaryEncoding(DICTIONARY_ID, false, new ArrowType.Int(32, true))), List.of(),
        new FieldType(true, new ArrowType.Int(8, true), new DictionaryEncoding(DICTIONARY_ID, false,
            new ArrowType.Int(8, true))), List.of(), "f", "dictionary<values=string, indices=int8, ordered=0>",
        "dictionary<values=string, indices=int32, ordered=0>"));
    Field colour = new Field("d", new FieldType(true, new ArrowType.Int(32, true),
        new DictionaryEncoding(DICTIONARY_ID, false, new ArrowType.Int(32, true))), List.of());
    c.add(nested("struct_of_dictionary", ArrowType.Struct.INSTANCE, List.of(colour), ArrowType.Struct.INSTANCE,
        List.of(Field.nullable("d", ArrowType.LargeUtf8.INSTANCE)), "f.d", "large_string",
        "dictionary<values=string, indices=int32, ordered=0>"));
    Field int32Item = Field.nullable("item", new ArrowType.Int(32, true));
    Field int64Item = Field.nullable("item", new ArrowType.Int(64, true));
    c.add(nested("list", ArrowType.List.INSTANCE, List.of(int32Item), ArrowType.List.INSTANCE, List.of(int64Item),
        "f.item", "int64", "int32"));
    c.add(nested("large_list", ArrowType.LargeList.INSTANCE, List.of(int32Item), ArrowType.List.INSTANCE,
        List.of(int32Item), "f", "list<item: int32>", "large_list<item: int32>"));
    c.add(nested("fixed_size_list", new ArrowType.FixedSizeList(2), List.of(int32Item), new ArrowType.FixedSizeList(3),
        List.of(int32Item), "f", "fixed_size_list<item: int32>[3]", "fixed_size_list<item: int32>[2]"));
    c.add(nested("list_view", ArrowType.ListView.INSTANCE, List.of(int32Item), ArrowType.List.INSTANCE,
        List.of(int32Item), "f", "list<item: int32>", "list_view<item: int32>"));
    c.add(nested("large_list_view", ArrowType.LargeListView.INSTANCE, List.of(Field.nullable("item",
        ArrowType.Utf8.INSTANCE)), ArrowType.LargeListView.INSTANCE, List.of(Field.nullable("item",
        ArrowType.LargeUtf8.INSTANCE)), "f.item", "large_string", "string"));
    c.add(nested("list_element_nullability", ArrowType.List.INSTANCE, List.of(Field.notNullable("item",
        new ArrowType.Int(32, true))), ArrowType.List.INSTANCE, List.of(int32Item), "f.item", "nullable",
        "not nullable"));
    Field a = Field.nullable("a", new ArrowType.Int(32, true));
    c.add(nested("struct", ArrowType.Struct.INSTANCE, List.of(a, Field.nullable("b", ArrowType.Utf8.INSTANCE)),
        ArrowType.Struct.INSTANCE, List.of(a, Field.nullable("b", ArrowType.Binary.INSTANCE)), "f.b", "binary",
        "string"));
    c.add(nested("struct_child_name", ArrowType.Struct.INSTANCE, List.of(a, Field.nullable("b",
        ArrowType.Utf8.INSTANCE)), ArrowType.Struct.INSTANCE, List.of(a, Field.nullable("B", ArrowType.Utf8.INSTANCE)),
        "f", "'B'", "'b'"));
    c.add(nested("map", new ArrowType.Map(false), List.of(entries(new ArrowType.Int(32, true))),
        new ArrowType.Map(false), List.of(entries(new ArrowType.Int(64, true))), "f.value", "int64", "int32"));
    c.add(nested("map_vs_list", new ArrowType.Map(false), List.of(entries(new ArrowType.Int(32, true))),
        ArrowType.List.INSTANCE, List.of(int32Item), "f", "list<item: int32>", "map<string, int32>"));
    return c;
  }

  private static void leaf(List<Case> c, String label, ArrowType type, String want, ArrowType wrong, String have) {
    c.add(new Case(label, FieldType.nullable(type), List.of(), FieldType.nullable(wrong), List.of(), "f", have, want));
  }

  private static Case nested(String label, ArrowType type, List<Field> children, ArrowType wrong,
      List<Field> wrongChildren, String path, String have, String want) {
    return new Case(label, FieldType.nullable(type), children, FieldType.nullable(wrong), wrongChildren, path, have,
        want);
  }

  private static Field entries(ArrowType value) {
    return new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE),
        List.of(Field.notNullable("key", ArrowType.Utf8.INSTANCE), Field.nullable("value", value)));
  }

  private static ArrowType fp(FloatingPointPrecision p) {
    return new ArrowType.FloatingPoint(p);
  }

  private static ArrowType ts(TimeUnit unit, String zone) {
    return new ArrowType.Timestamp(unit, zone);
  }

  /** The utf8 dictionary of the {@code dictionary} cases: "red", "green"; the caller closes it. */
  static DictionaryProvider.MapDictionaryProvider dictionaries(BufferAllocator allocator) {
    VarCharVector values = new VarCharVector("colours", allocator);
    values.allocateNew();
    values.setSafe(0, "red".getBytes(StandardCharsets.UTF_8));
    values.setSafe(1, "green".getBytes(StandardCharsets.UTF_8));
    values.setValueCount(2);
    DictionaryProvider.MapDictionaryProvider p = new DictionaryProvider.MapDictionaryProvider();
    p.put(new Dictionary(values, new DictionaryEncoding(DICTIONARY_ID, false, new ArrowType.Int(32, true))));
    return p;
  }

  /**
   * A batch of {@code schema} of {@code rows} rows: each holds sample values of its fields' types,
   * but row 1 is null in every nullable field and in the field named {@code nullField} (to provoke
   * a refusal; {@code null} for none).
   */
  static VectorSchemaRoot batch(BufferAllocator allocator, Schema schema, int rows, String nullField) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      for (FieldVector v : root.getFieldVectors()) {
        v.allocateNew();
        boolean nulls = v.getField().isNullable() || v.getName().equals(nullField);
        for (int i = 0; i < rows; i++) {
          set(v, i, nulls && i == 1 ? null : sample(v.getField(), i));
        }
        v.setValueCount(rows);
      }
      root.setRowCount(rows);
      return root;
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  /** A value of {@code f}'s type in {@link ArrowValues}' model, different for each {@code k}. */
  static Object sample(Field f, int k) {
    if (f.getDictionary() != null) {
      return k % 2;
    }
    ArrowType t = f.getType();
    if (t instanceof UuidType) {
      return new UUID(k, 42);
    }
    List<Field> c = f.getChildren();
    return switch (t.getTypeID()) {
      case Null -> null;
      case Bool -> k % 2 == 0;
      case Int -> ((ArrowType.Int) t).getBitWidth() == 64 ? (Object) (k * 1_000_003L - 7) : (Object) (k * 3 + 1);
      case FloatingPoint -> switch (((ArrowType.FloatingPoint) t).getPrecision()) {
        case HALF -> (short) (0x3c00 + k); // 1.0 and a little more
        case SINGLE -> 1.5f + k;
        case DOUBLE -> -2.25 * (k + 1);
      };
      case Decimal -> BigDecimal.valueOf(1234 + k, ((ArrowType.Decimal) t).getScale());
      case Date, Time, Timestamp, Duration -> (long) (k * 60 + 5);
      case Utf8, LargeUtf8, Utf8View -> "value " + k;
      case Binary, LargeBinary, BinaryView -> new byte[] {(byte) k, 1, 2};
      case FixedSizeBinary -> {
        byte[] b = new byte[((ArrowType.FixedSizeBinary) t).getByteWidth()];
        Arrays.fill(b, (byte) (k + 1));
        yield b;
      }
      case List, LargeList, ListView, LargeListView -> Arrays.asList(sample(c.get(0), k), sample(c.get(0), k + 1));
      case FixedSizeList -> {
        List<Object> elements = new ArrayList<>();
        for (int i = 0; i < ((ArrowType.FixedSizeList) t).getListSize(); i++) {
          elements.add(sample(c.get(0), k + i));
        }
        yield elements;
      }
      case Struct -> {
        List<Object> values = new ArrayList<>();
        for (Field child : c) {
          values.add(sample(child, k));
        }
        yield new ArrowValues.Struct(values);
      }
      case Map -> {
        Field entries = c.get(0);
        yield List.of(new ArrowValues.Entry(sample(entries.getChildren().get(0), k),
            sample(entries.getChildren().get(1), k)));
      }
      default -> throw new IllegalArgumentException("no sample of " + t);
    };
  }

  /** {@link ArrowValues#set} and the vectors it does not know: list views, uuid, null. */
  static void set(FieldVector v, int i, Object value) {
    if (v instanceof NullVector) {
      return;
    }
    if (value == null && (v instanceof UuidVector || v instanceof ListViewVector || v instanceof LargeListViewVector)) {
      v.setNull(i);
      return;
    }
    if (v instanceof UuidVector u) {
      u.setSafe(i, (UUID) value);
    } else if (v instanceof ListViewVector l) {
      List<?> elements = (List<?>) value;
      int at = l.getDataVector().getValueCount();
      for (int k = 0; k < elements.size(); k++) {
        ArrowValues.set(l.getDataVector(), at + k, elements.get(k));
      }
      l.getDataVector().setValueCount(at + elements.size());
      while (i >= l.getValueCapacity()) {
        l.reAlloc();
      }
      l.setOffset(i, at);
      l.setSize(i, elements.size());
      l.setValidity(i, 1);
    } else if (v instanceof LargeListViewVector l) {
      List<?> elements = (List<?>) value;
      int at = l.getDataVector().getValueCount();
      for (int k = 0; k < elements.size(); k++) {
        ArrowValues.set(l.getDataVector(), at + k, elements.get(k));
      }
      l.getDataVector().setValueCount(at + elements.size());
      while (i >= l.getValueCapacity()) {
        l.reAlloc();
      }
      l.setOffset(i, at);
      l.setSize(i, elements.size());
      l.setValidity(i, 1);
    } else {
      ArrowValues.set(v, i, value);
    }
  }
}
