package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.testing.ArrowValues;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * A projected read of a wide file decodes the footer's column chunks of its own columns only
 * (issue 18 item 4): a file whose last column's chunk metadata is broken (an undefined physical
 * type, put in by hand into the footer bytes) still reads its other columns when they are asked
 * for by name, while a read of every column, or of the broken one, fails as corrupt.
 */
class WideFileProjectedFooterTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int COLUMNS = 40;
  private static final int ROWS = 3;

  @Test
  void aProjectedReadSkipsTheChunksOfOtherColumns() throws Exception {
    Path file = wideFileWithBrokenLastChunk();

    try (ParquetFileReader r = ParquetFileReader.open(file,
        ReadOptions.builder(memory.allocator()).columns("c7", "c0").build());
        VectorSchemaRoot batch = r.readNextBatch()) {
      assertEquals(ROWS, batch.getRowCount());
      for (String name : new String[] {"c7", "c0"}) {
        IntVector v = (IntVector) batch.getVector(name);
        int c = Integer.parseInt(name.substring(1));
        for (int row = 0; row < ROWS; row++) {
          assertEquals(c * 100 + row, v.get(row), name + " row " + row); // as written below
        }
      }
    }
  }

  @Test
  void aReadOfEveryColumnFailsAsCorrupt() throws Exception {
    Path file = wideFileWithBrokenLastChunk();
    CorruptFileException all = assertThrows(CorruptFileException.class, () -> readAll(file, null));
    assertTrue(all.getMessage().contains("undefined physical type 50"), all.getMessage());
  }

  @Test
  void aReadOfTheBrokenColumnFailsAsCorrupt() throws Exception {
    Path file = wideFileWithBrokenLastChunk();
    CorruptFileException broken = assertThrows(CorruptFileException.class, () -> readAll(file, "c" + (COLUMNS - 1)));
    assertTrue(broken.getMessage().contains("undefined physical type 50"), broken.getMessage());
  }

  /** Opens and reads every batch of the file, or only of {@code column}. */
  private void readAll(Path file, String column) {
    ReadOptions.Builder options = ReadOptions.builder(memory.allocator());
    if (column != null) {
      options.columns(column);
    }
    try (ParquetFileReader r = ParquetFileReader.open(file, options.build())) {
      for (VectorSchemaRoot batch = r.readNextBatch(); batch != null; batch = r.readNextBatch()) {
        batch.close();
      }
    }
  }

  /**
   * {@value #COLUMNS} INT32 columns {@code c0..} holding {@code 100 * column + row}, one row group;
   * the last column's {@code ColumnMetaData.type} (INT32, zigzag varint 0x02) is then changed in
   * place to the undefined 50 (zigzag 0x64), so the footer keeps its length.
   */
  private Path wideFileWithBrokenLastChunk() throws Exception {
    List<Field> fields = new ArrayList<>();
    List<List<?>> values = new ArrayList<>();
    for (int c = 0; c < COLUMNS; c++) {
      fields.add(Field.nullable("c" + c, new ArrowType.Int(32, true)));
      List<Integer> column = new ArrayList<>();
      for (int row = 0; row < ROWS; row++) {
        column.add(c * 100 + row);
      }
      values.add(column);
    }
    Schema schema = new Schema(fields);
    Path file = dir.resolve("wide.parquet");
    try (VectorSchemaRoot root = ArrowValues.root(memory.allocator(), schema, values);
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults())) {
      w.write(root);
    }
    byte[] bytes = Files.readAllBytes(file);
    int footerLength = ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    int footerStart = bytes.length - 8 - footerLength;
    // the last chunk's path_in_schema: field 3, a list (header 0x19) of one binary (0x18) "c39"
    byte[] name = ("c" + (COLUMNS - 1)).getBytes(StandardCharsets.US_ASCII);
    byte[] path = new byte[3 + name.length];
    path[0] = 0x19;
    path[1] = 0x18;
    path[2] = (byte) name.length;
    System.arraycopy(name, 0, path, 3, name.length);
    int at = indexOf(bytes, path, footerStart);
    // back to the start of its ColumnMetaData: field 3 of the chunk (0x1c), then type (0x15 0x02)
    int type = at;
    while (!(bytes[type - 2] == 0x1c && bytes[type - 1] == 0x15 && bytes[type] == 0x02)) {
      type--;
      assertTrue(type - 2 > footerStart, "no ColumnMetaData.type before the last chunk's path");
    }
    bytes[type] = 0x64;
    Files.write(file, bytes);
    return file;
  }

  private static int indexOf(byte[] bytes, byte[] what, int from) {
    outer:
    for (int i = from; i + what.length <= bytes.length; i++) {
      for (int k = 0; k < what.length; k++) {
        if (bytes[i + k] != what[k]) {
          continue outer;
        }
      }
      return i;
    }
    throw new AssertionError("the footer holds no " + new String(what, 3, what.length - 3, StandardCharsets.US_ASCII));
  }
}
