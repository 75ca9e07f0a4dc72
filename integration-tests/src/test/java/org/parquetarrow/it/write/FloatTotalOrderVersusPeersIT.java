package org.parquetarrow.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.ColumnOrder;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.scan.ScanMetrics;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.write.FloatingPointOrder;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Floating-point statistics in IEEE 754 total order against the peers. parquet-java 1.18 writes the
 * same values (NaN-only, mixed, -0.0 and +0.0 pages) into pages of the same rows: read by
 * parquet-java, both files have the same column orders, chunk statistics (bounds and NaN counts)
 * and column index (bounds, null pages, NaN counts). And a file with NaN-heavy pages prunes pages
 * for {@code x > 5} and {@code x < 0} that the older type order cannot (its chunks with a NaN-only
 * page have no column index), returning the rows DuckDB returns for the same filters.
 */
class FloatTotalOrderVersusPeersIT {
  private static final double NAN = Double.NaN;
  private static final double[] VALUES = {1, NAN, 3, 4, NAN, NAN, NAN, NAN, -0.0, 0.0, 2, NAN, 0.0, 0.0, 0.0, 0.0,
      -0.0, -0.0, -0.0, -0.0, 7.5, -1, NAN, 0.25};
  private static final Schema FLOATS = new Schema(List.of(
      Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("f", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      Field.nullable("h", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF))));
  private static final MessageType PARQUET_JAVA_SCHEMA = MessageTypeParser.parseMessageType(
      "message m { optional double x; optional float f; optional fixed_len_byte_array(2) h (FLOAT16); }");

  @TempDir Path dir;

  /** IEEE binary16 bits of a float (round to nearest even; the values here are exact). */
  private static short half(float v) {
    int bits = Float.floatToRawIntBits(v);
    int sign = (bits >>> 16) & 0x8000;
    if (v != v) {
      return 0x7e00;
    }
    float a = Math.abs(v);
    if (a == 0) {
      return (short) sign;
    }
    int exp = Math.getExponent(a);
    int mant = (int) Math.round((a / Math.scalb(1.0f, exp) - 1) * 1024);
    return (short) (sign | ((exp + 15) << 10) | mant);
  }

  private Path writeOurs(String name) {
    Path file = dir.resolve(name);
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(FLOATS, allocator)) {
      Float8Vector x = (Float8Vector) root.getVector("x");
      Float4Vector f = (Float4Vector) root.getVector("f");
      Float2Vector h = (Float2Vector) root.getVector("h");
      for (int r = 0; r < VALUES.length; r++) {
        x.setSafe(r, VALUES[r]);
        f.setSafe(r, (float) VALUES[r]);
        h.setSafe(r, half((float) VALUES[r]));
      }
      root.setRowCount(VALUES.length);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, FLOATS,
          WriterProperties.builder().dictionary(false).dataPageRowLimit(4).build())) {
        w.write(root);
      }
    }
    return file;
  }

  private Path writeParquetJava(String name) throws Exception {
    Path file = dir.resolve(name);
    SimpleGroupFactory groups = new SimpleGroupFactory(PARQUET_JAVA_SCHEMA);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new PlainParquetConfiguration())
        .withType(PARQUET_JAVA_SCHEMA)
        .withDictionaryEncoding(false)
        .withPageRowCountLimit(4)
        .withMinRowCountForPageSizeCheck(1)
        .withMaxRowCountForPageSizeCheck(1)
        .build()) {
      for (double v : VALUES) {
        Group g = groups.newGroup();
        g.add("x", v);
        g.add("f", (float) v);
        short hb = half((float) v);
        g.add("h", Binary.fromConstantByteArray(new byte[] {(byte) hb, (byte) (hb >>> 8)}));
        w.write(g);
      }
    }
    return file;
  }

  /** A column's statistics and column index as parquet-java reads them, as comparable text. */
  private static List<String> asParquetJavaReadsIt(Path file) throws Exception {
    List<String> out = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      for (PrimitiveType t : r.getFooter().getFileMetaData().getSchema().getColumns().stream()
          .map(c -> c.getPrimitiveType()).toList()) {
        out.add(t.getName() + " order " + t.columnOrder());
      }
      for (BlockMetaData b : r.getFooter().getBlocks()) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          var s = c.getStatistics();
          out.add(c.getPath().toDotString() + " stats min " + hex(s.getMinBytes()) + " max " + hex(s.getMaxBytes())
              + " nulls " + s.getNumNulls() + " nans " + (s.isNanCountSet() ? s.getNanCount() : "unset"));
          ColumnIndex ci = r.readColumnIndex(c);
          out.add(c.getPath().toDotString() + " index " + (ci == null ? "none" : "null pages " + ci.getNullPages()
              + " nans " + ci.getNanCounts() + " mins " + hexes(ci.getMinValues()) + " maxs " + hexes(ci.getMaxValues())));
        }
      }
    }
    return out;
  }

  private static String hex(byte[] b) {
    return b == null ? "none" : java.util.HexFormat.of().formatHex(b);
  }

  private static List<String> hexes(List<ByteBuffer> l) {
    List<String> out = new ArrayList<>();
    for (ByteBuffer b : l) {
      byte[] a = new byte[b.remaining()];
      b.duplicate().get(a);
      out.add(hex(a));
    }
    return out;
  }

  @Test
  void parquetJavaReadsOurFloatStatisticsAsItWritesThem() throws Exception {
    List<String> ours = asParquetJavaReadsIt(writeOurs("ours.parquet"));
    List<String> theirs = asParquetJavaReadsIt(writeParquetJava("theirs.parquet"));
    assertTrue(theirs.get(0).endsWith("IEEE_754_TOTAL_ORDER"), theirs.get(0));
    assertEquals(theirs, ours);
  }

  // ---- pruning against DuckDB ----

  private static final int PAGE_ROWS = 100;
  private static final int PAGES = 40;
  private static final int NAN_ROWS = 1000;

  /**
   * Row {@code id} of the NaN-heavy file: page p = id / 100 holds only NaN when p % 4 == 0, numbers
   * in [0, 3) when 1, numbers in [4, 10) and some NaNs when 2, numbers in [-5, 1) and some nulls
   * when 3; the last 1000 rows, a row group of their own, are all NaN.
   */
  private static Double value(int id) {
    if (id >= PAGES * PAGE_ROWS) {
      return NAN;
    }
    int page = id / PAGE_ROWS;
    int k = id % PAGE_ROWS;
    return switch (page % 4) {
      case 0 -> NAN;
      case 1 -> (k % 30) / 10.0;
      case 2 -> k % 9 == 0 ? NAN : 4 + (k % 60) / 10.0;
      default -> k % 7 == 0 ? null : -5 + (k % 60) / 10.0;
    };
  }

  private Path writeNanHeavy(String name, FloatingPointOrder order) throws Exception {
    Path file = dir.resolve(name).resolve("part-0.parquet");
    java.nio.file.Files.createDirectories(file.getParent());
    Schema schema = new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));
    int rows = PAGES * PAGE_ROWS + NAN_ROWS;
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      Float8Vector x = (Float8Vector) root.getVector("x");
      for (int r = 0; r < rows; r++) {
        id.setSafe(r, r);
        Double v = value(r);
        if (v == null) {
          x.setNull(r);
        } else {
          x.setSafe(r, v);
        }
      }
      root.setRowCount(rows);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.builder()
          .dictionary(false).dataPageRowLimit(PAGE_ROWS).rowGroupRows(PAGES * PAGE_ROWS)
          .floatingPointOrder(order).build())) {
        w.write(root);
      }
    }
    return file;
  }

  private record Scan(List<Long> ids, ScanMetrics metrics) {}

  private static Scan scan(Path dataset, String filter) throws Exception {
    Dataset ds = DatasetDiscovery.directory(dataset, DiscoveryOptions.defaults());
    List<Long> ids = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ScanReader r = Scanner.scan(ds, ScanOptions.builder().filter(filter).columns("id").ordered(true).build(),
            allocator)) {
      while (r.loadNextBatch()) {
        BigIntVector id = (BigIntVector) r.getVectorSchemaRoot().getVector("id");
        for (int i = 0; i < r.getVectorSchemaRoot().getRowCount(); i++) {
          ids.add(id.get(i));
        }
      }
      return new Scan(ids, r.metrics());
    }
  }

  private static List<Long> duckDb(Path file, String filter) throws Exception {
    List<Long> ids = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT id FROM read_parquet('" + file + "') WHERE " + filter + " ORDER BY id")) {
      while (rs.next()) {
        ids.add(rs.getLong(1));
      }
    }
    return ids;
  }

  @Test
  void nanHeavyPagesPruneInTotalOrderAndTheRowsAreDuckDbs() throws Exception {
    Path total = writeNanHeavy("total", FloatingPointOrder.IEEE_754_TOTAL_ORDER);
    Path older = writeNanHeavy("older", FloatingPointOrder.TYPE_DEFINED_ORDER);

    // x > 5: pages of [0, 3) and of [-5, 1) go; NaN pages stay (DuckDB has NaN above every number)
    Scan greater = scan(total.getParent(), "x > 5");
    Scan greaterOld = scan(older.getParent(), "x > 5");
    List<Long> duckGreater = duckDb(total, "x > 5");
    assertEquals(duckGreater, greater.ids());
    assertEquals(duckGreater, greaterOld.ids());
    assertEquals(PAGES / 2, greater.metrics().pruning().pagesSkipped(), greater.metrics().toString());
    assertEquals(0, greaterOld.metrics().pruning().pagesSkipped(), greaterOld.metrics().toString());

    // x < 0: NaN-only pages go too, and the all-NaN row group by its chunk statistics
    Scan less = scan(total.getParent(), "x < 0");
    Scan lessOld = scan(older.getParent(), "x < 0");
    List<Long> duckLess = duckDb(total, "x < 0");
    assertEquals(duckLess, less.ids());
    assertEquals(duckLess, lessOld.ids());
    assertEquals(PAGES * 3 / 4, less.metrics().pruning().pagesSkipped(), less.metrics().toString());
    assertEquals(1, less.metrics().pruning().rowGroupsPrunedByStatistics(), less.metrics().toString());
    assertEquals(0, lessOld.metrics().pruning().pagesSkipped(), lessOld.metrics().toString());
    assertEquals(0, lessOld.metrics().pruning().rowGroupsPrunedByStatistics(), lessOld.metrics().toString());

    // the NaN predicate: pages without NaNs (nan_counts 0) go
    Scan nan = scan(total.getParent(), "x = 'nan'");
    Scan nanOld = scan(older.getParent(), "x = 'nan'");
    List<Long> duckNan = duckDb(total, "isnan(x)");
    assertEquals(PAGES / 4 * PAGE_ROWS + PAGES / 4 * 12 + NAN_ROWS, duckNan.size(), "NaN rows by construction");
    assertEquals(duckNan, nan.ids());
    assertEquals(duckNan, nanOld.ids());
    assertEquals(PAGES / 2, nan.metrics().pruning().pagesSkipped(), nan.metrics().toString());
    assertEquals(0, nanOld.metrics().pruning().pagesSkipped(), nanOld.metrics().toString());
  }
}
