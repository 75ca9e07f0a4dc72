package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.ArrowValues;
import org.parquetarrow.testing.ArrowValues.Entry;
import org.parquetarrow.testing.ArrowValues.Struct;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Lists whose elements are a struct with no nulls of its own (a map's key-value entries, a list of
 * non-null structs) get their offsets, their validity and the validity of one nullable leaf of
 * the struct from one pass over that leaf's levels; the struct's other children check their
 * counts against it. The expected values are the ones written (generated here, not read back):
 * null, empty and long maps, null values, all-null values, maps that cross pages and batches.
 */
class MapsInOnePassTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;
  private static final ArrowType INT32 = new ArrowType.Int(32, true);
  private static final ArrowType INT64 = new ArrowType.Int(64, true);

  private static Field map(String name, ArrowType key, Field value) {
    Field entries = new Field("key_value", FieldType.notNullable(ArrowType.Struct.INSTANCE),
        List.of(Field.notNullable("key", key), value));
    return new Field(name, FieldType.nullable(new ArrowType.Map(false)), List.of(entries));
  }

  private static Field list(String name, Field element) {
    return new Field(name, FieldType.nullable(ArrowType.List.INSTANCE), List.of(element));
  }

  private static final Schema SCHEMA = new Schema(List.of(
      map("m", UTF8, Field.nullable("value", INT64)),
      map("all_null_values", UTF8, Field.nullable("value", INT32)),
      map("struct_values", INT32, new Field("value", FieldType.nullable(ArrowType.Struct.INSTANCE),
          List.of(Field.nullable("a", INT32), Field.nullable("b", UTF8)))),
      list("structs", new Field("element", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
          Field.nullable("a", INT64),
          list("b", Field.nullable("element", INT32)),
          Field.notNullable("c", UTF8)))),
      list("longs", Field.nullable("element", INT64))));

  /** Rows of every shape, some lists long enough to cross several small pages and batches. */
  private static List<List<Object>> columns(int rows) {
    Random random = new Random(18);
    List<List<Object>> columns = new ArrayList<>();
    for (int c = 0; c < SCHEMA.getFields().size(); c++) {
      columns.add(new ArrayList<>());
    }
    for (int r = 0; r < rows; r++) {
      int shape = random.nextInt(10);
      int size = r % 97 == 5 ? 700 + random.nextInt(300) : random.nextInt(6) + 1;
      if (shape == 0) {
        columns.forEach(c -> c.add(null));
        continue;
      }
      if (shape == 1) {
        columns.forEach(c -> c.add(List.of()));
        continue;
      }
      List<Object> m = new ArrayList<>();
      List<Object> allNull = new ArrayList<>();
      List<Object> structValues = new ArrayList<>();
      List<Object> structs = new ArrayList<>();
      List<Object> longs = new ArrayList<>();
      for (int k = 0; k < size; k++) {
        boolean nullValue = random.nextInt(3) == 0;
        m.add(new Entry("k" + k, nullValue ? null : (long) r * 1000 + k));
        allNull.add(new Entry("n" + (r + k), null));
        structValues.add(new Entry(k, nullValue ? null
            : Struct.of(random.nextBoolean() ? null : k, random.nextBoolean() ? null : "s" + r)));
        List<Object> inner = switch (random.nextInt(4)) {
          case 0 -> null;
          case 1 -> List.of();
          default -> Arrays.asList(k, null, r);
        };
        structs.add(Struct.of(nullValue ? null : (long) -k, inner, "c" + k));
        longs.add(nullValue ? null : (long) r + k);
      }
      columns.get(0).add(m);
      columns.get(1).add(allNull);
      columns.get(2).add(structValues);
      columns.get(3).add(structs);
      columns.get(4).add(longs);
    }
    return columns;
  }

  @Test
  void mapsAndListsOfNonNullStructsReadBackAsWritten() throws Exception {
    for (DataPageVersion version : DataPageVersion.values()) {
      Path file = dir.resolve("maps-" + version + ".parquet");
      try (VectorSchemaRoot written = ArrowValues.root(memory.allocator(), SCHEMA, columns(3_000))) {
        WriterProperties properties = WriterProperties.builder()
            .dataPageVersion(version)
            .dataPageSize(2_048)
            .build();
        try (ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, properties)) {
          w.write(written);
        }
        for (int batchSize : new int[] {1, 7, 64, 1_000, 5_000}) {
          try (ArrowReader actual = ParquetFileReader.open(file,
              ReadOptions.builder(memory.allocator()).batchSize(batchSize).build()).toArrowReader()) {
            ArrowAssertions.assertSameSchemaAndData(Batches.of(written), Batches.of(actual),
                CompareOptions.strict().ignoringMetadata());
          }
        }
      }
    }
  }

  @Test
  void nullCountsOfMapValuesComeFromTheirLevels() throws Exception {
    // every value null: the value vector's null count equals its length, the map's counts its own
    Schema schema = new Schema(List.of(map("m", UTF8, Field.nullable("value", INT64))));
    List<Object> rows = Arrays.asList(
        List.of(new Entry("a", null), new Entry("b", null)), null, List.of(), List.of(new Entry("c", null)));
    Path file = dir.resolve("null-values.parquet");
    try (VectorSchemaRoot written = ArrowValues.root(memory.allocator(), schema, List.of(rows))) {
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults())) {
        w.write(written);
      }
    }
    try (ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.builder(memory.allocator()).build());
        VectorSchemaRoot batch = reader.readNextBatch()) {
      var map = batch.getVector("m");
      assertEquals(4, map.getValueCount());
      assertEquals(1, map.getNullCount());
      var entries = map.getChildrenFromFields().get(0);
      assertEquals(3, entries.getValueCount());
      assertEquals(0, entries.getNullCount());
      var values = entries.getChildrenFromFields().get(1);
      assertEquals(3, values.getValueCount());
      assertEquals(3, values.getNullCount());
    }
  }
}
