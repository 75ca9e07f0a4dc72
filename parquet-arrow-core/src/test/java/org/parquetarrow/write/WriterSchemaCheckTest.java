package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.SchemaMismatchException;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Issue 13, item 1: every batch is checked against the writer's schema before any of it is
 * written, and a mismatch is refused naming the field and both types. Before, an int64 batch in a
 * utf8 column read back as empty strings, float64 in int64 as raw bits, utf8 in int64 threw a bare
 * ClassCastException.
 */
class WriterSchemaCheckTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  static Stream<WriterTypeCases.Case> cases() {
    return WriterTypeCases.all().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aBatchOfAnotherTypeIsRefusedNamingTheFieldAndBothTypes(WriterTypeCases.Case c) throws Exception {
    Field id = Field.nullable("id", new ArrowType.Int(32, true));
    Schema schema = new Schema(List.of(id, c.field(true)));
    Schema wrong = new Schema(List.of(id, c.wrongField()));
    Path file = dir.resolve("t.parquet");
    try (DictionaryProvider.MapDictionaryProvider dictionaries = WriterTypeCases.dictionaries(memory.allocator());
        VectorSchemaRoot good = WriterTypeCases.batch(memory.allocator(), schema, 3, null);
        VectorSchemaRoot bad = WriterTypeCases.batch(memory.allocator(), wrong, 3, null)) {
      ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(file), schema, dictionaries,
          WriterProperties.defaults());
      w.write(good);
      SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> w.write(bad));
      assertEquals(c.path(), e.field(), e.getMessage());
      assertTrue(e.problem().startsWith("field '" + c.path() + "': "), e.getMessage());
      assertTrue(e.problem().contains(c.have()) && e.problem().contains(c.want()), e.getMessage());
      assertTrue(e.problem().indexOf(c.have()) < e.problem().lastIndexOf(c.want()),
          "the batch's type first, then the writer's: " + e.getMessage());
      assertEquals(file.toAbsolutePath().toString(), e.location().file());
      WriterFailedException closing = assertThrows(WriterFailedException.class, w::close);
      assertSame(e, closing.getCause());
    }
    assertNothingIn(dir);
  }

  @Test
  void anInt64BatchIntoAUtf8ColumnIsRefused() throws Exception {
    SchemaMismatchException e = refused(Field.nullable("name", ArrowType.Utf8.INSTANCE),
        Field.nullable("name", new ArrowType.Int(64, true)), root -> ((BigIntVector) root.getVector(0)).setSafe(0, 7L));
    assertEquals("field 'name': the batch has int64, the writer's schema string", e.problem());
  }

  @Test
  void aFloat64BatchIntoAnInt64ColumnIsRefused() throws Exception {
    SchemaMismatchException e = refused(Field.nullable("n", new ArrowType.Int(64, true)),
        Field.nullable("n", new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)),
        root -> ((Float8Vector) root.getVector(0)).setSafe(0, 2.5));
    assertEquals("field 'n': the batch has double, the writer's schema int64", e.problem());
  }

  @Test
  void aUtf8BatchIntoAnInt64ColumnIsRefusedWithoutAClassCastException() throws Exception {
    SchemaMismatchException e = refused(Field.nullable("n", new ArrowType.Int(64, true)),
        Field.nullable("n", ArrowType.Utf8.INSTANCE),
        root -> ((VarCharVector) root.getVector(0)).setSafe(0, "12".getBytes(StandardCharsets.UTF_8)));
    assertEquals("field 'n': the batch has string, the writer's schema int64", e.problem());
  }

  @Test
  void aNestedMismatchNamesTheFieldPath() throws Exception {
    Field user = new Field("user", FieldType.nullable(ArrowType.Struct.INSTANCE),
        List.of(Field.nullable("name", ArrowType.Utf8.INSTANCE), Field.nullable("age", new ArrowType.Int(32, true))));
    Field batchUser = new Field("user", FieldType.nullable(ArrowType.Struct.INSTANCE),
        List.of(Field.nullable("name", ArrowType.Utf8.INSTANCE), Field.nullable("age", new ArrowType.Int(64, true))));
    SchemaMismatchException e = refused(user, batchUser, root -> { });
    assertEquals("field 'user.age': the batch has int64, the writer's schema int32", e.problem());
    assertEquals("user.age", e.field());
  }

  @Test
  void fieldNamesMustMatchExactlyAndInOrder() throws Exception {
    Field a = Field.nullable("a", new ArrowType.Int(32, true));
    Field b = Field.nullable("b", new ArrowType.Int(32, true));
    Schema schema = new Schema(List.of(a, b));
    for (Schema wrong : List.of(new Schema(List.of(b, a)),
        new Schema(List.of(Field.nullable("A", new ArrowType.Int(32, true)), b)))) {
      Path file = dir.resolve("names.parquet");
      try (VectorSchemaRoot bad = WriterTypeCases.batch(memory.allocator(), wrong, 2, null);
          ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults())) {
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> w.write(bad));
        String first = wrong.getFields().get(0).getName();
        assertEquals("field 0: the batch has '" + first + "', the writer's schema 'a' (fields: [a, b])", e.problem());
        w.abort();
      }
      assertNothingIn(dir);
    }
  }

  @Test
  void aBatchWithAnotherNumberOfFieldsIsRefused() throws Exception {
    Field a = Field.nullable("a", new ArrowType.Int(32, true));
    Schema schema = new Schema(List.of(a, Field.nullable("b", ArrowType.Utf8.INSTANCE)));
    try (VectorSchemaRoot bad = WriterTypeCases.batch(memory.allocator(), new Schema(List.of(a)), 2, null);
        ParquetFileWriter w = ParquetFileWriter.open(dir.resolve("n.parquet"), schema, WriterProperties.defaults())) {
      SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> w.write(bad));
      assertNull(e.field());
      assertEquals("the batch has 1 fields [a], the writer's schema 2 [a, b]", e.problem());
      w.abort();
    }
    assertNothingIn(dir);
  }

  @Test
  void nullabilityMustMatchAtTheTopAndBelow() throws Exception {
    Field required = Field.notNullable("n", new ArrowType.Int(32, true));
    Field optional = Field.nullable("n", new ArrowType.Int(32, true));
    assertEquals("field 'n': the batch's field is nullable, the writer's schema's not nullable",
        refused(required, optional, root -> { }).problem());
    assertEquals("field 'n': the batch's field is not nullable, the writer's schema's nullable",
        refused(optional, required, root -> { }).problem());
    Field s = new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(required));
    Field batchS = new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(optional));
    assertEquals("field 's.n': the batch's field is nullable, the writer's schema's not nullable",
        refused(s, batchS, root -> { }).problem());
  }

  @Test
  void aFieldWithFewerValuesThanRowsIsRefusedBeforeAnythingIsWritten() throws Exception {
    Schema schema = new Schema(List.of(Field.nullable("a", new ArrowType.Int(32, true)),
        Field.nullable("b", new ArrowType.Int(32, true))));
    try (VectorSchemaRoot root = WriterTypeCases.batch(memory.allocator(), schema, 5, null);
        ParquetFileWriter w = ParquetFileWriter.open(dir.resolve("short.parquet"), schema,
            WriterProperties.defaults())) {
      root.getVector(1).setValueCount(3);
      SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> w.write(root));
      assertEquals("field 'b' has 3 values, the batch 5 rows", e.problem());
      w.abort();
    }
    assertNothingIn(dir);
  }

  /**
   * What is not compared: field metadata and the names Arrow Java gives list elements. A list
   * vector built by hand names its element {@code $data$}; the writer's schema says {@code item}.
   */
  @Test
  void aBatchBuiltByHandWithTheSameTypesIsWritten() throws Exception {
    Field list = new Field("l", new FieldType(true, ArrowType.List.INSTANCE, null, Map.of("note", "from a catalog")),
        List.of(Field.nullable("item", new ArrowType.Int(32, true))));
    Schema schema = new Schema(List.of(list));
    Path file = dir.resolve("by-hand.parquet");
    try (ListVector l = ListVector.empty("l", memory.allocator())) {
      l.addOrGetVector(FieldType.nullable(new ArrowType.Int(32, true)));
      assertEquals("$data$", l.getDataVector().getName());
      l.allocateNew();
      IntVector data = (IntVector) l.getDataVector();
      l.startNewValue(0);
      data.setSafe(0, 4);
      data.setSafe(1, 5);
      l.endValue(0, 2);
      l.setValueCount(1);
      try (VectorSchemaRoot root = new VectorSchemaRoot(List.<FieldVector>of(l));
          ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults())) {
        w.write(root);
      }
    }
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.builder(memory.allocator()).build());
        VectorSchemaRoot back = r.readNextBatch()) {
      assertEquals(1, back.getRowCount());
      assertEquals(List.of(4, 5), ((ListVector) back.getVector(0)).getObject(0));
    }
  }

  /** A writer opened with a dictionary field in message form (value type) takes a root's indices. */
  @Test
  void aDictionaryFieldInMessageFormTakesARootsIndices() throws Exception {
    DictionaryEncoding encoding = new DictionaryEncoding(WriterTypeCases.DICTIONARY_ID, false,
        new ArrowType.Int(32, true));
    Schema messageForm = new Schema(List.of(new Field("f", new FieldType(true, ArrowType.Utf8.INSTANCE, encoding),
        List.of())));
    Schema rootForm = new Schema(List.of(new Field("f", new FieldType(true, new ArrowType.Int(32, true), encoding),
        List.of())));
    Path file = dir.resolve("dictionary.parquet");
    try (DictionaryProvider.MapDictionaryProvider dictionaries = WriterTypeCases.dictionaries(memory.allocator());
        VectorSchemaRoot root = WriterTypeCases.batch(memory.allocator(), rootForm, 3, null);
        ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(file), messageForm, dictionaries,
            WriterProperties.defaults())) {
      w.write(root);
    }
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.builder(memory.allocator()).build());
        VectorSchemaRoot back = r.readNextBatch()) {
      // indices 0, null, 0 of red, green; read back dictionary encoded, as the stored schema says
      org.apache.arrow.vector.BaseIntVector ids = (org.apache.arrow.vector.BaseIntVector) back.getVector(0);
      org.apache.arrow.vector.ValueVector values = r.dictionaries()
          .lookup(back.getVector(0).getField().getDictionary().getId()).getVector();
      List<String> got = new java.util.ArrayList<>();
      for (int i = 0; i < back.getRowCount(); i++) {
        got.add(ids.isNull(i) ? null : values.getObject((int) ids.getValueAsLong(i)).toString());
      }
      assertEquals(java.util.Arrays.asList("red", null, "red"), got);
    }
  }

  private SchemaMismatchException refused(Field schemaField, Field batchField,
      java.util.function.Consumer<VectorSchemaRoot> fill) throws IOException {
    Schema schema = new Schema(List.of(schemaField));
    Path file = dir.resolve("refused.parquet");
    SchemaMismatchException e;
    try (VectorSchemaRoot bad = VectorSchemaRoot.create(new Schema(List.of(batchField)), memory.allocator())) {
      bad.allocateNew();
      fill.accept(bad);
      bad.setRowCount(1);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults())) {
        e = assertThrows(SchemaMismatchException.class, () -> w.write(bad));
        assertInstanceOf(WriterFailedException.class, assertThrows(WriterFailedException.class, w::close));
        w.abort();
      }
    }
    assertNothingIn(dir);
    return e;
  }

  static void assertNothingIn(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(List.of(), s.toList(), "no file and no temporary file");
    }
    assertFalse(Files.exists(dir.resolve("t.parquet")));
  }
}
