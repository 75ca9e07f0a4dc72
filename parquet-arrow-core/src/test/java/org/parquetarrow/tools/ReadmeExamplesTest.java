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
import org.parquetarrow.format.ParquetFooter;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.LocalInputFile;
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
