package org.parquetarrow.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GoldensTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void alltypesPlainGoldenHoldsTheImpalaRows() throws Exception {
    Golden g = Goldens.of(TestData.parquetTesting().resolve("data/alltypes_plain.parquet"));
    assertTrue(g.read());
    assertEquals(8, g.rowCount());
    assertNull(g.error());
    try (ArrowFileReader r = g.open(memory.allocator())) {
      Schema inFile = r.getVectorSchemaRoot().getSchema();
      // the sidecar's JSON schema and the IPC file's own schema are two writings of one answer
      ArrowAssertions.assertSameSchema(g.schema(), inFile);
      List<Integer> ids = new ArrayList<>();
      while (r.loadNextBatch()) {
        IntVector id = (IntVector) r.getVectorSchemaRoot().getVector("id");
        for (int i = 0; i < id.getValueCount(); i++) {
          ids.add(id.get(i));
        }
      }
      // the row order of Impala's alltypes_plain, as every Parquet reader's tests state it
      assertEquals(List.of(4, 5, 6, 7, 2, 3, 0, 1), ids);
    }
  }

  @Test
  void failedReadHasErrorAndNoData() {
    Golden g = Goldens.of(TestData.parquetTesting().resolve("bad_data/PARQUET-1481.parquet"));
    assertFalse(g.read());
    assertEquals("error", g.status());
    assertNotNull(g.error());
    assertNull(g.ipcFile());
    assertThrows(IllegalStateException.class, () -> g.open(memory.allocator()));
  }

  @Test
  void arrowTestingGoldensAreFoundToo() {
    Golden g = Goldens.of(TestData.arrowTesting().resolve("data/parquet/generated_simple_numerics/blogs.parquet"));
    assertTrue(g.read());
    assertEquals(500, g.rowCount());
  }

  @Test
  void fileOutsideTheCorporaIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> Goldens.of(Path.of("/tmp/x.parquet")));
  }

  /**
   * The upstream corpus ships the expected rows of some files as CSV, written by the authors of
   * those files: Arrow C++'s golden must hold exactly those values.
   */
  @ParameterizedTest
  @ValueSource(strings = {"delta_binary_packed", "delta_byte_array", "delta_encoding_optional_column",
      "delta_encoding_required_column"})
  void goldenAgreesWithTheUpstreamExpectedCsv(String name) throws Exception {
    Path data = TestData.parquetTesting().resolve("data");
    Golden g = Goldens.of(data.resolve(name + ".parquet"));
    List<String> lines = Files.readAllLines(data.resolve(name + "_expect.csv"));
    List<Field> fields = g.schema().getFields();
    List<List<Object>> columns = new ArrayList<>();
    for (int c = 0; c < fields.size(); c++) {
      columns.add(new ArrayList<>());
    }
    for (String line : lines.subList(1, lines.size())) {
      List<String> cells = csvCells(line);
      assertEquals(fields.size(), cells.size(), line);
      for (int c = 0; c < fields.size(); c++) {
        columns.get(c).add(value(fields.get(c).getType(), cells.get(c)));
      }
    }
    try (VectorSchemaRoot expected = ArrowValues.root(memory.allocator(), g.schema(), columns);
        ArrowFileReader golden = g.open(memory.allocator())) {
      Comparison c = ArrowAssertions.compare(Batches.of(expected), Batches.of(golden), CompareOptions.strict());
      assertTrue(c.same(), c.describe());
      assertEquals(g.rowCount(), c.actualRows());
    }
  }

  private static Object value(ArrowType type, String cell) {
    if (cell == null) {
      return null;
    }
    if (type instanceof ArrowType.Int i) {
      return i.getBitWidth() == 64 ? (Object) Long.parseLong(cell) : (Object) Integer.parseInt(cell);
    }
    if (type instanceof ArrowType.Utf8) {
      return cell;
    }
    throw new IllegalArgumentException("no CSV conversion to " + type);
  }

  /** CSV cells: quoted cells may hold commas and doubled quotes; an empty unquoted cell is null. */
  private static List<String> csvCells(String line) {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i <= line.length()) {
      if (i < line.length() && line.charAt(i) == '"') {
        StringBuilder b = new StringBuilder();
        i++;
        while (true) {
          char ch = line.charAt(i++);
          if (ch == '"') {
            if (i < line.length() && line.charAt(i) == '"') {
              b.append('"');
              i++;
            } else {
              break;
            }
          } else {
            b.append(ch);
          }
        }
        out.add(b.toString());
        i++; // the comma
      } else {
        int end = line.indexOf(',', i);
        if (end < 0) {
          end = line.length();
        }
        out.add(end == i ? null : line.substring(i, end));
        i = end + 1;
      }
    }
    return out;
  }
}
