package org.parquetarrow.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.parquetarrow.testing.CorpusCatalog.Entry;
import org.parquetarrow.testing.CorpusCatalog.Expect;

class CorpusCatalogTest {
  private final CorpusCatalog catalog = CorpusCatalog.load();

  @Test
  void countsPerExpectationMatchTheCatalogSummary() throws Exception {
    String summary = Files.readAllLines(TestData.parquetTesting().resolve("CATALOG.md")).stream()
        .filter(l -> l.startsWith("- By expectation:")).findFirst().orElseThrow();
    Map<Expect, Integer> stated = new EnumMap<>(Expect.class);
    Matcher m = Pattern.compile("(\\w[\\w (;)]*?): (\\d+)[,.]").matcher(summary.substring("- By expectation:".length()));
    while (m.find()) {
      stated.put(Expect.parse(m.group(1).trim()), Integer.parseInt(m.group(2)));
    }
    assertEquals(Expect.values().length, stated.size(), summary);
    for (Expect e : Expect.values()) {
      long tables = catalog.withExpect(e).stream().filter(x -> !x.section().contains("fuzzer")).count();
      assertEquals((long) stated.get(e), tables, e.label());
    }
  }

  @Test
  void fuzzerReproducersAreListedAsReadsOrFails() {
    List<Entry> fuzz = catalog.entries().stream().filter(e -> e.relativePath().startsWith(CorpusCatalog.FUZZING_DIR)).toList();
    // "Its fuzzer reproducers are copied too: ... (137 files ...)"
    assertEquals(137, fuzz.size());
    assertTrue(fuzz.stream().allMatch(e -> e.expect() == Expect.READS_OR_FAILS && e.corpus().equals("arrow-testing")));
  }

  @Test
  void knownFilesHaveTheirExpectation() {
    assertEquals(Expect.READS, catalog.entry("data/alltypes_plain.parquet").expect());
    assertEquals(Expect.MUST_FAIL, catalog.entry("bad_data/PARQUET-1481.parquet").expect());
    assertEquals(Expect.READS, catalog.entry("bad_data/ARROW-GH-43605.parquet").expect());
    assertEquals(Expect.READS_CRC_CHECK_MUST_FAIL, catalog.entry("data/datapage_v1-corrupt-checksum.parquet").expect());
    assertEquals(Expect.MUST_FAIL, catalog.entry("shredded_variant/case-040.parquet").expect());
    assertEquals(Expect.SIDECAR, catalog.entry("variant/short_string.value").expect());
    Entry java = catalog.entry("data/parquet/alltypes-java.parquet");
    assertEquals("arrow-testing", java.corpus());
    assertTrue(Files.isRegularFile(java.path()));
    assertEquals(1, catalog.withExpect(Expect.READS_HEAVY).size());
    List<Entry> keyed = catalog.withExpect(Expect.READS_WITH_KEYS);
    assertEquals(13, keyed.size());
    assertTrue(keyed.stream().allMatch(e -> e.relativePath().endsWith(".parquet.encrypted")));
  }

  @Test
  void catalogGoldenColumnAgreesWithTheSidecars() {
    Pattern rows = Pattern.compile("yes, ([\\d,]+) rows?");
    int checked = 0;
    for (Entry e : catalog.entries()) {
      Matcher m = rows.matcher(e.goldenNote());
      if (m.find()) {
        Golden g = e.golden();
        assertTrue(g.read(), e.relativePath());
        assertEquals(Long.parseLong(m.group(1).replace(",", "")), g.rowCount(), e.relativePath());
        checked++;
      } else if (e.goldenNote().startsWith("no")) {
        assertEquals("error", e.golden().status(), e.relativePath());
      }
    }
    // "Arrow C++ goldens: 77 of 236 Parquet files read"
    assertEquals(77, checked);
  }

  @Test
  void missingFileOrUnknownExpectationIsAnError() {
    List<String> missing = List.of("## data: x", "", "| file | bytes | purpose | facts | expect | golden |",
        "|---|---:|---|---|---|---|", "| `data/no-such-file.parquet` | 1 | p | f | reads | no |");
    assertThrows(IllegalStateException.class,
        () -> CorpusCatalog.parse(missing, TestData.parquetTesting(), TestData.arrowTesting()));
    List<String> unknown = List.of("## data: x", "", "| file | bytes | purpose | facts | expect | golden |",
        "|---|---:|---|---|---|---|", "| `data/alltypes_plain.parquet` | 1 | p | f | maybe | no |");
    assertThrows(IllegalArgumentException.class,
        () -> CorpusCatalog.parse(unknown, TestData.parquetTesting(), TestData.arrowTesting()));
  }
}
