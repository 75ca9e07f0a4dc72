package org.parquetarrow.bench.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.dataset.scanner.ScanOptions;
import org.apache.arrow.dataset.scanner.Scanner;
import org.apache.arrow.dataset.source.Dataset;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * The hand-encoded Substrait filters, run by Arrow C++'s dataset scanner on a file of 1,000 rows
 * with {@code id = i} and {@code qty = i % 100}: the ids it returns are exactly those the filter
 * selects, worked out here from the data.
 */
class SubstraitFilterTest {
  @TempDir Path dir;

  @Test
  void arrowCppAppliesTheEncodedFilters() throws Exception {
    Path file = dir.resolve("t.parquet");
    try (BufferAllocator allocator = new RootAllocator()) {
      try (VectorSchemaRoot root = VectorSchemaRoot.create(EventsDataset.schema(), allocator);
          ParquetFileWriter w = ParquetFileWriter.open(file, EventsDataset.schema(), WriterProperties.builder().rowGroupRows(250).build())) {
        root.allocateNew();
        for (int i = 0; i < 1000; i++) {
          ((BigIntVector) root.getVector("id")).setSafe(i, i);
          ((IntVector) root.getVector("qty")).setSafe(i, i % 100);
          ((Float8Vector) root.getVector("amount")).setSafe(i, i);
          ((VarCharVector) root.getVector("category")).setSafe(i, "c".getBytes(StandardCharsets.UTF_8));
          ((VarCharVector) root.getVector("name")).setSafe(i, ("n" + i).getBytes(StandardCharsets.UTF_8));
        }
        root.setRowCount(1000);
        w.write(root);
      }
      SubstraitFilter.Node range = SubstraitFilter.and(
          SubstraitFilter.and(SubstraitFilter.compare("gte", "id", 100), SubstraitFilter.compare("lte", "id", 299)),
          SubstraitFilter.compare("lt", "qty", 50));
      List<Long> expected = new ArrayList<>();
      for (long i = 100; i <= 299; i++) {
        if (i % 100 < 50) {
          expected.add(i);
        }
      }
      assertEquals(expected, ids(file, range, allocator));
      assertEquals(List.of(7L, 107L, 207L, 307L, 407L, 507L, 607L, 707L, 807L, 907L),
          ids(file, SubstraitFilter.compare("equal", "qty", 7), allocator));
      assertEquals(List.of(998L, 999L), ids(file, SubstraitFilter.compare("gt", "id", 997), allocator));
    }
  }

  private static List<Long> ids(Path file, SubstraitFilter.Node filter, BufferAllocator allocator) throws Exception {
    List<Long> out = new ArrayList<>();
    try (FileSystemDatasetFactory factory = new FileSystemDatasetFactory(
            allocator, NativeMemoryPool.getDefault(), FileFormat.PARQUET, file.toUri().toString());
        Dataset dataset = factory.finish();
        Scanner scanner = dataset.newScan(new ScanOptions.Builder(100)
            .columns(Optional.of(new String[] {"id"}))
            .substraitFilter(SubstraitFilter.of(EventsDataset.schema(), filter))
            .build());
        ArrowReader r = scanner.scanBatches()) {
      while (r.loadNextBatch()) {
        BigIntVector id = (BigIntVector) r.getVectorSchemaRoot().getVector("id");
        for (int i = 0; i < id.getValueCount(); i++) {
          out.add(id.get(i));
        }
      }
    }
    out.sort(null);
    return out;
  }
}
