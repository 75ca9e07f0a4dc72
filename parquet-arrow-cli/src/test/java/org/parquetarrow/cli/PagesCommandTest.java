package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PagesCommandTest {
  static List<JsonNode> pages(String... args) throws Exception {
    Cli r = Cli.run(args);
    assertEquals(0, r.exit(), r.err());
    List<JsonNode> out = new ArrayList<>();
    ObjectMapper m = new ObjectMapper();
    for (String line : r.out().split("\n")) {
      if (!line.isBlank()) {
        out.add(m.readTree(line));
      }
    }
    return out;
  }

  @Test
  void oneV1PageWithMatchingCrc() throws Exception {
    // catalog: pages 1 v1; enc PLAIN; CRC on 1/1 pages; 14 values
    List<JsonNode> p = pages("pages", Cli.corpus("data/data_index_bloom_encoding_stats.parquet"), "--json");
    assertEquals(1, p.size());
    JsonNode page = p.get(0);
    assertEquals("DATA_PAGE", page.get("type").asText());
    assertEquals("PLAIN", page.get("encoding").asText());
    assertEquals(14, page.get("num_values").asInt());
    assertTrue(page.get("crc_matches").asBoolean());
    assertEquals(4, page.get("offset").asLong(), "the first page follows the 4-byte magic");
  }

  @Test
  void corruptChecksumsAreShown() throws Exception {
    // catalog: two columns a and b, two v1 pages each, all with CRC; page 0 of a and page 1 of b altered
    List<JsonNode> p = pages("pages", Cli.corpus("data/datapage_v1-corrupt-checksum.parquet"), "--json");
    assertEquals(4, p.size());
    for (JsonNode page : p) {
      boolean bad = page.get("column").asText().equals("a") ? page.get("page").asInt() == 0 : page.get("page").asInt() == 1;
      assertEquals(!bad, page.get("crc_matches").asBoolean(), page.toString());
    }
    long values = 0;
    for (JsonNode page : p) {
      values += page.get("num_values").asLong();
    }
    assertEquals(2 * 5120, values, "5,120 rows in each of two required columns");
  }

  @Test
  void oneColumnOnlyWithDictionaryFirst() throws Exception {
    // catalog: rle-dict-uncompressed-corrupt-checksum: pages 2 v2 + 2 dict, CRC on the 2 dict pages (wrong)
    String f = Cli.corpus("data/rle-dict-uncompressed-corrupt-checksum.parquet");
    List<JsonNode> all = pages("pages", f, "--json");
    assertEquals(4, all.size());
    String first = all.get(0).get("column").asText();
    List<JsonNode> one = pages("pages", f, "--json", "--column", first);
    assertEquals(2, one.size());
    assertEquals("DICTIONARY_PAGE", one.get(0).get("type").asText());
    assertFalse(one.get(0).get("crc_matches").asBoolean());
    assertEquals("DATA_PAGE_V2", one.get(1).get("type").asText());
    assertFalse(one.get(1).has("crc"));
    assertEquals(1000, one.get(1).get("num_rows").asInt());
  }

  @Test
  void encryptedPagesWithKeys() throws Exception {
    // catalog: 2,000 rows, 4 columns, pages 11 v2 with CRC on 11/11; double_field (kc1) and float_field (kc2) encrypted
    String f = Cli.corpus("data/encrypt_columns_and_footer_bloom_filter.parquet.encrypted");
    List<JsonNode> p = pages("pages", f, "--json", "--footer-key", "0123456789012345",
        "--column-key", "double_field:1234567890123450", "--column-key", "float_field:1234567890123451");
    assertEquals(11, p.size());
    for (JsonNode page : p) {
      assertEquals("DATA_PAGE_V2", page.get("type").asText());
      assertTrue(page.get("crc_matches").asBoolean(), page.toString());
    }
    for (String column : new String[] {"double_field", "float_field", "int32_field", "name"}) {
      long rows = p.stream().filter(x -> x.get("column").asText().equals(column))
          .mapToLong(x -> x.get("num_rows").asLong()).sum();
      assertEquals(2000, rows, column);
    }
  }

  @Test
  void encryptedColumnWithoutItsKeyIsAnInputError() {
    Cli r = Cli.run("pages", Cli.corpus("data/encrypt_columns_plaintext_footer.parquet.encrypted"),
        "--column", "double_field");
    assertEquals(2, r.exit(), r.out());
    assertTrue(r.err().contains("double_field"), r.err());
    Cli plain = Cli.run("pages", Cli.corpus("data/encrypt_columns_plaintext_footer.parquet.encrypted"),
        "--column", "int32_field");
    assertEquals(0, plain.exit(), plain.err());
    assertTrue(plain.out().contains("int32_field"), plain.out());
  }

  @Test
  void unknownColumnIsAnInputError() {
    Cli r = Cli.run("pages", Cli.corpus("data/data_index_bloom_encoding_stats.parquet"), "--column", "nope");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("nope") && r.err().contains("String"), r.err());
  }
}
