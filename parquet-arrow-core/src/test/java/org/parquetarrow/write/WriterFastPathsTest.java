package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * The writer's shortcuts for strings give what the long way gives: page bounds of a dictionary
 * column taken from the entries a page meets (skipped once the page has met them all), and values
 * gathered from Arrow in one pass when their indices rise (two passes otherwise). Expected values
 * are worked out from the input here, never taken from the writer.
 */
class WriterFastPathsTest {
  private static final Schema STRING = new Schema(List.of(Field.nullable("s", new ArrowType.Utf8())));

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /**
   * Three pages of 3000 rows (three steps of the column writer each): the first meets all of "m0"
   * to "m9" in its first step and two new extremes late in its last step; the second only two
   * middle entries (its bounds must not be the first page's); the third one entry and, late, an old
   * extreme it had not met yet.
   */
  @Test
  void dictionaryPageBoundsAreEachPagesOwnExtremes() throws Exception {
    int rows = 9000;
    String[] values = new String[rows];
    for (int i = 0; i < rows; i++) {
      if (i < 3000) {
        values[i] = i == 2500 ? "a" : i == 2600 ? "z" : "m" + (i % 10);
      } else if (i < 6000) {
        values[i] = i % 7 == 0 ? null : "m" + (3 + i % 2);
      } else {
        values[i] = i == 8000 ? "a" : "m5";
      }
    }
    Path file = writeStrings("bounds.parquet", values,
        WriterProperties.builder().dataPageRowLimit(3000).dictionaryPageSizeLimit(1 << 20));
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData m = ParquetFooter.read(in).metadata();
      ColumnChunk c = m.rowGroups().get(0).columns().get(0);
      assertTrue(c.metaData().encodings().contains(org.parquetarrow.format.Encoding.RLE_DICTIONARY));
      assertNotNull(c.columnIndexOffset());
      ColumnIndex index = MetadataReader.readColumnIndex(in.read(c.columnIndexOffset(), c.columnIndexLength()));
      assertEquals(3, index.minValues().size());
      for (int page = 0; page < 3; page++) {
        String min = null;
        String max = null;
        for (int i = page * 3000; i < (page + 1) * 3000; i++) {
          String v = values[i];
          if (v != null && (min == null || v.compareTo(min) < 0)) {
            min = v;
          }
          if (v != null && (max == null || v.compareTo(max) > 0)) {
            max = v;
          }
        }
        assertArrayEquals(utf8(min), index.minValues().get(page), "page " + page + " min");
        assertArrayEquals(utf8(max), index.maxValues().get(page), "page " + page + " max");
      }
    }
  }

  /**
   * Strings whose null slots keep bytes (set, then nulled), empty strings, and row groups of 1500
   * rows (so pieces start inside the batch, at offsets other than 0): one pass over rising indices.
   */
  @Test
  void stringsWithNullsHoldingBytesAndPiecesInsideTheBatchReadBackEqual() throws Exception {
    int rows = 5000;
    String[] values = new String[rows];
    for (int i = 0; i < rows; i++) {
      values[i] = i % 11 == 0 ? null : i % 13 == 0 ? "" : "value-" + i + "-" + "x".repeat(i % 37);
    }
    for (boolean dictionary : new boolean[] {true, false}) {
      Path file = writeStrings("pieces-" + dictionary + ".parquet", values,
          WriterProperties.builder().rowGroupRows(1500).dictionary(dictionary));
      assertEquals(Arrays.asList(values), readStrings(file));
    }
  }

  /**
   * A list view whose rows name their elements back to front, and share some: the leaf's values are
   * gathered in an order that does not rise (the two-pass way), and read back as the rows name them.
   */
  @Test
  void listViewElementsInFallingOrderReadBackAsTheRowsNameThem() throws Exception {
    Field element = Field.nullable("element", new ArrowType.Utf8());
    Field list = new Field("l", FieldType.nullable(new ArrowType.ListView()), List.of(element));
    Schema schema = new Schema(List.of(list));
    int rows = 400;
    List<List<String>> expected = new ArrayList<>();
    Path file = dir.resolve("views.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      ListViewVector v = (ListViewVector) root.getVector(0);
      v.allocateNew();
      VarCharVector data = (VarCharVector) v.addOrGetVector(FieldType.nullable(new ArrowType.Utf8())).getVector();
      int elements = 2 * rows;
      for (int e = 0; e < elements; e++) {
        data.setSafe(e, new Text("element-" + e + "-" + "y".repeat(e % 29)));
      }
      data.setValueCount(elements);
      for (int r = 0; r < rows; r++) {
        // row r names the two elements at the far end of the data, walking back; every fifth row
        // names the same two as the row before it
        int first = elements - 2 - 2 * (r % 5 == 4 ? r - 1 : r);
        while (r >= v.getValueCapacity()) {
          v.reAlloc();
        }
        v.setOffset(r, first);
        v.setSize(r, 2);
        v.setValidity(r, 1);
        expected.add(List.of("element-" + first + "-" + "y".repeat(first % 29),
            "element-" + (first + 1) + "-" + "y".repeat((first + 1) % 29)));
      }
      v.setValueCount(rows);
      root.setRowCount(rows);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults())) {
        w.write(root);
      }
    }
    List<List<String>> actual = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()))) {
      VectorSchemaRoot next;
      while ((next = r.readNextBatch()) != null) {
        try (VectorSchemaRoot b = next) {
          for (int i = 0; i < b.getRowCount(); i++) {
            List<?> row = (List<?>) b.getVector(0).getObject(i);
            List<String> strings = new ArrayList<>();
            for (Object o : row) {
              strings.add(o.toString());
            }
            actual.add(strings);
          }
        }
      }
    }
    assertEquals(expected, actual);
  }

  /** An offset below the one before it is refused with a typed error naming the vector, and no file appears. */
  @Test
  void offsetsThatFallAreRefusedNamingTheVector() throws Exception {
    Path file = dir.resolve("bad.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(STRING, memory.allocator())) {
      VarCharVector v = (VarCharVector) root.getVector(0);
      v.allocateNew();
      for (int i = 0; i < 100; i++) {
        v.setSafe(i, new Text("value-" + i));
      }
      v.setValueCount(100);
      root.setRowCount(100);
      // value 40 ends before it starts
      v.getOffsetBuffer().setInt(4L * 41, v.getOffsetBuffer().getInt(4L * 40) - 3);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, STRING, WriterProperties.defaults())) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(root));
        assertTrue(e.getMessage().contains("vector s has offsets"), e.getMessage());
        w.abort();
      }
    }
    assertFalse(Files.exists(file));
  }

  private Path writeStrings(String name, String[] values, WriterProperties.Builder properties) {
    Path file = dir.resolve(name);
    try (VectorSchemaRoot root = VectorSchemaRoot.create(STRING, memory.allocator())) {
      VarCharVector v = (VarCharVector) root.getVector(0);
      v.allocateNew();
      for (int i = 0; i < values.length; i++) {
        if (values[i] == null) {
          // the slot keeps bytes behind its null: gathers must not take them
          v.setSafe(i, new Text("hidden-" + i));
          v.setNull(i);
        } else {
          v.setSafe(i, new Text(values[i]));
        }
      }
      v.setValueCount(values.length);
      root.setRowCount(values.length);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, STRING, properties.build())) {
        w.write(root);
      }
    }
    return file;
  }

  private List<String> readStrings(Path file) throws Exception {
    List<String> out = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()))) {
      VectorSchemaRoot next;
      while ((next = r.readNextBatch()) != null) {
        try (VectorSchemaRoot b = next) {
          VarCharVector v = (VarCharVector) b.getVector(0);
          for (int i = 0; i < b.getRowCount(); i++) {
            out.add(v.isNull(i) ? null : new String(v.get(i), StandardCharsets.UTF_8));
          }
        }
      }
    }
    return out;
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
