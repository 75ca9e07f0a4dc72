package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.schema.ArrowWriteOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

class MetaCommandTest {
  private static final String BLOOM = "data/data_index_bloom_encoding_stats.parquet";

  @Test
  void jsonDescribesRowGroupsAndChunks() throws Exception {
    Cli r = Cli.run("meta", Cli.corpus(BLOOM), "--json");
    assertEquals(0, r.exit(), r.err());
    JsonNode m = r.json();
    // catalog facts: 1,643 bytes, 14 rows / 1 RG, GZIP, PLAIN, bloom filter (offset only), page index,
    // min_value/max_value statistics, parquet-mr 1.13.0-SNAPSHOT, avro key-value metadata
    assertEquals(1643, m.get("file_bytes").asLong());
    assertEquals(14, m.get("num_rows").asLong());
    assertEquals(1, m.get("num_row_groups").asInt());
    assertTrue(m.get("created_by").asText().startsWith("parquet-mr version 1.13.0-SNAPSHOT"));
    assertEquals("avro", m.get("key_value_metadata").get("writer.model.name").asText());
    JsonNode c = m.get("row_groups").get(0).get("columns").get(0);
    assertEquals("String", c.get("path").asText());
    assertEquals("BYTE_ARRAY", c.get("type").asText());
    assertEquals("GZIP", c.get("codec").asText());
    assertTrue(c.get("encodings").toString().contains("PLAIN"));
    assertEquals(14, c.get("num_values").asLong());
    assertTrue(c.get("bloom_filter").asBoolean());
    assertFalse(c.has("bloom_filter_length"), "offset only, no length");
    assertTrue(c.get("column_index").asBoolean());
    assertTrue(c.get("offset_index").asBoolean());
    assertFalse(c.get("dictionary").asBoolean());
    double ratio = c.get("uncompressed_bytes").asDouble() / c.get("compressed_bytes").asDouble();
    assertEquals(ratio, c.get("compression_ratio").asDouble(), 0.001);

    // min and max against the values Arrow C++ read from the file (byte-wise UTF-8 order)
    List<String> values = GoldenValues.column(Cli.golden(BLOOM), "String").stream()
        .filter(Objects::nonNull).map(Object::toString).toList();
    Comparator<String> bytewise = (a, b) -> java.util.Arrays.compareUnsigned(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    JsonNode stats = c.get("statistics");
    assertEquals(values.stream().min(bytewise).orElseThrow(), stats.get("min").asText());
    assertEquals(values.stream().max(bytewise).orElseThrow(), stats.get("max").asText());
    assertEquals(14 - values.size(), stats.get("null_count").asLong());
  }

  /**
   * Decimal statistics print as numbers at the column's scale: Spark's INT32 and INT64 decimals
   * against the values Arrow C++ read from the files, and the FIXED_LEN_BYTE_ARRAY and INT64
   * layouts our writer makes against the values written.
   */
  @Test
  void decimalStatisticsAreNumbers(@TempDir java.nio.file.Path dir) throws Exception {
    for (String file : new String[] {"data/int32_decimal.parquet", "data/int64_decimal.parquet"}) {
      List<java.math.BigDecimal> values = GoldenValues.column(Cli.golden(file), "value").stream()
          .filter(Objects::nonNull).map(v -> (java.math.BigDecimal) v).toList();
      JsonNode stats = decimalStatistics(Cli.corpus(file));
      assertEquals(values.stream().min(Comparator.naturalOrder()).orElseThrow().toPlainString(), stats.get("min").asText(), file);
      assertEquals(values.stream().max(Comparator.naturalOrder()).orElseThrow().toPlainString(), stats.get("max").asText(), file);
    }
    for (ArrowWriteOptions.DecimalEncoding encoding : ArrowWriteOptions.DecimalEncoding.values()) {
      java.nio.file.Path parquet = dir.resolve(encoding + ".parquet");
      Schema schema = new Schema(List.of(Field.nullable("amount", new ArrowType.Decimal(12, 2, 128))));
      WriterProperties props = WriterProperties.builder()
          .arrowOptions(ArrowWriteOptions.builder().decimalEncoding(encoding).build()).build();
      try (RootAllocator allocator = new RootAllocator();
          VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
          ParquetFileWriter w = ParquetFileWriter.open(parquet, schema, props)) {
        DecimalVector v = (DecimalVector) root.getVector(0);
        v.allocateNew(3);
        v.setSafe(0, new java.math.BigDecimal("-1234.50"));
        v.setSafe(1, new java.math.BigDecimal("0.07"));
        v.setSafe(2, new java.math.BigDecimal("98765.43"));
        root.setRowCount(3);
        w.write(root);
      }
      JsonNode stats = decimalStatistics(parquet.toString());
      assertEquals("-1234.50", stats.get("min").asText(), encoding.toString());
      assertEquals("98765.43", stats.get("max").asText(), encoding.toString());
    }
  }

  private static JsonNode decimalStatistics(String file) {
    Cli r = Cli.run("meta", file, "--json");
    assertEquals(0, r.exit(), r.err());
    return r.json().get("row_groups").get(0).get("columns").get(0).get("statistics");
  }

  @Test
  void textNamesTheSameFacts() {
    Cli r = Cli.run("meta", Cli.corpus(BLOOM));
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("rows:        14 in 1 row group(s), 1 leaf column(s)"), r.out());
    assertTrue(r.out().contains("String: BYTE_ARRAY GZIP"), r.out());
    assertTrue(r.out().contains("bloom"), r.out());
    assertTrue(r.out().contains("writer.model.name = avro"), r.out());
  }

  @Test
  void multipleRowGroupsAndSortingFile() {
    // catalog: sort_columns.parquet, 6 rows / 2 RG; 2 leaf cols; SNAPPY; dictionary pages
    JsonNode m = Cli.run("meta", Cli.corpus("data/sort_columns.parquet"), "--json").json();
    assertEquals(6, m.get("num_rows").asLong());
    assertEquals(2, m.get("row_groups").size());
    long rows = 0;
    for (JsonNode g : m.get("row_groups")) {
      rows += g.get("num_rows").asLong();
      assertEquals(2, g.get("columns").size());
      for (JsonNode c : g.get("columns")) {
        assertEquals("SNAPPY", c.get("codec").asText());
        assertTrue(c.get("dictionary").asBoolean());
      }
    }
    assertEquals(6, rows);
  }

  @Test
  void plaintextFooterWithEncryptedColumnsWithoutKeys() {
    // catalog: plaintext footer signed with kf; double_field and float_field encrypted
    Cli r = Cli.run("meta", Cli.corpus("data/encrypt_columns_plaintext_footer.parquet.encrypted"), "--json");
    assertEquals(0, r.exit(), r.err());
    JsonNode m = r.json();
    assertEquals("AES_GCM_V1", m.get("encryption").asText());
    assertEquals(50, m.get("num_rows").asLong());
    for (JsonNode c : m.get("row_groups").get(0).get("columns")) {
      String path = c.get("path").asText();
      boolean encrypted = path.equals("double_field") || path.equals("float_field");
      assertEquals(encrypted, c.get("encrypted").asBoolean(), path);
    }
  }

  @Test
  void encryptedColumnMetadataIsDecryptedWithItsKey() {
    Cli r = Cli.run("meta", Cli.corpus("data/encrypt_columns_and_footer.parquet.encrypted"), "--json",
        "--footer-key", "0123456789012345", "--column-key", "double_field:1234567890123450",
        "--column-key", "float_field:1234567890123451");
    assertEquals(0, r.exit(), r.err());
    for (JsonNode c : r.json().get("row_groups").get(0).get("columns")) {
      assertTrue(c.has("codec"), c.toString());
      assertEquals("SNAPPY", c.get("codec").asText());
      if (c.get("path").asText().equals("double_field")) {
        assertEquals("DOUBLE", c.get("type").asText());
        // catalog: double_field = i x 1.1111111, i = 0..49
        assertEquals(0.0, c.get("statistics").get("min").asDouble(), 1e-9);
        assertEquals(49 * 1.1111111, c.get("statistics").get("max").asDouble(), 1e-6);
      }
    }
  }

  /**
   * {@code min_value}/{@code max_value} are JSON values of the column's Arrow type beside the
   * stored bytes: expected values are the extremes written (u64 2^64-1 exact, a decimal at its
   * scale, ISO dates and instants, a string, base64 binary).
   */
  @Test
  void jsonHasTypedMinAndMaxBesideTheStoredBytes(@TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path parquet = dir.resolve("typed.parquet");
    Schema schema = new Schema(List.of(
        Field.nullable("u64", new ArrowType.Int(64, false)),
        Field.nullable("price", new ArrowType.Decimal(30, 2, 128)),
        Field.nullable("day", new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY)),
        Field.nullable("at", new ArrowType.Timestamp(org.apache.arrow.vector.types.TimeUnit.MILLISECOND, "UTC")),
        Field.nullable("name", ArrowType.Utf8.INSTANCE),
        Field.nullable("blob", ArrowType.Binary.INSTANCE)));
    try (RootAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetFileWriter w = ParquetFileWriter.open(parquet, schema, WriterProperties.defaults())) {
      root.allocateNew();
      ((org.apache.arrow.vector.UInt8Vector) root.getVector("u64")).set(0, 1);
      ((org.apache.arrow.vector.UInt8Vector) root.getVector("u64")).set(1, -1L); // 2^64 - 1
      ((DecimalVector) root.getVector("price")).set(0, new java.math.BigDecimal("1234567890123456789012.30"));
      ((DecimalVector) root.getVector("price")).set(1, new java.math.BigDecimal("-0.05"));
      ((org.apache.arrow.vector.DateDayVector) root.getVector("day")).set(0, 19000); // 2022-01-08
      ((org.apache.arrow.vector.DateDayVector) root.getVector("day")).set(1, 0);
      ((org.apache.arrow.vector.TimeStampMilliTZVector) root.getVector("at")).set(0, 1_700_000_000_123L);
      ((org.apache.arrow.vector.TimeStampMilliTZVector) root.getVector("at")).set(1, 86_400_000L);
      ((org.apache.arrow.vector.VarCharVector) root.getVector("name")).setSafe(0, "zoë".getBytes(StandardCharsets.UTF_8));
      ((org.apache.arrow.vector.VarCharVector) root.getVector("name")).setSafe(1, "adam".getBytes(StandardCharsets.UTF_8));
      ((org.apache.arrow.vector.VarBinaryVector) root.getVector("blob")).setSafe(0, new byte[] {0, 1});
      ((org.apache.arrow.vector.VarBinaryVector) root.getVector("blob")).setSafe(1, new byte[] {(byte) 0xfb, (byte) 0xff});
      root.setRowCount(2);
      w.write(root);
    }
    Cli r = Cli.run("meta", parquet.toString(), "--json");
    assertEquals(0, r.exit(), r.err());
    JsonNode m = new com.fasterxml.jackson.databind.ObjectMapper()
        .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).readTree(r.out());
    JsonNode columns = m.get("row_groups").get(0).get("columns");
    JsonNode u64 = columns.get(0).get("statistics");
    assertTrue(u64.get("max_value").isBigInteger(), u64.toString());
    assertEquals(new java.math.BigInteger("18446744073709551615"), u64.get("max_value").bigIntegerValue());
    assertEquals(1, u64.get("min_value").asLong());
    assertTrue(r.out().contains("\"max_value\" : 18446744073709551615"), "an exact JSON number");
    assertEquals("ffffffffffffffff", u64.get("max_bytes").asText());
    assertEquals("18446744073709551615", u64.get("max").asText(), "the text form stays as it was");
    assertEquals("USABLE", u64.get("min_max_status").asText());
    assertTrue(u64.get("min_exact").asBoolean() && u64.get("max_exact").asBoolean());
    JsonNode price = columns.get(1).get("statistics");
    assertTrue(price.get("max_value").isBigDecimal(), price.toString());
    // compared by value: Jackson's tree drops trailing zeros on reading; the text below keeps them
    assertEquals(0, new java.math.BigDecimal("1234567890123456789012.30").compareTo(price.get("max_value").decimalValue()));
    assertEquals(0, new java.math.BigDecimal("-0.05").compareTo(price.get("min_value").decimalValue()));
    assertTrue(r.out().contains("\"max_value\" : 1234567890123456789012.30"), "exact, at the column's scale");
    JsonNode day = columns.get(2).get("statistics");
    assertEquals("1970-01-01", day.get("min_value").asText());
    assertEquals("2022-01-08", day.get("max_value").asText());
    JsonNode at = columns.get(3).get("statistics");
    assertEquals("1970-01-02T00:00:00Z", at.get("min_value").asText());
    assertEquals("2023-11-14T22:13:20.123Z", at.get("max_value").asText());
    JsonNode name = columns.get(4).get("statistics");
    assertEquals("adam", name.get("min_value").asText());
    assertEquals("zoë", name.get("max_value").asText());
    JsonNode blob = columns.get(5).get("statistics");
    assertEquals("AAE=", blob.get("min_value").asText());
    assertEquals("+/8=", blob.get("max_value").asText());
  }

  /** Bounds a writer of known bugs wrote are shown with the reason they are not used. */
  @Test
  void untrustedBoundsSayWhy() {
    // catalog: parquet-mr 1.8.2, legacy min/max only, strings (unsigned order) written signed
    Cli r = Cli.run("meta", Cli.corpus("data/nested_lists.snappy.parquet"), "--json");
    assertEquals(0, r.exit(), r.err());
    JsonNode stats = r.json().get("row_groups").get(0).get("columns").get(0).get("statistics");
    assertEquals("DEPRECATED_SIGNED_ORDER", stats.get("min_max_status").asText(), stats.toString());
    Cli text = Cli.run("meta", Cli.corpus("data/nested_lists.snappy.parquet"));
    assertTrue(text.out().contains("(min/max not usable: DEPRECATED_SIGNED_ORDER)"), text.out());
  }
}
