package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code head} and {@code cat}: what they print equals the Arrow C++ golden's values (read with
 * Arrow Java's own {@code getObject}, converted to JSON here by the field types).
 */
class HeadAndCatCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  @ParameterizedTest
  @ValueSource(strings = {"data/nested_lists.snappy.parquet", "data/nullable.impala.parquet",
      "data/nested_maps.snappy.parquet", "data/alltypes_plain.parquet", "data/binary.parquet",
      "data/nonnullable.impala.parquet"})
  void catJsonLinesAreTheGoldenRows(String file) throws Exception {
    Cli r = Cli.run("cat", Cli.corpus(file), "--json");
    assertEquals(0, r.exit(), r.err());
    List<String> lines = r.out().lines().toList();
    List<JsonNode> expected = goldenRows(Cli.golden(file));
    assertEquals(expected.size(), lines.size());
    for (int i = 0; i < lines.size(); i++) {
      // compared as parsed text: Jackson tells an int node from a long node of the same number
      assertEquals(JSON.readTree(expected.get(i).toString()), JSON.readTree(lines.get(i)), file + " row " + i);
    }
  }

  @Test
  void catColumnsProjectsAndTabSeparatedHasAHeader() throws Exception {
    String file = "data/alltypes_plain.parquet";
    Cli r = Cli.run("cat", Cli.corpus(file), "--columns", "id,bool_col");
    assertEquals(0, r.exit(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals("id\tbool_col", lines.get(0));
    List<Object> ids = GoldenValues.column(Cli.golden(file), "id");
    List<Object> bools = GoldenValues.column(Cli.golden(file), "bool_col");
    assertEquals(ids.size() + 1, lines.size());
    for (int i = 0; i < ids.size(); i++) {
      assertEquals(ids.get(i) + "\t" + bools.get(i), lines.get(i + 1));
    }
  }

  @Test
  void headShowsTheFirstRowsAligned() throws Exception {
    String file = "data/alltypes_plain.parquet";
    Cli r = Cli.run("head", Cli.corpus(file), "-n", "3", "--columns", "id,double_col,string_col");
    assertEquals(0, r.exit(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(5, lines.size(), r.out());
    List<String> header = List.of(lines.get(0).split(" +"));
    assertEquals(List.of("id", "double_col", "string_col"), header);
    List<Object> ids = GoldenValues.column(Cli.golden(file), "id");
    List<Object> doubles = GoldenValues.column(Cli.golden(file), "double_col");
    List<Object> strings = GoldenValues.column(Cli.golden(file), "string_col");
    int secondColumn = lines.get(0).indexOf("double_col");
    int thirdColumn = lines.get(0).indexOf("string_col");
    for (int i = 0; i < 3; i++) {
      String line = lines.get(i + 2);
      assertEquals(ids.get(i).toString(), line.substring(0, secondColumn).strip());
      assertEquals(doubles.get(i).toString(), line.substring(secondColumn, thirdColumn).strip());
      // string_col is BYTE_ARRAY without a UTF8 annotation: Arrow binary, printed base64
      assertEquals(Base64.getEncoder().encodeToString((byte[]) strings.get(i)), line.substring(thirdColumn).strip());
    }
    assertTrue(lines.get(1).matches("-+  -+  -+"), lines.get(1));
  }

  @Test
  void columnsComeInTheOrderAsked() throws Exception {
    String file = "data/alltypes_plain.parquet";
    Cli head = Cli.run("head", Cli.corpus(file), "-n", "2", "--columns", "double_col,id");
    assertEquals(0, head.exit(), head.err());
    List<String> lines = head.out().lines().toList();
    assertEquals(List.of("double_col", "id"), List.of(lines.get(0).split(" +")));
    List<Object> ids = GoldenValues.column(Cli.golden(file), "id");
    List<Object> doubles = GoldenValues.column(Cli.golden(file), "double_col");
    assertEquals(List.of(doubles.get(0).toString(), ids.get(0).toString()), List.of(lines.get(2).split(" +")));
    Cli cat = Cli.run("cat", Cli.corpus(file), "--columns", "bool_col,id,bool_col");
    assertEquals(0, cat.exit(), cat.err());
    List<Object> bools = GoldenValues.column(Cli.golden(file), "bool_col");
    List<String> rows = cat.out().lines().toList();
    assertEquals("bool_col\tid", rows.get(0));
    assertEquals(bools.get(1) + "\t" + ids.get(1), rows.get(2));
  }

  @Test
  void anUnknownColumnListsTheFilesColumns() {
    Cli bad = Cli.run("cat", Cli.corpus("data/alltypes_plain.parquet"), "--columns", "id,bool_cl");
    assertEquals(2, bad.exit());
    assertTrue(bad.err().contains("no column \"bool_cl\" (did you mean bool_col?); the file has: id, bool_col, tinyint_col"),
        bad.err());
  }

  @Test
  void headOfMoreRowsThanTheFileHasShowsThemAll() throws Exception {
    Cli r = Cli.run("head", Cli.corpus("data/alltypes_plain.parquet"), "-n", "1000", "--columns", "id");
    assertEquals(0, r.exit(), r.err());
    assertEquals(2 + GoldenValues.column(Cli.golden("data/alltypes_plain.parquet"), "id").size(), r.out().lines().count());
  }

  @Test
  void badArgumentsAreInputErrors() {
    assertEquals(2, Cli.run("head", Cli.corpus("data/alltypes_plain.parquet"), "-n", "-1").exit());
    Cli bad = Cli.run("cat", Cli.corpus("data/alltypes_plain.parquet"), "--columns", "no_such");
    assertEquals(2, bad.exit());
    assertTrue(bad.err().contains("no_such"), bad.err());
    assertEquals(2, Cli.run("cat", "/no/such/file.parquet").exit());
  }

  /** Every row of the golden as a JSON object, by the rules cat --json documents. */
  static List<JsonNode> goldenRows(Path ipc) throws Exception {
    List<JsonNode> rows = new ArrayList<>();
    try (BufferAllocator a = new RootAllocator();
        ArrowFileReader r = new ArrowFileReader(FileChannel.open(ipc, StandardOpenOption.READ), a)) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot b = r.getVectorSchemaRoot();
        for (int i = 0; i < b.getRowCount(); i++) {
          ObjectNode row = NODES.objectNode();
          for (var v : b.getFieldVectors()) {
            row.set(v.getName(), json(v.getField(), v.getObject(i)));
          }
          rows.add(row);
        }
      }
    }
    return rows;
  }

  private static JsonNode json(Field field, Object o) {
    if (o == null) {
      return NODES.nullNode();
    }
    ArrowType type = field.getType();
    if (type instanceof ArrowType.Map) {
      Field entry = field.getChildren().get(0);
      ObjectNode m = NODES.objectNode();
      for (Object e : (List<?>) o) {
        Map<?, ?> kv = (Map<?, ?>) e;
        JsonNode key = json(entry.getChildren().get(0), kv.get(entry.getChildren().get(0).getName()));
        m.set(key.isTextual() ? key.asText() : key.toString(),
            json(entry.getChildren().get(1), kv.get(entry.getChildren().get(1).getName())));
      }
      return m;
    }
    if (type instanceof ArrowType.List || type instanceof ArrowType.LargeList || type instanceof ArrowType.FixedSizeList) {
      ArrayNode a = NODES.arrayNode();
      for (Object e : (List<?>) o) {
        a.add(json(field.getChildren().get(0), e));
      }
      return a;
    }
    if (type instanceof ArrowType.Struct) {
      // Arrow Java leaves null children out of a struct's map; cat prints them as null
      ObjectNode s = NODES.objectNode();
      Map<?, ?> m = (Map<?, ?>) o;
      for (Field c : field.getChildren()) {
        s.set(c.getName(), json(c, m.get(c.getName())));
      }
      return s;
    }
    if (o instanceof byte[] b) {
      return NODES.textNode(Base64.getEncoder().encodeToString(b));
    }
    if (o instanceof org.apache.arrow.vector.util.Text t) {
      return NODES.textNode(t.toString());
    }
    if (o instanceof Number || o instanceof Boolean) {
      return JSON.valueToTree(o);
    }
    return NODES.textNode(o.toString());
  }
}
