package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * The writer's output does not change when its code is reorganised: files holding every Arrow type
 * the writer accepts (with nulls, repeats, NaNs and signed zeros, long strings past the statistics
 * truncation, bloom-filtered columns) under several settings (v1 and v2 pages, four codecs, small
 * pages and dictionary limits that force fallbacks, page index on and off, both floating-point
 * orders, page checksums) must be byte for byte the files the writer wrote before the cut of issue
 * 16. The expected SHA-256 of each file ({@code writer-output.sha256}) was recorded by this test
 * run on the code before that change (commit 0a91c4c), and recorded again in session 14, whose
 * level encoding stores short runs bit-packed (the only change of bytes between the two): it
 * checks "no change", not correctness, which the writer's other tests and the peers in {@code
 * integration-tests} check.
 * Encrypted files are left out: their nonces are random. Each setting is written with pages
 * compressed in line and on a helper thread ({@link PageCompression}): both must give those bytes.
 */
class WriterOutputIdentityTest {
  static final int ROWS_PER_BATCH = 3000;
  static final int BATCHES = 2;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** The settings each file is written with, by name (the name keys the expected hash). */
  static Map<String, UnaryOperator<WriterProperties.Builder>> settings() {
    Map<String, UnaryOperator<WriterProperties.Builder>> s = new LinkedHashMap<>();
    // Page CRCs became the default in session 14 (a deliberate change of the default, not of the
    // encoding): the settings recorded without them say so, to keep checking the same bytes.
    s.put("v1-uncompressed-small-pages", b -> b.pageChecksum(false).codec(CompressionCodec.UNCOMPRESSED).dataPageSize(2048)
        .dataPageRowLimit(700).dictionaryPageSizeLimit(1024).rowGroupRows(2500)
        .column("bloom_ids", c -> c.bloomFilter(new BloomFilterOptions(10_000, 0.01)))
        .column("long_text", c -> c.bloomFilter(new BloomFilterOptions(500, 0.05))));
    s.put("v2-snappy-no-page-index", b -> b.codec(CompressionCodec.SNAPPY).dataPageVersion(DataPageVersion.V2)
        .pageIndex(false).pageChecksum(true).statisticsTruncateLength(10)
        .floatingPointOrder(FloatingPointOrder.TYPE_DEFINED_ORDER).dataPageSize(8192));
    s.put("v2-zstd-no-dictionary", b -> b.codec(CompressionCodec.ZSTD).dataPageVersion(DataPageVersion.V2)
        .dictionary(false).dataPageRowLimit(1000).pageChecksum(true)
        .column("bloom_ids", c -> c.bloomFilter(new BloomFilterOptions(100, 0.1))));
    s.put("gzip-defaults", b -> b.pageChecksum(false).codec(CompressionCodec.GZIP));
    s.put("defaults-no-statistics", b -> b.pageChecksum(false).statistics(false).rowGroupRows(4000));
    return s;
  }

  /** Every setting, with pages compressed in line and on a helper thread (same bytes expected). */
  static List<Arguments> names() {
    List<Arguments> out = new ArrayList<>();
    for (String name : settings().keySet()) {
      for (PageCompression where : PageCompression.values()) {
        out.add(Arguments.of(name, where));
      }
    }
    return out;
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("names")
  void fileBytesAreThoseWrittenBeforeTheCut(String name, PageCompression where) throws IOException {
    String expected = expectedHashes().get(name);
    WriterProperties properties = settings().get(name)
        .apply(WriterProperties.builder().createdBy("parquet-arrow identity test").pageCompression(where)).build();
    Path file = dir.resolve(name + ".parquet");
    Schema schema = schema();
    try (DictionaryProvider.MapDictionaryProvider dictionaries = WriterTypeCases.dictionaries(memory.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(file), schema, dictionaries, properties)) {
      for (int b = 0; b < BATCHES; b++) {
        try (VectorSchemaRoot root = batch(memory.allocator(), schema, b * ROWS_PER_BATCH)) {
          w.write(root);
        }
      }
    }
    String actual = sha256(Files.readAllBytes(file));
    assertNotNull(expected, "no recorded hash for " + name + "; this run wrote " + actual);
    assertEquals(expected, actual, name + ": the file's bytes differ from those written before the change");
  }

  /** One nullable field per {@link WriterTypeCases} type, then the columns that exercise statistics. */
  static Schema schema() {
    List<Field> fields = new ArrayList<>();
    for (WriterTypeCases.Case c : WriterTypeCases.all()) {
      Field f = c.field(true);
      fields.add(new Field(c.label(), f.getFieldType(), f.getChildren()));
    }
    fields.add(Field.nullable("nan_doubles", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
    fields.add(Field.nullable("nan_floats", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
    fields.add(Field.nullable("nan_halves", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)));
    fields.add(Field.nullable("long_text", ArrowType.Utf8.INSTANCE));
    fields.add(new Field("bloom_ids", FieldType.notNullable(new ArrowType.Int(64, true)), null));
    fields.add(Field.nullable("descending", new ArrowType.Int(32, true)));
    return new Schema(fields);
  }

  /** Rows {@code first ..} of the data: the same for every run. */
  static VectorSchemaRoot batch(BufferAllocator allocator, Schema schema, int first) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      List<FieldVector> vectors = root.getFieldVectors();
      for (int j = 0; j < vectors.size(); j++) {
        FieldVector v = vectors.get(j);
        v.allocateNew();
        for (int i = 0; i < ROWS_PER_BATCH; i++) {
          int row = first + i;
          boolean isNull = v.getField().isNullable() && (row + j) % 13 == 5;
          if (!(v instanceof NullVector)) {
            WriterTypeCases.set(v, i, isNull ? null : value(v.getField(), j, row));
          }
        }
        v.setValueCount(ROWS_PER_BATCH);
      }
      root.setRowCount(ROWS_PER_BATCH);
      return root;
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  private static Object value(Field f, int j, int row) {
    switch (f.getName()) {
      case "nan_doubles":
        return row % 17 == 0 ? Double.NaN : row % 29 == 0 ? (row % 2 == 0 ? -0.0 : 0.0) : (row % 101) - 50.5;
      case "nan_floats":
        return row % 19 == 0 ? Float.NaN : row % 31 == 0 ? (row % 2 == 0 ? -0.0f : 0.0f) : (row % 89) * 0.25f - 7f;
      case "nan_halves":
        // 0x7e00 NaN, 0x8000 -0, 0x0000 +0, else 1.0 and a little more
        return (short) (row % 23 == 0 ? 0x7e00 : row % 37 == 0 ? (row % 2 == 0 ? 0x8000 : 0) : 0x3c00 + row % 97);
      case "long_text":
        // longer than the statistics truncation, with multi-byte characters near the cut
        return "entry-" + "é".repeat(row % 5) + "x".repeat(60) + ((row * 7919) % 4001);
      case "bloom_ids":
        return (long) ((row * 31L) % 5000);
      case "descending":
        return 100_000 - row;
      default:
        break;
    }
    int k;
    if (f.getType() instanceof ArrowType.Int t && t.getBitWidth() == 8) {
      k = (row * 7 + j) % 40; // k * 3 + 1 fits a byte
    } else if (j % 2 == 0) {
      k = (row * 7919 + j) % 997; // unordered, repeating: dictionaries, unordered page bounds
    } else {
      k = row / 3; // ascending with repeats: ascending page bounds
    }
    return WriterTypeCases.sample(f, k);
  }

  private static Map<String, String> expectedHashes() throws IOException {
    Map<String, String> hashes = new LinkedHashMap<>();
    try (InputStream in = WriterOutputIdentityTest.class.getResourceAsStream("writer-output.sha256")) {
      assertNotNull(in, "writer-output.sha256 is missing from the test resources");
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        String[] parts = line.trim().split("\\s+");
        if (parts.length == 2 && !line.startsWith("#")) {
          hashes.put(parts[1], parts[0]);
        }
      }
    }
    return hashes;
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
