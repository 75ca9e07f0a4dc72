package org.parquetarrow.read.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.testing.TestData;

/**
 * Every catalogued corpus file, page by page: the page counts per type and the number of CRCs
 * verified must be the catalog's, and every page's sections must add up to its header's
 * uncompressed size (checked inside {@link ChunkWalker}).
 */
class CorpusPageWalkTest {
  /**
   * Deliberately broken files whose defect the page layer itself meets, with the problem it must
   * report. The other bad_data files break rules of levels or values, which pages do not decode.
   */
  private static final Map<String, String> FAIL_AT_PAGE_LAYER =
      Map.of(
          // the chunk of timestamp_us_no_tz holds only an INDEX_PAGE but promises 3 values
          "bad_data/ARROW-GH-41317.parquet", "column chunk ends after 0 of its 3 values",
          // level bytes of a damaged page claim more bytes than the page holds
          "bad_data/ARROW-GH-41321.parquet", "levels of",
          // a dictionary page header declares -26 values
          "bad_data/ARROW-RS-GH-6229-DICTHEADER.parquet", "dictionary page with -26 values");

  @Test
  void everyCataloguedFileYieldsTheCataloguedPages() {
    List<Catalog.Entry> entries =
        Catalog.entries(TestData.parquetTesting(), TestData.arrowTesting());
    int compared = 0;
    List<String> mismatches = new ArrayList<>();
    for (Catalog.Entry e : entries) {
      if (e.expect().startsWith("reads with keys")
          || e.expect().startsWith("reads (heavy)")
          || FAIL_AT_PAGE_LAYER.containsKey(e.name())) {
        continue; // encrypted, over 2 GiB, or checked below
      }
      boolean corruptCrc = e.expect().contains("CRC check must fail");
      ChunkWalker.Tally t =
          ChunkWalker.walk(
              e.path(), PageReadOptions.DEFAULT.withVerifyChecksums(!corruptCrc), false);
      String expected =
          e.v1()
              + " v1 + "
              + e.v2()
              + " v2 + "
              + e.dictionary()
              + " dict, "
              + e.index()
              + " skipped, "
              + (corruptCrc ? 0 : e.crcPages())
              + " CRCs, failures []";
      if (!expected.equals(t.toString())) {
        mismatches.add(e.name() + ": expected " + expected + " but got " + t);
      }
      compared++;
    }
    assertEquals(List.of(), mismatches);
    // 97 catalogued files have page facts: 13 encrypted, 1 heavy and 3 failing ones are left out
    assertEquals(80, compared);
  }

  @Test
  void theOffsetIndexFindsTheSamePages() {
    int withIndex = 0;
    for (Catalog.Entry e : Catalog.entries(TestData.parquetTesting(), TestData.arrowTesting())) {
      if (e.expect().startsWith("reads with keys")
          || e.expect().startsWith("reads (heavy)")
          || FAIL_AT_PAGE_LAYER.containsKey(e.name())) {
        continue;
      }
      PageReadOptions noCrc = PageReadOptions.DEFAULT.withVerifyChecksums(false);
      ChunkWalker.Tally sequential = ChunkWalker.walk(e.path(), noCrc, false);
      ChunkWalker.Tally indexed = ChunkWalker.walk(e.path(), noCrc, true);
      assertEquals(sequential.toString(), indexed.toString(), e.name());
      if (e.expect().equals("reads") && e.path().toString().contains("tiny_pages")) {
        withIndex++;
      }
    }
    assertEquals(2, withIndex);
  }

  @Test
  void badDataTheFileLayerMeetsFailsWithTheDefect() {
    for (Map.Entry<String, String> bad : FAIL_AT_PAGE_LAYER.entrySet()) {
      Path path = TestData.parquetTesting().resolve(bad.getKey());
      ChunkWalker.Tally t = ChunkWalker.walk(path, PageReadOptions.DEFAULT, false);
      assertTrue(!t.failures.isEmpty(), bad.getKey());
      ParquetException first = t.failures.get(0);
      assertInstanceOf(CorruptFileException.class, first, bad.getKey());
      assertTrue(first.problem().contains(bad.getValue()), first::getMessage);
      assertEquals(path.toString(), first.location().file());
      assertTrue(
          first.location().rowGroup() >= 0
              && first.location().column() != null
              && first.location().page() >= 0,
          first::getMessage);
    }
    // ARROW-GH-41317: only the one chunk fails; every other page is there
    ChunkWalker.Tally t =
        ChunkWalker.walk(
            TestData.parquetTesting().resolve("bad_data/ARROW-GH-41317.parquet"),
            PageReadOptions.DEFAULT,
            false);
    assertEquals(
        "209 v1 + 0 v2 + 202 dict, 1 skipped, 0 CRCs", t.toString().replaceAll(", failures.*", ""));
    assertEquals(1, t.failures.size());
    assertEquals("timestamp_us_no_tz", t.failures.get(0).location().column());
  }

  @Test
  void shreddedVariantFilesIterate() {
    List<Path> files = TestData.filesUnder(TestData.parquetTesting().resolve("shredded_variant"));
    int parquet = 0;
    for (Path p : files) {
      if (p.toString().endsWith(".parquet")) {
        ChunkWalker.Tally t = ChunkWalker.walk(p, PageReadOptions.DEFAULT, true);
        assertEquals(List.of(), t.failures, p::toString);
        assertTrue(t.v1 + t.v2 > 0, p::toString);
        parquet++;
      }
    }
    assertTrue(parquet > 100, "only " + parquet + " shredded variant files");
  }
}
