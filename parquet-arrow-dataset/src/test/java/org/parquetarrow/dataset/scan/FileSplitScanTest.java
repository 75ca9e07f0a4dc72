package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BigIntVector;
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
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.io.LocalStorage;
import org.parquetarrow.io.StorageEntry;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * The public way to scan part of a large file ({@link Dataset#withRowGroups}) and to build a
 * dataset from files listed earlier ({@link DatasetDiscovery#entries}), as a worker of a cluster
 * engine does with the splits its driver planned. Files of ids 0..7999, 1,000 rows a row group, so
 * row group g holds ids 1000g..1000g+999.
 */
class FileSplitScanTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();
  @TempDir Path dir;

  private Path write(Path file, long firstId) throws IOException {
    Files.createDirectories(file.getParent());
    Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null)));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.builder().rowGroupRows(1000).build())) {
      root.allocateNew();
      for (int i = 0; i < 8000; i++) {
        ((BigIntVector) root.getVector("id")).setSafe(i, firstId + i);
      }
      root.setRowCount(8000);
      w.write(root);
    }
    return file;
  }

  private List<Long> ids(Dataset ds, String filter, ScanMetrics[] metrics) throws IOException {
    ScanOptions.Builder options = ScanOptions.builder().parallelism(2).ordered(true);
    if (filter != null) {
      options.filter(filter);
    }
    List<Long> out = new ArrayList<>();
    try (ScanReader r = Scanner.scan(ds, options.build(), allocator.allocator())) {
      while (r.loadNextBatch()) {
        BigIntVector v = (BigIntVector) r.getVectorSchemaRoot().getVector("id");
        for (int i = 0; i < v.getValueCount(); i++) {
          out.add(v.get(i));
        }
      }
      metrics[0] = r.metrics();
    }
    return out;
  }

  private static List<Long> range(long from, long to, long... except) {
    List<Long> out = new ArrayList<>();
    for (long i = from; i < to; i++) {
      final long id = i;
      if (java.util.Arrays.stream(except).noneMatch(x -> x == id)) {
        out.add(i);
      }
    }
    return out;
  }

  @Test
  void aSplitOfRowGroupsIsScannedExactlyAndPrunesOnlyItsOwnRowGroups() throws IOException {
    Dataset ds = DatasetDiscovery.file(write(dir.resolve("one.parquet"), 0), DiscoveryOptions.defaults());
    DatasetFile f = ds.files().get(0);
    ScanMetrics[] m = new ScanMetrics[1];

    // row groups 2..4 hold ids 2000..4999; the filter keeps 2500..5499 minus 3000
    assertEquals(range(2500, 5000, 3000), ids(ds.withRowGroups(f, 2, 5), "id >= 2500 and id < 5500 and id != 3000", m));
    assertEquals(3L, m[0].pruning().rowGroups(), m[0].toString());
    assertEquals(3L, m[0].rowGroupsRead(), m[0].toString());

    // a split whose row groups the statistics rule out reads nothing, and counts its own 3 as pruned
    assertEquals(List.of(), ids(ds.withRowGroups(f, 5, 8), "id < 4000", m));
    assertEquals(3L, m[0].pruning().rowGroups(), m[0].toString());
    assertEquals(3L, m[0].pruning().rowGroupsPrunedByStatistics(), m[0].toString());

    // unfiltered, the splits of a file together are the file, each row once
    List<Long> all = new ArrayList<>(ids(ds.withRowGroups(f, 0, 3), null, m));
    all.addAll(ids(ds.withRowGroups(f, 3, 3), null, m));
    all.addAll(ids(ds.withRowGroups(f, 3, 8), null, m));
    assertEquals(range(0, 8000), all);
  }

  @Test
  void aRowGroupRangeOutsideTheFileOrAForeignFileIsRefusedByName() throws IOException {
    Dataset ds = DatasetDiscovery.file(write(dir.resolve("one.parquet"), 0), DiscoveryOptions.defaults());
    Dataset other = DatasetDiscovery.file(write(dir.resolve("two.parquet"), 0), DiscoveryOptions.defaults());
    DatasetFile f = ds.files().get(0);
    IllegalArgumentException past = assertThrows(IllegalArgumentException.class, () -> ds.withRowGroups(f, 6, 9));
    assertTrue(past.getMessage().contains("6 to 9") && past.getMessage().contains("8 row groups")
        && past.getMessage().contains("one.parquet"), past.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ds.withRowGroups(f, 3, 2));
    IllegalArgumentException foreign = assertThrows(IllegalArgumentException.class,
        () -> ds.withRowGroups(other.files().get(0), 0, 1));
    assertTrue(foreign.getMessage().contains("two.parquet"), foreign.getMessage());
  }

  @Test
  void filesListedEarlierAreReadWithoutListingAndKeepTheirPartitions() throws IOException {
    Path a = write(dir.resolve("year=2023/a.parquet"), 0);
    Path b = write(dir.resolve("year=2024/b.parquet"), 10_000);
    // a file the earlier listing did not see must not join the dataset
    write(dir.resolve("year=2025/late.parquet"), 20_000);
    List<StorageEntry> listed = List.of(
        new StorageEntry(a.toString(), Files.size(a), null), new StorageEntry(b.toString(), Files.size(b), null));

    Dataset ds = DatasetDiscovery.entries(listed, dir.toString(), LocalStorage.instance(), DiscoveryOptions.defaults());

    assertEquals(List.of(a.toString(), b.toString()), ds.files().stream().map(DatasetFile::location).toList());
    assertEquals(Map.of("year", 2023L), ds.files().get(0).partitionValues());
    assertEquals(Map.of("year", 2024L), ds.files().get(1).partitionValues());
    ScanMetrics[] m = new ScanMetrics[1];
    assertEquals(range(10_000, 10_010), ids(ds, "year = 2024 and id < 10010", m));

    // without a root, no partition columns: the worker gets the values from its driver
    Dataset one = DatasetDiscovery.entries(listed.subList(1, 2), null, LocalStorage.instance(), DiscoveryOptions.defaults());
    assertEquals(List.of("id"), one.schema().getFields().stream().map(Field::getName).toList());
  }
}
