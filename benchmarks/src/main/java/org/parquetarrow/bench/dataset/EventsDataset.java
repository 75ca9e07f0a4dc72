package org.parquetarrow.bench.dataset;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * The data set of the dataset scan benchmark: 8 files of 1,250,000 rows (10,000,000 in all) under
 * hive partitions {@code part=0} .. {@code part=3} (two files each), written by parquet-arrow's
 * writer with SNAPPY, statistics and the page index, row groups of 250,000 rows and the default
 * pages (1 MiB or 20,000 rows). Columns: {@code id} int64, 0 .. 9,999,999 sorted across files
 * (file {@code f} holds {@code [f * 1.25M, (f + 1) * 1.25M)}); {@code qty} int32 in 0..99;
 * {@code amount} double; {@code category} one of 16 words (dictionary-encoded); {@code name} a
 * string of 6 to 10 characters from 100,000 values. Values are a pure function of {@code id}.
 *
 * <pre>
 * Path dir = EventsDataset.ensure(Path.of("/tmp/bench-data-dataset"));
 * </pre>
 */
public final class EventsDataset {
  public static final int FILES = 8;
  public static final int ROWS_PER_FILE = 1_250_000;
  public static final long ROWS = (long) FILES * ROWS_PER_FILE;
  public static final int ROW_GROUP_ROWS = 250_000;
  /** The columns every reader returns, in this order (the partition column is not among them). */
  public static final List<String> COLUMNS = List.of("id", "qty", "amount", "category", "name");

  private static final String[] CATEGORIES = {
    "books", "music", "garden", "toys", "games", "tools", "food", "drinks",
    "shoes", "bags", "phones", "laptops", "cameras", "beauty", "health", "sports"};

  private EventsDataset() {}

  /** The data set under {@code base/events}, written unless its last file is already there. */
  public static Path ensure(Path base) throws IOException {
    Path dir = base.resolve("events");
    if (Files.exists(file(dir, FILES - 1))) {
      return dir;
    }
    Schema schema = schema();
    WriterProperties props = WriterProperties.builder()
        .rowGroupRows(ROW_GROUP_ROWS)
        .codec(CompressionCodec.SNAPPY)
        .pageIndex(true)
        .column("id", c -> c.dictionary(false))
        .column("amount", c -> c.dictionary(false))
        .build();
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int f = 0; f < FILES; f++) {
        Path file = file(dir, f);
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling("_" + file.getFileName()); // '_' files are ignored by every reader
        try (ParquetFileWriter w = ParquetFileWriter.open(tmp, schema, props);
            VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
          int batch = 125_000;
          for (long start = (long) f * ROWS_PER_FILE; start < (long) (f + 1) * ROWS_PER_FILE; start += batch) {
            fill(root, start, batch);
            w.write(root);
          }
        }
        Files.move(tmp, file);
      }
    }
    return dir;
  }

  static Path file(Path dir, int f) {
    return dir.resolve("part=" + (f / 2)).resolve("events-" + f + ".parquet");
  }

  public static Schema schema() {
    return new Schema(List.of(
        new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        new Field("qty", FieldType.notNullable(new ArrowType.Int(32, true)), null),
        new Field("amount", FieldType.notNullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null),
        new Field("category", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
        new Field("name", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null)));
  }

  private static void fill(VectorSchemaRoot root, long start, int rows) {
    root.getFieldVectors().forEach(v -> v.setInitialCapacity(rows));
    root.allocateNew();
    BigIntVector id = (BigIntVector) root.getVector("id");
    IntVector qty = (IntVector) root.getVector("qty");
    Float8Vector amount = (Float8Vector) root.getVector("amount");
    VarCharVector category = (VarCharVector) root.getVector("category");
    VarCharVector name = (VarCharVector) root.getVector("name");
    for (int i = 0; i < rows; i++) {
      long r = start + i;
      long h = mix(r);
      id.set(i, r);
      qty.set(i, (int) Long.remainderUnsigned(h, 100));
      amount.set(i, ((h >>> 20) & 0xFFFFF) / 100.0);
      category.setSafe(i, CATEGORIES[(int) ((h >>> 40) & 15)].getBytes(StandardCharsets.UTF_8));
      name.setSafe(i, ("u" + Long.toString((h >>> 44) % 100_000, 36) + "-" + (r & 7)).getBytes(StandardCharsets.UTF_8));
    }
    root.setRowCount(rows);
  }

  /** SplitMix64's finaliser. */
  private static long mix(long x) {
    long z = x * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
