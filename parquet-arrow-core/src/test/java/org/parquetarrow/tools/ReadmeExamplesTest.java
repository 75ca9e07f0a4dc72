package org.parquetarrow.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.schema.ArrowSchemaConverter;
import org.parquetarrow.schema.ArrowWriteOptions;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.schema.ParquetSchema;
import org.parquetarrow.schema.ParquetWriteSchema;
import org.parquetarrow.schema.SchemaMapping;
import org.parquetarrow.testing.TestData;

/** The README's examples, kept compiling and correct. */
class ReadmeExamplesTest {
  @org.junit.jupiter.api.io.TempDir Path dir;

  @Test
  void writeThenReadBatches() throws Exception {
    Path out = dir.resolve("out.parquet");
    try (org.apache.arrow.memory.BufferAllocator allocator = new org.apache.arrow.memory.RootAllocator()) {
      org.apache.arrow.vector.types.pojo.Field city = org.apache.arrow.vector.types.pojo.Field.nullable(
          "city", ArrowType.Utf8.INSTANCE);
      Schema schema = new Schema(List.of(
          org.apache.arrow.vector.types.pojo.Field.notNullable("id", new ArrowType.Int(64, true)),
          new org.apache.arrow.vector.types.pojo.Field("address",
              org.apache.arrow.vector.types.pojo.FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(city)),
          org.apache.arrow.vector.types.pojo.Field.nullable("note", ArrowType.Utf8.INSTANCE)));
      try (org.apache.arrow.vector.VectorSchemaRoot root = org.apache.arrow.vector.VectorSchemaRoot.create(schema, allocator)) {
        int n = 25_000;
        org.apache.arrow.vector.BigIntVector id = (org.apache.arrow.vector.BigIntVector) root.getVector("id");
        org.apache.arrow.vector.complex.StructVector address =
            (org.apache.arrow.vector.complex.StructVector) root.getVector("address");
        org.apache.arrow.vector.VarCharVector cities = address.getChild("city", org.apache.arrow.vector.VarCharVector.class);
        for (int i = 0; i < n; i++) {
          id.setSafe(i, i);
          address.setIndexDefined(i);
          cities.setSafe(i, ("city-" + (i % 7)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        root.setRowCount(n);

        // README: "Write Arrow batches to Parquet"
        org.parquetarrow.write.WriterProperties properties = org.parquetarrow.write.WriterProperties.builder()
            .codec(org.parquetarrow.format.CompressionCodec.ZSTD)
            .column("id", c -> c.bloomFilter(new org.parquetarrow.write.BloomFilterOptions(1_000_000, 0.01)))
            .build();
        try (org.parquetarrow.write.ParquetFileWriter writer =
            org.parquetarrow.write.ParquetFileWriter.open(out, root.getSchema(), properties)) {
          writer.write(root);
        }
      }

      // README: "Read a file as Arrow batches"
      long rows = 0;
      long idSum = 0;
      List<Integer> sizes = new ArrayList<>();
      try (org.parquetarrow.read.ParquetFileReader reader = org.parquetarrow.read.ParquetFileReader.open(out,
          org.parquetarrow.read.ReadOptions.builder(allocator).columns("id", "address.city").batchSize(10_000).build())) {
        org.apache.arrow.vector.VectorSchemaRoot next;
        while ((next = reader.readNextBatch()) != null) {
          try (org.apache.arrow.vector.VectorSchemaRoot batch = next) {
            sizes.add(batch.getRowCount());
            assertEquals(List.of("id", "address"),
                batch.getSchema().getFields().stream().map(f -> f.getName()).toList());
            org.apache.arrow.vector.BigIntVector ids = (org.apache.arrow.vector.BigIntVector) batch.getVector("id");
            for (int i = 0; i < batch.getRowCount(); i++) {
              idSum += ids.get(i);
            }
            rows += batch.getRowCount();
          }
        }
      }
      assertEquals(List.of(10_000, 10_000, 5_000), sizes);
      assertEquals(25_000, rows);
      assertEquals(25_000L * 24_999 / 2, idSum);
    }
  }

  @Test
  void theWriteExamplesBloomFilterIsSizedForItsRowGroupAndProbes() throws Exception {
    Path out = dir.resolve("ids.parquet");
    Schema schema = new Schema(List.of(org.apache.arrow.vector.types.pojo.Field.notNullable("id", new ArrowType.Int(64, true))));
    try (org.apache.arrow.memory.BufferAllocator allocator = new org.apache.arrow.memory.RootAllocator();
        org.apache.arrow.vector.VectorSchemaRoot root = org.apache.arrow.vector.VectorSchemaRoot.create(schema, allocator)) {
      org.apache.arrow.vector.BigIntVector id = (org.apache.arrow.vector.BigIntVector) root.getVector("id");
      for (int i = 0; i < 25_000; i++) {
        id.setSafe(i, i);
      }
      root.setRowCount(25_000);
      // README: "Write Arrow batches to Parquet"
      org.parquetarrow.write.WriterProperties properties = org.parquetarrow.write.WriterProperties.builder()
          .codec(org.parquetarrow.format.CompressionCodec.ZSTD)
          .column("id", c -> c.bloomFilter(new org.parquetarrow.write.BloomFilterOptions(1_000_000, 0.01)))
          .build();
      try (org.parquetarrow.write.ParquetFileWriter writer =
          org.parquetarrow.write.ParquetFileWriter.open(out, root.getSchema(), properties)) {
        writer.write(root);
      }
    }
    // README: "Probe a column chunk's bloom filter"
    boolean mayHold42;
    int numBytes;
    try (InputFile in = LocalInputFile.open(out)) {
      org.parquetarrow.format.ColumnMetaData id =
          ParquetFooter.read(in).metadata().rowGroups().get(0).columns().get(0).metaData();
      mayHold42 = org.parquetarrow.bloom.BloomFilterReader.read(in, id)
          .map(f -> !f.probeable() || f.filter().mightContain(org.parquetarrow.bloom.SplitBlockBloomFilter.hashLong(42)))
          .orElse(true);
      numBytes = org.parquetarrow.bloom.BloomFilterReader.read(in, id).orElseThrow().header().numBytes();
    }
    assertEquals(true, mayHold42);
    // 25,000 distinct ids at 1%: 25,000 x 9.68 bits = 30,255 bytes, so 32 KiB rather than the
    // 2 MiB of the bound's million
    assertEquals(32_768, numBytes);
  }

  @Test
  void readAFooterAndItsArrowSchema() throws Exception {
    Path path = TestData.parquetTesting().resolve("data/nested_lists.snappy.parquet");
    List<String> columns = new ArrayList<>();
    Schema arrow;
    try (InputFile in = LocalInputFile.open(path)) {
      FileMetaData metadata = ParquetFooter.read(in).metadata();
      ParquetSchema parquet = ParquetSchema.fromElements(metadata.schema());
      SchemaMapping mapping = ArrowSchemaConverter.toArrow(metadata, ArrowReadOptions.defaults());
      arrow = mapping.arrowSchema();
      for (ColumnDescriptor c : parquet.columns()) {
        columns.add(c.dottedPath() + " def=" + c.maxDefinitionLevel() + " rep=" + c.maxRepetitionLevel());
      }
    }
    // CATALOG.md: LIST<LIST<LIST<STRING>>> plus an INT32; nested (max rep 3, def 7)
    assertEquals(2, columns.size());
    assertEquals(true, columns.get(0).endsWith(" def=7 rep=3"), columns.toString());
    assertEquals(2, arrow.getFields().size());
  }

  @Test
  void chooseHowTypesComeOut() throws Exception {
    ArrowReadOptions options = ArrowReadOptions.builder()
        .int96TimestampUnit(TimeUnit.MICROSECOND)
        .extensionTypes(ArrowReadOptions.ExtensionTypePolicy.TYPES)
        .build();
    Path path = TestData.parquetTesting().resolve("data/int96_from_spark.parquet");
    try (InputFile in = LocalInputFile.open(path)) {
      Schema arrow = ArrowSchemaConverter.toArrow(ParquetFooter.read(in).metadata(), options).arrowSchema();
      assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), arrow.getFields().get(0).getType());
    }
  }

  @Test
  void targetSchemaForWriting() {
    Schema arrowSchema = new Schema(List.of(
        org.apache.arrow.vector.types.pojo.Field.nullable("x", new ArrowType.Int(64, true))));
    ParquetWriteSchema target = ArrowSchemaConverter.toParquet(arrowSchema, ArrowWriteOptions.defaults());
    assertEquals("x", target.parquetSchema().column(0).dottedPath());
    assertEquals(true, target.keyValueMetadata().stream().anyMatch(kv -> kv.key().equals("ARROW:schema")));
  }
}
