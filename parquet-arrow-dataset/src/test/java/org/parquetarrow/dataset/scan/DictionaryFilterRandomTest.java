package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Random filters on string columns scanned dictionary-encoded ({@link
 * ScanOptions.Builder#dictionaryColumns}) give the same rows as the same scans with the columns
 * read plainly: every comparison, {@code in} / {@code not in}, {@code is [not] null}, {@code not},
 * {@code or}, {@code and}s of several terms on one column; nulls in every filter column; column
 * {@code c} with so many distinct values that its chunks fall back from dictionary to plain pages
 * part-way (mixed pages in one chunk); a second file that lacks column {@code b} (all nulls there).
 * Filter columns are in the output and out of it.
 */
class DictionaryFilterRandomTest {
  private static final Logger LOG = LoggerFactory.getLogger(DictionaryFilterRandomTest.class);
  private static final int FILTERS = 120;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @Test
  void filtersOnDictionaryColumnsEqualPlainScans() throws Exception {
    long seed = System.nanoTime();
    LOG.info("seed {}", seed);
    Random r = new Random(seed);
    write(dir.resolve("f1.parquet"), r, 0, 7_001, true);
    write(dir.resolve("f2.parquet"), r, 7_001, 2_500, false);
    int nonEmpty = 0;
    for (int f = 0; f < FILTERS; f++) {
      String where = filter(r);
      boolean outputFilterColumns = r.nextBoolean();
      List<Long> plain = scan(where, outputFilterColumns, false);
      List<Long> encoded = scan(where, outputFilterColumns, true);
      assertEquals(plain, encoded, "seed " + seed + ": " + where);
      nonEmpty += plain.isEmpty() || plain.size() == 9_501 ? 0 : 1;
    }
    LOG.info("{} filters equal with and without dictionaries, {} keeping some rows but not all (seed {})", FILTERS,
        nonEmpty, seed);
    assertTrue(nonEmpty > FILTERS / 4, "seed " + seed + ": too few filters select some rows and not others");
  }

  private List<Long> scan(String where, boolean outputFilterColumns, boolean dictionaries) throws Exception {
    Dataset ds = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
    ScanOptions.Builder b = ScanOptions.builder().filter(where).batchSize(1_000).parallelism(1);
    b.columns(outputFilterColumns ? List.of("id", "a", "b", "c") : List.of("id"));
    if (dictionaries) {
      b.dictionaryColumns("a", "b", "c");
    }
    List<Long> ids = new ArrayList<>();
    try (ScanReader reader = Scanner.scan(ds, b.build(), memory.allocator())) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot batch = reader.getVectorSchemaRoot();
        BigIntVector id = (BigIntVector) batch.getVector("id");
        for (int i = 0; i < batch.getRowCount(); i++) {
          ids.add(id.get(i));
        }
      }
    }
    ids.sort(null);
    return ids;
  }

  private static String filter(Random r) {
    int n = 1 + r.nextInt(4);
    List<String> terms = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      terms.add(term(r, 0));
    }
    return String.join(" and ", terms);
  }

  private static String term(Random r, int depth) {
    String col = List.of("a", "b", "c").get(r.nextInt(3));
    return switch (r.nextInt(depth > 0 ? 6 : 9)) {
      case 6 -> "(" + term(r, depth + 1) + " or " + term(r, depth + 1) + ")";
      case 7 -> "not (" + term(r, depth + 1) + ")";
      case 8 -> col + (r.nextBoolean() ? " is null" : " is not null");
      case 5 -> col + (r.nextBoolean() ? " not in ('" : " in ('") + value(col, r) + "', '" + value(col, r) + "')";
      default -> col + " " + List.of("<", "<=", "=", "<>", ">", ">=").get(r.nextInt(6)) + " '" + value(col, r) + "'";
    };
  }

  /** A value of the column's kind, sometimes one no row holds. */
  private static String value(String col, Random r) {
    return switch (col) {
      case "a" -> r.nextInt(8) == 0 ? "k" + r.nextInt(20) + "x" : "k" + r.nextInt(20);
      case "b" -> List.of("", "apple", "banana", "cherry", "date", "élan", "zz").get(r.nextInt(7));
      default -> "v" + r.nextInt(3_000);
    };
  }

  /**
   * {@code a}: 20 values; {@code b} (only when {@code withB}): 6 values, the empty string among
   * them; {@code c}: 3,000 values under a dictionary limit of 4 KiB, so chunks fall back to plain.
   */
  private void write(Path file, Random r, long first, int rows, boolean withB) throws Exception {
    List<Field> fields = new ArrayList<>();
    fields.add(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null));
    fields.add(Field.nullable("a", ArrowType.Utf8.INSTANCE));
    if (withB) {
      fields.add(Field.nullable("b", ArrowType.Utf8.INSTANCE));
    }
    fields.add(Field.nullable("c", ArrowType.Utf8.INSTANCE));
    Schema schema = new Schema(fields);
    WriterProperties props = WriterProperties.builder().rowGroupRows(2_000).dataPageRowLimit(300)
        .dictionaryPageSizeLimit(4_096).build();
    List<String> bValues = List.of("", "apple", "banana", "cherry", "élan", "zz");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
      root.allocateNew();
      for (int i = 0; i < rows; i++) {
        ((BigIntVector) root.getVector("id")).setSafe(i, first + i);
        if (r.nextInt(7) != 0) {
          set(root, "a", "k" + r.nextInt(20), i);
        }
        if (withB && r.nextInt(5) != 0) {
          set(root, "b", bValues.get(r.nextInt(bValues.size())), i);
        }
        if (r.nextInt(6) != 0) {
          set(root, "c", "v" + r.nextInt(3_000), i);
        }
      }
      root.setRowCount(rows);
      w.write(root);
    }
  }

  private static void set(VectorSchemaRoot root, String column, String value, int row) {
    ((VarCharVector) root.getVector(column)).setSafe(row, value.getBytes(StandardCharsets.UTF_8));
  }
}
