package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.CorpusCatalog;
import org.parquetarrow.testing.CorpusCatalog.Expect;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * The golden test: every readable corpus file that Arrow C++ 18.3 read reads here to exactly its
 * values (all columns, all rows, nulls and nesting included), compared with the Arrow C++ golden in
 * {@code expected/}. Batches are small (1000 rows) so that they cut across pages and row groups.
 */
class CorpusGoldenTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static Stream<CorpusCatalog.Entry> goldenFiles() {
    List<CorpusCatalog.Entry> files = new ArrayList<>();
    for (CorpusCatalog.Entry e :
        CorpusCatalog.load().withExpect(Expect.READS, Expect.READS_LENIENT, Expect.READS_CRC_CHECK_MUST_FAIL)) {
      if (e.isParquet() && e.golden().read()) {
        files.add(e);
      }
    }
    assertTrue(files.size() >= 77, "the catalog lists " + files.size() + " files with goldens");
    return files.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenFiles")
  void readsLikeArrowCpp(CorpusCatalog.Entry file) throws Exception {
    // the golden was read without CRC checks; the CRC cases are tested on their own
    ReadOptions options =
        ReadOptions.builder(memory.allocator()).batchSize(1000).verifyChecksums(false).build();
    // batches stream through the ArrowReader view, whose dictionaries follow each batch
    try (ArrowReader actual = ParquetFileReader.open(file.path(), options).toArrowReader();
        ArrowFileReader golden = file.golden().open(memory.allocator())) {
      Comparison c = ArrowAssertions.compareData(Batches.of(golden), Batches.of(actual), CompareOptions.strict());
      assertTrue(c.same(), c::describe);
    }
  }
}
