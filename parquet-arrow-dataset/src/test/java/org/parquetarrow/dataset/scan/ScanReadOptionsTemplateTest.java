package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.types.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.ChecksumException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.DiscoveryOptions.CorruptFilePolicy;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/**
 * A dataset scan reads each file with the {@link ReadOptions} template of its {@link ScanOptions}:
 * every option a single file's read has reaches the file reader. The files are parquet-testing's,
 * whose properties come from its catalog (CATALOG.md): which pages carry a wrong CRC, how many rows.
 */
class ScanReadOptionsTemplateTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static Dataset corpus(String name) {
    return DatasetDiscovery.file(TestData.parquetTesting().resolve("data").resolve(name), DiscoveryOptions.defaults());
  }

  /** The row count of every batch the scan hands out. */
  private List<Integer> batchRows(Dataset dataset, ScanOptions options) throws IOException {
    List<Integer> rows = new ArrayList<>();
    try (ScanReader reader = Scanner.scan(dataset, options, memory.allocator())) {
      while (reader.loadNextBatch()) {
        rows.add(reader.getVectorSchemaRoot().getRowCount());
      }
    }
    return rows;
  }

  private static int sum(List<Integer> rows) {
    return rows.stream().mapToInt(Integer::intValue).sum();
  }

  /** CATALOG: page 0 of {@code a} and page 1 of {@code b} have one altered byte each; 5,120 rows. */
  @Test
  void verifyChecksumsOfTheTemplateReachesEachFile() throws IOException {
    Dataset damaged = corpus("datapage_v1-corrupt-checksum.parquet");
    ParquetException e = assertThrows(ParquetException.class,
        () -> batchRows(damaged, ScanOptions.builder().parallelism(1).build()));
    assertInstanceOf(ChecksumException.class, e, e::toString);

    ScanOptions unchecked = ScanOptions.builder().parallelism(1)
        .readOptions(ReadOptions.builder().verifyChecksums(false).build()).build();
    assertEquals(5120, sum(batchRows(damaged, unchecked)));
  }

  /** As the file reader's own test: 7,300 rows of 8-byte date strings pass 10,000 bytes, so batches are cut. */
  @Test
  void maxBatchBytesOfTheTemplateBoundsTheScansBatches() throws IOException {
    Dataset tiny = corpus("alltypes_tiny_pages.parquet");
    ScanOptions.Builder scan = ScanOptions.builder().parallelism(1).pruning(org.parquetarrow.dataset.prune.PruningOptions.NONE);
    assertEquals(List.of(7300), batchRows(tiny, scan.batchSize(100_000).build()), "one batch unless bounded");

    List<Integer> bounded = batchRows(tiny, scan
        .readOptions(ReadOptions.builder().batchSize(100_000).maxBatchBytes(10_000).build()).build());
    assertTrue(bounded.size() > 1, bounded::toString);
    assertEquals(7300, sum(bounded));
  }

  /**
   * CATALOG: SNAPPY pages of 2,560 INT32 values (10,240 bytes decompressed) each; the limit
   * guards decompression, so uncompressed pages are not subject to it.
   */
  @Test
  void maxPageSizeOfTheTemplateRefusesLargerPages() throws IOException {
    Dataset file = corpus("datapage_v1-snappy-compressed-checksum.parquet");
    assertEquals(5120, sum(batchRows(file, ScanOptions.builder().parallelism(1).build())));

    ScanOptions small = ScanOptions.builder().parallelism(1)
        .readOptions(ReadOptions.builder().maxPageSize(1000).build()).build();
    ParquetException e = assertThrows(ParquetException.class, () -> batchRows(file, small));
    assertInstanceOf(UnsupportedFeatureException.class, e, e::toString);
  }

  @Test
  void theColumnExecutorOfTheTemplateDecodesTheColumns() throws IOException {
    AtomicInteger tasks = new AtomicInteger();
    Executor counting = task -> {
      tasks.incrementAndGet();
      task.run();
    };
    ScanOptions options = ScanOptions.builder().parallelism(1)
        .readOptions(ReadOptions.builder().executor(counting).build()).build();
    assertEquals(5120, sum(batchRows(corpus("datapage_v1-uncompressed-checksum.parquet"), options)));
    assertTrue(tasks.get() >= 2, "one task per leaf column of each batch, two leaves: " + tasks.get());
  }

  @Test
  void batchSizeAndFetchOptionsAreTheTemplatesOwn() {
    FetchOptions fetch = FetchOptions.builder().remoteGap(4096).build();
    ScanOptions o = ScanOptions.builder()
        .readOptions(ReadOptions.builder().verifyChecksums(false).build())
        .batchSize(123)
        .fetchOptions(fetch)
        .build();
    assertEquals(123, o.batchSize());
    assertEquals(123, o.readOptions().batchSize());
    assertEquals(fetch, o.readOptions().fetchOptions());
    assertEquals(false, o.readOptions().verifyChecksums());

    // a template given later replaces the read settings given before it
    ScanOptions replaced = o.toBuilder().readOptions(ReadOptions.builder().build()).build();
    assertEquals(ReadOptions.DEFAULT_BATCH_SIZE, replaced.batchSize());
    assertEquals(true, replaced.readOptions().verifyChecksums());
  }

  @Test
  void toBuilderKeepsEverySetting() {
    ScanOptions o = ScanOptions.builder().columns("a").filter("a > 1").batchSize(7).parallelism(3).memoryBudget(99)
        .ordered(false).exact(false).dictionaryColumns("b").corruptFiles(CorruptFilePolicy.SKIP).limit(5)
        .prefetchFiles(0).readOptions(ReadOptions.builder().batchSize(7).maxBatchBytes(77).build()).build();
    ScanOptions copy = o.toBuilder().build();
    assertEquals(List.of("a"), copy.columns());
    assertEquals(o.filter(), copy.filter());
    assertEquals(3, copy.parallelism());
    assertEquals(99, copy.memoryBudget());
    assertEquals(false, copy.ordered());
    assertEquals(false, copy.exact());
    assertEquals(java.util.Set.of("b"), copy.dictionaryColumns());
    assertEquals(CorruptFilePolicy.SKIP, copy.corruptFiles());
    assertEquals(5, copy.limit());
    assertEquals(0, copy.prefetchFiles());
    assertEquals(7, copy.batchSize());
    assertEquals(77, copy.readOptions().maxBatchBytes());
  }

  /** What a scan decides per file has its own place; a template setting it is refused, naming it. */
  @Test
  void aTemplateSettingWhatTheScanDecidesIsRefused() {
    ReadOptions perFile = ReadOptions.builder().columns("a").rowGroups(0).dictionaryColumns("b")
        .decryption(FileDecryptionProperties.builder().footerKey(new byte[16]).build())
        .int96TimestampUnit(TimeUnit.MICROSECOND).build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ScanOptions.builder().readOptions(perFile));
    for (String name : List.of("columns", "rowGroups", "dictionaryColumns", "decryption", "arrowOptions")) {
      assertTrue(e.getMessage().contains(name), e.getMessage());
    }
    IllegalArgumentException variants = assertThrows(IllegalArgumentException.class, () -> ScanOptions.builder()
        .readOptions(ReadOptions.builder().variantShredding(ReadOptions.VariantShredding.KEEP).build()));
    assertTrue(variants.getMessage().contains("variantShredding"), variants.getMessage());
  }

  /**
   * A template asking for several decoding threads per file is refused: its windows would wait on
   * the scan's own threads; the scan has its own parallelism.
   */
  @Test
  void aTemplateWithParallelDecodingIsRefusedNamingTheScansOwnSetting() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ScanOptions.builder().readOptions(ReadOptions.builder().parallelism(2).build()));
    assertTrue(e.getMessage().contains("parallelism 2"), e.getMessage());
    assertTrue(e.getMessage().contains("ScanOptions.Builder.parallelism"), e.getMessage());
    ScanOptions.builder().readOptions(ReadOptions.builder().parallelism(1).build()).build();
  }
}
