package org.parquetarrow.read;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.ArrowValues;
import org.parquetarrow.testing.ArrowValues.Struct;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Null fixed-size-list slots. Parquet stores a null list as a definition level with no elements
 * (LogicalTypes.md, Lists), which is how arrow-rs and our writer store a null fixed_size_list
 * slot; Arrow still gives that slot {@code size} children. The reader used to reject such files
 * as corrupt ("has a slot of 0 elements"), found reading arrow-rs files (ReaderVersusRustIT).
 */
class FixedSizeListNullsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static Field fsl(String name, Field element) {
    return new Field(name, FieldType.nullable(new ArrowType.FixedSizeList(2)), List.of(element));
  }

  @Test
  void nullSlotsReadBackAsNullWithPaddedChildren() throws Exception {
    Schema schema = new Schema(List.of(
        fsl("ints", Field.nullable("element", new ArrowType.Int(32, true))),
        fsl("strings", Field.nullable("element", ArrowType.Utf8.INSTANCE)),
        fsl("structs", new Field("element", FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(Field.nullable("a", new ArrowType.Int(64, true)), Field.nullable("b", ArrowType.Utf8.INSTANCE)))),
        fsl("lists", new Field("element", FieldType.nullable(ArrowType.List.INSTANCE),
            List.of(Field.nullable("element", new ArrowType.Int(32, true))))),
        fsl("doubles", Field.notNullable("element", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))),
        fsl("bools", Field.nullable("element", ArrowType.Bool.INSTANCE))));
    // null slots first, last, in runs and alone; null elements inside non-null slots
    boolean[] nullSlot = {true, false, true, true, false, false, true};
    List<List<Object>> columns = new ArrayList<>();
    for (int c = 0; c < schema.getFields().size(); c++) {
      columns.add(new ArrayList<>());
    }
    for (int i = 0; i < nullSlot.length; i++) {
      if (nullSlot[i]) {
        columns.forEach(c -> c.add(null));
        continue;
      }
      columns.get(0).add(Arrays.asList(i, i % 2 == 0 ? null : -i));
      columns.get(1).add(Arrays.asList("s" + i, null));
      columns.get(2).add(Arrays.asList(new Struct(Arrays.asList((long) i, "b" + i)), null));
      columns.get(3).add(Arrays.asList(List.of(i, i + 1), Arrays.asList((Object) null)));
      columns.get(4).add(Arrays.asList(i + 0.5, -i - 0.25));
      columns.get(5).add(Arrays.asList(i % 3 == 0, null));
    }
    Path file = dir.resolve("fsl-nulls.parquet");
    try (VectorSchemaRoot written = ArrowValues.root(memory.allocator(), schema, columns)) {
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults())) {
        w.write(written);
      }
      for (int batchSize : new int[] {3, 100}) {
        try (ArrowReader actual = ParquetFileReader.open(file,
            ReadOptions.builder(memory.allocator()).batchSize(batchSize).build()).toArrowReader()) {
          ArrowAssertions.assertSameSchemaAndData(Batches.of(written), Batches.of(actual),
              CompareOptions.strict().ignoringMetadata());
        }
      }
    }
  }
}
