package org.parquetarrow.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.testing.ArrowValues.Entry;
import org.parquetarrow.testing.ArrowValues.Struct;

class ArrowAssertionsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final ArrowType.Int INT32 = new ArrowType.Int(32, true);
  private static final ArrowType INT64 = new ArrowType.Int(64, true);
  private static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;

  private static Field list(String name, Field element) {
    return new Field(name, FieldType.nullable(ArrowType.List.INSTANCE), List.of(element));
  }

  private static Field struct(String name, Field... children) {
    return new Field(name, FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(children));
  }

  private static Field map(String name, ArrowType key, ArrowType value) {
    Field entries = new Field("key_value", FieldType.notNullable(ArrowType.Struct.INSTANCE),
        List.of(Field.notNullable("key", key), Field.nullable("value", value)));
    return new Field(name, FieldType.nullable(new ArrowType.Map(false)), List.of(entries));
  }

  /** One single-column root per value list, all of the column {@code field}. */
  private List<VectorSchemaRoot> batches(Field field, List<?>... parts) {
    List<VectorSchemaRoot> roots = new ArrayList<>();
    for (List<?> part : parts) {
      roots.add(ArrowValues.root(memory.allocator(), new Schema(List.of(field)), List.of(part)));
    }
    return roots;
  }

  private static void closeAll(List<VectorSchemaRoot> roots) {
    roots.forEach(VectorSchemaRoot::close);
  }

  private static Comparison compare(List<VectorSchemaRoot> e, List<VectorSchemaRoot> a, CompareOptions o) {
    return ArrowAssertions.compare(Batches.of(e), Batches.of(a), o);
  }

  private static Comparison compare(List<VectorSchemaRoot> e, List<VectorSchemaRoot> a) {
    return compare(e, a, CompareOptions.strict());
  }

  @Test
  void sameRowsCutIntoDifferentBatchesAreEqual() {
    Schema schema = new Schema(List.of(Field.nullable("i", INT32), Field.nullable("s", UTF8),
        list("l", Field.nullable("element", INT64)), struct("st", Field.nullable("x", INT32))));
    List<Object> i = new ArrayList<>();
    List<Object> s = new ArrayList<>();
    List<Object> l = new ArrayList<>();
    List<Object> st = new ArrayList<>();
    for (int r = 0; r < 10; r++) {
      i.add(r % 4 == 0 ? null : r);
      s.add("s" + r);
      l.add(r % 3 == 0 ? List.of() : Arrays.asList((long) r, null, (long) -r));
      st.add(r % 5 == 0 ? null : Struct.of(r * 10));
    }
    List<VectorSchemaRoot> expected = new ArrayList<>();
    List<VectorSchemaRoot> actual = new ArrayList<>();
    try {
      for (int[] cut : new int[][] {{0, 3}, {3, 10}}) {
        expected.add(ArrowValues.root(memory.allocator(), schema, slice(cut, i, s, l, st)));
      }
      for (int[] cut : new int[][] {{0, 0}, {0, 5}, {5, 6}, {6, 10}}) {
        actual.add(ArrowValues.root(memory.allocator(), schema, slice(cut, i, s, l, st)));
      }
      Comparison c = compare(expected, actual);
      assertTrue(c.same(), c.describe());
      assertEquals(10, c.expectedRows());
      assertEquals(10, c.actualRows());
      ArrowAssertions.assertSameData(expected, actual);
    } finally {
      closeAll(expected);
      closeAll(actual);
    }
  }

  private static List<List<Object>> slice(int[] cut, List<?>... columns) {
    List<List<Object>> out = new ArrayList<>();
    for (List<?> c : columns) {
      out.add(new ArrayList<>(c.subList(cut[0], cut[1])));
    }
    return out;
  }

  @Test
  void changedValueDeepInNestedVectorIsReportedWithItsPath() {
    Field a = list("a", new Field("element", FieldType.nullable(ArrowType.Struct.INSTANCE),
        List.of(Field.nullable("id", INT64), map("m", UTF8, INT32))));
    List<Object> expectedRows = List.of(
        List.of(Struct.of(1L, List.of(new Entry("k", 1)))),
        List.of(Struct.of(2L, List.of()), Struct.of(3L, List.of(new Entry("x", 7), new Entry("y", 8)))));
    List<Object> actualRows = List.of(
        List.of(Struct.of(1L, List.of(new Entry("k", 1)))),
        List.of(Struct.of(2L, List.of()), Struct.of(3L, List.of(new Entry("x", 7), new Entry("y", 9)))));
    List<VectorSchemaRoot> e = batches(a, expectedRows);
    List<VectorSchemaRoot> b = batches(a, actualRows);
    try {
      Comparison c = compare(e, b);
      assertEquals(1, c.differenceCount(), c.describe());
      Difference d = c.differences().get(0);
      assertEquals(1, d.row());
      assertEquals("a.list.element.m.key_value.value", d.column());
      assertEquals("a[1].m[1].value", d.position());
      assertEquals("8", d.expected());
      assertEquals("9", d.actual());
      AssertionError failure = assertThrows(AssertionError.class, () -> ArrowAssertions.assertSameData(e, b));
      assertTrue(failure.getMessage().contains("row 1, a.list.element.m.key_value.value at a[1].m[1].value: expected 8 but was 9"),
          failure.getMessage());
    } finally {
      closeAll(e);
      closeAll(b);
    }
  }

  @Test
  void nullAgainstValueAndNullListAgainstEmptyListDiffer() {
    Field i = Field.nullable("i", INT32);
    Field l = list("l", Field.nullable("element", INT32));
    Schema schema = new Schema(List.of(i, l));
    try (VectorSchemaRoot e = ArrowValues.root(memory.allocator(), schema,
            List.of(Arrays.asList(1, null, 3), Arrays.asList(null, List.of(), Arrays.asList(1, null))));
        VectorSchemaRoot a = ArrowValues.root(memory.allocator(), schema,
            List.of(Arrays.asList(1, 5, 3), Arrays.asList(List.of(), List.of(), Arrays.asList(1, 2))))) {
      Comparison c = compare(List.of(e), List.of(a));
      assertEquals(3, c.differenceCount(), c.describe());
      assertEquals(new Difference(0, "l", "l", "null", "[]"), c.differences().get(0));
      assertEquals(new Difference(1, "i", "i", "null", "5"), c.differences().get(1));
      assertEquals(new Difference(2, "l.list.element", "l[1]", "null", "2"), c.differences().get(2));
    }
  }

  @Test
  void extraRowIsADifference() {
    Field i = Field.nullable("i", INT32);
    List<VectorSchemaRoot> e = batches(i, List.of(1, 2), List.of(3));
    List<VectorSchemaRoot> a = batches(i, List.of(1, 2, 3, 4));
    try {
      Comparison c = compare(e, a);
      assertEquals(1, c.differenceCount(), c.describe());
      assertEquals(new Difference(3, "<rows>", "<rows>", "3 rows", "4 rows"), c.differences().get(0));
      assertEquals(3, c.expectedRows());
      assertEquals(4, c.actualRows());
    } finally {
      closeAll(e);
      closeAll(a);
    }
  }

  @Test
  void nanEqualsAnyNanButNegativeZeroDiffersFromZero() {
    double otherNan = Double.longBitsToDouble(0x7ff0000000000001L);
    float otherNanF = Float.intBitsToFloat(0x7fc00001);
    Schema schema = new Schema(List.of(
        Field.nullable("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        Field.nullable("f", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
        Field.nullable("h", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF))));
    try (VectorSchemaRoot e = ArrowValues.root(memory.allocator(), schema, List.of(
            List.of(Double.NaN, 0.0, -0.0), List.of(Float.NaN, 0.0f, -0.0f),
            List.of((short) 0x7E00, (short) 0x0000, (short) 0x8000)));
        VectorSchemaRoot a = ArrowValues.root(memory.allocator(), schema, List.of(
            List.of(otherNan, 0.0, 0.0), List.of(otherNanF, 0.0f, 0.0f),
            List.of((short) 0x7C01, (short) 0x0000, (short) 0x0000)))) {
      Comparison c = compare(List.of(e), List.of(a));
      assertEquals(3, c.differenceCount(), c.describe());
      for (Difference d : c.differences()) {
        assertEquals(2, d.row(), c.describe());
      }
      assertEquals("-0.0", c.differences().get(0).expected());
      assertEquals("0.0", c.differences().get(0).actual());
    }
  }

  @Test
  void dictionaryEncodedColumnEqualsPlainColumnWithSameValues() throws Exception {
    BufferAllocator al = memory.allocator();
    Field plainField = Field.nullable("c", UTF8);
    try (VarCharVector dictValues = new VarCharVector("c", al);
        VectorSchemaRoot plain = ArrowValues.root(al, new Schema(List.of(plainField)),
            List.of(Arrays.asList("b", null, "a", "b")));
        VectorSchemaRoot other = ArrowValues.root(al, new Schema(List.of(plainField)),
            List.of(Arrays.asList("b", null, "a", "a")))) {
      ArrowValues.set(dictValues, 0, "a");
      ArrowValues.set(dictValues, 1, "b");
      dictValues.setValueCount(2);
      Dictionary dictionary = new Dictionary(dictValues, new DictionaryEncoding(7L, false, INT32));
      DictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(dictionary);
      try (FieldVector encoded = (FieldVector) DictionaryEncoder.encode(plain.getVector(0), dictionary);
          VectorSchemaRoot encodedRoot = new VectorSchemaRoot(List.of(encoded.getField()), List.of(encoded), 4)) {
        Batches enc = Batches.of(List.of(encodedRoot), provider);
        Comparison same = ArrowAssertions.compare(Batches.of(plain), enc, CompareOptions.strict().allowingDictionaryMismatch());
        assertTrue(same.same(), same.describe());

        Comparison strict = ArrowAssertions.compare(Batches.of(plain), Batches.of(List.of(encodedRoot), provider), CompareOptions.strict());
        assertEquals(List.of("c: expected plain but was dictionary-encoded"), strict.schemaDifferences());
        assertEquals(0, strict.differenceCount());

        Comparison changed = ArrowAssertions.compareData(
            Batches.of(other), Batches.of(List.of(encodedRoot), provider), CompareOptions.strict());
        assertEquals(List.of(new Difference(3, "c", "c", "\"a\"", "\"b\"")), changed.differences());
      }
    }
  }

  @Test
  void readerSourceWithDictionaryMatchesInMemoryBatches() throws Exception {
    BufferAllocator al = memory.allocator();
    Field plainField = Field.nullable("c", UTF8);
    byte[] ipc;
    try (VarCharVector dictValues = new VarCharVector("c", al);
        VectorSchemaRoot plain = ArrowValues.root(al, new Schema(List.of(plainField)),
            List.of(Arrays.asList("x", "y", null, "x", "y")))) {
      ArrowValues.set(dictValues, 0, "x");
      ArrowValues.set(dictValues, 1, "y");
      dictValues.setValueCount(2);
      Dictionary dictionary = new Dictionary(dictValues, new DictionaryEncoding(3L, false, INT32));
      try (FieldVector encoded = (FieldVector) DictionaryEncoder.encode(plain.getVector(0), dictionary);
          VectorSchemaRoot root = new VectorSchemaRoot(List.of(encoded.getField()), List.of(encoded), 5)) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ArrowStreamWriter w = new ArrowStreamWriter(root, new DictionaryProvider.MapDictionaryProvider(dictionary), out)) {
          w.start();
          w.writeBatch();
          w.writeBatch();
          w.end();
        }
        ipc = out.toByteArray();
      }
    }
    Field f = Field.nullable("c", UTF8);
    List<VectorSchemaRoot> expected = batches(f, Arrays.asList("x", "y", null), Arrays.asList("x", "y", "x", "y", null, "x", "y"));
    try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(ipc), al)) {
      Comparison c = ArrowAssertions.compare(Batches.of(expected), Batches.of(reader),
          CompareOptions.strict().allowingDictionaryMismatch());
      assertTrue(c.same(), c.describe());
      assertEquals(10, c.actualRows());
    } finally {
      closeAll(expected);
    }
  }

  @Test
  void stringLayoutsCompareByBytesButSchemaSeesTheType() {
    Schema small = new Schema(List.of(Field.nullable("s", UTF8)));
    Schema large = new Schema(List.of(Field.nullable("s", ArrowType.LargeUtf8.INSTANCE)));
    Schema view = new Schema(List.of(Field.nullable("s", ArrowType.Utf8View.INSTANCE)));
    List<Object> values = Arrays.asList("short", null, "a string longer than twelve bytes", "");
    try (VectorSchemaRoot e = ArrowValues.root(memory.allocator(), small, List.of(values));
        VectorSchemaRoot l = ArrowValues.root(memory.allocator(), large, List.of(values));
        VectorSchemaRoot v = ArrowValues.root(memory.allocator(), view, List.of(values))) {
      assertTrue(ArrowAssertions.compareData(Batches.of(e), Batches.of(l), CompareOptions.strict()).same());
      assertTrue(ArrowAssertions.compareData(Batches.of(e), Batches.of(v), CompareOptions.strict()).same());
      assertEquals(List.of("s: expected type Utf8 but was LargeUtf8"),
          ArrowAssertions.schemaDifferences(small, large, CompareOptions.strict()));
    }
  }

  @Test
  void timestampsOfDifferentUnitsCompareByInstantOnlyWhenAsked() {
    Schema ms = new Schema(List.of(Field.nullable("t", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"))));
    Schema us = new Schema(List.of(Field.nullable("t", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"))));
    try (VectorSchemaRoot e = ArrowValues.root(memory.allocator(), ms, List.of(Arrays.asList(1_600_000_000_123L, null, -5L)));
        VectorSchemaRoot a = ArrowValues.root(memory.allocator(), us, List.of(Arrays.asList(1_600_000_000_123_000L, null, -5_000L)));
        VectorSchemaRoot off = ArrowValues.root(memory.allocator(), us, List.of(Arrays.asList(1_600_000_000_123_001L, null, -5_000L)))) {
      Comparison strict = compare(List.of(e), List.of(a));
      assertEquals(1, strict.differenceCount(), "a type mismatch is said once: " + strict.describe());
      assertEquals(1, strict.schemaDifferences().size());
      CompareOptions byInstant = CompareOptions.strict().withTimestampsByInstant();
      Comparison lenient = compare(List.of(e), List.of(a), byInstant);
      assertTrue(lenient.same(), lenient.describe());
      Comparison wrong = compare(List.of(e), List.of(off), byInstant);
      assertEquals(1, wrong.differenceCount());
      assertEquals(0, wrong.differences().get(0).row());
    }
  }

  @Test
  void unsignedDecimalIntervalAndFixedBinaryChangesAreCaught() {
    Schema schema = new Schema(List.of(
        Field.nullable("u8", new ArrowType.Int(8, false)),
        Field.nullable("u64", new ArrowType.Int(64, false)),
        Field.nullable("d", new ArrowType.Decimal(40, 3, 256)),
        Field.nullable("f", new ArrowType.FixedSizeBinary(3))));
    try (VectorSchemaRoot e = ArrowValues.root(memory.allocator(), schema, List.of(
            List.of(200, 1), List.of(-1L, 2L), List.of(new BigDecimal("123456789012345678901234567890.123"), new BigDecimal("1.000")),
            List.of(new byte[] {1, 2, 3}, new byte[] {4, 5, 6})));
        VectorSchemaRoot a = ArrowValues.root(memory.allocator(), schema, List.of(
            List.of(201, 1), List.of(-1L, 3L), List.of(new BigDecimal("123456789012345678901234567890.124"), new BigDecimal("1.000")),
            List.of(new byte[] {1, 2, 3}, new byte[] {4, 5, 7})))) {
      Comparison c = compare(List.of(e), List.of(a));
      assertEquals(4, c.differenceCount(), c.describe());
      assertEquals("u8", c.differences().get(0).column());
      assertEquals("d", c.differences().get(1).column());
      assertEquals("u64", c.differences().get(2).column());
      assertEquals("f", c.differences().get(3).column());
    }
    Schema iv = new Schema(List.of(Field.nullable("iv", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO))));
    try (VectorSchemaRoot e = VectorSchemaRoot.create(iv, memory.allocator());
        VectorSchemaRoot a = VectorSchemaRoot.create(iv, memory.allocator())) {
      ((IntervalMonthDayNanoVector) e.getVector(0)).setSafe(0, 1, 2, 3L);
      ((IntervalMonthDayNanoVector) a.getVector(0)).setSafe(0, 1, 2, 4L);
      e.setRowCount(1);
      a.setRowCount(1);
      assertEquals(1, compare(List.of(e), List.of(a)).differenceCount());
    }
  }

  @Test
  void differentKindsAreOneDifferencePerColumn() {
    List<VectorSchemaRoot> e = batches(Field.nullable("x", INT32), List.of(1, 2, 3));
    List<VectorSchemaRoot> a = batches(Field.nullable("x", INT64), List.of(1L, 2L, 3L));
    try {
      Comparison c = ArrowAssertions.compareData(Batches.of(e), Batches.of(a), CompareOptions.strict());
      assertEquals(1, c.differenceCount(), c.describe());
      assertEquals("values of type Int(32, true)", c.differences().get(0).expected());
    } finally {
      closeAll(e);
      closeAll(a);
    }
  }

  @Test
  void nestedFieldNamesAreIgnoredOnlyWhenAsked() {
    Schema item = new Schema(List.of(list("l", Field.nullable("item", INT32)), map("m", UTF8, INT32)));
    Field entries = new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE),
        List.of(Field.notNullable("k", UTF8), Field.nullable("v", INT32)));
    Schema element = new Schema(List.of(list("l", Field.nullable("element", INT32)),
        new Field("m", FieldType.nullable(new ArrowType.Map(false)), List.of(entries))));
    List<String> strict = ArrowAssertions.schemaDifferences(item, element, CompareOptions.strict());
    assertEquals(List.of(
        "l.list.item: expected name \"item\" but was \"element\"",
        "m.key_value: expected name \"key_value\" but was \"entries\"",
        "m.key_value.key: expected name \"key\" but was \"k\"",
        "m.key_value.value: expected name \"value\" but was \"v\""), strict);
    assertEquals(List.of(), ArrowAssertions.schemaDifferences(item, element, CompareOptions.strict().ignoringNestedFieldNames()));
    Schema renamedTop = new Schema(List.of(list("L", Field.nullable("item", INT32)), map("m", UTF8, INT32)));
    assertEquals(1, ArrowAssertions.schemaDifferences(item, renamedTop, CompareOptions.strict().ignoringNestedFieldNames()).size(),
        "top-level names always count");
  }

  @Test
  void nullabilityAndMetadataAreSchemaDifferences() {
    Schema a = new Schema(List.of(Field.nullable("x", INT32)), java.util.Map.of("k", "v"));
    Schema b = new Schema(List.of(Field.notNullable("x", INT32)));
    List<String> d = ArrowAssertions.schemaDifferences(a, b, CompareOptions.strict());
    assertEquals(List.of("x: expected nullable but was not nullable", "schema: expected metadata {k=v} but was {}"), d);
    assertEquals(1, ArrowAssertions.schemaDifferences(a, b, CompareOptions.strict().ignoringMetadata()).size());
  }

  @Test
  void fixedSizeListComparesWithListElementByElement() {
    Field fixed = new Field("l", FieldType.nullable(new ArrowType.FixedSizeList(2)), List.of(Field.nullable("item", INT32)));
    Field plain = list("l", Field.nullable("item", INT32));
    List<VectorSchemaRoot> e = batches(fixed, Arrays.asList(List.of(1, 2), null, Arrays.asList(null, 4)));
    List<VectorSchemaRoot> a = batches(plain, Arrays.asList(List.of(1, 2), null, Arrays.asList(3, 4)));
    try {
      Comparison c = ArrowAssertions.compareData(Batches.of(e), Batches.of(a), CompareOptions.strict());
      assertEquals(List.of(new Difference(2, "l.list.item", "l[0]", "null", "3")), c.differences());
    } finally {
      closeAll(e);
      closeAll(a);
    }
  }

  @Test
  void listsOfDifferentLengthAreOneDifferenceAtTheList() {
    Field l = list("l", Field.nullable("element", UTF8));
    List<VectorSchemaRoot> e = batches(l, List.of(List.of("a", "b")));
    List<VectorSchemaRoot> a = batches(l, List.of(List.of("a", "b", "c")));
    try {
      Comparison c = compare(e, a);
      assertEquals(1, c.differenceCount());
      assertEquals("[\"a\",\"b\"]", c.differences().get(0).expected());
    } finally {
      closeAll(e);
      closeAll(a);
    }
  }

  @Test
  void failureListsOnlyTheFirstDifferencesButCountsAll() {
    Field i = Field.nullable("i", INT32);
    List<Object> zeros = new ArrayList<>();
    List<Object> ones = new ArrayList<>();
    for (int r = 0; r < 50; r++) {
      zeros.add(0);
      ones.add(1);
    }
    List<VectorSchemaRoot> e = batches(i, zeros);
    List<VectorSchemaRoot> a = batches(i, ones);
    try {
      Comparison c = compare(e, a, CompareOptions.strict().withMaxDifferences(3));
      assertEquals(50, c.differenceCount());
      assertEquals(3, c.differences().size());
      assertEquals(List.of(0L, 1L, 2L), c.differences().stream().map(Difference::row).toList());
      assertTrue(c.describe().startsWith("50 data difference(s) (first 3 shown) over 50 expected / 50 actual rows"), c.describe());
    } finally {
      closeAll(e);
      closeAll(a);
    }
  }

  @Test
  void binaryValuesRenderAsHexWithText() {
    Field b = Field.nullable("b", ArrowType.Binary.INSTANCE);
    List<VectorSchemaRoot> e = batches(b, List.of("hi".getBytes(StandardCharsets.UTF_8)));
    List<VectorSchemaRoot> a = batches(b, List.of(new byte[] {0, 1}));
    try {
      Difference d = compare(e, a).differences().get(0);
      assertEquals("0x6869 (2 bytes, \"hi\")", d.expected());
      assertEquals("0x0001 (2 bytes)", d.actual());
      assertFalse(compare(e, a).same());
    } finally {
      closeAll(e);
      closeAll(a);
    }
  }

  private static VectorSchemaRoot union(BufferAllocator al, long second) {
    org.apache.arrow.vector.complex.UnionVector u = org.apache.arrow.vector.complex.UnionVector.empty("u", al);
    u.allocateNew();
    org.apache.arrow.vector.complex.impl.UnionWriter w = new org.apache.arrow.vector.complex.impl.UnionWriter(u);
    w.setPosition(0);
    w.writeInt(5);
    w.setPosition(1);
    w.writeBigInt(second);
    u.setValueCount(3);
    return new VectorSchemaRoot(List.of(u.getField()), List.of(u), 3);
  }

  @Test
  void unionsCompareByValue() {
    try (VectorSchemaRoot e = union(memory.allocator(), 7L);
        VectorSchemaRoot same = union(memory.allocator(), 7L);
        VectorSchemaRoot other = union(memory.allocator(), 8L)) {
      assertTrue(compare(List.of(e), List.of(same)).same());
      Comparison c = compare(List.of(e), List.of(other));
      assertEquals(List.of(new Difference(1, "u", "u", "7", "8")), c.differences());
    }
  }
}
