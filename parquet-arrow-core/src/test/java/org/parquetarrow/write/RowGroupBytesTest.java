package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.LeakCheckingAllocator;

/** The row-group byte limit holds within one large batch, not only between batches. */
class RowGroupBytesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @Test
  void oneLargeBatchIsCutIntoRowGroupsNearTheByteLimit() throws Exception {
    int rows = 200_000;
    long limit = 100_000;
    Schema schema = new Schema(List.of(Field.notNullable("x", new ArrowType.Int(64, true))));
    Path file = dir.resolve("groups.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      BigIntVector x = (BigIntVector) root.getVector(0);
      x.allocateNew(rows);
      Random r = new Random(5);
      for (int i = 0; i < rows; i++) {
        x.set(i, r.nextLong()); // incompressible: 8 PLAIN bytes a row
      }
      root.setRowCount(rows);
      WriterProperties props = WriterProperties.builder().dictionary(false).rowGroupBytes(limit)
          .dataPageSize(8 * 1024).build();
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
        w.write(root);
      }
    }
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData m = ParquetFooter.read(in).metadata();
      long total = 0;
      for (RowGroup g : m.rowGroups()) {
        total += g.numRows();
        long bytes = g.columns().get(0).metaData().totalCompressedSize();
        // at most the limit plus one open page (8 KiB) and its header
        assertTrue(bytes <= limit + 9 * 1024, "row group of " + bytes + " bytes for a limit of " + limit);
      }
      assertEquals(rows, total);
      // 1.6 MB of values in groups of about 100 kB
      assertTrue(m.rowGroups().size() >= 16, m.rowGroups().size() + " row groups");
    }
  }
}
