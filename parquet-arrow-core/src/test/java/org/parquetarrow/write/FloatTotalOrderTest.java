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
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.BoundaryOrder;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.ColumnOrder;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * The default floating-point statistics, parquet-format 2.13's IEEE 754 total order, for DOUBLE,
 * FLOAT and FLOAT16: the footer states {@code IEEE_754_TOTAL_ORDER} for those columns (and type
 * order for the others); bounds leave NaNs out and keep the sign of zeros; a page or chunk of only
 * NaNs is bounded by the standard NaN, so the column index is written; {@code nan_count} and
 * {@code nan_counts} count them. The expected bytes are what parquet-java 1.18.1 writes for the
 * same values with four rows a page (its footer and column index read field by field), encoded
 * here by hand.
 */
class FloatTotalOrderTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final double NAN = Double.longBitsToDouble(0x7ff8000000000000L);
  // five pages of four rows
  private static final double[] VALUES = {1, NAN, 3, 4, NAN, NAN, NAN, NAN, -0.0, 0.0, 2, NAN, 0.0, 0.0, 0.0, 0.0,
      -0.0, -0.0, -0.0, -0.0};
  private static final Schema SCHEMA = new Schema(List.of(
      Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("f", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      Field.nullable("h", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)),
      Field.nullable("i", new ArrowType.Int(32, true))));

  private static byte[] d(double v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(v).array();
  }

  private static byte[] f(double v) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat((float) v).array();
  }

  private static byte[] h(int bits) {
    return new byte[] {(byte) bits, (byte) (bits >>> 8)};
  }

  /** IEEE binary16 bits of the few values used here. */
  private static short half(double v) {
    if (v != v) {
      return 0x7e00;
    }
    if (v == 0) {
      return (short) (Double.doubleToRawLongBits(v) < 0 ? 0x8000 : 0);
    }
    return switch ((int) v) {
      case 1 -> 0x3c00;
      case 2 -> 0x4000;
      case 3 -> 0x4200;
      case 4 -> 0x4400;
      default -> throw new IllegalArgumentException();
    };
  }

  private Path write(String name, double[] values, WriterProperties props) {
    Path file = dir.resolve(name);
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      Float8Vector x = (Float8Vector) root.getVector("x");
      Float4Vector fl = (Float4Vector) root.getVector("f");
      Float2Vector hv = (Float2Vector) root.getVector("h");
      IntVector i = (IntVector) root.getVector("i");
      for (int r = 0; r < values.length; r++) {
        x.setSafe(r, values[r]);
        fl.setSafe(r, (float) values[r]);
        hv.setSafe(r, half(values[r]));
        i.setSafe(r, r);
      }
      root.setRowCount(values.length);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, props)) {
        w.write(root);
      }
    }
    return file;
  }

  private static ColumnIndex columnIndex(LocalInputFile in, ColumnChunk c) throws Exception {
    assertNotNull(c.columnIndexOffset(), c.metaData().pathInSchema() + " has a column index");
    return MetadataReader.readColumnIndex(in.read(c.columnIndexOffset(), c.columnIndexLength()));
  }

  private static void assertBytes(List<byte[]> expected, List<byte[]> actual) {
    assertEquals(expected.size(), actual.size());
    for (int k = 0; k < expected.size(); k++) {
      assertArrayEquals(expected.get(k), actual.get(k), "page " + k);
    }
  }

  @Test
  void floatColumnsAreWrittenInTotalOrderByDefault() throws Exception {
    Path file = write("total.parquet", VALUES, WriterProperties.builder().dictionary(false).dataPageRowLimit(4).build());
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData m = ParquetFooter.read(in).metadata();
      assertEquals(List.of(ColumnOrder.IEEE_754_TOTAL_ORDER, ColumnOrder.IEEE_754_TOTAL_ORDER,
          ColumnOrder.IEEE_754_TOTAL_ORDER, ColumnOrder.TYPE_DEFINED_ORDER), m.columnOrders());
      List<ColumnChunk> cols = m.rowGroups().get(0).columns();
      List<Long> nans = List.of(1L, 4L, 1L, 0L, 0L);
      List<Boolean> noNullPages = List.of(false, false, false, false, false);

      Statistics xs = cols.get(0).metaData().statistics();
      assertEquals(6L, xs.nanCount());
      assertArrayEquals(d(-0.0), xs.minValue(), "-0.0 comes before +0.0 in total order");
      assertArrayEquals(d(4), xs.maxValue());
      ColumnIndex x = columnIndex(in, cols.get(0));
      assertEquals(nans, x.nanCounts());
      assertEquals(noNullPages, x.nullPages());
      assertBytes(List.of(d(1), d(NAN), d(-0.0), d(0.0), d(-0.0)), x.minValues());
      assertBytes(List.of(d(4), d(NAN), d(2), d(0.0), d(-0.0)), x.maxValues());
      assertEquals(BoundaryOrder.UNORDERED, x.boundaryOrder());

      Statistics fs = cols.get(1).metaData().statistics();
      assertEquals(6L, fs.nanCount());
      assertArrayEquals(f(-0.0), fs.minValue());
      assertArrayEquals(f(4), fs.maxValue());
      ColumnIndex fi = columnIndex(in, cols.get(1));
      assertEquals(nans, fi.nanCounts());
      assertBytes(List.of(f(1), new byte[] {0, 0, (byte) 0xc0, 0x7f}, f(-0.0), f(0.0), f(-0.0)), fi.minValues());
      assertBytes(List.of(f(4), new byte[] {0, 0, (byte) 0xc0, 0x7f}, f(2), f(0.0), f(-0.0)), fi.maxValues());

      Statistics hs = cols.get(2).metaData().statistics();
      assertEquals(6L, hs.nanCount());
      assertArrayEquals(h(0x8000), hs.minValue());
      assertArrayEquals(h(0x4400), hs.maxValue());
      ColumnIndex hi = columnIndex(in, cols.get(2));
      assertEquals(nans, hi.nanCounts());
      assertBytes(List.of(h(0x3c00), h(0x7e00), h(0x8000), h(0x0000), h(0x8000)), hi.minValues());
      assertBytes(List.of(h(0x4400), h(0x7e00), h(0x4000), h(0x0000), h(0x8000)), hi.maxValues());

      assertNull(cols.get(3).metaData().statistics().nanCount(), "no nan_count for integers");
    }
  }

  @Test
  void aChunkOfOnlyNansIsBoundedByTheStandardNan() throws Exception {
    Path file = write("nans.parquet", new double[] {NAN, NAN, NAN}, WriterProperties.builder().build());
    try (LocalInputFile in = LocalInputFile.open(file)) {
      List<ColumnChunk> cols = ParquetFooter.read(in).metadata().rowGroups().get(0).columns();
      Statistics xs = cols.get(0).metaData().statistics();
      assertEquals(3L, xs.nanCount());
      assertArrayEquals(d(NAN), xs.minValue());
      assertArrayEquals(d(NAN), xs.maxValue());
      ColumnIndex x = columnIndex(in, cols.get(0));
      assertEquals(List.of(3L), x.nanCounts());
      assertEquals(List.of(false), x.nullPages());
      assertArrayEquals(h(0x7e00), cols.get(2).metaData().statistics().minValue());
    }
  }

  @Test
  void theOlderFormOnRequest() throws Exception {
    Path file = write("older.parquet", VALUES, WriterProperties.builder().dictionary(false).dataPageRowLimit(4)
        .floatingPointOrder(FloatingPointOrder.TYPE_DEFINED_ORDER).build());
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData m = ParquetFooter.read(in).metadata();
      assertEquals(List.of(ColumnOrder.TYPE_DEFINED_ORDER, ColumnOrder.TYPE_DEFINED_ORDER,
          ColumnOrder.TYPE_DEFINED_ORDER, ColumnOrder.TYPE_DEFINED_ORDER), m.columnOrders());
      ColumnChunk x = m.rowGroups().get(0).columns().get(0);
      assertNull(x.columnIndexOffset(), "a page of only NaNs leaves a TYPE_ORDER chunk without column index");
      assertEquals(6L, x.metaData().statistics().nanCount());
    }
  }
}
