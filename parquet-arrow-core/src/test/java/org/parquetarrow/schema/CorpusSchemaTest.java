package org.parquetarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.ParquetException;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.TestData;

/**
 * The acceptance test of the Parquet → Arrow mapping: for every corpus file Arrow C++ 18.3 read
 * ({@code "status" : "ok"} in {@code expected/*.json}), our Arrow schema equals the one Arrow C++
 * produced ({@code arrow_schema_json}): names, types with all their parameters, nullability,
 * children, field metadata and schema metadata.
 *
 * <p>The goldens were taken through Arrow Java (JNI), so a dictionary field there is in memory form:
 * its type is the index type. Ours is in message form (the value type, the index type in the
 * encoding); the comparison accounts for that.
 *
 * <p>With {@link ArrowReadOptions.ExtensionTypePolicy#NONE} the schemas are identical. With the
 * defaults there is one deliberate difference: GEOMETRY/GEOGRAPHY (and JSON) columns carry their
 * {@code geoarrow.wkb} ({@code arrow.json}) tag as field metadata, which Arrow C++ 18 drops; types
 * are the same. Differences on files Arrow C++ does not read are checked in
 * {@link #filesArrowCppRefusesAreRead}.
 */
class CorpusSchemaTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One golden and the corpus file it describes. */
  record Golden(Path json, Path source) {
    @Override
    public String toString() {
      return json.getFileName().toString();
    }
  }

  static Stream<Golden> goldens() throws IOException {
    List<Golden> out = new ArrayList<>();
    for (Path root : List.of(TestData.parquetTesting(), TestData.arrowTesting())) {
      for (Path json : TestData.filesUnder(root.resolve("expected"))) {
        String name = json.getFileName().toString();
        if (!name.endsWith(".json") || name.equals("index.json")) {
          continue;
        }
        JsonNode node = JSON.readTree(json.toFile());
        if ("ok".equals(node.path("status").asText())) {
          out.add(new Golden(json, source(root, node.path("source").asText())));
        }
      }
    }
    return out.stream();
  }

  /** "shared/parquet-testing/data/x.parquet" → the file under the corpus folder. */
  private static Path source(Path root, String source) {
    String corpus = "/" + root.getFileName() + "/";
    int at = source.indexOf(corpus);
    assertTrue(at >= 0, "unexpected source " + source);
    return root.resolve(source.substring(at + corpus.length()));
  }

  static FileMetaData footer(Path p) throws IOException {
    try (LocalInputFile in = LocalInputFile.open(p)) {
      return ParquetFooter.read(in).metadata();
    }
  }

  private static final ArrowReadOptions AS_ARROW_CPP = ArrowReadOptions.builder()
      .extensionTypes(ArrowReadOptions.ExtensionTypePolicy.NONE).build();

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldens")
  void arrowSchemaIsArrowCpps(Golden golden) throws Exception {
    compare(golden, AS_ARROW_CPP, false);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldens")
  void arrowSchemaWithDefaultOptionsDiffersOnlyByExtensionTags(Golden golden) throws Exception {
    compare(golden, ArrowReadOptions.defaults(), true);
  }

  private static void compare(Golden golden, ArrowReadOptions options, boolean allowTags) throws Exception {
    JsonNode node = JSON.readTree(golden.json().toFile());
    Schema expected = Schema.fromJSON(JSON.writeValueAsString(node.path("arrow_schema_json")));
    Schema actual = ArrowSchemaConverter.toArrow(footer(golden.source()), options).arrowSchema();

    List<String> differences = new ArrayList<>();
    compareFields(expected.getFields(), actual.getFields(), "", allowTags, differences);
    if (!expected.getCustomMetadata().equals(actual.getCustomMetadata())) {
      differences.add("schema metadata: expected keys " + expected.getCustomMetadata().keySet() + " but got "
          + actual.getCustomMetadata().keySet());
    }
    if (!differences.isEmpty()) {
      fail(golden + ":\n  " + String.join("\n  ", differences) + "\n  expected " + expected + "\n  actual   " + actual);
    }
  }

  private static void compareFields(List<Field> expected, List<Field> actual, String path, boolean allowTags,
      List<String> out) {
    if (expected.size() != actual.size()) {
      out.add(where(path) + expected.size() + " fields expected, " + actual.size() + " found");
      return;
    }
    for (int i = 0; i < expected.size(); i++) {
      Field e = expected.get(i);
      Field a = actual.get(i);
      String p = path.isEmpty() ? e.getName() : path + "." + e.getName();
      if (!e.getName().equals(a.getName())) {
        out.add(where(p) + "name " + a.getName());
      }
      if (e.isNullable() != a.isNullable()) {
        out.add(where(p) + "nullable expected " + e.isNullable());
      }
      compareTypes(e, a, p, out);
      if (!e.getMetadata().equals(a.getMetadata()) && !(allowTags && isTagOf(e.getMetadata(), a.getMetadata()))) {
        out.add(where(p) + "metadata expected " + e.getMetadata() + " but got " + a.getMetadata());
      }
      compareFields(e.getChildren(), a.getChildren(), p, allowTags, out);
    }
  }

  /** Whether {@code actual} is {@code expected} plus a geoarrow.wkb or arrow.json extension tag. */
  private static boolean isTagOf(Map<String, String> expected, Map<String, String> actual) {
    String name = actual.get("ARROW:extension:name");
    if (expected.containsKey("ARROW:extension:name") || !("geoarrow.wkb".equals(name) || "arrow.json".equals(name))) {
      return false;
    }
    Map<String, String> rest = new HashMap<>(actual);
    rest.remove("ARROW:extension:name");
    rest.remove("ARROW:extension:metadata");
    return rest.equals(expected);
  }

  private static void compareTypes(Field e, Field a, String path, List<String> out) {
    DictionaryEncoding ed = e.getDictionary();
    DictionaryEncoding ad = a.getDictionary();
    if (ed == null && ad == null) {
      if (!e.getType().equals(a.getType())) {
        out.add(where(path) + "type expected " + e.getType() + " but got " + a.getType());
      }
      return;
    }
    if (ed == null || ad == null) {
      out.add(where(path) + "dictionary expected " + ed + " but got " + ad);
      return;
    }
    // memory form (golden): type = index type; message form (ours): encoding's index type
    if (!e.getType().equals(ad.getIndexType()) || !ed.getIndexType().equals(ad.getIndexType())
        || ed.isOrdered() != ad.isOrdered() || ed.getId() != ad.getId()) {
      out.add(where(path) + "dictionary expected " + ed + " of " + e.getType() + " but got " + ad);
    }
  }

  private static String where(String path) {
    return path + ": ";
  }

  @Test
  void everyReadableGoldenIsCompared() throws Exception {
    // CATALOG.md: Arrow C++ read 77 of the Parquet files (one of them in bad_data)
    assertEquals(77, goldens().count(), "goldens with status ok in the two expected/ folders");
  }

  static Stream<Path> corpusFiles() {
    List<Path> files = new ArrayList<>();
    for (Path root : List.of(TestData.parquetTesting(), TestData.arrowTesting())) {
      for (Path p : TestData.filesUnder(root)) {
        String name = p.getFileName().toString();
        if (name.endsWith(".parquet") || p.getParent().getFileName().toString().equals("fuzzing")) {
          files.add(p);
        }
      }
    }
    return files.stream();
  }

  /**
   * Every file of both corpora, the fuzzer reproducers included: the schema converts, or a typed
   * {@link ParquetException} says why. Files whose footer does not parse are the footer reader's
   * business and are skipped here.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("corpusFiles")
  void everySchemaConvertsOrFailsTyped(Path file) throws Exception {
    FileMetaData md;
    try {
      md = footer(file);
    } catch (ParquetException e) {
      return;
    }
    try {
      SchemaMapping m = ArrowSchemaConverter.toArrow(md);
      assertEquals(m.parquetSchema().columnCount(), m.leafColumns().length, "every column is mapped");
    } catch (ParquetException e) {
      assertNotNull(e.getMessage());
    } catch (RuntimeException | StackOverflowError e) {
      fail(file + " escaped as " + e, e);
    }
  }

  @Test
  void filesArrowCppRefusesAreRead() throws Exception {
    // deliberate difference: an OPTIONAL map key (Presto/Hive) is accepted, as a non-null Arrow key
    Schema map = ArrowSchemaConverter.toArrow(
        footer(TestData.parquetTesting().resolve("data/incorrect_map_schema.parquet"))).arrowSchema();
    assertEquals("Schema<my_map: Map(false)<entries: Struct<key: Utf8 not null, value: Utf8> not null>>", map.toString());

    // deliberate difference: VARIANT groups are read as structs (Arrow C++ 18 refuses them)
    Path variants = TestData.parquetTesting().resolve("shredded_variant");
    int read = 0;
    for (Path p : TestData.filesUnder(variants)) {
      if (!p.getFileName().toString().endsWith(".parquet")) {
        continue;
      }
      Field var = ArrowSchemaConverter.toArrow(footer(p)).arrowSchema().findField("var");
      assertTrue(var.getType() instanceof ArrowType.Struct, p + ": " + var);
      assertEquals("metadata", var.getChildren().get(0).getName(), p.toString());
      read++;
    }
    assertTrue(read >= 130, "only " + read + " shredded variant files");
  }

  @Test
  void largeStringMapWithoutAGoldenMatchesItsStoredSchema() throws Exception {
    // no golden (brotli was not in Arrow C++'s bundle); its ARROW:schema says what Arrow wrote
    FileMetaData md = footer(TestData.parquetTesting().resolve("data/large_string_map.brotli.parquet"));
    Schema actual = ArrowSchemaConverter.toArrow(md).arrowSchema();
    assertEquals("Schema<arr: Map(false)<entries: Struct<key: Utf8 not null, value: Int(32, true)> not null>>",
        actual.toString());
    assertFalse(actual.getCustomMetadata().containsKey("ARROW:schema"));
    assertEquals(Map.of(), actual.getCustomMetadata());
  }
}
