package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scan} of an encrypted hive-partitioned dataset with the key options: two partitions, each
 * {@link ArrowFiles#idsAndNames} (3000 rows, {@code name} = "name-" + id, null every 10th row) in
 * row groups of 1000 with a bloom filter on {@code name}; {@code name} under its own key, the
 * footer encrypted. The same dataset in plaintext is the reference for rows and pruning counts.
 */
class EncryptedScanCommandTest {
  private static final String FOOTER_KEY = "0123456789012345";
  private static final String NAME_KEY = "1234567890123450";
  private static final List<String> KEYS = List.of("--footer-key", FOOTER_KEY, "--column-key", "name:" + NAME_KEY);
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path dir;
  @TempDir Path outputs;

  @BeforeAll
  static void writeDatasets() throws Exception {
    Path arrow = dir.resolve("in.arrow");
    ArrowFiles.idsAndNames(arrow, 3000, 1000);
    for (String region : List.of("a", "b")) {
      write(arrow, dir.resolve("plain/region=" + region + "/f.parquet"), List.of());
      write(arrow, dir.resolve("enc/region=" + region + "/f.parquet"), KEYS);
    }
  }

  private static void write(Path arrow, Path out, List<String> keys) throws Exception {
    Files.createDirectories(out.getParent());
    List<String> args = new ArrayList<>(List.of("from-arrow", arrow.toString(), out.toString(), "--bloom", "name",
        "--row-group-rows", "1000"));
    args.addAll(keys);
    Cli w = Cli.run(args.toArray(String[]::new));
    assertEquals(0, w.exit(), w.err());
  }

  private Cli scan(String dataset, String filter, List<String> keys, Path metrics) {
    List<String> args = new ArrayList<>(List.of("scan", dir.resolve(dataset).toString(), "--filter", filter, "--json",
        "--threads", "1", "--metrics-json", metrics.toString()));
    args.addAll(keys);
    return Cli.run(args.toArray(String[]::new));
  }

  private static JsonNode withoutBytes(Path metrics) throws Exception {
    com.fasterxml.jackson.databind.node.ObjectNode m = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(metrics.toFile());
    m.remove("bytes_read"); // encrypted modules are longer
    m.remove("bytes_requested");
    return m;
  }

  @Test
  void scansWithTheKeysLikeThePlaintextDataset() throws Exception {
    for (String filter : List.of("name = 'name-1234'", "name = 'name-12345'", "id between 990 and 1010 and name is not null")) {
      Path pm = outputs.resolve("plain.json");
      Path em = outputs.resolve("enc.json");
      Cli plain = scan("plain", filter, List.of(), pm);
      Cli enc = scan("enc", filter, KEYS, em);
      assertEquals(0, enc.exit(), enc.err());
      assertEquals(0, plain.exit(), plain.err());
      assertEquals(plain.out(), enc.out(), filter);
      assertEquals(withoutBytes(pm), withoutBytes(em), filter);
    }
    // name-1234 is id 1234, once per partition
    Cli one = scan("enc", "name = 'name-1234'", KEYS, outputs.resolve("m.json"));
    List<String> lines = one.out().strip().lines().toList();
    assertEquals(2, lines.size(), one.out());
    for (String l : lines) {
      assertEquals(1234, JSON.readTree(l).get("id").asInt(), l);
    }
    // name-12345 is in no row group. Its statistics (ids 1..999: name-1 .. name-999; 1000..1999:
    // name-1000 .. name-1999; 2000..2999: name-2000 .. name-2999, as strings) rule out the third
    // row group of each file; in the first two it lies between the bounds, and only the
    // (encrypted) bloom filters rule it out
    Path m = outputs.resolve("absent.json");
    Cli absent = scan("enc", "name = 'name-12345'", KEYS, m);
    assertEquals("", absent.out().strip());
    JsonNode metrics = JSON.readTree(m.toFile());
    assertEquals(6, metrics.get("row_groups").asLong());
    assertEquals(2, metrics.get("row_groups_pruned_by_statistics").asLong(), metrics.toString());
    assertEquals(4, metrics.get("row_groups_pruned_by_bloom_filter").asLong(), metrics.toString());
  }

  @Test
  void wrongOrMissingKeysExitWithOneLine() {
    Path m = outputs.resolve("m.json");
    assertOneLine(scan("enc", "id = 1", List.of(), m), "f.parquet", "decryption keys");
    assertOneLine(scan("enc", "id = 1", List.of("--footer-key", "9999999999999999"), m), "f.parquet", "footer");
    assertOneLine(scan("enc", "id = 1", List.of("--footer-key", FOOTER_KEY, "--column-key", "name:" + FOOTER_KEY), m),
        "f.parquet", "name");
  }

  private static void assertOneLine(Cli r, String... words) {
    assertEquals(2, r.exit(), r.out() + r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    for (String w : words) {
      assertTrue(r.err().contains(w), "'" + w + "' missing from: " + r.err());
    }
  }
}
