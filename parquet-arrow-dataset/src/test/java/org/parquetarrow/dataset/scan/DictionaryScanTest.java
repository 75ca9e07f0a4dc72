package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
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
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Scans that hand string columns out dictionary-encoded and filter on them. File {@code a.parquet}
 * holds ids 0..4999 with {@code s = COLORS[id % 4]} (null when {@code id % 7 == 0}) and {@code w =
 * "w%05d".formatted(id)}; file {@code b.parquet} holds ids 5000..7999 with {@code w} only (so
 * {@code s} reads as nulls there). Row groups of 1,000 rows; {@code w} has a 1 KiB dictionary
 * limit, so its chunks fall back to plain pages after the first few hundred values.
 */
class DictionaryScanTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String[] COLORS = {"red", "green", "blue", "grey"};

  private static String s(long id) {
    return id >= 5000 || id % 7 == 0 ? null : COLORS[(int) (id % 4)];
  }

  private static String w(long id) {
    return "w%05d".formatted(id);
  }

  @BeforeEach
  void write() throws IOException {
    writeFile(dir.resolve("a.parquet"), 0, 5000, true, properties(true));
    writeFile(dir.resolve("b.parquet"), 5000, 3000, false, properties(false));
  }

  /** The writer refuses a setting for a column the file lacks: {@code s} only where it is. */
  private static WriterProperties properties(boolean withS) {
    WriterProperties.Builder b = WriterProperties.builder()
        .rowGroupRows(1000)
        .dataPageRowLimit(250)
        .column("w", c -> c.dictionary(true))
        .dictionaryPageSizeLimit(1024);
    if (withS) {
      b.column("s", c -> c.dictionary(true));
    }
    return b.build();
  }

  private void writeFile(Path file, long first, int rows, boolean withS, WriterProperties props) throws IOException {
    List<Field> fields = new ArrayList<>();
    fields.add(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null));
    if (withS) {
      fields.add(Field.nullable("s", ArrowType.Utf8.INSTANCE));
    }
    fields.add(Field.nullable("w", ArrowType.Utf8.INSTANCE));
    Schema schema = new Schema(fields);
    BufferAllocator a = allocator.allocator();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
        ParquetFileWriter writer = ParquetFileWriter.open(file, schema, props)) {
      root.allocateNew();
      for (int i = 0; i < rows; i++) {
        long id = first + i;
        ((BigIntVector) root.getVector("id")).setSafe(i, id);
        if (withS && s(id) != null) {
          ((VarCharVector) root.getVector("s")).setSafe(i, s(id).getBytes(StandardCharsets.UTF_8));
        }
        ((VarCharVector) root.getVector("w")).setSafe(i, w(id).getBytes(StandardCharsets.UTF_8));
      }
      root.setRowCount(rows);
      writer.write(root);
    }
    assertTrue(Files.size(file) > 0);
  }

  /** Rows as "id,s,w" with s and w decoded through each batch's dictionaries, checking they are encoded. */
  private List<String> scan(String filter, int parallelism) throws IOException {
    Dataset ds = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
    ScanOptions options = ScanOptions.builder()
        .columns("id", "s", "w")
        .filter(filter)
        .dictionaryColumns("s", "w")
        .batchSize(300)
        .parallelism(parallelism)
        .build();
    List<String> rows = new ArrayList<>();
    try (ScanReader r = Scanner.scan(ds, options, allocator.allocator())) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot b = r.getVectorSchemaRoot();
        BigIntVector id = (BigIntVector) b.getVector("id");
        for (int i = 0; i < b.getRowCount(); i++) {
          rows.add(id.get(i) + "," + decode(r, b.getVector("s"), i) + "," + decode(r, b.getVector("w"), i));
        }
      }
    }
    return rows;
  }

  private static String decode(ScanReader r, FieldVector v, int i) throws IOException {
    assertNotNull(v.getField().getDictionary(), v.getField() + " is not dictionary-encoded");
    IntVector indices = (IntVector) v;
    if (indices.isNull(i)) {
      return null;
    }
    VarCharVector values = (VarCharVector) r.getDictionaryVectors().get(v.getField().getDictionary().getId()).getVector();
    int k = indices.get(i);
    return values.isNull(k) ? null : new String(values.get(k), StandardCharsets.UTF_8);
  }

  private static List<String> expected(LongPredicate keep) {
    List<String> out = new ArrayList<>();
    for (long id = 0; id < 8000; id++) {
      if (keep.test(id)) {
        out.add(id + "," + s(id) + "," + w(id));
      }
    }
    return out;
  }

  @Test
  void equalityOnADictionaryColumnReturnsExactlyTheMatchingRows() throws IOException {
    assertEquals(expected(id -> "blue".equals(s(id)) && id < 3000), scan("s = 'blue' and id < 3000", 1));
  }

  @Test
  void predicatesOnAColumnWhoseChunksFellBackToPlainPages() throws IOException {
    assertEquals(expected(id -> w(id).compareTo("w04990") >= 0 && w(id).compareTo("w05010") < 0),
        scan("w >= 'w04990' and w < 'w05010'", 2));
    assertEquals(expected(id -> w(id).startsWith("w071")), scan("w like 'w071%'", 1));
  }

  @Test
  void nullsInTheDictionaryColumnAndInTheFileThatLacksIt() throws IOException {
    assertEquals(expected(id -> s(id) == null && id % 500 == 0 || s(id) == null && id > 7990),
        scan("s is null and (id in (0, 500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000, 5500, 6000, 6500, 7000, 7500) or id > 7990)", 2));
    assertEquals(expected(id -> s(id) != null && !s(id).equals("red") && id % 3 == 0 && id < 60),
        scan("s not in ('red') and id < 60 and id in (" + multiplesOfThree(60) + ")", 1));
  }

  private static String multiplesOfThree(int below) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < below; i += 3) {
      out.add(Integer.toString(i));
    }
    return String.join(", ", out);
  }
}
