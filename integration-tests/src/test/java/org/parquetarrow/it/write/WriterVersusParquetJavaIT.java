package org.parquetarrow.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.complex.impl.UnionMapWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.JsonStringArrayList;
import org.apache.arrow.vector.util.JsonStringHashMap;
import org.apache.arrow.vector.util.Text;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.schema.ArrowWriteOptions;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Files written by our writer, read back by parquet-java: every value equal to the Arrow data
 * written, for flat and nested types, every codec, both page versions, dictionary on/off and the
 * other encodings; statistics, column index, offset index and bloom filters parsed by parquet-java
 * and consistent with the data.
 */
class WriterVersusParquetJavaIT {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(WriterVersusParquetJavaIT.class);

  private static final int ROWS = 3000;

  @TempDir Path dir;
  private BufferAllocator allocator;

  @BeforeEach
  void setUp() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void tearDown() {
    allocator.close();
  }

  static Stream<Arguments> configurations() {
    List<Arguments> a = new ArrayList<>();
    for (CompressionCodec codec : List.of(CompressionCodec.UNCOMPRESSED, CompressionCodec.SNAPPY,
        // BROTLI is left out: parquet-java needs a Hadoop Brotli codec that is not on the class path
        CompressionCodec.GZIP, CompressionCodec.ZSTD, CompressionCodec.LZ4_RAW)) {
      for (DataPageVersion v : DataPageVersion.values()) {
        for (boolean dictionary : new boolean[] {true, false}) {
          a.add(Arguments.of(codec, v, dictionary));
        }
      }
    }
    return a.stream();
  }

  @ParameterizedTest(name = "{0} {1} dictionary={2}")
  @MethodSource("configurations")
  void valuesReadBackEqual(CompressionCodec codec, DataPageVersion version, boolean dictionary) throws Exception {
    long seed = Long.getLong("seed", System.nanoTime());
    LOG.info("seed {} (replay with -Dseed={})", seed, seed);
    WriterProperties props = WriterProperties.builder().codec(codec).dataPageVersion(version)
        .dictionary(dictionary).dataPageSize(4096).dataPageRowLimit(700).rowGroupRows(1300).build();
    checkRoundTrip(seed, props);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("encodings")
  void otherEncodingsReadBackEqual(String column, Encoding encoding) throws Exception {
    long seed = Long.getLong("seed", System.nanoTime());
    LOG.info("seed {} (replay with -Dseed={})", seed, seed);
    for (DataPageVersion v : DataPageVersion.values()) {
      WriterProperties props = WriterProperties.builder().dataPageVersion(v).dataPageSize(2048)
          .column(column, c -> c.encoding(encoding).dictionary(false)).build();
      checkRoundTrip(seed, props);
    }
  }

  static Stream<Arguments> encodings() {
    return Stream.of(
        Arguments.of("i32", Encoding.DELTA_BINARY_PACKED),
        Arguments.of("i64", Encoding.DELTA_BINARY_PACKED),
        Arguments.of("str", Encoding.DELTA_LENGTH_BYTE_ARRAY),
        Arguments.of("str", Encoding.DELTA_BYTE_ARRAY),
        Arguments.of("f32", Encoding.BYTE_STREAM_SPLIT),
        Arguments.of("f64", Encoding.BYTE_STREAM_SPLIT),
        Arguments.of("i64", Encoding.BYTE_STREAM_SPLIT),
        Arguments.of("bool", Encoding.RLE),
        Arguments.of("dec", Encoding.DELTA_BYTE_ARRAY),
        Arguments.of("tags", Encoding.DELTA_BYTE_ARRAY));
  }

  @Test
  void dictionaryFallsBackToPlainWhenItOutgrowsItsLimit() throws Exception {
    long seed = Long.getLong("seed", System.nanoTime());
    LOG.info("seed {} (replay with -Dseed={})", seed, seed);
    WriterProperties props = WriterProperties.builder().dictionaryPageSizeLimit(2000).dataPageSize(1024).build();
    Path file = checkRoundTrip(seed, props);
    try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(
        new org.apache.hadoop.fs.Path(file.toString()), new Configuration()))) {
      ColumnChunkMetaData str = column(r.getFooter().getBlocks().get(0), "str");
      assertTrue(str.getEncodings().contains(org.apache.parquet.column.Encoding.RLE_DICTIONARY), str.toString());
      assertTrue(str.getEncodings().contains(org.apache.parquet.column.Encoding.PLAIN), str.toString());
      assertTrue(str.getEncodingStats().hasDictionaryEncodedPages());
      assertTrue(str.getEncodingStats().hasNonDictionaryEncodedPages());
    }
  }

  @Test
  void pageIndexStatisticsAndBloomFiltersAgreeWithTheData() throws Exception {
    long seed = Long.getLong("seed", System.nanoTime());
    LOG.info("seed {} (replay with -Dseed={})", seed, seed);
    WriterProperties props = WriterProperties.builder().dataPageSize(2048).dataPageRowLimit(400).rowGroupRows(1500)
        .pageChecksum(true)
        .column("i64", c -> c.bloomFilter(new BloomFilterOptions(2000, 0.01)))
        .column("str", c -> c.bloomFilter(new BloomFilterOptions(2000, 0.01)))
        .build();
    Path file = dir.resolve("index.parquet");
    List<Map<String, Object>> expected;
    try (VectorSchemaRoot root = batch(new Random(seed), ROWS)) {
      expected = rows(root);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(), props)) {
        w.write(root);
      }
    }
    try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(
        new org.apache.hadoop.fs.Path(file.toString()), new Configuration()))) {
      int rowBase = 0;
      assertEquals(2, r.getFooter().getBlocks().size());
      for (BlockMetaData block : r.getFooter().getBlocks()) {
        for (String name : List.of("i64", "str")) {
          ColumnChunkMetaData c = column(block, name);
          ColumnIndex ci = r.readColumnIndex(c);
          OffsetIndex oi = r.readOffsetIndex(c);
          assertNotNull(ci, name);
          assertNotNull(oi, name);
          assertTrue(oi.getPageCount() > 1, "several pages expected for " + name);
          BloomFilter bloom = r.readBloomFilter(c);
          assertNotNull(bloom, name);
          var stats = c.getStatistics();
          for (int p = 0; p < oi.getPageCount(); p++) {
            long first = oi.getFirstRowIndex(p);
            long last = oi.getLastRowIndex(p, block.getRowCount());
            for (long row = first; row <= last; row++) {
              Object v = expected.get((int) (rowBase + row)).get(name);
              if (v == null) {
                continue;
              }
              if (name.equals("i64")) {
                long x = (Long) v;
                assertTrue(bloom.findHash(bloom.hash(x)), "bloom misses " + x);
                long min = toLong(ci.getMinValues().get(p));
                long max = toLong(ci.getMaxValues().get(p));
                assertTrue(min <= x && x <= max, "page " + p + " bounds " + min + ".." + max + " miss " + x);
                assertTrue((Long) stats.genericGetMin() <= x && x <= (Long) stats.genericGetMax());
              } else {
                byte[] x = ((String) v).getBytes(StandardCharsets.UTF_8);
                assertTrue(bloom.findHash(bloom.hash(org.apache.parquet.io.api.Binary.fromConstantByteArray(x))),
                    "bloom misses " + v);
                byte[] min = ci.getMinValues().get(p).array();
                byte[] max = ci.getMaxValues().get(p).array();
                assertTrue(java.util.Arrays.compareUnsigned(min, x) <= 0, "page min above " + v);
                assertTrue(java.util.Arrays.compareUnsigned(x, max) <= 0, "page max below " + v);
              }
            }
          }
        }
        rowBase += (int) block.getRowCount();
      }
      checkDistinctCounts(file, expected);
      // pages verify against their CRCs when parquet-java is asked to
      Configuration conf = new Configuration();
      conf.setBoolean("parquet.page.verify-checksum.enabled", true);
      assertEquals(expected, readWithParquetJava(file, conf));
    }
  }

  /**
   * A column of ten distinct values under a bound of a million gets the smallest filter, one
   * 32-byte block (10 values need 97 bits at 1%), and parquet-java reads it and finds each value.
   */
  @Test
  void aSmallFilterUnderALargeBoundReadsInParquetJava() throws Exception {
    Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.nullable("city", ArrowType.Utf8.INSTANCE)));
    WriterProperties props = WriterProperties.builder()
        .column("id", c -> c.bloomFilter(new BloomFilterOptions(1_000_000, 0.01)))
        .column("city", c -> c.bloomFilter(new BloomFilterOptions(1_000_000, 0.01)))
        .build();
    Path file = dir.resolve("ten.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarCharVector city = (VarCharVector) root.getVector("city");
      for (int i = 0; i < 1000; i++) {
        id.setSafe(i, 1000L * (i % 10));
        city.setSafe(i, ("city-" + i % 10).getBytes(StandardCharsets.UTF_8));
      }
      root.setRowCount(1000);
      w.write(root);
    }
    try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(
        new org.apache.hadoop.fs.Path(file.toString()), new Configuration()))) {
      BlockMetaData block = r.getFooter().getBlocks().get(0);
      BloomFilter ids = r.readBloomFilter(column(block, "id"));
      BloomFilter cities = r.readBloomFilter(column(block, "city"));
      assertEquals(32, ids.getBitsetSize());
      assertEquals(32, cities.getBitsetSize());
      for (int v = 0; v < 10; v++) {
        assertTrue(ids.findHash(ids.hash(1000L * v)), "id " + 1000L * v);
        byte[] c = ("city-" + v).getBytes(StandardCharsets.UTF_8);
        assertTrue(cities.findHash(cities.hash(org.apache.parquet.io.api.Binary.fromConstantByteArray(c))), "city-" + v);
      }
    }
  }

  /**
   * parquet-java's thrift footer parser reads {@code distinct_count}: set, to the number of
   * distinct non-null values of the row group, on chunks that are dictionary encoded throughout
   * ({@code i32}: 50 values; {@code str}: a few words), and absent for floats ({@code f64}), whose
   * dictionary tells apart values that compare equal, and where no dictionary is used ({@code bool}).
   */
  private static void checkDistinctCounts(Path file, List<Map<String, Object>> expected) throws Exception {
    org.apache.parquet.format.FileMetaData footer;
    try (var in = Files.newInputStream(file)) {
      byte[] all = in.readAllBytes();
      int length = java.nio.ByteBuffer.wrap(all, all.length - 8, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
      footer = org.apache.parquet.format.Util.readFileMetaData(
          new java.io.ByteArrayInputStream(all, all.length - 8 - length, length));
    }
    int rowBase = 0;
    for (org.apache.parquet.format.RowGroup g : footer.getRow_groups()) {
      for (org.apache.parquet.format.ColumnChunk c : g.getColumns()) {
        String name = String.join(".", c.getMeta_data().getPath_in_schema());
        org.apache.parquet.format.Statistics stats = c.getMeta_data().getStatistics();
        boolean fullyDictionary = c.getMeta_data().getEncoding_stats().stream()
            .filter(e -> e.getPage_type() == org.apache.parquet.format.PageType.DATA_PAGE)
            .allMatch(e -> e.getEncoding() == org.apache.parquet.format.Encoding.RLE_DICTIONARY);
        switch (name) {
          case "i32", "str" -> {
            assertTrue(fullyDictionary, name + " dictionary encoded throughout");
            java.util.Set<Object> distinct = new java.util.HashSet<>();
            for (int row = rowBase; row < rowBase + g.getNum_rows(); row++) {
              Object v = expected.get(row).get(name);
              if (v != null) {
                distinct.add(v);
              }
            }
            assertTrue(stats.isSetDistinct_count(), name + " distinct_count");
            assertEquals(distinct.size(), stats.getDistinct_count(), name + " distinct_count");
          }
          case "f64" -> assertFalse(stats.isSetDistinct_count(), "floats get no distinct_count");
          case "bool" -> {
            assertFalse(fullyDictionary, "booleans are not dictionary encoded");
            assertFalse(stats.isSetDistinct_count(), "bool has no distinct_count");
          }
          default -> { }
        }
      }
      rowBase += (int) g.getNum_rows();
    }
  }

  /**
   * Short fixed-width binaries (decimals of up to 18 digits, 4-byte fixed binaries) take the
   * dictionary's packed-key path, statistics included: parquet-java's chunk statistics and column
   * index must equal the min/max computed here from the data (signed for decimals, unsigned bytes
   * for fixed binaries), with negative and positive values and high bytes above 0x7f.
   */
  @Test
  void shortFixedWidthStatisticsAreTheDataBounds() throws Exception {
    long seed = Long.getLong("seed", System.nanoTime());
    LOG.info("seed {} (replay with -Dseed={})", seed, seed);
    Random r = new Random(seed);
    Schema schema = new Schema(List.of(
        Field.nullable("d9", new ArrowType.Decimal(9, 2, 128)),
        Field.nullable("d18", new ArrowType.Decimal(18, 4, 128)),
        Field.nullable("fsb", new ArrowType.FixedSizeBinary(4))));
    int n = 2000;
    List<BigInteger> d9 = new ArrayList<>();
    List<BigInteger> d18 = new ArrayList<>();
    List<byte[]> fsb = new ArrayList<>();
    Path file = dir.resolve("short-fixed.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      DecimalVector a = (DecimalVector) root.getVector("d9");
      DecimalVector b = (DecimalVector) root.getVector("d18");
      org.apache.arrow.vector.FixedSizeBinaryVector c =
          (org.apache.arrow.vector.FixedSizeBinaryVector) root.getVector("fsb");
      for (int i = 0; i < n; i++) {
        // few distinct values, so the dictionary holds throughout
        BigInteger x = BigInteger.valueOf(r.nextInt(200) - 100).multiply(BigInteger.valueOf(9_999_999L));
        BigInteger y = BigInteger.valueOf(r.nextInt(300) - 150).multiply(BigInteger.valueOf(999_999_999_999_999L));
        byte[] z = {(byte) r.nextInt(256), (byte) r.nextInt(4), 0, (byte) r.nextInt(2)};
        a.setSafe(i, new BigDecimal(x, 2));
        b.setSafe(i, new BigDecimal(y, 4));
        c.setSafe(i, z);
        d9.add(x);
        d18.add(y);
        fsb.add(z);
      }
      root.setRowCount(n);
      // decimals in Arrow C++'s FIXED_LEN_BYTE_ARRAY layout (the default stores these as INT32/INT64)
      WriterProperties fixed = WriterProperties.builder().dataPageSize(512).arrowOptions(ArrowWriteOptions.builder()
          .decimalEncoding(ArrowWriteOptions.DecimalEncoding.FIXED_LEN_BYTE_ARRAY).build()).build();
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, fixed)) {
        w.write(root);
      }
    }
    java.util.Comparator<byte[]> unsigned = java.util.Arrays::compareUnsigned;
    try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(
        new org.apache.hadoop.fs.Path(file.toString()), new Configuration()))) {
      BlockMetaData block = reader.getFooter().getBlocks().get(0);
      for (String name : List.of("d9", "d18", "fsb")) {
        ColumnChunkMetaData c = column(block, name);
        assertTrue(c.getEncodingStats().hasDictionaryPages() && !c.getEncodingStats().hasNonDictionaryEncodedPages(),
            name + " dictionary encoded throughout");
        ColumnIndex ci = reader.readColumnIndex(c);
        OffsetIndex oi = reader.readOffsetIndex(c);
        assertTrue(oi.getPageCount() > 1, name + " pages");
        for (int p = 0; p <= oi.getPageCount(); p++) {
          // page p of the index, then (p == count) the chunk statistics
          int from = p < oi.getPageCount() ? (int) oi.getFirstRowIndex(p) : 0;
          int to = p < oi.getPageCount() ? (int) oi.getLastRowIndex(p, n) + 1 : n;
          byte[] min = p < oi.getPageCount() ? bytes(ci.getMinValues().get(p))
              : ((org.apache.parquet.io.api.Binary) c.getStatistics().genericGetMin()).getBytes();
          byte[] max = p < oi.getPageCount() ? bytes(ci.getMaxValues().get(p))
              : ((org.apache.parquet.io.api.Binary) c.getStatistics().genericGetMax()).getBytes();
          String where = name + (p < oi.getPageCount() ? " page " + p : " chunk") + " (seed " + seed + ")";
          if (name.equals("fsb")) {
            List<byte[]> page = fsb.subList(from, to);
            assertEquals(HexFormat.of().formatHex(page.stream().min(unsigned).orElseThrow()),
                HexFormat.of().formatHex(min), where);
            assertEquals(HexFormat.of().formatHex(page.stream().max(unsigned).orElseThrow()),
                HexFormat.of().formatHex(max), where);
          } else {
            List<BigInteger> page = (name.equals("d9") ? d9 : d18).subList(from, to);
            assertEquals(page.stream().min(BigInteger::compareTo).orElseThrow(), new BigInteger(min), where);
            assertEquals(page.stream().max(BigInteger::compareTo).orElseThrow(), new BigInteger(max), where);
          }
        }
      }
    }
  }

  private static byte[] bytes(java.nio.ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }

  @Test
  void slicedBatchesReadBackEqual() throws Exception {
    long seed = Long.getLong("seed", System.nanoTime());
    LOG.info("seed {} (replay with -Dseed={})", seed, seed);
    Path file = dir.resolve("sliced.parquet");
    List<Map<String, Object>> expected = new ArrayList<>();
    try (VectorSchemaRoot root = batch(new Random(seed), 1000);
        ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(),
            WriterProperties.builder().dataPageSize(1024).build())) {
      for (int[] range : new int[][] {{137, 400}, {0, 1}, {999, 1}, {500, 333}}) {
        try (VectorSchemaRoot slice = root.slice(range[0], range[1])) {
          expected.addAll(rows(slice));
          w.write(slice);
        }
      }
    }
    assertEquals(735, expected.size());
    assertEquals(expected, readWithParquetJava(file, new Configuration()), "seed " + seed);
  }

  @Test
  void aFailedOrAbandonedWriteLeavesNothing() throws Exception {
    Path file = dir.resolve("abandoned.parquet");
    try (VectorSchemaRoot root = batch(new Random(1), 10)) {
      ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(), WriterProperties.defaults());
      w.write(root);
      w.abort();
      assertFalse(Files.exists(file));
      try (Stream<Path> s = Files.list(dir)) {
        assertEquals(0, s.count(), "temporary files left behind");
      }
      // a non-nullable field holding a null: refused, naming the field, and nothing is published
      Schema strict = new Schema(List.of(new Field("x", FieldType.notNullable(new ArrowType.Int(32, true)), null)));
      try (VectorSchemaRoot bad = VectorSchemaRoot.create(strict, allocator)) {
        IntVector x = (IntVector) bad.getVector(0);
        x.allocateNew(2);
        x.set(0, 1);
        x.setNull(1);
        bad.setRowCount(2);
        ParquetFileWriter w2 = ParquetFileWriter.open(file, strict, WriterProperties.defaults());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w2.write(bad));
        assertTrue(e.getMessage().contains("x"), e.getMessage());
        w2.abort();
        assertFalse(Files.exists(file));
      }
    }
  }

  private Path checkRoundTrip(long seed, WriterProperties props) throws Exception {
    Path file = Files.createTempFile(dir, "w", ".parquet");
    Files.delete(file);
    List<Map<String, Object>> expected = new ArrayList<>();
    Random random = new Random(seed);
    try (ParquetFileWriter w = openFor(file, props)) {
      for (int b = 0; b < 3; b++) {
        try (VectorSchemaRoot root = batch(random, ROWS / 3 + b)) {
          expected.addAll(rows(root));
          w.write(root);
        }
      }
    }
    List<Map<String, Object>> actual = readWithParquetJava(file, new Configuration());
    assertEquals(expected.size(), actual.size(), "row count, seed " + seed);
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), actual.get(i), "row " + i + ", seed " + seed);
    }
    return file;
  }

  private ParquetFileWriter openFor(Path file, WriterProperties props) {
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator)) {
      return ParquetFileWriter.open(file, root.getSchema(), props);
    }
  }

  // ---- data ----

  static Schema schema() {
    Field element = new Field("element", FieldType.nullable(new ArrowType.Utf8()), null);
    Field innerList = new Field("element", FieldType.nullable(ArrowType.List.INSTANCE), List.of(element));
    Field entries = new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
        new Field("key", FieldType.notNullable(new ArrowType.Utf8()), null),
        new Field("value", FieldType.nullable(new ArrowType.Int(64, true)), null)));
    return new Schema(List.of(
        new Field("i32", FieldType.nullable(new ArrowType.Int(32, true)), null),
        new Field("i64", FieldType.nullable(new ArrowType.Int(64, true)), null),
        new Field("i16", FieldType.notNullable(new ArrowType.Int(16, true)), null),
        new Field("f32", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)), null),
        new Field("f64", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null),
        new Field("bool", FieldType.nullable(ArrowType.Bool.INSTANCE), null),
        new Field("str", FieldType.nullable(new ArrowType.Utf8()), null),
        new Field("bin", FieldType.nullable(new ArrowType.Binary()), null),
        new Field("date", FieldType.nullable(new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY)), null),
        new Field("ts", FieldType.nullable(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")), null),
        new Field("dec", FieldType.nullable(new ArrowType.Decimal(20, 3, 128)), null),
        new Field("ints", FieldType.nullable(ArrowType.List.INSTANCE),
            List.of(new Field("element", FieldType.nullable(new ArrowType.Int(32, true)), null))),
        new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
            new Field("a", FieldType.nullable(new ArrowType.Int(64, true)), null),
            new Field("b", FieldType.nullable(new ArrowType.Utf8()), null))),
        new Field("m", FieldType.nullable(new ArrowType.Map(false)), List.of(entries)),
        new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE), List.of(innerList))));
  }

  private VectorSchemaRoot batch(Random r, int n) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator);
    root.allocateNew();
    IntVector i32 = (IntVector) root.getVector("i32");
    BigIntVector i64 = (BigIntVector) root.getVector("i64");
    SmallIntVector i16 = (SmallIntVector) root.getVector("i16");
    Float4Vector f32 = (Float4Vector) root.getVector("f32");
    Float8Vector f64 = (Float8Vector) root.getVector("f64");
    BitVector bool = (BitVector) root.getVector("bool");
    VarCharVector str = (VarCharVector) root.getVector("str");
    VarBinaryVector bin = (VarBinaryVector) root.getVector("bin");
    DateDayVector date = (DateDayVector) root.getVector("date");
    TimeStampMicroTZVector ts = (TimeStampMicroTZVector) root.getVector("ts");
    DecimalVector dec = (DecimalVector) root.getVector("dec");
    ListVector ints = (ListVector) root.getVector("ints");
    StructVector s = (StructVector) root.getVector("s");
    MapVector m = (MapVector) root.getVector("m");
    ListVector tags = (ListVector) root.getVector("tags");
    UnionListWriter intsWriter = ints.getWriter();
    UnionMapWriter mapWriter = m.getWriter();
    UnionListWriter tagsWriter = tags.getWriter();
    BigIntVector sa = (BigIntVector) s.getChild("a");
    VarCharVector sb = (VarCharVector) s.getChild("b");
    for (int i = 0; i < n; i++) {
      if (r.nextInt(10) > 0) {
        i32.setSafe(i, r.nextInt(50) - 25);
      }
      if (r.nextInt(10) > 0) {
        i64.setSafe(i, r.nextInt(5) == 0 ? r.nextLong() : r.nextInt(1000));
      }
      i16.setSafe(i, (short) r.nextInt());
      if (r.nextInt(10) > 0) {
        int k = r.nextInt(20);
        f32.setSafe(i, k == 0 ? Float.NaN : k == 1 ? -0.0f : r.nextFloat() * 100 - 50);
      }
      if (r.nextInt(10) > 0) {
        f64.setSafe(i, r.nextGaussian() * 1e6);
      }
      if (r.nextInt(10) > 0) {
        bool.setSafe(i, r.nextBoolean() ? 1 : 0);
      }
      if (r.nextInt(10) > 0) {
        str.setSafe(i, word(r).getBytes(StandardCharsets.UTF_8));
      }
      if (r.nextInt(10) > 0) {
        byte[] b = new byte[r.nextInt(8)];
        r.nextBytes(b);
        bin.setSafe(i, b);
      }
      if (r.nextInt(10) > 0) {
        date.setSafe(i, r.nextInt(40000) - 20000);
      }
      if (r.nextInt(10) > 0) {
        ts.setSafe(i, r.nextLong() >> 12);
      }
      if (r.nextInt(10) > 0) {
        dec.setSafe(i, new BigDecimal(BigInteger.valueOf(r.nextLong() >> r.nextInt(60)), 3));
      }
      if (r.nextInt(8) > 0) {
        intsWriter.setPosition(i);
        intsWriter.startList();
        int len = r.nextInt(4);
        for (int k = 0; k < len; k++) {
          if (r.nextInt(6) == 0) {
            intsWriter.writeNull();
          } else {
            intsWriter.integer().writeInt(r.nextInt(100));
          }
        }
        intsWriter.endList();
      }
      if (r.nextInt(8) > 0) {
        s.setIndexDefined(i);
        if (r.nextInt(5) > 0) {
          sa.setSafe(i, r.nextLong());
        }
        if (r.nextInt(5) > 0) {
          sb.setSafe(i, word(r).getBytes(StandardCharsets.UTF_8));
        }
      }
      if (r.nextInt(8) > 0) {
        mapWriter.setPosition(i);
        mapWriter.startMap();
        int len = r.nextInt(3);
        for (int k = 0; k < len; k++) {
          mapWriter.startEntry();
          byte[] key = ("k" + k + word(r)).getBytes(StandardCharsets.UTF_8);
          var buf = allocator.buffer(key.length);
          buf.setBytes(0, key);
          mapWriter.key().varChar().writeVarChar(0, key.length, buf);
          buf.close();
          if (r.nextInt(4) > 0) {
            mapWriter.value().bigInt().writeBigInt(r.nextInt());
          } else {
            mapWriter.value().bigInt().writeNull();
          }
          mapWriter.endEntry();
        }
        mapWriter.endMap();
      }
      if (r.nextInt(8) > 0) {
        tagsWriter.setPosition(i);
        tagsWriter.startList();
        int len = r.nextInt(3);
        for (int k = 0; k < len; k++) {
          if (r.nextInt(5) == 0) {
            tagsWriter.writeNull();
            continue;
          }
          var inner = tagsWriter.list();
          inner.startList();
          int innerLen = r.nextInt(3);
          for (int j = 0; j < innerLen; j++) {
            if (r.nextInt(5) == 0) {
              inner.writeNull();
            } else {
              byte[] w = word(r).getBytes(StandardCharsets.UTF_8);
              var buf = allocator.buffer(Math.max(1, w.length));
              buf.setBytes(0, w);
              inner.varChar().writeVarChar(0, w.length, buf);
              buf.close();
            }
          }
          inner.endList();
        }
        tagsWriter.endList();
      }
    }
    intsWriter.setValueCount(n);
    mapWriter.setValueCount(n);
    tagsWriter.setValueCount(n);
    for (FieldVector v : root.getFieldVectors()) {
      v.setValueCount(n);
    }
    root.setRowCount(n);
    return root;
  }

  private static String word(Random r) {
    int len = r.nextInt(12);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < len; i++) {
      sb.append(r.nextInt(30) == 0 ? 'é' : (char) ('a' + r.nextInt(6)));
    }
    return sb.toString();
  }

  // ---- the Arrow side, normalised ----

  static List<Map<String, Object>> rows(VectorSchemaRoot root) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < root.getRowCount(); i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      for (FieldVector v : root.getFieldVectors()) {
        row.put(v.getName(), normalise(v.getObject(i), v.getField()));
      }
      rows.add(row);
    }
    return rows;
  }

  private static Object normalise(Object o, Field f) {
    if (o == null) {
      return null;
    }
    ArrowType t = f.getType();
    if (t instanceof ArrowType.Map) {
      List<Object> entries = new ArrayList<>();
      for (Object e : (List<?>) o) {
        Map<?, ?> kv = (Map<?, ?>) e;
        entries.add(List.of(kv.get("key").toString(), kv.get("value") == null ? "null" : kv.get("value")));
      }
      return entries;
    }
    if (o instanceof JsonStringArrayList<?> l) {
      List<Object> out = new ArrayList<>();
      for (Object e : l) {
        out.add(normalise(e, f.getChildren().get(0)));
      }
      return out;
    }
    if (o instanceof JsonStringHashMap<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      for (Field c : f.getChildren()) {
        out.put(c.getName(), normalise(m.get(c.getName()), c));
      }
      return out;
    }
    if (o instanceof Text text) {
      return text.toString();
    }
    if (o instanceof byte[] b) {
      return HexFormat.of().formatHex(b);
    }
    if (o instanceof Integer || o instanceof Short || o instanceof Byte) {
      return ((Number) o).longValue();
    }
    if (o instanceof Float x) {
      return x.doubleValue();
    }
    if (o instanceof java.time.LocalDateTime dt) {
      java.time.Instant in = dt.toInstant(java.time.ZoneOffset.UTC);
      return in.getEpochSecond() * 1_000_000 + in.getNano() / 1000;
    }
    if (t instanceof ArrowType.Date && o instanceof java.time.LocalDateTime d) {
      return d.toLocalDate().toEpochDay();
    }
    return o;
  }

  // ---- the parquet-java side, normalised ----

  static List<Map<String, Object>> readWithParquetJava(Path file, Configuration conf) throws Exception {
    List<Map<String, Object>> rows = new ArrayList<>();
    try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(),
        new org.apache.hadoop.fs.Path(file.toString())).withConf(conf).build()) {
      for (Group g = reader.read(); g != null; g = reader.read()) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (Field f : schema().getFields()) {
          row.put(f.getName(), field(g, f));
        }
        rows.add(row);
      }
    }
    return rows;
  }

  private static Object field(Group g, Field f) {
    if (g.getFieldRepetitionCount(f.getName()) == 0) {
      return null;
    }
    ArrowType t = f.getType();
    String name = f.getName();
    if (t instanceof ArrowType.Map) {
      Group map = g.getGroup(name, 0);
      List<Object> entries = new ArrayList<>();
      for (int i = 0; i < map.getFieldRepetitionCount("key_value"); i++) {
        Group kv = map.getGroup("key_value", i);
        entries.add(List.of(kv.getString("key", 0),
            kv.getFieldRepetitionCount("value") == 0 ? "null" : kv.getLong("value", 0)));
      }
      return entries;
    }
    if (t instanceof ArrowType.List) {
      Group list = g.getGroup(name, 0);
      List<Object> out = new ArrayList<>();
      Field element = f.getChildren().get(0);
      for (int i = 0; i < list.getFieldRepetitionCount("list"); i++) {
        Group e = list.getGroup("list", i);
        out.add(field(e, new Field("element", element.getFieldType(), element.getChildren())));
      }
      return out;
    }
    if (t instanceof ArrowType.Struct) {
      Group s = g.getGroup(name, 0);
      Map<String, Object> out = new LinkedHashMap<>();
      for (Field c : f.getChildren()) {
        out.put(c.getName(), field(s, c));
      }
      return out;
    }
    if (t instanceof ArrowType.Int i) {
      return i.getBitWidth() == 64 ? g.getLong(name, 0) : (long) g.getInteger(name, 0);
    }
    if (t instanceof ArrowType.FloatingPoint fp) {
      return fp.getPrecision() == FloatingPointPrecision.SINGLE ? (double) g.getFloat(name, 0) : g.getDouble(name, 0);
    }
    if (t instanceof ArrowType.Bool) {
      return g.getBoolean(name, 0);
    }
    if (t instanceof ArrowType.Utf8) {
      return g.getString(name, 0);
    }
    if (t instanceof ArrowType.Binary) {
      return HexFormat.of().formatHex(g.getBinary(name, 0).getBytes());
    }
    if (t instanceof ArrowType.Date) {
      return (long) g.getInteger(name, 0);
    }
    if (t instanceof ArrowType.Timestamp) {
      return g.getLong(name, 0);
    }
    if (t instanceof ArrowType.Decimal d) {
      return new BigDecimal(new BigInteger(g.getBinary(name, 0).getBytes()), d.getScale());
    }
    throw new AssertionError("unexpected type " + t);
  }

  /**
   * SizeStatistics and the column index's level histograms, as parquet-java parses them, hold the
   * level counts worked out by hand for eight rows in two pages of a nullable list of nullable
   * strings (definition levels 0 null list, 1 empty list, 2 null element, 3 value; repetition 0
   * new row, 1 next element), and the unencoded string bytes per page and chunk. A column of one
   * definition level carries no histogram (the spec lets it be left out: null counts say it all).
   */
  @Test
  void levelHistogramsAndUnencodedBytesAreTheHandCountedOnes() throws Exception {
    Field element = Field.nullable("element", ArrowType.Utf8.INSTANCE);
    Schema schema = new Schema(List.of(
        new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE), List.of(element)),
        Field.nullable("n", new ArrowType.Int(32, true))));
    String[][] rows = {{"ab", null}, {}, null, {"c"}, {"dd", "e", "f"}, null, {null}, {"ghi"}};
    Integer[] n = {1, null, 3, 4, null, null, 7, 8};
    Path file = dir.resolve("histograms.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      ListVector list = (ListVector) root.getVector("tags");
      VarCharVector strings = (VarCharVector) list.getDataVector();
      IntVector ints = (IntVector) root.getVector("n");
      int next = 0;
      for (int r = 0; r < rows.length; r++) {
        if (rows[r] == null) {
          list.setNull(r);
        } else {
          list.startNewValue(r);
          for (String v : rows[r]) {
            if (v == null) {
              strings.setNull(next++);
            } else {
              strings.setSafe(next++, v.getBytes(StandardCharsets.UTF_8));
            }
          }
          list.endValue(r, rows[r].length);
        }
        if (n[r] == null) {
          ints.setNull(r);
        } else {
          ints.setSafe(r, n[r]);
        }
      }
      strings.setValueCount(next);
      list.setValueCount(rows.length);
      ints.setValueCount(rows.length);
      root.setRowCount(rows.length);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.builder().dataPageRowLimit(4).build())) {
        w.write(root);
      }
    }
    try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(
        new org.apache.hadoop.fs.Path(file.toString()), new Configuration()))) {
      BlockMetaData block = reader.getFooter().getBlocks().get(0);
      ColumnChunkMetaData tags = column(block, "tags.list.element");
      org.apache.parquet.column.statistics.SizeStatistics size = tags.getSizeStatistics();
      assertEquals(List.of(2L, 1L, 2L, 6L), size.getDefinitionLevelHistogram());
      assertEquals(List.of(8L, 3L), size.getRepetitionLevelHistogram());
      assertEquals(10L, size.getUnencodedByteArrayDataBytes().orElseThrow());
      ColumnIndex ci = reader.readColumnIndex(tags);
      assertEquals(List.of(1L, 1L, 1L, 2L, 1L, 0L, 1L, 4L), ci.getDefinitionLevelHistogram());
      assertEquals(List.of(4L, 1L, 4L, 2L), ci.getRepetitionLevelHistogram());
      OffsetIndex oi = reader.readOffsetIndex(tags);
      assertEquals(2, oi.getPageCount());
      assertEquals(3L, oi.getUnencodedByteArrayDataBytes(0).orElseThrow());
      assertEquals(7L, oi.getUnencodedByteArrayDataBytes(1).orElseThrow());

      ColumnChunkMetaData flat = column(block, "n");
      assertTrue(flat.getSizeStatistics().getDefinitionLevelHistogram().isEmpty());
      assertTrue(flat.getSizeStatistics().getRepetitionLevelHistogram().isEmpty());
      ColumnIndex flatIndex = reader.readColumnIndex(flat);
      assertEquals(List.of(1L, 2L), flatIndex.getNullCounts());
      assertTrue(flatIndex.getDefinitionLevelHistogram() == null || flatIndex.getDefinitionLevelHistogram().isEmpty());
    }
  }

  private static ColumnChunkMetaData column(BlockMetaData block, String name) {
    for (ColumnChunkMetaData c : block.getColumns()) {
      if (c.getPath().toDotString().equals(name)) {
        return c;
      }
    }
    throw new AssertionError("no column " + name);
  }

  private static long toLong(java.nio.ByteBuffer b) {
    return b.order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong(0);
  }

}
