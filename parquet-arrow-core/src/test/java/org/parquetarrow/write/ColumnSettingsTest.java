package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.SortingColumn;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Issue 13, item 4 (the writer's half): a per-column setting names its column by a Parquet or an
 * Arrow path, and one that names nothing in the schema is refused with the valid names. Before,
 * {@code column("nmae", ...)} and {@code column("tags.item", ...)} were ignored silently.
 */
class ColumnSettingsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** name: utf8; tags: list of utf8; attrs: map utf8 to int32; user: struct of age. */
  private static final Schema SCHEMA = new Schema(List.of(
      Field.nullable("name", ArrowType.Utf8.INSTANCE),
      new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE),
          List.of(Field.nullable("item", ArrowType.Utf8.INSTANCE))),
      new Field("attrs", FieldType.nullable(new ArrowType.Map(false)), List.of(new Field("entries",
          FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(Field.notNullable("key", ArrowType.Utf8.INSTANCE),
              Field.nullable("value", new ArrowType.Int(32, true)))))),
      new Field("user", FieldType.nullable(ArrowType.Struct.INSTANCE),
          List.of(Field.nullable("age", new ArrowType.Int(32, true))))));

  @Test
  void anUnknownColumnIsRefusedWithTheValidNames() throws Exception {
    WriterProperties p = WriterProperties.builder().column("nmae", c -> c.codec(CompressionCodec.ZSTD)).build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ParquetFileWriter.open(dir.resolve("x.parquet"), SCHEMA, p));
    assertTrue(e.getMessage().contains("'nmae'"), e.getMessage());
    for (String valid : List.of("name", "tags.list.element", "tags.item", "attrs.key_value.key", "attrs.key",
        "attrs.value", "user.age")) {
      assertTrue(e.getMessage().contains(valid), valid + " listed: " + e.getMessage());
    }
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(0, s.count(), "nothing is created");
    }
  }

  @Test
  void aNameIsCaseSensitive() {
    WriterProperties p = WriterProperties.builder().column("Name", c -> c.dictionary(false)).build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ParquetFileWriter.open(dir.resolve("x.parquet"), SCHEMA, p));
    assertTrue(e.getMessage().contains("'Name'"), e.getMessage());
  }

  @Test
  void arrowAndParquetPathsNameTheSameColumns() throws Exception {
    // each leaf gets its own codec through one form of its path
    Map<String, CompressionCodec> byKey = new LinkedHashMap<>();
    byKey.put("tags.item", CompressionCodec.ZSTD);
    byKey.put("attrs.key", CompressionCodec.GZIP);
    byKey.put("attrs.key_value.value", CompressionCodec.SNAPPY);
    byKey.put("user", CompressionCodec.LZ4_RAW);
    WriterProperties.Builder b = WriterProperties.builder();
    byKey.forEach((k, codec) -> b.column(k, c -> c.codec(codec)));
    Path file = dir.resolve("codecs.parquet");
    try (VectorSchemaRoot root = WriterTypeCases.batch(memory.allocator(), SCHEMA, 3, null);
        ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, b.build())) {
      w.write(root);
    }
    Map<String, CompressionCodec> written = new LinkedHashMap<>();
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData m = ParquetFooter.read(in).metadata();
      for (ColumnChunk c : m.rowGroups().get(0).columns()) {
        written.put(String.join(".", c.metaData().pathInSchema()), c.metaData().codec());
      }
    }
    assertEquals(Map.of("name", CompressionCodec.UNCOMPRESSED, "tags.list.element", CompressionCodec.ZSTD,
        "attrs.key_value.key", CompressionCodec.GZIP, "attrs.key_value.value", CompressionCodec.SNAPPY,
        "user.age", CompressionCodec.LZ4_RAW), written);
  }

  @Test
  void twoNamesOfOneColumnAreRefused() {
    WriterProperties p = WriterProperties.builder()
        .column("tags.item", c -> c.dictionary(false))
        .column("tags.list.element", c -> c.dictionary(true))
        .build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ParquetFileWriter.open(dir.resolve("x.parquet"), SCHEMA, p));
    assertTrue(e.getMessage().contains("'tags.item'") && e.getMessage().contains("'tags.list.element'"),
        e.getMessage());
  }

  @Test
  void aSortingColumnBeyondTheLeavesIsRefused() {
    WriterProperties p = WriterProperties.builder()
        .sortingColumns(List.of(new SortingColumn(5, false, true)))
        .build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ParquetFileWriter.open(dir.resolve("x.parquet"), SCHEMA, p));
    assertTrue(e.getMessage().contains("sorting column 5") && e.getMessage().contains("0 to 4"), e.getMessage());
  }
}
