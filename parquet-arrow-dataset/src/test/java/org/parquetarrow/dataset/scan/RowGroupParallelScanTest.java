package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.BigIntVector;
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
 * One file of 8 row groups (ids 0..7999, 1,000 rows a group) scanned with more threads than
 * files: the row groups are cut into runs read as separate tasks, and the output is still exactly
 * the matching rows, in file order when ordered.
 */
class RowGroupParallelScanTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();
  @TempDir Path dir;

  @BeforeEach
  void write() throws IOException {
    Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null)));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(dir.resolve("one.parquet"), schema,
            WriterProperties.builder().rowGroupRows(1000).build())) {
      root.allocateNew();
      for (int i = 0; i < 8000; i++) {
        ((BigIntVector) root.getVector("id")).setSafe(i, i);
      }
      root.setRowCount(8000);
      w.write(root);
    }
  }

  private List<Long> scan(Dataset ds, ExecutorService pool, AtomicInteger tasks, boolean ordered, ScanMetrics[] metrics)
      throws IOException {
    ScanOptions options = ScanOptions.builder()
        .filter("id >= 1500 and id < 7600 and id != 4000")
        .parallelism(3)
        .batchSize(256)
        .ordered(ordered)
        .executor(r -> {
          tasks.incrementAndGet();
          pool.execute(r);
        })
        .build();
    List<Long> ids = new ArrayList<>();
    try (ScanReader r = Scanner.scan(ds, options, allocator.allocator())) {
      while (r.loadNextBatch()) {
        BigIntVector v = (BigIntVector) r.getVectorSchemaRoot().getVector("id");
        for (int i = 0; i < v.getValueCount(); i++) {
          ids.add(v.get(i));
        }
      }
      metrics[0] = r.metrics();
    }
    return ids;
  }

  @Test
  void oneFileIsReadByTasksOfRowGroupRunsAndStaysExactAndOrdered() throws IOException {
    Dataset ds = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
    List<Long> expected = new ArrayList<>();
    for (long id = 1500; id < 7600; id++) {
      if (id != 4000) {
        expected.add(id);
      }
    }
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      for (boolean ordered : new boolean[] {true, false}) {
        AtomicInteger tasks = new AtomicInteger();
        ScanMetrics[] m = new ScanMetrics[1];
        List<Long> ids = scan(ds, pool, tasks, ordered, m);
        if (!ordered) {
          Collections.sort(ids);
        }
        assertEquals(expected, ids);
        // Statistics keep row groups 1..7; with 3 threads and 1 file, up to 6 runs: 6 tasks.
        assertEquals(6, tasks.get());
        assertEquals(1, m[0].filesRead());
        assertEquals(7, m[0].rowGroupsRead());
        assertEquals(expected.size(), m[0].rowsOut());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void filesAreNotCutWhenThereAreAsManyAsThreads() {
    assertEquals(1, Scanner.piecesPerFile(4, 4));
    assertEquals(1, Scanner.piecesPerFile(9, 2));
    assertEquals(4, Scanner.piecesPerFile(1, 2));
    assertEquals(3, Scanner.piecesPerFile(3, 4));
  }
}
