package org.parquetarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.dataset.scanner.ScanOptions;
import org.apache.arrow.dataset.scanner.Scanner;
import org.apache.arrow.dataset.source.Dataset;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.bench.data.BenchDataset;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Data set (c) must have nulls at every level, as issue 3 asks: read back by Arrow C++ (a peer,
 * not our code), each kind of null and empty value occurs.
 */
class NestedDatasetShapeTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @Test
  void nullsAndEmptiesAtEveryLevel() throws Exception {
    Path file = BenchDataset.NESTED.ensure(dir, 0.001); // 2,000 rows
    TreeMap<String, Integer> seen = new TreeMap<>();
    long rows = 0;
    try (FileSystemDatasetFactory factory = new FileSystemDatasetFactory(memory.allocator(),
            NativeMemoryPool.getDefault(), FileFormat.PARQUET, file.toUri().toString());
        Dataset dataset = factory.finish();
        Scanner scanner = dataset.newScan(new ScanOptions.Builder(512).columns(Optional.empty()).build());
        ArrowReader reader = scanner.scanBatches()) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        rows += root.getRowCount();
        ListVector ints = (ListVector) root.getVector("ints");
        StructVector pair = (StructVector) root.getVector("pair");
        MapVector tags = (MapVector) root.getVector("tags");
        for (int i = 0; i < root.getRowCount(); i++) {
          count(seen, "null list", ints.isNull(i));
          count(seen, "empty list", !ints.isNull(i) && ints.getElementEndIndex(i) == ints.getElementStartIndex(i));
          count(seen, "null struct", pair.isNull(i));
          count(seen, "null struct int", !pair.isNull(i) && pair.getChild("a").isNull(i));
          count(seen, "null struct string", !pair.isNull(i) && pair.getChild("b").isNull(i));
          count(seen, "null map", tags.isNull(i));
          count(seen, "empty map", !tags.isNull(i) && tags.getElementEndIndex(i) == tags.getElementStartIndex(i));
        }
        for (int e = 0; e < ints.getDataVector().getValueCount(); e++) {
          count(seen, "null list element", ints.getDataVector().isNull(e));
        }
        StructVector entries = (StructVector) tags.getDataVector();
        for (int e = 0; e < entries.getValueCount(); e++) {
          count(seen, "null map value", entries.getChildByOrdinal(1).isNull(e));
          count(seen, "null map key", entries.getChildByOrdinal(0).isNull(e));
        }
      }
    }
    assertEquals(2000, rows);
    for (String kind : new String[] {"null list", "empty list", "null list element", "null struct",
        "null struct int", "null struct string", "null map", "empty map", "null map value"}) {
      assertTrue(seen.getOrDefault(kind, 0) > 20, kind + " in " + seen);
    }
    assertEquals(0, seen.getOrDefault("null map key", 0), "map keys are required");
  }

  private static void count(TreeMap<String, Integer> seen, String kind, boolean happened) {
    if (happened) {
      seen.merge(kind, 1, Integer::sum);
    }
  }
}
