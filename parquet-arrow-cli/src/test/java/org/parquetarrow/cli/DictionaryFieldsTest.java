package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Base64;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.KeyValue;
import org.parquetarrow.format.MetadataWriter;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.SchemaElement;

/**
 * A dictionary field (stored so through {@code ARROW:schema}, read back as a dictionary vector with
 * one dictionary per batch): {@code to-arrow} writes it decoded, {@code cat} prints its values.
 */
class DictionaryFieldsTest {
  private static final String[] COLORS = {"red", "green", "blue"};
  private static final int ROWS = 1000;

  @Test
  void dictionaryFieldsComeOutAsTheirValues(@TempDir Path dir) throws Exception {
    Path arrow = dir.resolve("in.arrow");
    writeColors(arrow, ROWS);
    Path parquet = dir.resolve("colors.parquet");
    Cli w = Cli.run("from-arrow", arrow.toString(), parquet.toString());
    assertEquals(0, w.exit(), w.err());
    String schema = Cli.run("schema", parquet.toString()).out();
    assertTrue(schema.contains("color: Utf8[dictionary: "), "stored as a dictionary field: " + schema);

    Path back = dir.resolve("back.arrow");
    Cli t = Cli.run("to-arrow", parquet.toString(), back.toString(), "--batch-size", "300");
    assertEquals(0, t.exit(), t.err());
    try (BufferAllocator a = new RootAllocator();
        ArrowFileReader r = new ArrowFileReader(FileChannel.open(back, StandardOpenOption.READ), a)) {
      Field color = r.getVectorSchemaRoot().getSchema().findField("color");
      assertEquals(ArrowType.Utf8.INSTANCE, color.getType());
      assertNull(color.getDictionary());
      int row = 0;
      while (r.loadNextBatch()) {
        FieldVector v = r.getVectorSchemaRoot().getVector("color");
        for (int i = 0; i < v.getValueCount(); i++, row++) {
          assertEquals(expected(row), v.isNull(i) ? null : v.getObject(i).toString(), "row " + row);
        }
      }
      assertEquals(ROWS, row);
    }

    Cli cat = Cli.run("cat", parquet.toString(), "--json");
    assertEquals(0, cat.exit(), cat.err());
    List<String> lines = cat.out().lines().toList();
    assertEquals(ROWS, lines.size());
    ObjectMapper json = new ObjectMapper();
    for (int row = 0; row < ROWS; row++) {
      JsonNode c = json.readTree(lines.get(row)).get("color");
      assertEquals(expected(row), c.isNull() ? null : c.asText(), "row " + row);
    }
  }

  /** By construction: COLORS[row % 3], null on every 5th row. */
  private static String expected(int row) {
    return row % 5 == 0 ? null : COLORS[row % 3];
  }

  /**
   * Issue 19 item 9: a file without rows has no dictionary to take the value type from; the schema
   * (the stored Arrow schema says the field holds strings) is enough for an empty table.
   */
  @Test
  void aFileWithoutRowsConvertsToAnEmptyTableOfTheValueType(@TempDir Path dir) throws Exception {
    Path arrow = dir.resolve("empty.arrow");
    writeColors(arrow, 0);
    Path parquet = dir.resolve("empty.parquet");
    Cli w = Cli.run("from-arrow", arrow.toString(), parquet.toString());
    assertEquals(0, w.exit(), w.err());
    assertTrue(Cli.run("schema", parquet.toString()).out().contains("color: Utf8[dictionary: "));

    Path back = dir.resolve("back.arrow");
    Cli t = Cli.run("to-arrow", parquet.toString(), back.toString());
    assertEquals(0, t.exit(), t.err());
    assertTrue(t.out().contains("wrote 0 rows"), t.out());
    try (BufferAllocator a = new RootAllocator();
        ArrowFileReader r = new ArrowFileReader(FileChannel.open(back, StandardOpenOption.READ), a)) {
      List<Field> fields = r.getVectorSchemaRoot().getSchema().getFields();
      assertEquals(1, fields.size());
      assertEquals("color", fields.get(0).getName());
      assertEquals(ArrowType.Utf8.INSTANCE, fields.get(0).getType());
      assertNull(fields.get(0).getDictionary());
      long rows = 0;
      while (r.loadNextBatch()) {
        rows += r.getVectorSchemaRoot().getRowCount();
      }
      assertEquals(0, rows);
    }

    Cli cat = Cli.run("cat", parquet.toString(), "--json");
    assertEquals(0, cat.exit(), cat.err());
    assertEquals("", cat.out());
  }

  /**
   * Issue 19 item 9, as Polars writes it: a categorical column stored as {@code dictionary<uint32,
   * large_utf8>} in {@code ARROW:schema} (serialised here by Arrow Java), over a string column, in a
   * file with no rows and no row groups. The footer is built field by field.
   */
  @Test
  void aPolarsShapedEmptyFileWithACategoricalColumnConverts(@TempDir Path dir) throws Exception {
    Schema stored = new Schema(List.of(new Field("cat",
        new FieldType(true, ArrowType.LargeUtf8.INSTANCE, new DictionaryEncoding(0, false, new ArrowType.Int(32, false))),
        null)));
    ByteArrayOutputStream ipc = new ByteArrayOutputStream();
    try (WriteChannel channel = new WriteChannel(Channels.newChannel(ipc))) {
      MessageSerializer.serialize(channel, stored);
    }
    FileMetaData footer = new FileMetaData(1, List.of(
        new SchemaElement(null, null, null, "root", 1, null, null, null, null, null, null),
        new SchemaElement(PhysicalType.BYTE_ARRAY, null, Repetition.OPTIONAL, "cat", null, ConvertedType.UTF8,
            null, null, null, null, null)),
        0, List.of(), List.of(new KeyValue("ARROW:schema", Base64.getEncoder().encodeToString(ipc.toByteArray()))),
        "Polars", null, null, null);
    byte[] meta = MetadataWriter.toBytes(footer);
    ByteArrayOutputStream file = new ByteArrayOutputStream();
    file.writeBytes("PAR1".getBytes(StandardCharsets.US_ASCII));
    file.writeBytes(meta);
    file.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(meta.length).array());
    file.writeBytes("PAR1".getBytes(StandardCharsets.US_ASCII));
    Path parquet = dir.resolve("polars-empty.parquet");
    Files.write(parquet, file.toByteArray());

    Path back = dir.resolve("back.arrow");
    Cli t = Cli.run("to-arrow", parquet.toString(), back.toString());
    assertEquals(0, t.exit(), t.err());
    try (BufferAllocator a = new RootAllocator();
        ArrowFileReader r = new ArrowFileReader(FileChannel.open(back, StandardOpenOption.READ), a)) {
      List<Field> fields = r.getVectorSchemaRoot().getSchema().getFields();
      assertEquals(1, fields.size());
      assertEquals("cat", fields.get(0).getName());
      assertEquals(ArrowType.Utf8.INSTANCE, fields.get(0).getType());
      assertNull(fields.get(0).getDictionary());
      assertTrue(!r.loadNextBatch() || r.getVectorSchemaRoot().getRowCount() == 0);
    }
  }

  private static void writeColors(Path file, int rows) throws Exception {
    DictionaryEncoding encoding = new DictionaryEncoding(1, false, new ArrowType.Int(32, true));
    try (BufferAllocator a = new RootAllocator();
        VarCharVector dict = new VarCharVector("colors", a);
        IntVector ids = new IntVector("color", new FieldType(true, new ArrowType.Int(32, true), encoding), a)) {
      dict.allocateNew();
      for (int i = 0; i < COLORS.length; i++) {
        dict.setSafe(i, COLORS[i].getBytes(StandardCharsets.UTF_8));
      }
      dict.setValueCount(COLORS.length);
      DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider();
      provider.put(new Dictionary(dict, encoding));
      ids.allocateNew(Math.max(rows, 1));
      for (int i = 0; i < rows; i++) {
        if (i % 5 == 0) {
          ids.setNull(i);
        } else {
          ids.set(i, i % 3);
        }
      }
      ids.setValueCount(rows);
      VectorSchemaRoot root = VectorSchemaRoot.of(ids);
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          ArrowFileWriter w = new ArrowFileWriter(root, provider, ch)) {
        w.start();
        w.writeBatch();
        w.end();
      }
    }
  }
}
