package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.PageEncodingStats;
import org.parquetarrow.format.PageType;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.schema.ArrowReadOptions.DictionaryLeafPolicy;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.Goldens;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Fixed-width columns read as Arrow dictionary vectors ({@link DictionaryLeafPolicy#BINARY_AND_FIXED_WIDTH}):
 * indices into each batch's dictionary, whose values decode to what the columns hold (the golden
 * of Arrow C++, or the values written here), from dictionary pages, from plain pages after a
 * writer's fallback mid-chunk, from chunks without a dictionary page, with nulls, across page,
 * batch and row group boundaries, inside lists, and with rows skipped.
 */
class FixedWidthDictionaryColumnsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String[] ALLTYPES_FIXED = {
      "id", "tinyint_col", "smallint_col", "int_col", "bigint_col", "float_col", "double_col", "year", "month"};

  private static Path corpus(String name) {
    return TestData.parquetTesting().resolve(name);
  }

  /** Tiny pages (a batch spans many), with and without dictionary pages: Arrow C++'s values. */
  @ParameterizedTest
  @ValueSource(strings = {"data/alltypes_tiny_pages.parquet", "data/alltypes_tiny_pages_plain.parquet"})
  void integerAndFloatColumnsDecodeToTheGolden(String name) throws Exception {
    Path path = corpus(name);
    List<String> asked = new ArrayList<>(Arrays.asList(ALLTYPES_FIXED));
    asked.add("bool_col");
    asked.add("timestamp_col");
    ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(1000)
        .dictionaryColumns(asked.toArray(String[]::new))
        .dictionaryLeaves(DictionaryLeafPolicy.BINARY_AND_FIXED_WIDTH).build();
    try (ArrowReader actual = ParquetFileReader.open(path, options).toArrowReader();
        ArrowFileReader expected = Goldens.of(path).open(memory.allocator())) {
      Schema schema = actual.getVectorSchemaRoot().getSchema();
      for (String c : ALLTYPES_FIXED) {
        Field f = schema.findField(c);
        assertNotNull(f.getDictionary(), c + " is dictionary-encoded");
        assertEquals(new ArrowType.Int(32, true), f.getType(), c + " holds int32 indices");
      }
      // BOOLEAN and INT96 (converted per value) stay values
      assertNull(schema.findField("bool_col").getDictionary());
      assertNull(schema.findField("timestamp_col").getDictionary());
      Comparison c = ArrowAssertions.compare(Batches.of(expected), Batches.of(actual),
          CompareOptions.strict().allowingDictionaryMismatch());
      assertTrue(c.same(), c::describe);
    }
  }

  @Test
  void withoutThePolicyFixedWidthColumnsStayValues() throws Exception {
    ReadOptions options = ReadOptions.builder(memory.allocator()).dictionaryColumns("int_col", "string_col").build();
    try (ParquetFileReader reader = ParquetFileReader.open(corpus("data/alltypes_tiny_pages.parquet"), options)) {
      assertNull(reader.arrowSchema().findField("int_col").getDictionary());
      assertNotNull(reader.arrowSchema().findField("string_col").getDictionary());
    }
  }

  /** What each row holds, written below; null for a null row. */
  private static Object[] expected(String column, int rows) {
    Object[] out = new Object[rows];
    for (int i = 0; i < rows; i++) {
      int g = i % 2500;
      // few distinct values first (a small dictionary), then distinct ones: the dictionary page
      // outgrows its limit mid-chunk and the rest of the chunk is written plain
      boolean few = g < 1500;
      int k = few ? i % 13 : i;
      if (i % 9 == 4) {
        out[i] = null;
        continue;
      }
      out[i] = switch (column) {
        case "i32" -> few ? -7 + k : k * 31;
        case "i64" -> few ? (long) k << 40 : -(long) k * 1_000_003L;
        case "f32" -> few ? (k == 3 ? Float.NaN : k == 4 ? -0.0f : k * 0.5f) : k * 0.25f;
        case "f64" -> few ? (k == 3 ? Double.NaN : k == 4 ? Double.NEGATIVE_INFINITY : -k * 1.5) : k / 3.0;
        case "d32" -> few ? 19000 + k : 10000 + k;
        case "dec9" -> BigDecimal.valueOf(few ? 500 + k : -k, 2);
        case "dec18" -> BigDecimal.valueOf(few ? 1_000_000_000_000L + k : k * 7L, 3);
        case "fsb" -> ByteBuffer.allocate(4).putInt(few ? k : ~k).array();
        case "i8" -> (byte) (few ? k : k * 7);
        default -> throw new IllegalArgumentException(column);
      };
    }
    return out;
  }

  private static final String[] WRITTEN = {"i32", "i64", "f32", "f64", "d32", "dec9", "dec18", "fsb", "i8"};

  private Path write(boolean dictionary, int rows) throws Exception {
    List<Field> fields = new ArrayList<>(List.of(
        Field.nullable("i32", new ArrowType.Int(32, true)),
        Field.nullable("i64", new ArrowType.Int(64, true)),
        Field.nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
        Field.nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        Field.nullable("d32", new ArrowType.Date(DateUnit.DAY)),
        Field.nullable("dec9", new ArrowType.Decimal(9, 2, 128)),
        Field.nullable("dec18", new ArrowType.Decimal(18, 3, 128)),
        Field.nullable("fsb", new ArrowType.FixedSizeBinary(4)),
        Field.nullable("i8", new ArrowType.Int(8, true))));
    fields.add(new Field("l", FieldType.nullable(ArrowType.List.INSTANCE),
        List.of(Field.nullable("element", new ArrowType.Int(64, true)))));
    Schema schema = new Schema(fields);
    Path file = dir.resolve("fixed-" + dictionary + ".parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      for (String c : WRITTEN) {
        FieldVector v = root.getVector(c);
        v.setInitialCapacity(rows);
        v.allocateNew();
        Object[] values = expected(c, rows);
        for (int i = 0; i < rows; i++) {
          set(v, i, values[i]);
        }
        v.setValueCount(rows);
      }
      ListVector l = (ListVector) root.getVector("l");
      l.allocateNew();
      BigIntVector elements = (BigIntVector) l.getDataVector();
      int at = 0;
      for (int i = 0; i < rows; i++) {
        List<Long> list = listAt(i);
        if (list == null) {
          l.setNull(i);
          continue;
        }
        l.startNewValue(i);
        for (Long e : list) {
          if (e == null) {
            elements.setNull(at);
          } else {
            elements.setSafe(at, e);
          }
          at++;
        }
        l.endValue(i, list.size());
      }
      elements.setValueCount(at);
      l.setValueCount(rows);
      root.setRowCount(rows);
      WriterProperties properties = WriterProperties.builder().dictionary(dictionary).rowGroupRows(2500)
          .dataPageRowLimit(700).dictionaryPageSizeLimit(512).build();
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, properties)) {
        w.write(root);
      }
    }
    return file;
  }

  /** Row {@code i} of list column {@code l}: null, empty, or up to three elements, some null. */
  private static List<Long> listAt(int i) {
    if (i % 11 == 5) {
      return null;
    }
    List<Long> out = new ArrayList<>();
    for (int e = 0; e < i % 4; e++) {
      out.add((i + e) % 5 == 0 ? null : (i % 2500 < 1500 ? (long) (e + i % 3) : (long) i * 10 + e));
    }
    return out;
  }

  private static void set(FieldVector v, int i, Object value) {
    if (value == null) {
      v.setNull(i);
    } else if (v instanceof IntVector x) {
      x.set(i, (Integer) value);
    } else if (v instanceof BigIntVector x) {
      x.set(i, (Long) value);
    } else if (v instanceof Float4Vector x) {
      x.set(i, (Float) value);
    } else if (v instanceof Float8Vector x) {
      x.set(i, (Double) value);
    } else if (v instanceof DateDayVector x) {
      x.set(i, (Integer) value);
    } else if (v instanceof DecimalVector x) {
      x.set(i, (BigDecimal) value);
    } else if (v instanceof FixedSizeBinaryVector x) {
      x.set(i, (byte[]) value);
    } else {
      ((TinyIntVector) v).set(i, (Byte) value);
    }
  }

  /**
   * Six row groups' worth of rows in three row groups of 2500 (the last partial), pages of 700
   * rows, a dictionary page limit of 512 bytes, batches of 1000 rows (which span row groups): every
   * row of every column decodes through its batch's dictionary to the value written.
   */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void writtenValuesDecodeThroughTheDictionaries(boolean dictionary) throws Exception {
    int rows = 6400;
    Path file = write(dictionary, rows);
    if (dictionary) {
      // the case this test is about: dictionary pages, then plain pages, in one chunk
      try (LocalInputFile in = LocalInputFile.open(file)) {
        FileMetaData m = ParquetFooter.read(in).metadata();
        for (ColumnChunk c : m.rowGroups().get(0).columns()) {
          Set<Encoding> data = new HashSet<>();
          for (PageEncodingStats s : c.metaData().encodingStats()) {
            if (s.pageType() == PageType.DATA_PAGE || s.pageType() == PageType.DATA_PAGE_V2) {
              data.add(s.encoding());
            }
          }
          String path = String.join(".", c.metaData().pathInSchema());
          assertTrue(data.contains(Encoding.RLE_DICTIONARY) || data.contains(Encoding.PLAIN_DICTIONARY),
              path + " has dictionary-encoded pages: " + data);
          assertTrue(data.size() > 1, path + " falls back to another encoding mid-chunk: " + data);
        }
      }
    }
    Map<String, List<Object>> got = readThroughDictionaries(file, null);
    for (String c : WRITTEN) {
      assertValues(Arrays.asList(expected(c, rows)), got.get(c), c);
    }
    List<Object> lists = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      lists.add(listAt(i));
    }
    assertEquals(lists, got.get("l"));
  }

  @Test
  void skippedRowsKeepIndicesInStep() throws Exception {
    int rows = 6400;
    Path file = write(true, rows);
    // runs inside pages, across a fallback, and the rest of a row group
    RowSelection sel = RowSelection.fromRanges(3, 9, 1490, 1710, 2400, 2500);
    Map<String, List<Object>> got = readThroughDictionaries(file, sel);
    for (String c : WRITTEN) {
      Object[] all = expected(c, rows);
      List<Object> want = new ArrayList<>();
      for (int i = 0; i < 2500; i++) {
        if (sel.contains(i)) {
          want.add(all[i]);
        }
      }
      assertValues(want, got.get(c), c);
    }
  }

  private static void assertValues(List<Object> want, List<Object> got, String column) {
    assertEquals(want.size(), got.size(), column + " rows");
    for (int i = 0; i < want.size(); i++) {
      Object w = want.get(i);
      Object g = got.get(i);
      if (w instanceof byte[] b) {
        assertTrue(Arrays.equals(b, (byte[]) g), column + " row " + i);
      } else {
        // Float/Double equals compares bits: NaN equals NaN, -0.0 differs from 0.0
        assertEquals(w, g, column + " row " + i);
      }
    }
  }

  /** Every column's rows, decoded through the batches' dictionaries (and, for the list, its elements'). */
  private Map<String, List<Object>> readThroughDictionaries(Path file, RowSelection rowGroup0) throws Exception {
    ReadOptions.Builder b = ReadOptions.builder(memory.allocator()).batchSize(1000)
        .dictionaryColumns(concat(WRITTEN, "l"))
        .dictionaryLeaves(DictionaryLeafPolicy.BINARY_AND_FIXED_WIDTH);
    if (rowGroup0 != null) {
      b.rowGroups(0).rowSelection(0, rowGroup0);
    }
    Map<String, List<Object>> out = new HashMap<>();
    try (ParquetFileReader reader = ParquetFileReader.open(file, b.build())) {
      for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          DictionaryProvider d = reader.dictionaries();
          for (FieldVector v : batch.getFieldVectors()) {
            List<Object> column = out.computeIfAbsent(v.getName(), k -> new ArrayList<>());
            for (int i = 0; i < batch.getRowCount(); i++) {
              column.add(decoded(v, i, d));
            }
          }
        }
      }
    }
    return out;
  }

  private static String[] concat(String[] a, String b) {
    String[] out = Arrays.copyOf(a, a.length + 1);
    out[a.length] = b;
    return out;
  }

  private static Object decoded(FieldVector v, int i, DictionaryProvider d) {
    if (v.isNull(i)) {
      return null;
    }
    if (v instanceof ListVector l) {
      FieldVector elements = l.getDataVector();
      List<Object> out = new ArrayList<>();
      for (int e = l.getElementStartIndex(i); e < l.getElementEndIndex(i); e++) {
        out.add(decoded(elements, e, d));
      }
      return out;
    }
    assertNotNull(v.getField().getDictionary(), v.getName() + " is dictionary-encoded");
    int index = assertInstanceOf(IntVector.class, v).get(i);
    FieldVector values = d.lookup(v.getField().getDictionary().getId()).getVector();
    return values.getObject(index);
  }
}
