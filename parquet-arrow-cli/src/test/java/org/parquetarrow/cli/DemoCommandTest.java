package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code demo DIR}: the sample it writes holds what {@link DemoData} documents (checked row by row
 * against the documented rules, worked out here, not against our own reader's output alone), with
 * statistics, page index and bloom filters, and the report names every step.
 */
class DemoCommandTest {
  private static final int ROWS = 70_000;

  @Test
  void demoWritesReadsAndReports(@TempDir Path dir) throws Exception {
    Cli r = Cli.run("demo", dir.toString(), "--rows", Integer.toString(ROWS));
    assertEquals(0, r.exit(), r.err());
    assertEquals("", r.err(), "no progress bar when stderr is not a terminal");
    for (String section : List.of("== schema", "== first rows", "== layout", "== bloom filter", "== throughput")) {
      assertTrue(r.out().contains(section), section + " missing in:\n" + r.out());
    }
    // the figures say what they measured: a cold write, and warm reads rather than one cold one
    assertTrue(r.out().contains("write: 70,000 rows in ") && r.out().contains("one run in a fresh JVM, JIT warm-up included"),
        r.out());
    assertTrue(r.out().contains("read:  70,000 rows in ") && r.out().contains("the median of 3 warm reads (the first, cold: "),
        r.out());
    assertTrue(r.out().contains("city = Atlantis: 0 of 1 row group(s) may contain it"), r.out());
    assertTrue(r.out().contains("city = Lisbon: 1 of 1 row group(s) may contain it"), r.out());
    assertFilteredScans(r.out());
    Path file = dir.resolve("orders.parquet");
    assertTrue(Files.size(dir.resolve("orders-layout.svg")) > 0);

    JsonNode meta = Cli.run("meta", file.toString(), "--json").json();
    assertEquals(ROWS, meta.get("num_rows").asLong());
    for (JsonNode c : meta.get("row_groups").get(0).get("columns")) {
      String path = c.get("path").asText();
      assertEquals("ZSTD", c.get("codec").asText(), path);
      assertTrue(c.get("column_index").asBoolean() && c.get("offset_index").asBoolean(), path);
      assertEquals(List.of("order_id", "city", "customer.name").contains(path), c.get("bloom_filter").asBoolean(), path);
    }
    JsonNode id = meta.get("row_groups").get(0).get("columns").get(0).get("statistics");
    assertEquals(0, id.get("min").asLong());
    assertEquals(ROWS - 1, id.get("max").asLong());
    JsonNode city = meta.get("row_groups").get(0).get("columns").get(2).get("statistics");
    assertEquals((ROWS + 16) / 17, city.get("null_count").asLong(), "rows 0, 17, 34, ... are null");

    Cli cat = Cli.run("cat", file.toString(), "--json");
    assertEquals(0, cat.exit(), cat.err());
    List<String> lines = cat.out().lines().toList();
    assertEquals(ROWS, lines.size());
    ObjectMapper json = new ObjectMapper();
    for (int row : new int[] {0, 1, 13, 17, 29, 31, 12_345, ROWS - 1}) {
      assertRow(row, json.readTree(lines.get(row)));
    }
  }

  /**
   * The range scan keeps the rows of its order id range whose city is Oslo (by the sample's rules:
   * not every 17th row, and the city its scramble picks); the absent customer name is ruled out by
   * the bloom filter of the one row group, so nothing is read.
   */
  private static void assertFilteredScans(String out) {
    String range = DemoCommand.rangeFilter(ROWS);
    assertEquals("order_id between 42000 and 51999 and city = 'Oslo'", range);
    long oslo = 0;
    for (long row = 42_000; row <= 51_999; row++) {
      if (row % 17 != 0 && DemoData.CITIES[(int) (DemoData.mix(row) % DemoData.CITIES.length)].equals("Oslo")) {
        oslo++;
      }
    }
    assertTrue(oslo > 1000, "about one row in eight: " + oslo);
    int first = out.indexOf("--filter \"" + range + "\"");
    int second = out.indexOf("--filter \"" + DemoCommand.ABSENT_NAME_FILTER + "\"");
    assertTrue(first > 0 && second > first, out);
    String rangeReport = out.substring(first, second);
    assertTrue(rangeReport.contains(String.format(java.util.Locale.ROOT, "%,d out", oslo)), rangeReport);
    String absentReport = out.substring(second, out.indexOf("== throughput"));
    assertTrue(absentReport.contains("row groups: 1, pruned: 0 by statistics, 0 by dictionary, 1 by bloom filter"), absentReport);
    assertTrue(absentReport.contains("rows:       0 decoded, 0 out"), absentReport);
  }

  /** The documented rules of the sample, worked out for one row. */
  private static void assertRow(long row, JsonNode r) {
    assertEquals(row, r.get("order_id").asLong());
    assertEquals(java.time.Instant.parse("2024-01-01T00:00:00Z").plusSeconds(row).toString(), r.get("placed_at").asText());
    assertEquals(row % 17 == 0, r.get("city").isNull(), "city of row " + row);
    if (!r.get("city").isNull()) {
      assertTrue(List.of(DemoData.CITIES).contains(r.get("city").asText()));
    }
    assertEquals(row % 29 == 0, r.get("amount").isNull(), "amount of row " + row);
    if (!r.get("amount").isNull()) {
      double amount = r.get("amount").asDouble();
      assertTrue(amount >= 1.0 && amount <= 500.99, "amount " + amount);
    }
    assertTrue(r.get("express").isBoolean());
    assertTrue(r.get("customer").get("name").asText().startsWith("customer-"));
    assertEquals(row % 13 == 0, r.get("customer").get("age").isNull(), "age of row " + row);
    assertEquals(row % 31 == 0, r.get("items").isNull(), "items of row " + row);
    if (!r.get("items").isNull()) {
      assertTrue(r.get("items").size() <= 3);
      r.get("items").forEach(i -> assertTrue(List.of(DemoData.PRODUCTS).contains(i.asText()), i.toString()));
    }
  }

  @Test
  void demoRefusesNonsense(@TempDir Path dir) {
    Cli r = Cli.run("demo", dir.toString(), "--rows", "0");
    assertEquals(2, r.exit());
    assertFalse(Files.exists(dir.resolve("orders.parquet")));
  }
}
