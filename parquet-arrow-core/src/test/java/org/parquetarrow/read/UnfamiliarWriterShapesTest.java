package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Issue 19 item 10: files shaped as hyparquet writes them, footers written out by hand in the
 * compact protocol (thrift's {@code thrift-compact-protocol.md}; field header {@code ddddtttt}, list
 * header {@code sssstttt}). hyparquet writes an empty list with element type 0, which the compact
 * spec does not name; other readers accept it since an empty list has no element to type.
 */
class UnfamiliarWriterShapesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** A zero-column file with 5 rows in one row group whose column list is empty, element type 0. */
  @Test
  void aZeroColumnFileReadsAsRowsWithoutColumns() {
    byte[] footer = bytes(
        0x15, 0x04,                          // 1: version i32 = 2
        0x19, 0x1c,                          // 2: schema list<struct> of 1
        0x48, 0x06, 's', 'c', 'h', 'e', 'm', 'a', //   4: name "schema"
        0x15, 0x00,                          //   5: num_children = 0
        0x00,                                //   end SchemaElement
        0x16, 0x0a,                          // 3: num_rows i64 = 5
        0x19, 0x1c,                          // 4: row_groups list<struct> of 1
        0x19, 0x00,                          //   1: columns: empty list, element type 0
        0x16, 0x00,                          //   2: total_byte_size = 0
        0x16, 0x0a,                          //   3: num_rows = 5
        0x00,                                //   end RowGroup
        0x28, 0x09, 'h', 'y', 'p', 'a', 'r', 'q', 'u', 'e', 't', // 6: created_by
        0x00);
    try (ParquetFileReader r = open(file(footer))) {
      assertEquals(5, r.metadata().numRows());
      assertTrue(r.arrowSchema().getFields().isEmpty(), r.arrowSchema().toString());
      long rows = 0;
      for (VectorSchemaRoot next = r.readNextBatch(); next != null; next = r.readNextBatch()) {
        try (VectorSchemaRoot b = next) {
          assertEquals(0, b.getFieldVectors().size());
          rows += b.getRowCount();
        }
      }
      assertEquals(5, rows);
    }
  }

  /** A zero-row file with one int32 column, no row groups (empty list, element type 0). */
  @Test
  void aZeroRowFileWithAnUntypedEmptyRowGroupListReadsAsAnEmptyTable() {
    byte[] footer = bytes(
        0x15, 0x04,                          // 1: version i32 = 2
        0x19, 0x2c,                          // 2: schema list<struct> of 2
        0x48, 0x06, 's', 'c', 'h', 'e', 'm', 'a', //   4: name "schema"
        0x15, 0x02,                          //   5: num_children = 1
        0x00,
        0x15, 0x02,                          //   1: type = INT32 (1)
        0x25, 0x02,                          //   3: repetition_type = OPTIONAL (1)
        0x18, 0x01, 'x',                     //   4: name "x"
        0x00,
        0x16, 0x00,                          // 3: num_rows = 0
        0x19, 0x00,                          // 4: row_groups: empty list, element type 0
        0x19, 0x00,                          // 5: key_value_metadata: empty, element type 0
        0x00);
    try (ParquetFileReader r = open(file(footer))) {
      assertEquals(0, r.metadata().numRows());
      List<Field> fields = r.arrowSchema().getFields();
      assertEquals(1, fields.size());
      assertEquals("x", fields.get(0).getName());
      assertEquals(new ArrowType.Int(32, true), fields.get(0).getType());
      assertNull(r.readNextBatch());
    }
  }

  private ParquetFileReader open(byte[] file) {
    return ParquetFileReader.open(new ByteBufferInputFile("hand-made.parquet", file),
        ReadOptions.builder(memory.allocator()).build());
  }

  /** {@code PAR1}, the footer, its length (4 bytes little-endian), {@code PAR1}. */
  private static byte[] file(byte[] footer) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] magic = "PAR1".getBytes(StandardCharsets.US_ASCII);
    out.writeBytes(magic);
    out.writeBytes(footer);
    int n = footer.length;
    out.writeBytes(new byte[] {(byte) n, (byte) (n >>> 8), (byte) (n >>> 16), (byte) (n >>> 24)});
    out.writeBytes(magic);
    return out.toByteArray();
  }

  private static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }
}
