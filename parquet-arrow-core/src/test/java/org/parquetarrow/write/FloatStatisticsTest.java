package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Float statistics as parquet.thrift asks of TYPE_ORDER columns (the older form, asked for with
 * {@link FloatingPointOrder#TYPE_DEFINED_ORDER}; {@link FloatTotalOrderTest} has the default): NaNs are left out of min/max and
 * counted in {@code nan_count} (chunk, column index, or page headers when there is no page index),
 * and a chunk with a page of
 * only NaNs gets no column index. The footer's {@code version} is 1, as the thrift file says
 * writers should populate.
 */
class FloatStatisticsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final Schema DOUBLES = new Schema(List.of(
      Field.nullable("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));

  /** {@code null} entries are null slots. */
  private VectorSchemaRoot doubles(Double... values) {
    VectorSchemaRoot root = VectorSchemaRoot.create(DOUBLES, memory.allocator());
    Float8Vector v = (Float8Vector) root.getVector(0);
    v.allocateNew(values.length);
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        v.setNull(i);
      } else {
        v.set(i, values[i]);
      }
    }
    root.setRowCount(values.length);
    return root;
  }

  private static WriterProperties.Builder typeOrder() {
    return WriterProperties.builder().floatingPointOrder(FloatingPointOrder.TYPE_DEFINED_ORDER);
  }

  private static byte[] le(double d) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(d).array();
  }

  private Path write(String name, WriterProperties props, VectorSchemaRoot... batches) {
    Path file = dir.resolve(name);
    try (ParquetFileWriter w = ParquetFileWriter.open(file, batches[0].getSchema(), props)) {
      for (VectorSchemaRoot b : batches) {
        w.write(b);
      }
    }
    return file;
  }

  @Test
  void nanCountsInPageHeadersChunkAndColumnIndex() throws Exception {
    Path file;
    // four rows a page: [1.5, NaN, 0.0, null] and [NaN, NaN, -2.0, 3.0]
    try (VectorSchemaRoot root = doubles(1.5, Double.NaN, 0.0, null, Double.NaN, Double.NaN, -2.0, 3.0)) {
      file = write("nans.parquet", typeOrder().dictionary(false).dataPageRowLimit(4).build(), root);
    }
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData m = ParquetFooter.read(in).metadata();
      assertEquals(1, m.version());
      ColumnChunk chunk = m.rowGroups().get(0).columns().get(0);
      Statistics s = chunk.metaData().statistics();
      assertEquals(3L, s.nanCount());
      assertEquals(1L, s.nullCount());
      assertArrayEquals(le(-2.0), s.minValue());
      assertArrayEquals(le(3.0), s.maxValue());

      // with a page index, page bounds live in the column index only (as Arrow C++ and parquet-java)
      ByteBuffer first = in.read(chunk.metaData().dataPageOffset(), (int) chunk.metaData().totalCompressedSize());
      assertNull(MetadataReader.readPageHeader(first).dataPageHeader().statistics());

      assertNotNull(chunk.columnIndexOffset());
      ColumnIndex ci = MetadataReader.readColumnIndex(in.read(chunk.columnIndexOffset(), chunk.columnIndexLength()));
      assertEquals(List.of(1L, 2L), ci.nanCounts());
      assertEquals(List.of(false, false), ci.nullPages());
    }
  }

  @Test
  void withoutPageIndexPageHeadersCarryTheNanCount() throws Exception {
    Path file;
    try (VectorSchemaRoot root = doubles(1.5, Double.NaN, 0.0, null, Double.NaN, Double.NaN, -2.0, 3.0)) {
      file = write("headers.parquet", typeOrder().dictionary(false).dataPageRowLimit(4)
          .pageIndex(false).build(), root);
    }
    try (LocalInputFile in = LocalInputFile.open(file)) {
      ColumnChunk chunk = ParquetFooter.read(in).metadata().rowGroups().get(0).columns().get(0);
      assertNull(chunk.columnIndexOffset());
      ByteBuffer first = in.read(chunk.metaData().dataPageOffset(), (int) chunk.metaData().totalCompressedSize());
      PageHeader h = MetadataReader.readPageHeader(first);
      Statistics page = h.dataPageHeader().statistics();
      assertEquals(1L, page.nanCount());
      assertEquals(1L, page.nullCount());
      // the only zero is the page's min: written as -0.0 by the spec's rule, max 1.5
      assertArrayEquals(le(-0.0), page.minValue());
      assertArrayEquals(le(1.5), page.maxValue());
    }
  }

  @Test
  void aPageOfOnlyNansLeavesTheChunkWithoutColumnIndex() throws Exception {
    Path file;
    try (VectorSchemaRoot root = doubles(1.0, 2.0, Double.NaN, Double.NaN, null, null)) {
      file = write("allnan.parquet", typeOrder().dataPageRowLimit(2).build(), root);
    }
    try (LocalInputFile in = LocalInputFile.open(file)) {
      ColumnChunk chunk = ParquetFooter.read(in).metadata().rowGroups().get(0).columns().get(0);
      assertNull(chunk.columnIndexOffset(), "a page of NaNs cannot be described in a TYPE_ORDER column index");
      assertNotNull(chunk.offsetIndexOffset(), "the offset index does not depend on values");
      assertEquals(2L, chunk.metaData().statistics().nanCount());
    }
  }

  @Test
  void float16CountsNansToo() throws Exception {
    Schema halves = new Schema(List.of(Field.nullable("h", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF))));
    Path file = dir.resolve("half.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(halves, memory.allocator())) {
      Float2Vector v = (Float2Vector) root.getVector(0);
      v.allocateNew(4);
      v.set(0, (short) 0x3C00); // 1.0
      v.set(1, (short) 0x7E00); // NaN
      v.set(2, (short) 0xFE01); // NaN with sign and payload
      v.set(3, (short) 0xC000); // -2.0
      root.setRowCount(4);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, halves, typeOrder().build())) {
        w.write(root);
      }
    }
    try (LocalInputFile in = LocalInputFile.open(file)) {
      Statistics s = ParquetFooter.read(in).metadata().rowGroups().get(0).columns().get(0).metaData().statistics();
      assertEquals(2L, s.nanCount());
      // FLOAT16 min/max are the two little-endian bytes: -2.0 = 0xC000, 1.0 = 0x3C00
      assertArrayEquals(new byte[] {0x00, (byte) 0xC0}, s.minValue());
      assertArrayEquals(new byte[] {0x00, 0x3C}, s.maxValue());
    }
  }
}
