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
    assertEquals(14 / median, b.get("rows_per_s").asDouble(), 1e-6 * (14 / median));
    assertEquals(b.get("uncompressed_bytes").asDouble() / 1e6 / median, b.get("mb_per_s").asDouble(), 1e-9 + 1e-6 * b.get("mb_per_s").asDouble());
  }

  @Test
  void fullScanIsNotOfferedYet() {
    Cli r = Cli.run("bench", Cli.corpus("data/data_index_bloom_encoding_stats.parquet"));
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("--footer"), r.err());
  }
}
