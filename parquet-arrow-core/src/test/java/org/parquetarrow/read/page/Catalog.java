package org.parquetarrow.read.page;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test-only: the page facts of the corpus catalog ({@code parquet-testing/CATALOG.md}), which a
 * separate tool read from each file's page headers: counts per page type and how many pages carry a
 * CRC.
 */
final class Catalog {

  /**
   * One catalogued file.
   *
   * @param path the file
   * @param v1 DATA_PAGE count
   * @param v2 DATA_PAGE_V2 count
   * @param dictionary DICTIONARY_PAGE count
   * @param index INDEX_PAGE count
   * @param crcPages pages with a CRC
   * @param expect the catalog's expectation ("reads", "must fail", ...)
   */
  record Entry(Path path, int v1, int v2, int dictionary, int index, int crcPages, String expect) {
    String name() {
      return path.getParent().getFileName() + "/" + path.getFileName();
    }
  }

  private static final Pattern PAGES = Pattern.compile("pages ([^;|]*)");
  private static final Pattern CRC = Pattern.compile("CRC on ([\\d,]+)/");

  private Catalog() {}

  /** Every file whose facts give page counts. */
  static List<Entry> entries(Path parquetTesting, Path arrowTesting) {
    List<String> lines;
    try {
      lines = Files.readAllLines(parquetTesting.resolve("CATALOG.md"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Entry> out = new ArrayList<>();
    Path base = parquetTesting;
    for (String line : lines) {
      if (line.startsWith("## ")) {
        base = line.contains("arrow-testing") ? arrowTesting : parquetTesting;
      }
      if (!line.startsWith("| `")) {
        continue;
      }
      String[] cells = line.split("\\|");
      if (cells.length < 7) {
        continue; // tables without a facts column
      }
      String file = cells[1].trim().replace("`", "");
      String facts = cells[4];
      Matcher m = PAGES.matcher(facts);
      if (!m.find()) {
        continue;
      }
      String pages = m.group(1);
      Matcher crc = CRC.matcher(facts);
      out.add(
          new Entry(
              base.resolve(file),
              count(pages, "v1"),
              count(pages, "v2"),
              count(pages, "dict"),
              count(pages, "INDEX_PAGE"),
              crc.find() ? number(crc.group(1)) : 0,
              cells[5].trim()));
    }
    return out;
  }

  private static int count(String pages, String kind) {
    Matcher m = Pattern.compile("([\\d,]+) " + kind).matcher(pages);
    return m.find() ? number(m.group(1)) : 0;
  }

  private static int number(String s) {
    return Integer.parseInt(s.replace(",", ""));
  }
}
