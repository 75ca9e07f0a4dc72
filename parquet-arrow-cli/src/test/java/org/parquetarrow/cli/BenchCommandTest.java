package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class BenchCommandTest {
  @Test
  void footerBenchReportsTheAgreedJsonFields() {
    String f = Cli.corpus("data/data_index_bloom_encoding_stats.parquet");
    Cli r = Cli.run("bench", f, "--footer", "--json", "--repeat", "5", "--warmup", "1");
    assertEquals(0, r.exit(), r.err());
    JsonNode b = r.json();
    assertEquals(14, b.get("rows").asLong()); // catalog: 14 rows
    JsonNode meta = Cli.run("meta", f, "--json").json();
    assertEquals(meta.get("row_groups").get(0).get("uncompressed_bytes").asLong(), b.get("uncompressed_bytes").asLong());
    double median = b.get("median_s").asDouble();
    assertTrue(median > 0 && median >= b.get("min_s").asDouble() && median <= b.get("max_s").asDouble(), b.toString());
    // a footer run reads no rows: before, it reported the file's rows (and bytes) over the time of
    // an open as rows/s, figures no scan reaches; its rate is opens per second
    assertEquals(1 / median, b.get("footers_per_s").asDouble(), 1e-6 / median);
    assertTrue(b.get("rows_per_s") == null && b.get("mb_per_s") == null, b.toString());
    Cli text = Cli.run("bench", f, "--footer", "--repeat", "2", "--warmup", "0");
    assertEquals(0, text.exit(), text.err());
    assertTrue(text.out().contains("footers/s") && !text.out().contains("rows/s"), text.out());
  }

  @Test
  void fullScanReportsTheFileAndTheThreads() {
    // alltypes_tiny_pages: 7300 rows (Arrow C++ golden row count)
    String f = Cli.corpus("data/alltypes_tiny_pages.parquet");
    for (String threads : new String[] {"1", "3"}) {
      Cli r = Cli.run("bench", f, "--threads", threads, "--repeat", "3", "--warmup", "1", "--json");
      assertEquals(0, r.exit(), r.err());
      JsonNode b = r.json();
      assertEquals("scan", b.get("mode").asText());
      assertEquals(Integer.parseInt(threads), b.get("threads").asInt());
      assertEquals(7300, b.get("rows").asLong());
      assertEquals(uncompressed(f), b.get("uncompressed_bytes").asLong());
      assertRatesFollowFromTheMedian(b);
    }
  }

  @Test
  void writeBenchWritesTheDataBack() {
    String f = Cli.corpus("data/alltypes_tiny_pages.parquet");
    Cli r = Cli.run("bench", f, "--write", "--codec", "zstd", "--repeat", "2", "--warmup", "0", "--json");
    assertEquals(0, r.exit(), r.err());
    JsonNode b = r.json();
    assertEquals("write", b.get("mode").asText());
    assertEquals("zstd", b.get("codec").asText());
    assertEquals(7300, b.get("rows").asLong());
    assertRatesFollowFromTheMedian(b);
    Cli text = Cli.run("bench", f, "--repeat", "1", "--warmup", "0");
    assertEquals(0, text.exit(), text.err());
    assertTrue(text.out().contains("scan of 7300 rows"), text.out());
  }

  @Test
  void badBenchOptionsAreInputErrors() {
    String f = Cli.corpus("data/alltypes_tiny_pages.parquet");
    assertEquals(2, Cli.run("bench", f, "--footer", "--write").exit());
    assertEquals(2, Cli.run("bench", f, "--threads", "0").exit());
    assertEquals(2, Cli.run("bench", f, "--repeat", "0").exit());
    assertEquals(2, Cli.run("bench", f, "--write", "--codec", "lzo").exit());
    assertEquals(2, Cli.run("bench", "/no/such.parquet").exit());
  }

  private static long uncompressed(String f) {
    long n = 0;
    for (JsonNode g : Cli.run("meta", f, "--json").json().get("row_groups")) {
      n += g.get("uncompressed_bytes").asLong();
    }
    return n;
  }

  private static void assertRatesFollowFromTheMedian(JsonNode b) {
    double median = b.get("median_s").asDouble();
    assertTrue(median > 0 && median >= b.get("min_s").asDouble() && median <= b.get("max_s").asDouble(), b.toString());
    double rows = b.get("rows").asDouble();
    assertEquals(rows / median, b.get("rows_per_s").asDouble(), 1e-6 * (rows / median));
    double mb = b.get("uncompressed_bytes").asDouble() / 1e6 / median;
    assertEquals(mb, b.get("mb_per_s").asDouble(), 1e-9 + 1e-6 * mb);
  }
}
