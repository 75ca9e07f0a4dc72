package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.Goldens;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/**
 * String columns read as Arrow dictionary vectors decode to the golden's values: from dictionary
 * pages, from plain pages, inside lists and maps, and with rows skipped.
 */
class DictionaryColumnsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static Path file(String name) {
    return TestData.parquetTesting().resolve(name);
  }

  @ParameterizedTest
  @ValueSource(strings = {"data/alltypes_tiny_pages.parquet", "data/alltypes_tiny_pages_plain.parquet"})
  void dictionaryVectorsDecodeToTheGolden(String name) throws Exception {
    Path path = file(name);
    ReadOptions options = ReadOptions.builder(memory.allocator())
        .batchSize(1000).dictionaryColumns("string_col", "date_string_col").build();
    try (ArrowReader actual = ParquetFileReader.open(path, options).toArrowReader();
        ArrowFileReader expected = Goldens.of(path).open(memory.allocator())) {
      Field field = actual.getVectorSchemaRoot().getSchema().findField("string_col");
      assertNotNull(field.getDictionary(), "string_col is dictionary-encoded");
      assertEquals(new ArrowType.Int(32, true), field.getType());
      Comparison c = ArrowAssertions.compare(Batches.of(expected), Batches.of(actual),
          CompareOptions.strict().allowingDictionaryMismatch());
      assertTrue(c.same(), c::describe);
    }
  }

  @Test
  void batchDictionariesComeWithReadNextBatch() throws Exception {
    Path path = file("data/alltypes_plain.parquet");
    ReadOptions options = ReadOptions.builder(memory.allocator()).dictionaryColumns("string_col").build();
    try (ParquetFileReader reader = ParquetFileReader.open(path, options);
        ArrowFileReader expected = Goldens.of(path).open(memory.allocator());
        VectorSchemaRoot batch = reader.readNextBatch()) {
      assertTrue(expected.loadNextBatch());
      FieldVector want = expected.getVectorSchemaRoot().getVector("string_col");
      IntVector indices = assertInstanceOf(IntVector.class, batch.getVector("string_col"));
      Dictionary dictionary = reader.dictionaries().lookup(indices.getField().getDictionary().getId());
      // Impala wrote the strings without UTF8 annotation: binary, as in the golden
      VarBinaryVector values = assertInstanceOf(VarBinaryVector.class, dictionary.getVector());
      for (int i = 0; i < want.getValueCount(); i++) {
        assertArrayEquals((byte[]) want.getObject(i), values.getObject(indices.get(i)), "row " + i);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"data/nullable.impala.parquet", "data/nested_maps.snappy.parquet"})
  void repeatedStringColumnsAsDictionaries(String name) throws Exception {
    Path path = file(name);
    List<String> strings = new ArrayList<>();
    try (ParquetFileReader all = ParquetFileReader.open(path, ReadOptions.defaults(memory.allocator()))) {
      for (ColumnDescriptor c : all.parquetSchema().columns()) {
        if (c.physicalType() == org.parquetarrow.format.PhysicalType.BYTE_ARRAY && c.maxRepetitionLevel() > 0) {
          strings.add(c.dottedPath());
        }
      }
    }
    assertTrue(!strings.isEmpty(), "the file has repeated string columns");
    ReadOptions options = ReadOptions.builder(memory.allocator())
        .batchSize(2).dictionaryColumns(strings.toArray(String[]::new)).build();
    try (ArrowReader actual = ParquetFileReader.open(path, options).toArrowReader();
        ArrowFileReader expected = Goldens.of(path).open(memory.allocator())) {
      Comparison c = ArrowAssertions.compareData(Batches.of(expected), Batches.of(actual), CompareOptions.strict());
      assertTrue(c.same(), c::describe);
    }
  }

  @Test
  void skippedRowsKeepIndicesInStep() throws Exception {
    Path path = file("data/alltypes_tiny_pages.parquet");
    RowSelection rows = RowSelection.fromRanges(3, 9, 4000, 4010);
    ReadOptions options = ReadOptions.builder(memory.allocator())
        .dictionaryColumns("string_col").columns("string_col").rowSelection(0, rows).build();
    List<Object> want = new ArrayList<>();
    try (ArrowFileReader expected = Goldens.of(path).open(memory.allocator())) {
      long at = 0;
      while (expected.loadNextBatch()) {
        FieldVector v = expected.getVectorSchemaRoot().getVector("string_col");
        for (int i = 0; i < v.getValueCount(); i++) {
          if (rows.contains(at + i)) {
            want.add(v.getObject(i));
          }
        }
        at += v.getValueCount();
      }
    }
    List<Object> got = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(path, options)) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = b) {
          IntVector indices = (IntVector) batch.getVector(0);
          DictionaryProvider d = reader.dictionaries();
          FieldVector values = d.lookup(indices.getField().getDictionary().getId()).getVector();
          for (int i = 0; i < indices.getValueCount(); i++) {
            got.add(indices.isNull(i) ? null : values.getObject(indices.get(i)));
          }
        }
      }
    }
    assertEquals(want, got);
  }
}
