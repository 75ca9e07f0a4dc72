package org.parquetarrow.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * String columns written the way the STRINGS benchmark writes them (the write paths of session 10:
 * the shredder's arrays and the dictionary id encoder kept from piece to piece and page to page,
 * the binary dictionary a quarter full while small), read back by parquet-java and compared value
 * by value with the Arrow input: batches of very different sizes (so each leaf's kept arrays are
 * reused by shorter and longer pieces, with and without nulls), pages and row groups cut in the
 * middle of batches, a dictionary growing through every id bit width up to 13 bits and past the
 * table's 1,024-key step, one falling back to PLAIN at the dictionary page limit, strings of 0 to
 * 300 bytes.
 */
class StringsWriteVersusParquetJavaIT {
  @TempDir Path dir;
  private BufferAllocator allocator;

  @BeforeEach
  void setUp() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void tearDown() {
    allocator.close();
  }

  private static Schema schema() {
    List<Field> fields = new ArrayList<>();
    for (String name : List.of("category", "growing", "fallback", "id")) {
      fields.add(new Field(name, FieldType.nullable(ArrowType.Utf8.INSTANCE), null));
    }
    return new Schema(fields);
  }

  @Test
  void stringColumnsReadBackEqualThroughParquetJava() throws Exception {
    long seed = Long.getLong("seed", System.nanoTime());
    Random random = new Random(seed);
    Path file = dir.resolve("strings.parquet");
    WriterProperties props = WriterProperties.builder().codec(CompressionCodec.SNAPPY).dataPageRowLimit(7000)
        .rowGroupRows(60_000).dictionaryPageSizeLimit(100_000).build();
    List<String[]> expected = new ArrayList<>();
    int[] batchRows = {70_000, 1, 65_536, 3, 0, 40_000, 17};
    long row = 0;
    try (ParquetFileWriter w = ParquetFileWriter.open(file, schema(), props)) {
      for (int b = 0; b < batchRows.length; b++) {
        // the second batch and the sixth have no nulls at all: those leaves take the other path
        boolean nulls = b != 1 && b != 5;
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema(), allocator)) {
          int n = batchRows[b];
          for (int c = 0; c < 4; c++) {
            ((VarCharVector) root.getVector(c)).allocateNew(n);
          }
          for (int i = 0; i < n; i++, row++) {
            String[] values = {
                "category-" + random.nextInt(50),
                // ids 0 .. row/40: a dictionary that grows through 12 bit widths and past 1,024 keys
                "g" + random.nextInt((int) (row / 40) + 1),
                // values of about 55 bytes, a new one every 20 rows or so: the 100,000-byte
                // dictionary page is full after a few pages (about 1,800 values, row 36,000)
                "fallback-" + random.nextInt((int) (row / 20) + 1) + "-" + "x".repeat(40),
                id(random, row)};
            for (int c = 0; c < 4; c++) {
              if (nulls && random.nextInt(20) == 0) {
                values[c] = null;
                ((VarCharVector) root.getVector(c)).setNull(i);
              } else {
                ((VarCharVector) root.getVector(c)).setSafe(i, values[c].getBytes(StandardCharsets.UTF_8));
              }
            }
            expected.add(values);
          }
          root.setRowCount(n);
          w.write(root);
        }
      }
    }
    List<String[]> actual = new ArrayList<>();
    try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(),
        new org.apache.hadoop.fs.Path(file.toString())).withConf(new Configuration()).build()) {
      List<String> names = List.of("category", "growing", "fallback", "id");
      for (Group g = reader.read(); g != null; g = reader.read()) {
        String[] values = new String[4];
        for (int c = 0; c < 4; c++) {
          values[c] = g.getFieldRepetitionCount(names.get(c)) == 0 ? null : g.getString(names.get(c), 0);
        }
        actual.add(values);
      }
    }
    assertEquals(expected.size(), actual.size(), "rows, seed " + seed);
    for (int i = 0; i < expected.size(); i++) {
      assertTrue(Arrays.equals(expected.get(i), actual.get(i)),
          "row " + i + ", seed " + seed + ": " + Arrays.toString(expected.get(i)) + " read as "
          + Arrays.toString(actual.get(i)));
    }
    try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(
        new org.apache.hadoop.fs.Path(file.toString()), new Configuration()))) {
      List<BlockMetaData> blocks = r.getFooter().getBlocks();
      assertEquals(3, blocks.size(), "row groups of 60,000 rows cut inside batches");
      for (BlockMetaData block : blocks) {
        ColumnChunkMetaData category = column(block, "category");
        assertFalse(category.getEncodingStats().hasNonDictionaryEncodedPages(), "category stays a dictionary");
        assertTrue(category.getEncodingStats().hasDictionaryEncodedPages(), "category stays a dictionary");
      }
      ColumnChunkMetaData fallback = column(blocks.get(0), "fallback");
      assertTrue(fallback.getEncodingStats().hasDictionaryEncodedPages(), fallback.toString());
      assertTrue(fallback.getEncodingStats().hasNonDictionaryEncodedPages(), fallback.toString());
      assertTrue(fallback.getEncodings().contains(Encoding.PLAIN), fallback.toString());
      for (BlockMetaData block : blocks) {
        // up to 1,500 values in the first group, 4,400 (13 bits) in the last
        ColumnChunkMetaData growing = column(block, "growing");
        assertFalse(growing.getEncodingStats().hasNonDictionaryEncodedPages(), "growing stays a dictionary");
        assertTrue(growing.getEncodingStats().hasDictionaryEncodedPages(), "growing stays a dictionary");
      }
    }
  }

  /** A unique string of 0 to 300 bytes (most 8 to 40, as the benchmark's ids; a few empty, a few long). */
  private static String id(Random random, long row) {
    int kind = random.nextInt(100);
    if (kind == 0) {
      return "";
    }
    String head = Long.toString(row, 36) + "-";
    int length = kind == 1 ? 100 + random.nextInt(201) : 8 + random.nextInt(33);
    StringBuilder s = new StringBuilder(length).append(head);
    while (s.length() < length) {
      s.append((char) ('a' + random.nextInt(26)));
    }
    return s.toString();
  }

  private static ColumnChunkMetaData column(BlockMetaData block, String name) {
    for (ColumnChunkMetaData c : block.getColumns()) {
      if (c.getPath().toDotString().equals(name)) {
        return c;
      }
    }
    throw new AssertionError("no column " + name);
  }
}
