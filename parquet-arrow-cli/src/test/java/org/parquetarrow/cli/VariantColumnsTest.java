package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code cat} prints a VARIANT column as the JSON of each rebuilt variant. The expected values are
 * the catalog's descriptions of the shredded_variant cases (Iceberg's test cases).
 */
class VariantColumnsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void catJsonPrintsEachVariantAsItsJson() throws Exception {
    // case 45 (testArrayWithNestedObject): [comedy, drama] ; 34 ; {a: null, d: iceberg} ; [action, horror]
    Cli r = Cli.run("cat", Cli.corpus("shredded_variant/case-045.parquet"), "--json", "--columns", "var");
    assertEquals(0, r.exit(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(List.of(
        JSON.readTree("{\"var\":[\"comedy\",\"drama\"]}"),
        JSON.readTree("{\"var\":34}"),
        JSON.readTree("{\"var\":{\"a\":null,\"d\":\"iceberg\"}}"),
        JSON.readTree("{\"var\":[\"action\",\"horror\"]}")),
        lines.stream().map(VariantColumnsTest::parse).toList());
  }

  @Test
  void catTextPrintsThePartiallyShreddedObject() throws Exception {
    // case 134 (testPartiallyShreddedObject): {a: null, b: "iceberg", d: DATE 2024-01-30}
    Cli r = Cli.run("cat", Cli.corpus("shredded_variant/case-134.parquet"), "--columns", "var");
    assertEquals(0, r.exit(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals("var", lines.get(0));
    assertEquals(JSON.readTree("{\"a\":null,\"b\":\"iceberg\",\"d\":\"2024-01-30\"}"), parse(lines.get(1)));
    assertEquals(2, lines.size());
  }

  private static JsonNode parse(String line) {
    try {
      return JSON.readTree(line);
    } catch (Exception e) {
      throw new AssertionError(line, e);
    }
  }
}
