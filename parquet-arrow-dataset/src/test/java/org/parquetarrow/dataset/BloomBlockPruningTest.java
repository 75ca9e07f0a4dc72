package org.parquetarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.bloom.BloomFilterReader;
import org.parquetarrow.bloom.SplitBlockBloomFilter;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Pruning by a large bloom filter (128 KiB here) reads its header and the 32-byte blocks the
 * literals' hashes select, not the whole filter, and prunes exactly as the whole filter would.
 */
class BloomBlockPruningTest {
  private static final int ROWS = 100_000;
  private static final PruningOptions BLOOM_ONLY = PruningOptions.NONE.toBuilder().statistics(true).bloomFilters(true).build();

  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** The even ids 0 to 199,998 in one row group, a bloom filter sized for 100,000 at 1%. */
  private Path written() throws Exception {
    Path p = dir.resolve("even.parquet");
    Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null)));
    WriterProperties props = WriterProperties.builder()
        .column("id", c -> c.dictionary(false).bloomFilter(new BloomFilterOptions(ROWS, 0.01))).build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(p, schema, props)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      id.allocateNew(ROWS);
      for (int i = 0; i < ROWS; i++) {
        id.set(i, 2L * i);
      }
      root.setRowCount(ROWS);
      w.write(root);
    }
    return p;
  }

  /** The bytes the header read and the distinct blocks of {@code values} take, by the spec's block formula. */
  private static long headerAndBlocks(int numBytes, List<Long> values) {
    long blocks = numBytes / 32;
    Set<Long> distinct = new HashSet<>();
    for (long v : values) {
      long h = SplitBlockBloomFilter.hashLong(v);
      distinct.add(((h >>> 32) * blocks) >>> 32);
    }
    return BloomFilterReader.HEADER_READ + 32L * distinct.size();
  }

  @Test
  void anInListOfAbsentIdsIsPrunedReadingOnlyTheirBlocks() throws Exception {
    Path file = written();
    SplitBlockBloomFilter whole;
    try (LocalInputFile in = LocalInputFile.open(file)) {
      ColumnMetaData meta = ParquetFooter.read(in).metadata().rowGroups().get(0).columns().get(0).metaData();
      whole = BloomFilterReader.read(in, meta).orElseThrow().filter();
    }
    assertEquals(128 * 1024, whole.numBytes());
    // twenty odd ids (absent) inside the statistics' range that the whole filter rules out
    List<Long> absent = new ArrayList<>();
    for (long v = 1; absent.size() < 20; v += 2) {
      if (!whole.mightContain(SplitBlockBloomFilter.hashLong(v))) {
        absent.add(v);
      }
    }
    Dataset ds = DatasetDiscovery.file(file, DiscoveryOptions.defaults());
    PruningMetrics metrics = new PruningMetrics();
    String in = absent.stream().map(String::valueOf).collect(Collectors.joining(", ", "id in (", ")"));
    List<FileScan> plan = ds.plan(ExpressionParser.parse(in), BLOOM_ONLY, metrics);
    assertEquals(List.of(), plan);
    assertEquals(1, metrics.rowGroupsPrunedByBloomFilter());
    assertEquals(headerAndBlocks(whole.numBytes(), absent), metrics.bytesRead());
  }

  @Test
  void aPresentIdKeepsItsRowGroupReadingOneBlock() throws Exception {
    Dataset ds = DatasetDiscovery.file(written(), DiscoveryOptions.defaults());
    PruningMetrics metrics = new PruningMetrics();
    List<FileScan> plan = ds.plan(ExpressionParser.parse("id = 4242"), BLOOM_ONLY, metrics);
    assertEquals(1, plan.size());
    assertEquals(0, metrics.rowGroupsPrunedByBloomFilter());
    assertEquals(BloomFilterReader.HEADER_READ + 32, metrics.bytesRead());
    assertFalse(plan.get(0).rowGroups().isEmpty());
  }
}
