package org.parquetarrow.s3;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * The point-lookup file, shared by the reader's and the dataset's lookup tests: {@link
 * #ROWS} rows sorted by {@code id} (int64 0.., plain) with a dictionary-encoded {@code name}
 * ({@link #name}), page index and a bloom filter on {@code id} of 1M distinct values at 1%, in the
 * writer's default shape (row groups of 1,048,576 rows).
 */
public final class SortedLookupFile {
  public static final long ROWS = 10_000_000L;
  private static final int BATCH = 1 << 20;

  private SortedLookupFile() {}

  /** The {@code name} of row {@code id}: a thousand distinct values, so the column is dictionary-encoded. */
  public static String name(long id) {
    return "name-" + (id % 1000);
  }

  /** Writes the file at {@code file}. */
  public static void write(Path file) {
    Schema schema = new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.notNullable("name", ArrowType.Utf8.INSTANCE)));
    WriterProperties props = WriterProperties.builder()
        .column("id", c -> c.dictionary(false).bloomFilter(new BloomFilterOptions(1 << 20, 0.01)))
        .build();
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
      BigIntVector ids = (BigIntVector) root.getVector("id");
      VarCharVector names = (VarCharVector) root.getVector("name");
      for (long first = 0; first < ROWS; first += BATCH) {
        int n = (int) Math.min(BATCH, ROWS - first);
        ids.allocateNew(n);
        names.allocateNew(n * 12L, n);
        for (int i = 0; i < n; i++) {
          ids.set(i, first + i);
          names.setSafe(i, name(first + i).getBytes(StandardCharsets.UTF_8));
        }
        root.setRowCount(n);
        w.write(root);
      }
    }
  }
}
