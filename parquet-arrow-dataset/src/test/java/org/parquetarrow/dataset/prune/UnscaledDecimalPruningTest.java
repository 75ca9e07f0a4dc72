package org.parquetarrow.dataset.prune;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.FileScan;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.dataset.scan.ScanMetrics;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Decimals stored as INT32/INT64 and read as their unscaled integers ({@link
 * ArrowReadOptions.IntDecimalPolicy#UNSCALED}) prune by their statistics, dictionaries and bloom
 * filters in those integers: a filter {@code price < 105000} (1050.00 at scale 2) rules out the row
 * groups whose minimum price is at least 1050.00, as {@code price < 1050.00} does on the default
 * decimal128 reading. Expected counts follow from how the file is written: 4 row groups of 1000
 * rows, prices ascending (row r holds r * 0.37 - 20.00, DECIMAL(15,2) in INT64), codes scattered
 * (DECIMAL(9,2) in INT32) with a bloom filter.
 */
class UnscaledDecimalPruningTest {
  private static final int ROWS = 4000;
  private static final int GROUP = 1000;
  private static final ArrowReadOptions UNSCALED =
      ArrowReadOptions.builder().intDecimals(ArrowReadOptions.IntDecimalPolicy.UNSCALED).build();

  @TempDir static Path dir;
  private static Path file;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** The unscaled price of row r (scale 2): from -2000 (-20.00) up by 37. */
  private static long price(int r) {
    return r * 37L - 2000;
  }

  /** The unscaled code of row r (decimal(9,2) in INT32): row r's, in no order the statistics could use. */
  private static int code(int r) {
    return (int) ((r * 7919L) % 100_000);
  }

  @BeforeAll
  static void write() throws IOException {
    file = dir.resolve("prices.parquet");
    Schema schema = new Schema(List.of(
        Field.notNullable("price", new ArrowType.Decimal(15, 2, 128)),
        Field.notNullable("code", new ArrowType.Decimal(9, 2, 128))));
    WriterProperties props = WriterProperties.builder()
        .rowGroupRows(GROUP)
        .column("code", c -> c.dictionary(false).bloomFilter(new BloomFilterOptions(GROUP, 0.001)))
        .build();
    try (BufferAllocator a = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
      DecimalVector price = (DecimalVector) root.getVector("price");
      DecimalVector code = (DecimalVector) root.getVector("code");
      price.allocateNew(ROWS);
      code.allocateNew(ROWS);
      for (int r = 0; r < ROWS; r++) {
        price.set(r, BigDecimal.valueOf(price(r), 2));
        code.set(r, BigDecimal.valueOf(code(r), 2));
      }
      root.setRowCount(ROWS);
      w.write(root);
    }
  }

  private Dataset unscaled() {
    return DatasetDiscovery.file(file, DiscoveryOptions.builder().readOptions(UNSCALED).build());
  }

  @Test
  void theColumnsAreTheirUnscaledIntegersWithTheDecimalTypeAsMetadata() {
    Schema s = unscaled().schema();
    assertEquals(new ArrowType.Int(64, true), s.findField("price").getType());
    assertEquals("15", s.findField("price").getMetadata().get(ArrowReadOptions.DECIMAL_PRECISION_KEY));
    assertEquals("2", s.findField("price").getMetadata().get(ArrowReadOptions.DECIMAL_SCALE_KEY));
    assertEquals(new ArrowType.Int(32, true), s.findField("code").getType());
    assertEquals("9", s.findField("code").getMetadata().get(ArrowReadOptions.DECIMAL_PRECISION_KEY));
  }

  @Test
  void statisticsPruneInUnscaledIntegers() throws IOException {
    // rows with price < 1050.00: 37 r - 2000 < 105000, r < 2891.9: rows 0..2891, so row group 3 (rows 3000..) goes
    long bound = 105_000;
    List<Long> prices = new ArrayList<>();
    ScanMetrics metrics;
    ScanOptions options = ScanOptions.builder().filter("price < " + bound).parallelism(1).columns(List.of("price")).build();
    try (ScanReader r = Scanner.scan(unscaled(), options, memory.allocator())) {
      while (r.loadNextBatch()) {
        BigIntVector v = (BigIntVector) r.getVectorSchemaRoot().getVector("price");
        for (int i = 0; i < v.getValueCount(); i++) {
          prices.add(v.get(i));
        }
      }
      metrics = r.metrics();
    }
    List<Long> expected = new ArrayList<>();
    for (int r = 0; r < ROWS && price(r) < bound; r++) {
      expected.add(price(r));
    }
    assertEquals(expected, prices);
    assertEquals(2892, prices.size());
    assertEquals(4, metrics.pruning().rowGroups());
    assertEquals(1, metrics.pruning().rowGroupsPrunedByStatistics(), "row group 3 starts at 37 * 3000 - 2000 = 109000");
  }

  @Test
  void negativeBoundsPruneToo() {
    // price <= -19.26: 37 r - 2000 <= -1926, r <= 2: only row group 0
    List<FileScan> plan = unscaled().plan(ExpressionParser.parse("price <= -1926"), PruningOptions.ALL, new PruningMetrics());
    assertEquals(1, plan.size());
    assertEquals(1, plan.get(0).rowGroups().size());
    assertEquals(0, plan.get(0).rowGroups().get(0).rowGroup());
  }

  @Test
  void bloomFiltersAreProbedWithTheUnscaledInteger() {
    // a code no row has but inside every row group's [min, max]: only the bloom filter rules it out
    int absent = 1;
    for (int r = 0; r < ROWS; r++) {
      if (code(r) == absent) {
        throw new AssertionError("code " + absent + " is present");
      }
    }
    PruningMetrics metrics = new PruningMetrics();
    PruningOptions bloomOnly = PruningOptions.NONE.toBuilder().bloomFilters(true).build();
    List<FileScan> plan = unscaled().plan(ExpressionParser.parse("code = " + absent), bloomOnly, metrics);
    assertEquals(List.of(), plan);
    assertEquals(4, metrics.rowGroupsPrunedByBloomFilter());

    // a present code keeps its row group
    int present = code(1500);
    PruningMetrics kept = new PruningMetrics();
    List<FileScan> one = unscaled().plan(ExpressionParser.parse("code = " + present), bloomOnly, kept);
    assertEquals(1, one.size());
    assertEquals(1, one.get(0).rowGroups().stream().filter(g -> g.rowGroup() == 1).count());
  }

  @Test
  void int32DecimalsReadAsIntVectors() throws IOException {
    List<Integer> codes = new ArrayList<>();
    ScanOptions options = ScanOptions.builder().parallelism(1).columns(List.of("code")).build();
    try (ScanReader r = Scanner.scan(unscaled(), options, memory.allocator())) {
      while (r.loadNextBatch()) {
        IntVector v = (IntVector) r.getVectorSchemaRoot().getVector("code");
        for (int i = 0; i < v.getValueCount(); i++) {
          codes.add(v.get(i));
        }
      }
    }
    assertEquals(ROWS, codes.size());
    for (int r = 0; r < ROWS; r++) {
      assertEquals(code(r), codes.get(r), "row " + r);
    }
  }
}
