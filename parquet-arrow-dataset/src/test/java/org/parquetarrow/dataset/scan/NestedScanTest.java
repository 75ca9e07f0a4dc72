package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/** Nested projections and filters, with a struct field one file lacks; expected rows worked out by hand. */
class NestedScanTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();
  @TempDir Path dir;

  private void write(Path file, int firstId, boolean withB) throws Exception {
    List<Field> children = new ArrayList<>(List.of(Field.nullable("a", new ArrowType.Int(32, true))));
    if (withB) {
      children.add(Field.nullable("b", ArrowType.Utf8.INSTANCE));
    }
    Schema schema = new Schema(List.of(
        Field.nullable("id", new ArrowType.Int(32, true)),
        new Field("st", FieldType.nullable(ArrowType.Struct.INSTANCE), children)));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator.allocator())) {
      root.allocateNew();
      StructVector st = (StructVector) root.getVector("st");
      for (int r = 0; r < 5; r++) {
        ((IntVector) root.getVector("id")).setSafe(r, firstId + r);
        if (r == 4) {
          st.setNull(r); // a null struct: its fields read as null
          continue;
        }
        st.setIndexDefined(r);
        ((IntVector) st.getChild("a")).setSafe(r, r);
        if (withB) {
          ((VarCharVector) st.getChild("b")).setSafe(r, ("x" + r).getBytes(StandardCharsets.UTF_8));
        }
      }
      root.setRowCount(5);
      Files.createDirectories(file.getParent());
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.builder().build())) {
        w.write(root);
      }
    }
  }

  @Test
  void nestedPathsProjectAndFilter() throws Exception {
    write(dir.resolve("a.parquet"), 0, true);
    write(dir.resolve("b.parquet"), 10, false);
    Dataset ds = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
    List<String> rows = new ArrayList<>();
    try (ScanReader reader = Scanner.scan(ds, ScanOptions.builder().columns("st.b", "id").filter("st.a >= 2 or st.a is null")
        .parallelism(1).build(), allocator.allocator())) {
      Schema out = reader.getVectorSchemaRoot().getSchema();
      assertEquals(List.of("st", "id"), out.getFields().stream().map(Field::getName).toList());
      assertEquals(List.of("b"), out.getFields().get(0).getChildren().stream().map(Field::getName).toList());
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        StructVector st = (StructVector) root.getVector("st");
        VarCharVector b = (VarCharVector) st.getChild("b");
        for (int r = 0; r < root.getRowCount(); r++) {
          String bs = st.isNull(r) ? "struct-null" : b.isNull(r) ? "null" : new String(b.get(r), StandardCharsets.UTF_8);
          rows.add(((IntVector) root.getVector("id")).get(r) + ":" + bs);
        }
      }
    }
    // a: ids 0..4 with st.a = 0..3 and a null struct at id 4; b: ids 10..14 likewise, without st.b.
    assertEquals(List.of("2:x2", "3:x3", "4:struct-null", "12:null", "13:null", "14:struct-null"), rows);
  }
}
