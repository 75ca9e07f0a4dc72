package org.parquetarrow.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.TestData;

/**
 * The footer of every Parquet file of the shared corpora, checked against what peers stated about
 * them: CATALOG.md's facts (read from each footer by parquet-java, see the catalog's header) and
 * the row counts of Arrow C++'s goldens.
 */
class CorpusFooterTest {

  /** "8 rows / 1 RG; 11 leaf cols" in the facts column. */
  private static final Pattern FACTS = Pattern.compile("([\\d,]+) rows? / ([\\d,]+) RG; ([\\d,]+) leaf cols?");
  private static final Pattern CATALOG_ROW = Pattern.compile("^\\| `([^`]+)` \\|");

  /** A corpus file with the root its catalog path is relative to. */
  record CorpusFile(Path root, Path path) {
    String relative() {
      return root.relativize(path).toString().replace('\\', '/');
    }

    @Override
    public String toString() {
      return root.getFileName() + "/" + relative();
    }
  }

  static Stream<CorpusFile> parquetFiles() {
    List<CorpusFile> files = new ArrayList<>();
    for (Path root : List.of(TestData.parquetTesting(), TestData.arrowTesting())) {
      for (Path p : TestData.filesUnder(root)) {
        String name = p.getFileName().toString();
        if (name.endsWith(".parquet") || name.endsWith(".parquet.encrypted")) {
          files.add(new CorpusFile(root, p));
        }
      }
    }
    return files.stream();
  }

  static Stream<CorpusFile> fuzzFiles() {
    Path root = TestData.arrowTesting();
    return TestData.filesUnder(root.resolve("data/parquet/fuzzing")).stream().map(p -> new CorpusFile(root, p));
  }

  private static ParquetFooter footer(Path p) throws IOException {
    try (LocalInputFile in = LocalInputFile.open(p)) {
      return ParquetFooter.read(in);
    }
  }

  private static boolean endsWithPare(Path p) throws IOException {
    byte[] all = Files.readAllBytes(p);
    return all.length >= 4 && new String(all, all.length - 4, 4, StandardCharsets.ISO_8859_1).equals("PARE");
  }

  // ---------------------------------------------------------------- every file

  @ParameterizedTest(name = "{0}")
  @MethodSource("parquetFiles")
  void everyCorpusFooterParsesOrFailsAsExpected(CorpusFile f) throws Exception {
    if (f.relative().equals("bad_data/PARQUET-1481.parquet")) {
      // its only column has an out-of-range physical type (catalog: "footer does not parse")
      CorruptFileException e = assertThrows(CorruptFileException.class, () -> footer(f.path()));
      assertTrue(e.getMessage().contains("undefined physical type"), e.getMessage());
      assertEquals(f.path().toString(), e.location().file());
      return;
    }
    if (endsWithPare(f.path())) {
      ParquetCryptoException e = assertThrows(ParquetCryptoException.class, () -> footer(f.path()));
      assertEquals("encrypted file, decryption keys required", e.problem());
      assertEquals(f.path().toString(), e.location().file());
      return;
    }
    ParquetFooter footer = footer(f.path());
    FileMetaData md = footer.metadata();
    assertFalse(md.schema().isEmpty());
    assertEquals(Files.size(f.path()) - 8 - footer.footerLength(), footer.footerOffset());
    if (f.path().getFileName().toString().endsWith(".encrypted")) {
      // PAR1 magic on an encrypted file: the plaintext-footer mode names its algorithm
      assertNotNull(md.encryptionAlgorithm(), "plaintext footer of an encrypted file");
    }
  }

  /**
   * Re-serialising a footer and reading it back gives the same records. Footers holding values
   * this library could not read (an unrecognised logical type) cannot be written back.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("parquetFiles")
  void reserialisedFootersReadBackEqual(CorpusFile f) throws Exception {
    if (f.relative().equals("bad_data/PARQUET-1481.parquet") || endsWithPare(f.path())) {
      return; // no footer to re-serialise; the test above covers these files
    }
    FileMetaData md = footer(f.path()).metadata();
    if (f.relative().equals("data/unknown-logical-type.parquet")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MetadataWriter.toBytes(md));
      assertTrue(e.getMessage().contains("unrecognized union member"), e.getMessage());
      return;
    }
    assertEquals(md, MetadataReader.readFileMetaData(ByteBuffer.wrap(MetadataWriter.toBytes(md))));
  }

  @Test
  void unknownLogicalTypeFileReadsAsUnrecognised() throws Exception {
    FileMetaData md = footer(TestData.parquetTesting().resolve("data/unknown-logical-type.parquet")).metadata();
    long unrecognised = md.schema().stream()
        .filter(e -> e.logicalType() instanceof LogicalType.Unrecognized).count();
    assertEquals(1, unrecognised, "catalog: the second column's LogicalType is a member no reader knows");
    assertEquals(LogicalType.STRING, md.schema().get(1).logicalType());
  }

  // ---------------------------------------------------------------- peers' facts

  @Test
  void catalogFactsAgree() throws Exception {
    Map<CorpusFile, Matcher> facts = catalogFacts();
    int checked = 0;
    for (Map.Entry<CorpusFile, Matcher> entry : facts.entrySet()) {
      CorpusFile f = entry.getKey();
      Matcher m = entry.getValue();
      if (endsWithPare(f.path())) {
        continue; // encrypted footer: nothing to compare without keys
      }
      FileMetaData md = footer(f.path()).metadata();
      long rows = Long.parseLong(m.group(1).replace(",", ""));
      int rowGroups = Integer.parseInt(m.group(2).replace(",", ""));
      int leafColumns = Integer.parseInt(m.group(3).replace(",", ""));
      assertEquals(rows, md.numRows(), f + ": rows");
      assertEquals(rowGroups, md.rowGroups().size(), f + ": row groups");
      // The catalog counts distinct leaf paths over the schema and every chunk's path_in_schema:
      // in bad_data/ARROW-GH-41317 one chunk of the second row group names a column the schema
      // lacks ("timestampWus_no_tz"), which makes 106 there for 105 schema leaves.
      Set<String> schemaLeaves = leafPaths(md.schema());
      Set<String> allPaths = new HashSet<>(schemaLeaves);
      for (RowGroup g : md.rowGroups()) {
        assertEquals(schemaLeaves.size(), g.columns().size(), f + ": column chunks per row group");
        for (ColumnChunk c : g.columns()) {
          if (c.metaData() != null) {
            allPaths.add(String.join(".", c.metaData().pathInSchema()));
          }
        }
      }
      assertEquals(leafColumns, allPaths.size(), f + ": leaf columns");
      checked++;
    }
    // the catalog lists ~90 unencrypted files with facts, plus the plaintext-footer ones
    assertTrue(checked >= 80, "only " + checked + " catalog facts were checked");
  }

  /** Dotted paths of the leaves of a flattened (depth-first) schema. */
  private static Set<String> leafPaths(List<SchemaElement> schema) {
    Set<String> out = new LinkedHashSet<>();
    int[] next = {1};
    collectLeaves(schema, next, "", schema.get(0).numChildren() == null ? 0 : schema.get(0).numChildren(), out);
    return out;
  }

  private static void collectLeaves(List<SchemaElement> schema, int[] next, String prefix, int children,
      Set<String> out) {
    for (int k = 0; k < children; k++) {
      SchemaElement e = schema.get(next[0]++);
      String path = prefix.isEmpty() ? e.name() : prefix + "." + e.name();
      if (e.numChildren() == null) {
        out.add(path);
      } else {
        collectLeaves(schema, next, path, e.numChildren(), out);
      }
    }
  }

  /** The catalog rows with facts, keyed by file; the arrow-testing section is relative to that corpus. */
  private static Map<CorpusFile, Matcher> catalogFacts() throws IOException {
    Path parquetTesting = TestData.parquetTesting();
    Path arrowTesting = TestData.arrowTesting();
    Map<CorpusFile, Matcher> out = new HashMap<>();
    Path root = parquetTesting;
    for (String line : Files.readAllLines(parquetTesting.resolve("CATALOG.md"))) {
      if (line.startsWith("## ")) {
        root = line.startsWith("## arrow-testing") ? arrowTesting : parquetTesting;
        continue;
      }
      Matcher row = CATALOG_ROW.matcher(line);
      Matcher facts = FACTS.matcher(line);
      if (row.find() && facts.find()) {
        Path p = root.resolve(row.group(1));
        assertTrue(Files.isRegularFile(p), "catalog names a missing file: " + p);
        out.put(new CorpusFile(root, p), facts);
      }
    }
    return out;
  }

  @Test
  void goldenRowCountsAgree() throws Exception {
    ObjectMapper json = new ObjectMapper();
    int checked = 0;
    for (Path root : List.of(TestData.parquetTesting(), TestData.arrowTesting())) {
      for (Path golden : TestData.filesUnder(root.resolve("expected"))) {
        String name = golden.getFileName().toString();
        if (!name.endsWith(".json") || name.equals("index.json")) {
          continue;
        }
        JsonNode node = json.readTree(golden.toFile());
        if (!"ok".equals(node.path("status").asText())) {
          continue;
        }
        // expected/<path with '/' replaced by '__'>.json
        String relative = name.substring(0, name.length() - ".json".length()).replace("__", "/");
        FileMetaData md = footer(root.resolve(relative)).metadata();
        long rows = md.rowGroups().stream().mapToLong(RowGroup::numRows).sum();
        assertEquals(node.path("row_count").asLong(-1), rows, relative);
        checked++;
      }
    }
    assertTrue(checked >= 70, "only " + checked + " goldens were checked");
  }

  // ---------------------------------------------------------------- fuzzer reproducers

  /** Arrow C++'s fuzzer reproducers: the footer parses or a ParquetException says why. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("fuzzFiles")
  void fuzzReproducersParseOrFailTyped(CorpusFile f) throws Exception {
    try {
      footer(f.path());
    } catch (ParquetException e) {
      assertEquals(f.path().toString(), e.location().file(), "the error names the file");
    } catch (RuntimeException e) {
      fail(f + " escaped as " + e, e);
    }
  }

  /**
   * Most reproducers fail the head-magic check before their footer is looked at (Arrow C++ reads
   * only the tail). Feed their tail-located footers to the decoder directly, so the hostile bytes
   * reach it: decode or CorruptFileException, nothing else.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("fuzzFiles")
  void fuzzReproducerFootersDecodeOrFailCorrupt(CorpusFile f) throws Exception {
    byte[] all = Files.readAllBytes(f.path());
    if (all.length < 12) {
      return;
    }
    int length = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN).getInt(all.length - 8);
    int start = length > 0 && length <= all.length - 8 ? all.length - 8 - length : 0;
    try {
      MetadataReader.readFileMetaData(ByteBuffer.wrap(all, start, all.length - 8 - start));
    } catch (CorruptFileException expected) {
      // one of the two allowed outcomes
    } catch (RuntimeException e) {
      fail(f + " escaped as " + e, e);
    }
  }
}
