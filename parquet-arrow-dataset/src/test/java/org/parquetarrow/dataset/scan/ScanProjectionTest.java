package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.expr.ExpressionBindException;
import org.parquetarrow.testing.ArrowValues;
import org.parquetarrow.testing.ArrowValues.Struct;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * The scan's projection as a pyarrow user expects it: fields in the order asked for, unknown
 * names (projected or dictionary-encoded) refused with the dataset's names. Two files, {@code
 * year=2023/a.parquet} and {@code year=2024/b.parquet}, each of ids {@code a}, names {@code b},
 * {@code c = 10a} and a struct {@code st{x = a, y = -a}}.
 */
class ScanProjectionTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final FieldType INT32 = FieldType.nullable(new ArrowType.Int(32, true));
  private static final Schema SCHEMA = new Schema(List.of(
      new Field("a", INT32, null),
      Field.nullable("b", ArrowType.Utf8.INSTANCE),
      new Field("c", INT32, null),
      new Field("st", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
          new Field("x", INT32, null), new Field("y", INT32, null)))));

  @BeforeEach
  void write() throws IOException {
    writeFile(dir.resolve("year=2023/a.parquet"), 0);
    writeFile(dir.resolve("year=2024/b.parquet"), 3);
  }

  private void writeFile(Path file, int first) throws IOException {
    Files.createDirectories(file.getParent());
    List<Object> a = new ArrayList<>();
    List<Object> b = new ArrayList<>();
    List<Object> c = new ArrayList<>();
    List<Object> st = new ArrayList<>();
    for (int i = first; i < first + 3; i++) {
      a.add(i);
      b.add("n" + i);
      c.add(10 * i);
      st.add(Struct.of(i, -i));
    }
    try (VectorSchemaRoot root = ArrowValues.root(memory.allocator(), SCHEMA, List.of(a, b, c, st));
        ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, WriterProperties.builder().build())) {
      w.write(root);
    }
  }

  private Dataset dataset() throws IOException {
    return DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
  }

  /** The output schema's top-level names and the rows, each as its values joined by "|". */
  private record Scanned(Schema schema, List<String> rows) {}

  private Scanned scan(ScanOptions options) throws IOException {
    List<String> rows = new ArrayList<>();
    try (ScanReader r = Scanner.scan(dataset(), options, memory.allocator())) {
      Schema schema = r.getVectorSchemaRoot().getSchema();
      while (r.loadNextBatch()) {
        VectorSchemaRoot batch = r.getVectorSchemaRoot();
        for (int i = 0; i < batch.getRowCount(); i++) {
          List<String> cells = new ArrayList<>();
          for (FieldVector v : batch.getFieldVectors()) {
            cells.add(String.valueOf(v.getObject(i)));
          }
          rows.add(String.join("|", cells));
        }
      }
      return new Scanned(schema, rows);
    }
  }

  private static List<String> names(List<Field> fields) {
    return fields.stream().map(Field::getName).toList();
  }

  @Test
  void columnsComeInTheOrderAskedFor() throws IOException {
    Scanned s = scan(ScanOptions.builder().columns("c", "year", "a", "c").parallelism(1).build());
    assertEquals(List.of("c", "year", "a"), names(s.schema().getFields()));
    assertEquals(List.of("0|2023|0", "10|2023|1", "20|2023|2", "30|2024|3", "40|2024|4", "50|2024|5"), s.rows());
  }

  @Test
  void structChildrenKeepTheDatasetsOrder() throws IOException {
    Scanned s = scan(ScanOptions.builder().columns("st.y", "a", "st.x").parallelism(1).build());
    assertEquals(List.of("st", "a"), names(s.schema().getFields()));
    assertEquals(List.of("x", "y"), names(s.schema().getFields().get(0).getChildren()));
    assertEquals("{\"x\":1,\"y\":-1}|1", s.rows().get(1));
  }

  @Test
  void anUnknownProjectedColumnIsRefusedWithTheDatasetsNames() {
    ExpressionBindException e = assertThrows(ExpressionBindException.class,
        () -> scan(ScanOptions.builder().columns("a", "nmae").build()));
    assertEquals("nmae", e.column());
    assertTrue(e.getMessage().contains("a, b, c, st, year"), e.getMessage());
  }

  @Test
  void anUnknownDictionaryColumnIsRefusedWithTheDatasetsNames() {
    ExpressionBindException e = assertThrows(ExpressionBindException.class,
        () -> scan(ScanOptions.builder().columns("a", "b").dictionaryColumns("b", "bb").build()));
    assertEquals("bb", e.column());
    assertTrue(e.getMessage().contains("unknown column bb"), e.getMessage());
    assertTrue(e.getMessage().contains("a, b, c, st, year"), e.getMessage());
  }

  /**
   * Dictionary columns of the discovery's read options name columns some files lack (a dataset
   * whose schema grew): those files read without them rather than being refused.
   */
  @Test
  void discoveryDictionaryColumnsSomeFilesLackAreNoError() throws IOException {
    Schema onlyA = new Schema(List.of(new Field("a", INT32, null)));
    Path file = dir.resolve("year=2025/c.parquet");
    Files.createDirectories(file.getParent());
    try (VectorSchemaRoot root = ArrowValues.root(memory.allocator(), onlyA, List.of(List.of(6)));
        ParquetFileWriter w = ParquetFileWriter.open(file, onlyA, WriterProperties.builder().build())) {
      w.write(root);
    }
    DiscoveryOptions withDictionary = DiscoveryOptions.builder()
        .readOptions(org.parquetarrow.schema.ArrowReadOptions.builder().dictionaryColumns(List.of("b")).build()).build();
    Dataset ds = DatasetDiscovery.directory(dir, withDictionary);
    List<String> rows = new ArrayList<>();
    try (ScanReader r = Scanner.scan(ds, ScanOptions.builder().columns("a", "year").parallelism(1).build(),
        memory.allocator())) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot batch = r.getVectorSchemaRoot();
        for (int i = 0; i < batch.getRowCount(); i++) {
          rows.add(batch.getVector("a").getObject(i) + "|" + batch.getVector("year").getObject(i));
        }
      }
    }
    assertEquals(List.of("0|2023", "1|2023", "2|2023", "3|2024", "4|2024", "5|2024", "6|2025"), rows);
  }
}
