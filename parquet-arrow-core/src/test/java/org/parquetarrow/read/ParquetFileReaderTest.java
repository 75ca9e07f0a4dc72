package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.Golden;
import org.parquetarrow.testing.Goldens;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/**
 * The public API of {@link ParquetFileReader}: batch cutting, projection, row groups, the
 * {@link ArrowReader} and iterator views, INT96 units, argument errors. Expected values come
 * from the Arrow C++ goldens.
 */
class ParquetFileReaderTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static Path file(String name) {
    return TestData.parquetTesting().resolve(name);
  }

  @ParameterizedTest(name = "{0} in batches of {1}")
  @CsvSource({
      "data/alltypes_plain.parquet, 1",
      "data/alltypes_tiny_pages.parquet, 13",
      "data/alltypes_tiny_pages.parquet, 100000",
      "data/nested_lists.snappy.parquet, 1",
      "data/nullable.impala.parquet, 2",
      "data/geospatial/geography-lines.parquet, 7",
      "data/floating_orders_nan_count.parquet, 3"})
  void anyBatchSizeGivesTheSameData(String name, int batchSize) throws Exception {
    Golden golden = Goldens.of(file(name));
    List<VectorSchemaRoot> batches = new ArrayList<>();
    try (ParquetFileReader reader =
            ParquetFileReader.open(file(name), ReadOptions.builder(memory.allocator()).batchSize(batchSize).build());
        ArrowFileReader expected = golden.open(memory.allocator())) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        batches.add(b);
      }
      long total = 0;
      for (int i = 0; i < batches.size(); i++) {
        int rows = batches.get(i).getRowCount();
        assertTrue(rows <= batchSize);
        if (i < batches.size() - 1) {
          assertEquals(batchSize, rows, "only the last batch may be short");
        }
        total += rows;
      }
      assertEquals(golden.rowCount(), total);
      Comparison c = ArrowAssertions.compareData(Batches.of(expected),
          Batches.of(reader.arrowSchema(), batches, new DictionaryProvider.MapDictionaryProvider()),
          CompareOptions.strict());
      assertTrue(c.same(), c::describe);
    } finally {
      batches.forEach(VectorSchemaRoot::close);
    }
  }

  @Test
  void batchesAreCutShortOnVariableLengthBytes() throws Exception {
    Path path = file("data/alltypes_tiny_pages.parquet");
    List<VectorSchemaRoot> batches = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(path,
            ReadOptions.builder(memory.allocator()).batchSize(100_000).maxBatchBytes(10_000).build());
        ArrowFileReader expected = Goldens.of(path).open(memory.allocator())) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        batches.add(b);
      }
      assertTrue(batches.size() > 1, "7300 rows of 8-byte date strings pass 10,000 bytes: cut");
      Comparison c = ArrowAssertions.compareData(Batches.of(expected),
          Batches.of(reader.arrowSchema(), batches, new DictionaryProvider.MapDictionaryProvider()),
          CompareOptions.strict());
      assertTrue(c.same(), c::describe);
    } finally {
      batches.forEach(VectorSchemaRoot::close);
    }
  }

  @Test
  void arrowReaderGivesTheGoldenSchemaAndData() throws Exception {
    Path path = file("data/alltypes_tiny_pages_plain.parquet");
    try (ArrowReader actual = ParquetFileReader.open(path,
            ReadOptions.builder(memory.allocator()).batchSize(1000).build()).toArrowReader();
        ArrowFileReader expected = Goldens.of(path).open(memory.allocator())) {
      ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(actual), CompareOptions.strict());
    }
  }

  @Test
  void closingTheFileReaderFreesTheRootOfItsArrowReader() throws Exception {
    // the README's pattern: the file reader in try-with-resources, its Arrow reader used inside;
    // the leak-checking allocator fails the test if the Arrow reader's root outlives the close
    long rows = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(file("data/alltypes_tiny_pages.parquet"),
        ReadOptions.builder(memory.allocator()).batchSize(3000).build())) {
      ArrowReader arrow = reader.toArrowReader();
      while (arrow.loadNextBatch()) {
        rows += arrow.getVectorSchemaRoot().getRowCount();
      }
    }
    assertEquals(7300, rows); // CATALOG.md: alltypes_tiny_pages has 7,300 rows
  }

  @Test
  void closingBothReadersInEitherOrderIsFine() throws Exception {
    ParquetFileReader reader = ParquetFileReader.open(file("data/alltypes_tiny_pages.parquet"),
        ReadOptions.builder(memory.allocator()).batchSize(3000).build());
    ArrowReader arrow = reader.toArrowReader();
    assertTrue(arrow.loadNextBatch());
    arrow.close();
    reader.close();
    ParquetFileReader second = ParquetFileReader.open(file("data/alltypes_tiny_pages.parquet"),
        ReadOptions.builder(memory.allocator()).batchSize(3000).build());
    ArrowReader secondArrow = second.toArrowReader();
    assertTrue(secondArrow.loadNextBatch());
    second.close();
    secondArrow.close();
  }

  @Test
  void iteratorHandsOutEveryBatchOnce() throws Exception {
    try (ParquetFileReader reader = ParquetFileReader.open(file("data/alltypes_tiny_pages.parquet"),
        ReadOptions.builder(memory.allocator()).batchSize(3000).build())) {
      Iterator<VectorSchemaRoot> it = reader.batches();
      List<Integer> rows = new ArrayList<>();
      while (it.hasNext()) {
        try (VectorSchemaRoot b = it.next()) {
          rows.add(b.getRowCount());
        }
      }
      assertEquals(List.of(3000, 3000, 1300), rows);
      assertFalse(it.hasNext());
      assertTrue(reader.readNextBatch() == null);
    }
  }

  @Test
  void projectionByTopLevelName() throws Exception {
    Path path = file("data/alltypes_plain.parquet");
    try (ParquetFileReader reader = ParquetFileReader.open(path,
            ReadOptions.builder(memory.allocator()).columns("string_col", "id").build());
        ArrowFileReader expected = Goldens.of(path).open(memory.allocator());
        VectorSchemaRoot batch = reader.readNextBatch()) {
      // fields come in the order asked, as in pyarrow
      assertEquals(List.of("string_col", "id"),
          reader.arrowSchema().getFields().stream().map(f -> f.getName()).toList());
      assertTrue(expected.loadNextBatch());
      VectorSchemaRoot golden = expected.getVectorSchemaRoot();
      for (String name : List.of("id", "string_col")) {
        assertEquals(values(golden.getVector(name)), values(batch.getVector(name)), name);
      }
    }
  }

  @Test
  void projectingOneLeafOfAStructKeepsTheStruct() throws Exception {
    Path path = file("data/nested_structs.rust.parquet");
    try (ParquetFileReader all = ParquetFileReader.open(path, ReadOptions.defaults(memory.allocator()))) {
      String leaf = all.parquetSchema().columns().stream()
          .filter(c -> c.path().size() >= 2).findFirst().orElseThrow().dottedPath();
      String top = leaf.substring(0, leaf.indexOf('.'));
      try (ParquetFileReader reader = ParquetFileReader.open(path,
              ReadOptions.builder(memory.allocator()).columns(leaf).build());
          ArrowFileReader expected = Goldens.of(path).open(memory.allocator());
          VectorSchemaRoot batch = reader.readNextBatch()) {
        assertEquals(1, reader.arrowSchema().getFields().size());
        assertEquals(top, reader.arrowSchema().getFields().get(0).getName());
        assertTrue(expected.loadNextBatch());
        FieldVector want = expected.getVectorSchemaRoot().getVector(top);
        FieldVector got = batch.getVector(top);
        String[] names = leaf.split("\\.");
        for (int i = 1; i < names.length; i++) {
          assertEquals(1, got.getChildrenFromFields().size(), "one child kept at " + names[i]);
          want = ((StructVector) want).getChild(names[i]);
          got = ((StructVector) got).getChild(names[i]);
        }
        assertEquals(values(want), values(got));
      }
    }
  }

  @Test
  void chosenRowGroupsOnly() throws Exception {
    Path path = file("data/sort_columns.parquet");
    try (ParquetFileReader reader = ParquetFileReader.open(path,
            ReadOptions.builder(memory.allocator()).rowGroups(1).build());
        ArrowFileReader expected = Goldens.of(path).open(memory.allocator());
        VectorSchemaRoot batch = reader.readNextBatch()) {
      long first = reader.metadata().rowGroups().get(0).numRows();
      long rows = reader.metadata().rowGroups().get(1).numRows();
      assertEquals(rows, batch.getRowCount());
      List<List<Object>> golden = new ArrayList<>();
      while (expected.loadNextBatch()) {
        VectorSchemaRoot root = expected.getVectorSchemaRoot();
        for (int col = 0; col < root.getFieldVectors().size(); col++) {
          if (golden.size() <= col) {
            golden.add(new ArrayList<>());
          }
          golden.get(col).addAll(values(root.getVector(col)));
        }
      }
      for (int col = 0; col < golden.size(); col++) {
        assertEquals(golden.get(col).subList((int) first, (int) (first + rows)), values(batch.getVector(col)));
      }
      assertTrue(reader.readNextBatch() == null);
    }
  }

  @Test
  void int96InTheChosenUnit() throws Exception {
    Path path = file("data/int96_from_spark.parquet");
    try (ParquetFileReader reader = ParquetFileReader.open(path,
            ReadOptions.builder(memory.allocator()).int96TimestampUnit(TimeUnit.MICROSECOND).build());
        ArrowFileReader expected = Goldens.of(path).open(memory.allocator());
        VectorSchemaRoot batch = reader.readNextBatch()) {
      assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null),
          reader.arrowSchema().getFields().get(0).getType());
      assertTrue(expected.loadNextBatch());
      TimeStampVector nanos = (TimeStampVector) expected.getVectorSchemaRoot().getVector(0);
      TimeStampVector micros = (TimeStampVector) batch.getVector(0);
      assertEquals(nanos.getValueCount(), micros.getValueCount());
      int compared = 0;
      for (int i = 0; i < nanos.getValueCount(); i++) {
        assertEquals(nanos.isNull(i), micros.isNull(i));
        if (!nanos.isNull(i) && Math.abs(nanos.get(i)) < Long.MAX_VALUE / 2) {
          // Arrow C++ wraps nanoseconds out of range; in range they are the microseconds * 1000
          assertEquals(Math.floorDiv(nanos.get(i), 1000L), micros.get(i), "row " + i);
          compared++;
        }
      }
      assertTrue(compared > 0);
    }
  }

  @Test
  void arguments() {
    Path path = file("data/alltypes_plain.parquet");
    assertThrows(IllegalArgumentException.class, () -> ReadOptions.builder(memory.allocator()).batchSize(0));
    assertThrows(IllegalArgumentException.class, () -> ParquetFileReader.open(path,
        ReadOptions.builder(memory.allocator()).columns("no_such_column").build()));
    assertThrows(IllegalArgumentException.class, () -> ParquetFileReader.open(path,
        ReadOptions.builder(memory.allocator()).rowGroups(1).build()));
  }

  @Test
  void closedReaderRefusesToRead() {
    ParquetFileReader reader = ParquetFileReader.open(file("data/alltypes_plain.parquet"),
        ReadOptions.defaults(memory.allocator()));
    reader.close();
    assertThrows(IllegalStateException.class, reader::readNextBatch);
  }

  private static List<Object> values(FieldVector v) {
    List<Object> out = new ArrayList<>(v.getValueCount());
    for (int i = 0; i < v.getValueCount(); i++) {
      Object o = v.getObject(i);
      out.add(o instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : o);
    }
    return out;
  }
}
