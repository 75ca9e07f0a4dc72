package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.ColumnOrder;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.LeakCheckingAllocator;

/** Our own bytes checked with our metadata reader against values worked out by hand. */
class ParquetFileWriterTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private VectorSchemaRoot small() {
    Schema schema = new Schema(List.of(
        new Field("n", FieldType.nullable(new ArrowType.Int(32, true)), null),
        new Field("s", FieldType.nullable(new ArrowType.Utf8()), null)));
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
    IntVector n = (IntVector) root.getVector(0);
    VarCharVector s = (VarCharVector) root.getVector(1);
    n.allocateNew(4);
    s.allocateNew(4);
    n.set(0, 3);
    n.set(1, -7);
    n.setNull(2);
    n.set(3, 12);
    s.setSafe(0, "pear".getBytes(StandardCharsets.UTF_8));
    s.setSafe(1, "apple".getBytes(StandardCharsets.UTF_8));
    s.setSafe(2, "fig".getBytes(StandardCharsets.UTF_8));
    s.setNull(3);
    root.setRowCount(4);
    return root;
  }

  @Test
  void footerCarriesStatisticsOrdersAndTheArrowSchema() throws Exception {
    Path file = dir.resolve("small.parquet");
    try (VectorSchemaRoot root = small();
        ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(),
            WriterProperties.builder().dictionary(false).build())) {
      w.write(root);
    }
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData m = ParquetFooter.read(in).metadata();
      assertEquals(4, m.numRows());
      assertEquals(List.of(ColumnOrder.TYPE_DEFINED_ORDER, ColumnOrder.TYPE_DEFINED_ORDER), m.columnOrders());
      assertTrue(m.keyValueMetadata().stream().anyMatch(kv -> kv.key().equals("ARROW:schema")));
      ColumnMetaData n = m.rowGroups().get(0).columns().get(0).metaData();
      Statistics ns = n.statistics();
      // -7 and 12 as 4-byte little-endian two's complement
      assertArrayEquals(new byte[] {(byte) 0xf9, (byte) 0xff, (byte) 0xff, (byte) 0xff}, ns.minValue());
      assertArrayEquals(new byte[] {12, 0, 0, 0}, ns.maxValue());
      assertEquals(1L, ns.nullCount());
      assertEquals(4, n.numValues());
      Statistics ss = m.rowGroups().get(0).columns().get(1).metaData().statistics();
      assertArrayEquals("apple".getBytes(StandardCharsets.UTF_8), ss.minValue());
      assertArrayEquals("pear".getBytes(StandardCharsets.UTF_8), ss.maxValue());
      assertEquals(Boolean.TRUE, ss.isMaxValueExact());
      // the first data page of n: v1, PLAIN, 4 values; body = def levels (length-prefixed RLE) + 3 ints
      ByteBuffer page = in.read(n.dataPageOffset(), (int) n.totalCompressedSize());
      PageHeader h = MetadataReader.readPageHeader(page);
      assertEquals(4, h.dataPageHeader().numValues());
      assertEquals(Encoding.PLAIN, h.dataPageHeader().encoding());
      assertEquals(page.remaining(), h.compressedPageSize());
      int levelsLength = page.getInt(page.position());
      assertEquals(h.uncompressedPageSize(), 4 + levelsLength + 3 * 4);
      int values = page.position() + 4 + levelsLength;
      assertEquals(3, page.getInt(values));
      assertEquals(-7, page.getInt(values + 4));
      assertEquals(12, page.getInt(values + 8));
    }
  }

  @Test
  void abandonedAndFailedWritesLeaveNothing() throws Exception {
    Path file = dir.resolve("gone.parquet");
    try (VectorSchemaRoot root = small()) {
      ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(), WriterProperties.defaults());
      w.write(root);
      w.abort();
    }
    assertFalse(Files.exists(file));
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(0, s.count());
    }
  }

  @Test
  void aSchemaParquetCannotStoreIsRefusedBeforeAnythingIsCreated() throws Exception {
    Path file = dir.resolve("union.parquet");
    Schema schema = new Schema(List.of(new Field("u", FieldType.nullable(
        new ArrowType.Union(org.apache.arrow.vector.types.UnionMode.Sparse, new int[0])), List.of())));
    UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class,
        () -> ParquetFileWriter.open(file, schema, WriterProperties.defaults()));
    assertTrue(e.getMessage().contains("u"), e.getMessage());
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(0, s.count());
    }
  }

  @Test
  void anEncodingThatDoesNotFitItsColumnIsRefusedNamingIt() {
    Schema schema = new Schema(List.of(new Field("s", FieldType.nullable(new ArrowType.Utf8()), null)));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ParquetFileWriter.open(dir.resolve("x.parquet"), schema,
            WriterProperties.builder().column("s", c -> c.encoding(Encoding.BYTE_STREAM_SPLIT)).build()));
    assertTrue(e.getMessage().contains("s"), e.getMessage());
  }
}
