package org.parquetarrow.bench.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.bench.data.BenchDataset;
import org.parquetarrow.bench.peers.PeerTableResult.ReadRow;
import org.parquetarrow.bench.peers.PeerTableResult.WriteRow;

/**
 * The one-command peer table in its {@code --quick} form, as {@code bin/bench-peers --quick} runs
 * it: every section has a row per data set (and codec), every cell a time, every peer the checksum
 * parquet-arrow read, and the Markdown and JSON files say so. No time is asserted. The run's own
 * checks (each peer's rows and checksum equal to ours, written files reading back the input) fail
 * it before these assertions; its allocator is closed at the end and fails on leaked memory.
 */
class PeerTableSmokeTest {
  @TempDir Path out;

  @Test
  void quickRunFillsEveryRowAndColumnAndEveryPeerAgrees() throws Exception {
    // the data sets are cached beside the other benchmark data, so later builds skip writing them
    PeerTableOptions options = PeerTableOptions.parse("--quick", "--data", "target/bench-data",
        "--out", out.toString());
    PeerTableResult result = PeerTable.run(options, "bin/bench-peers --quick");
    Path markdown = PeerTable.write(result, out);

    List<String> datasets = Arrays.stream(BenchDataset.values()).map(Enum::name).toList();
    assertEquals(datasets, result.reading().rows().stream().map(ReadRow::dataset).toList());
    for (ReadRow row : result.reading().rows()) {
      assertEquals(Set.copyOf(Peers.ALL), row.seconds().keySet(), row.dataset());
      assertEquals(1, row.decompressOnly().seconds().size(), row.dataset());
      assertTrue(row.rows() > 0 && row.pages() > 0, row.dataset());
      String ours = row.checksums().get(Peers.OURS);
      for (String peer : Peers.ALL) {
        assertEquals(ours, row.checksums().get(peer), row.dataset() + " checksum of " + peer);
      }
    }

    assertEquals(2 * datasets.size(), result.writing().rows().size());
    for (WriteRow row : result.writing().rows()) {
      String where = row.dataset() + " " + row.codec();
      boolean uncompressed = row.codec().equals("UNCOMPRESSED");
      Set<String> writers = new TreeSet<>(Peers.ALL);
      if (!uncompressed) {
        writers.remove(Peers.ARROW_CPP); // its JNI writer has no codec option
        assertNull(row.seconds().get(Peers.ARROW_CPP), where);
      }
      assertEquals(writers, new TreeSet<>(row.seconds().keySet()), where);
      assertEquals(writers, new TreeSet<>(row.fileBytes().keySet()), where);
      row.fileBytes().forEach((peer, bytes) -> assertTrue(bytes > 0, where + " " + peer));
    }
    assertEquals(Set.of(Peers.OURS, Peers.ARROW_CPP, Peers.PARQUET_JAVA),
        result.footer().rows().get(0).seconds().keySet());
    assertEquals(2000, result.footer().rows().get(0).columns());

    String md = Files.readString(markdown);
    for (String section : List.of("## Reading, one decoding thread", "## Decompress-only floor",
        "## Writing, one thread", "## Footer of a wide file, warm")) {
      assertTrue(md.contains(section), section);
    }
    for (String peer : Peers.ALL) {
      assertTrue(md.contains("| ours ÷ " + peer) || peer.equals(Peers.OURS), peer);
    }
    for (String d : datasets) {
      // reading, floor, and the two codecs of writing
      assertEquals(4, md.lines().filter(l -> l.startsWith("| " + d + " |")).count(), d);
    }
    assertTrue(md.contains("Load average before: "), md);

    JsonNode json = new ObjectMapper().readTree(out.resolve("peer-table.json").toFile());
    assertEquals(datasets.size(), json.at("/reading/rows").size());
    assertEquals(2 * datasets.size(), json.at("/writing/rows").size());
    assertTrue(json.at("/reading/rows/0/seconds/DuckDB/median").asDouble() > 0, json.toString());
  }

  @Test
  void unknownArgumentNamesTheValidOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PeerTableOptions.parse("--fast"));
    assertTrue(e.getMessage().contains("--fast") && e.getMessage().contains("--quick"), e.getMessage());
  }

  @Test
  void aPeerThatDisagreesStopsTheRunNamingItAndBothValues() {
    PeerMismatchException e = assertThrows(PeerMismatchException.class,
        () -> PeerMismatchException.requireEqual(Peers.DUCKDB, "checksum", "5230e0", "5230e1"));
    assertTrue(e.getMessage().contains("DuckDB") && e.getMessage().contains("5230e0")
        && e.getMessage().contains("5230e1"), e.getMessage());
  }
}
