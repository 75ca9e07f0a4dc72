package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.CorpusCatalog;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/** Columns decoded in parallel on a caller's executor give the golden data; failures stay typed. */
class ParallelDecodingTest {
  private static ExecutorService pool;
  private static final AtomicInteger TASKS = new AtomicInteger();

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @BeforeAll
  static void start() {
    pool = Executors.newFixedThreadPool(4, r -> {
      TASKS.incrementAndGet();
      Thread t = new Thread(r, "decode");
      t.setDaemon(true);
      return t;
    });
  }

  @AfterAll
  static void stop() {
    pool.shutdownNow();
  }

  static Stream<CorpusCatalog.Entry> goldenFiles() {
    return CorpusGoldenTest.goldenFiles();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenFiles")
  void parallelReadsGiveTheGolden(CorpusCatalog.Entry file) throws Exception {
    ReadOptions options = ReadOptions.builder(memory.allocator())
        .batchSize(500).verifyChecksums(false).executor(pool).build();
    // batches stream through the ArrowReader view, whose dictionaries follow each batch
    try (ArrowReader actual = ParquetFileReader.open(file.path(), options).toArrowReader();
        ArrowFileReader golden = file.golden().open(memory.allocator())) {
      Comparison c = ArrowAssertions.compareData(Batches.of(golden), Batches.of(actual), CompareOptions.strict());
      assertTrue(c.same(), c::describe);
    }
  }

  @Test
  void aFailingColumnFailsTheBatchTypedAndReleasesEverything() {
    ReadOptions options = ReadOptions.builder(memory.allocator()).executor(pool).build();
    assertThrows(CorruptFileException.class, () -> {
      try (ParquetFileReader reader = ParquetFileReader.open(
          TestData.parquetTesting().resolve("bad_data/ARROW-GH-41321.parquet"), options)) {
        for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
          b.close();
        }
      }
    });
    assertTrue(TASKS.get() > 0, "the executor ran the column tasks");
  }
}
