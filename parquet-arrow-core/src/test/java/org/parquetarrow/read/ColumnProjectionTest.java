package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.parquetarrow.schema.UnknownColumnException;
import org.parquetarrow.testing.ArrowValues;
import org.parquetarrow.testing.ArrowValues.Entry;
import org.parquetarrow.testing.ArrowValues.Struct;
import org.parquetarrow.testing.Goldens;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Projection as a pyarrow user expects it: fields in the order asked for, Arrow-side paths into
 * lists and maps beside the Parquet ones, a field whose name holds a dot, and unknown names
 * refused with the file's names.
 */
class ColumnProjectionTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final FieldType INT32 = FieldType.nullable(new ArrowType.Int(32, true));
  private static final FieldType UTF8 = FieldType.nullable(ArrowType.Utf8.INSTANCE);

  /** id, s{x,y,z}, tags list<utf8>, items list<struct{p,q}>, attrs map<utf8,int32>, "a.b", a{b}. */
  private static final Schema SCHEMA = new Schema(List.of(
      new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
      new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
          new Field("x", INT32, null), new Field("y", UTF8, null), new Field("z", INT32, null))),
      new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE), List.of(new Field("item", UTF8, null))),
      new Field("items", FieldType.nullable(ArrowType.List.INSTANCE), List.of(
          new Field("item", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
              new Field("p", INT32, null), new Field("q", UTF8, null))))),
      new Field("attrs", FieldType.nullable(new ArrowType.Map(false)), List.of(
          new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
              new Field("key", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
              new Field("value", INT32, null))))),
      new Field("a.b", INT32, null),
      new Field("a", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(new Field("b", INT32, null)))));

  private static final List<List<?>> COLUMNS = List.of(
      List.of(1L, 2L, 3L),
      Arrays.asList(Struct.of(10, "y1", 100), Struct.of(20, "y2", 200), null),
      Arrays.asList(List.of("a", "b"), List.of(), null),
      Arrays.asList(List.of(Struct.of(1, "p1"), Struct.of(2, "p2")), null, List.of(Struct.of(3, null))),
      Arrays.asList(List.of(new Entry("k1", 1)), List.of(), List.of(new Entry("k2", null), new Entry("k3", 3))),
      List.of(7, 8, 9),
      List.of(Struct.of(70), Struct.of(80), Struct.of(90)));

  private Path written() throws Exception {
    Path file = dir.resolve("nested.parquet");
    try (VectorSchemaRoot root = ArrowValues.root(memory.allocator(), SCHEMA, COLUMNS);
        ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, WriterProperties.builder().build())) {
      w.write(root);
    }
    return file;
  }

  /** The one batch of {@code file} read with {@code options}, as field name → values by row. */
  private record Read(Schema schema, List<String> names, List<List<Object>> values) {
    List<Object> column(String name) {
      return values.get(names.indexOf(name));
    }
  }

  private Read read(Path file, ReadOptions.Builder options) {
    try (ParquetFileReader r = ParquetFileReader.open(file, options.build());
        VectorSchemaRoot batch = r.readNextBatch()) {
      List<String> names = new ArrayList<>();
      List<List<Object>> values = new ArrayList<>();
      for (FieldVector v : batch.getFieldVectors()) {
        names.add(v.getName());
        List<Object> column = new ArrayList<>();
        for (int i = 0; i < batch.getRowCount(); i++) {
          Object o = v.getObject(i);
          column.add(o == null ? null : o.toString());
        }
        values.add(column);
      }
      return new Read(r.arrowSchema(), names, values);
    }
  }

  private ReadOptions.Builder options() {
    return ReadOptions.builder(memory.allocator());
  }

  private static List<String> childNames(Field f) {
    return f.getChildren().stream().map(Field::getName).toList();
  }

  @Test
  void columnsComeInTheOrderAskedForOnceEach() throws Exception {
    Read r = read(written(), options().columns("attrs", "id", "s.z", "s.x", "id"));
    assertEquals(List.of("attrs", "id", "s"), r.names());
    // within a struct the chosen children keep the file's order, as Arrow C++ assembles them
    assertEquals(List.of("x", "z"), childNames(r.schema().findField("s")));
    assertEquals(Arrays.asList("1", "2", "3"), r.column("id"));
    assertEquals(Arrays.asList("{\"x\":10,\"z\":100}", "{\"x\":20,\"z\":200}", null), r.column("s"));
  }

  @Test
  void theDefaultKeepsTheFileOrder() throws Exception {
    Read r = read(written(), options());
    assertEquals(List.of("id", "s", "tags", "items", "attrs", "a.b", "a"), r.names());
  }

  @ParameterizedTest(name = "{0} as {1}")
  @CsvSource({
      "tags.item, tags.list.element",
      "attrs.key, attrs.key_value.key",
      "attrs.value, attrs.key_value.value",
      "attrs.entries.value, attrs.key_value.value",
      "items.item.q, items.list.element.q"})
  void arrowPathsSelectWhatTheParquetPathsDo(String arrowPath, String parquetPath) throws Exception {
    Path file = written();
    Read byArrow = read(file, options().columns(arrowPath, "id"));
    Read byParquet = read(file, options().columns(parquetPath, "id"));
    String top = arrowPath.substring(0, arrowPath.indexOf('.'));
    assertEquals(List.of(top, "id"), byArrow.names());
    assertEquals(byParquet.schema(), byArrow.schema());
    assertEquals(byParquet.values(), byArrow.values());
  }

  @Test
  void aPathIntoAListOfStructsKeepsThatChildInEachElement() throws Exception {
    Read r = read(written(), options().columns("items.item.q"));
    Field element = r.schema().findField("items").getChildren().get(0);
    assertEquals(List.of("q"), childNames(element));
    assertEquals(Arrays.asList("[{\"q\":\"p1\"},{\"q\":\"p2\"}]", null, "[{}]"), r.column("items"));
  }

  @Test
  void aTopLevelFieldNamedWithADotIsFoundBeforeAStructPath() throws Exception {
    Path file = written();
    Read dotted = read(file, options().columns("a.b"));
    assertEquals(List.of("a.b"), dotted.names());
    assertEquals(List.of("7", "8", "9"), dotted.column("a.b"));
    Read struct = read(file, options().columns("a", "a.b"));
    assertEquals(List.of("a", "a.b"), struct.names());
    assertEquals(List.of("{\"b\":70}", "{\"b\":80}", "{\"b\":90}"), struct.column("a"));
  }

  @Test
  void aPathToAStructKeepsAllOfIt() throws Exception {
    Read r = read(written(), options().columns("s", "id"));
    assertEquals(List.of("x", "y", "z"), childNames(r.schema().findField("s")));
  }

  @Test
  void anUnknownColumnIsRefusedWithTheFilesNames() throws Exception {
    Path file = written();
    UnknownColumnException e = assertThrows(UnknownColumnException.class,
        () -> ParquetFileReader.open(file, options().columns("id", "nmae").build()).close());
    assertEquals("nmae", e.column());
    assertTrue(e.getMessage().startsWith("no column \"nmae\"; the file has: id, s, s.x, s.y, s.z, tags, tags.item,"),
        e.getMessage());
    for (String valid : List.of("items.item.p", "attrs.key", "attrs.value", "a.b")) {
      assertTrue(e.validNames().contains(valid), valid + " in " + e.validNames());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"s.w", "tags.element.x", "id.x", "nmae"})
  void anUnknownPathIsRefused(String path) throws Exception {
    Path file = written();
    assertThrows(UnknownColumnException.class,
        () -> ParquetFileReader.open(file, options().columns(path).build()).close());
  }

  @Test
  void anUnknownDictionaryColumnIsRefusedWithTheFilesNames() throws Exception {
    Path file = written();
    UnknownColumnException e = assertThrows(UnknownColumnException.class,
        () -> ParquetFileReader.open(file, options().dictionaryColumns("tags.itme").build()).close());
    assertTrue(e.getMessage().startsWith("no dictionary column \"tags.itme\" (did you mean tags.item?); the file has: id, s,"),
        e.getMessage());
    assertTrue(e.getMessage().contains("tags.item"), e.getMessage());
  }

  @Test
  void aDictionaryColumnMayBeNamedByItsArrowPath() throws Exception {
    Read r = read(written(), options().dictionaryColumns("tags.item", "s.y").columns("tags", "s"));
    assertNotNull(r.schema().findField("tags").getChildren().get(0).getDictionary(), r.schema().toString());
    assertNotNull(r.schema().findField("s").getChildren().get(1).getDictionary(), r.schema().toString());
    assertNull(r.schema().findField("s").getChildren().get(0).getDictionary(), r.schema().toString());
  }

  @Test
  void dictionaryIdsFollowTheAskedOrder() throws Exception {
    Path file = written();
    ReadOptions options = options().columns("s.y", "attrs", "tags").dictionaryColumns("tags.item", "s.y", "attrs.key")
        .build();
    try (ParquetFileReader reader = ParquetFileReader.open(file, options);
        org.apache.arrow.vector.ipc.ArrowReader arrow = reader.toArrowReader()) {
      assertTrue(arrow.loadNextBatch());
      VectorSchemaRoot batch = arrow.getVectorSchemaRoot();
      Field y = reader.arrowSchema().findField("s").getChildren().get(0);
      Field key = reader.arrowSchema().findField("attrs").getChildren().get(0).getChildren().get(0);
      Field item = reader.arrowSchema().findField("tags").getChildren().get(0);
      // ids numbered depth-first in the order of the batch's fields
      assertEquals(List.of(0L, 1L, 2L), List.of(y.getDictionary().getId(), key.getDictionary().getId(),
          item.getDictionary().getId()));
      StructVector s = (StructVector) batch.getVector("s");
      try (FieldVector decoded = (FieldVector) org.apache.arrow.vector.dictionary.DictionaryEncoder.decode(
          s.getChild("y"), arrow.getDictionaryVectors().get(y.getDictionary().getId()))) {
        assertEquals("y2", decoded.getObject(1).toString());
      }
      ListVector tags = (ListVector) batch.getVector("tags");
      try (FieldVector decoded = (FieldVector) org.apache.arrow.vector.dictionary.DictionaryEncoder.decode(
          tags.getDataVector(), arrow.getDictionaryVectors().get(item.getDictionary().getId()))) {
        assertEquals(List.of("a", "b"), List.of(decoded.getObject(0).toString(), decoded.getObject(1).toString()));
      }
    }
  }

  @Test
  void theListOfNamesIsCapped() throws Exception {
    List<Field> fields = new ArrayList<>();
    List<List<?>> columns = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      fields.add(new Field("c" + i, INT32, null));
      columns.add(List.of(i));
    }
    Schema wide = new Schema(fields);
    Path file = dir.resolve("wide.parquet");
    try (VectorSchemaRoot root = ArrowValues.root(memory.allocator(), wide, columns);
        ParquetFileWriter w = ParquetFileWriter.open(file, wide, WriterProperties.builder().build())) {
      w.write(root);
    }
    UnknownColumnException e = assertThrows(UnknownColumnException.class,
        () -> ParquetFileReader.open(file, options().columns("c40").build()).close());
    assertTrue(e.getMessage().endsWith(", c23, … and 16 more"), e.getMessage());
    assertEquals(40, e.validNames().size());
  }

  /**
   * A legacy list (a repeated group without LIST annotation, its element named after the group):
   * the leaf is reached by its Parquet path, through Arrow's {@code item}, or through the
   * element's own name, and the values are Arrow C++'s.
   */
  @ParameterizedTest
  @ValueSource(strings = {"phoneNumbers.phone.item.kind", "phoneNumbers.phone.kind", "phoneNumbers.phone.phone.kind"})
  void legacyListsAnswerToArrowAndParquetPaths(String path) throws Exception {
    Path file = TestData.parquetTesting().resolve("data/repeated_no_annotation.parquet");
    Read r = read(file, options().columns(path, "id"));
    assertEquals(List.of("phoneNumbers", "id"), r.names());
    Field phone = r.schema().findField("phoneNumbers").getChildren().get(0);
    assertEquals(List.of("kind"), childNames(phone.getChildren().get(0)));
    List<String> expectedKinds = new ArrayList<>();
    try (ArrowFileReader golden = Goldens.of(file).open(memory.allocator())) {
      while (golden.loadNextBatch()) {
        StructVector numbers = (StructVector) golden.getVectorSchemaRoot().getVector("phoneNumbers");
        ListVector phones = (ListVector) numbers.getChild("phone");
        StructVector element = (StructVector) phones.getDataVector();
        FieldVector kind = (FieldVector) element.getChild("kind");
        for (int i = 0; i < kind.getValueCount(); i++) {
          expectedKinds.add(String.valueOf(kind.getObject(i)));
        }
      }
    }
    List<String> kinds = new ArrayList<>();
    for (Object row : r.column("phoneNumbers")) {
      if (row != null) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\{(\"kind\":\"([^\"]*)\")?}").matcher(row.toString());
        while (m.find()) {
          kinds.add(m.group(2) == null ? "null" : m.group(2));
        }
      }
    }
    assertEquals(List.of("null", "home", "home", "null", "mobile"), expectedKinds, "the golden's kinds");
    assertEquals(expectedKinds, kinds);
  }

  @ParameterizedTest
  @ValueSource(strings = {"a.item.item", "a.array.array", "a.element.element", "a.array"})
  void twoLevelListsOfListsAnswerToEveryForm(String path) throws Exception {
    Path file = TestData.parquetTesting().resolve("data/old_list_structure.parquet");
    Read r = read(file, options().columns(path));
    assertEquals(List.of("a"), r.names());
    assertEquals(List.of("[[1,2],[3,4]]"), r.column("a"));
  }
}
