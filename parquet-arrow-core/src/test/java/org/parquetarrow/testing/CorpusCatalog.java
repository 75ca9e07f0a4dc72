package org.parquetarrow.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The corpus catalog ({@code parquet-testing/CATALOG.md}) as data: for every corpus file, what a
 * correct reader must do with it, so tests can iterate over "every readable file", "every file
 * that must fail" and so on.
 *
 * <pre>{@code
 * for (CorpusCatalog.Entry e : CorpusCatalog.load().withExpect(Expect.READS, Expect.READS_LENIENT)) {
 *   if (e.isParquet() && e.golden().read()) { ... }
 * }
 * }</pre>
 *
 * <p>Besides the catalog's tables, the Arrow C++ fuzzer reproducers of {@code
 * arrow-testing/data/parquet/fuzzing/}, which the catalog describes in prose, are listed as
 * {@link Expect#READS_OR_FAILS}.
 */
public final class CorpusCatalog {
  /** The catalog's <em>expect</em> column. */
  public enum Expect {
    READS("reads"),
    READS_LENIENT("reads (lenient)"),
    READS_HEAVY("reads (heavy)"),
    READS_WITH_KEYS("reads with keys"),
    READS_CRC_CHECK_MUST_FAIL("reads; CRC check must fail"),
    READS_OR_FAILS("reads or fails"),
    MUST_FAIL("must fail"),
    SIDECAR("sidecar");

    private final String label;

    Expect(String label) {
      this.label = label;
    }

    /** The wording used in the catalog. */
    public String label() {
      return label;
    }

    static Expect parse(String cell) {
      for (Expect e : values()) {
        if (e.label.equals(cell)) {
          return e;
        }
      }
      throw new IllegalArgumentException("unknown expect value \"" + cell + "\" in the corpus catalog");
    }
  }

  /** Folder of the fuzzer reproducers inside arrow-testing. */
  public static final String FUZZING_DIR = "data/parquet/fuzzing";

  /**
   * One corpus file.
   *
   * @param corpusRoot the corpus folder holding the file
   * @param corpus {@code parquet-testing} or {@code arrow-testing}
   * @param relativePath path inside that corpus folder, with {@code /}
   * @param section the catalog section listing it
   * @param bytes its size as catalogued
   * @param purpose what it is for
   * @param expect what a reader must do with it
   * @param goldenNote the catalog's golden column ({@code ""} where the table has none)
   */
  public record Entry(
      Path corpusRoot, String corpus, String relativePath, String section, long bytes, String purpose,
      Expect expect, String goldenNote) {

    /** Whether this is a Parquet file (sidecars are not; fuzzer reproducers are, or were). */
    public boolean isParquet() {
      return expect != Expect.SIDECAR;
    }

    /** The file. */
    public Path path() {
      return corpusRoot.resolve(relativePath);
    }

    /** The Arrow C++ golden of this file (sidecars and fuzzer reproducers have none). */
    public Golden golden() {
      return Goldens.of(corpusRoot, relativePath);
    }
  }

  private final List<Entry> entries;

  private CorpusCatalog(List<Entry> entries) {
    this.entries = Collections.unmodifiableList(entries);
  }

  /** Reads the catalog of the corpus folders given by {@link TestData}. */
  public static CorpusCatalog load() {
    Path parquetTesting = TestData.parquetTesting();
    Path arrowTesting = TestData.arrowTesting();
    try {
      return parse(Files.readAllLines(parquetTesting.resolve("CATALOG.md")), parquetTesting, arrowTesting);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Parses catalog markdown; every file named must exist under the given folders (a missing file
   * is an error, never a skip).
   */
  public static CorpusCatalog parse(List<String> lines, Path parquetTesting, Path arrowTesting) {
    List<Entry> entries = new ArrayList<>();
    String section = "";
    List<String> header = null;
    for (String line : lines) {
      if (line.startsWith("#")) {
        section = line.replaceFirst("^#+\\s*", "").trim();
        header = null;
      } else if (line.startsWith("| file ")) {
        header = cells(line);
      } else if (line.startsWith("| `") && header != null && header.contains("expect")) {
        entries.add(entry(section, header, cells(line), parquetTesting, arrowTesting));
      } else if (!line.startsWith("|")) {
        header = null;
      }
    }
    Path fuzzing = arrowTesting.resolve(FUZZING_DIR);
    for (Path p : TestData.filesUnder(fuzzing)) {
      try {
        entries.add(new Entry(arrowTesting, "arrow-testing", FUZZING_DIR + "/" + p.getFileName(), "arrow-testing fuzzer reproducers",
            Files.size(p), "Arrow C++ fuzzer reproducer (a past crash, hang or memory blow-up)", Expect.READS_OR_FAILS, ""));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return new CorpusCatalog(entries);
  }

  private static Entry entry(String section, List<String> header, List<String> cells, Path parquetTesting, Path arrowTesting) {
    if (cells.size() != header.size()) {
      throw new IllegalStateException("catalog row with " + cells.size() + " cells under a " + header.size()
          + "-column header in section \"" + section + "\": " + cells);
    }
    String name = cells.get(0).replace("`", "");
    String corpus;
    String relative;
    if (name.startsWith("shared/arrow-testing/")) {
      corpus = "arrow-testing";
      relative = name.substring("shared/arrow-testing/".length());
    } else if (name.startsWith("shared/parquet-testing/")) {
      corpus = "parquet-testing";
      relative = name.substring("shared/parquet-testing/".length());
    } else if (section.startsWith("arrow-testing")) {
      corpus = "arrow-testing";
      relative = name;
    } else if (section.startsWith("shredded_variant")) {
      corpus = "parquet-testing";
      relative = "shredded_variant/" + name;
    } else if (section.startsWith("variant:")) {
      corpus = "parquet-testing";
      relative = "variant/" + name;
    } else {
      corpus = "parquet-testing";
      relative = name;
    }
    Path root = corpus.equals("arrow-testing") ? arrowTesting : parquetTesting;
    Path path = root.resolve(relative);
    if (!Files.isRegularFile(path)) {
      throw new IllegalStateException("the corpus catalog lists " + name + " but " + path + " does not exist");
    }
    int golden = header.indexOf("golden");
    String purpose = cells.get(2);
    return new Entry(root, corpus, relative, section, Long.parseLong(cells.get(1).replace(",", "")), purpose,
        Expect.parse(cells.get(header.indexOf("expect"))), golden < 0 ? "" : cells.get(golden));
  }

  private static List<String> cells(String row) {
    String inner = row.trim();
    inner = inner.substring(1, inner.length() - 1);
    List<String> out = new ArrayList<>();
    for (String c : inner.split("\\|", -1)) {
      out.add(c.trim());
    }
    return out;
  }

  public List<Entry> entries() {
    return entries;
  }

  /** The entries with one of the given expectations, in catalog order. */
  public List<Entry> withExpect(Expect first, Expect... more) {
    Set<Expect> wanted = EnumSet.of(first, more);
    return entries.stream().filter(e -> wanted.contains(e.expect())).toList();
  }

  /** The entry of {@code relativePath} in parquet-testing, or else in arrow-testing. */
  public Entry entry(String relativePath) {
    for (String corpus : Arrays.asList("parquet-testing", "arrow-testing")) {
      for (Entry e : entries) {
        if (e.corpus().equals(corpus) && e.relativePath().equals(relativePath)) {
          return e;
        }
      }
    }
    throw new IllegalArgumentException(relativePath + " is not in the corpus catalog");
  }
}
