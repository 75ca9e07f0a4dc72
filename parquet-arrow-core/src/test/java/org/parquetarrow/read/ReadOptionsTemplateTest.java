package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/** Templates (options without an allocator) and copies of options with {@code toBuilder}. */
class ReadOptionsTemplateTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final Path FILE = TestData.parquetTesting().resolve("data/datapage_v1-uncompressed-checksum.parquet");

  @Test
  void aTemplateIsRefusedByTheReaderUntilItHasAnAllocator() throws Exception {
    ReadOptions template = ReadOptions.builder().batchSize(1000).build();
    assertNull(template.allocator());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ParquetFileReader.open(FILE, template));
    assertTrue(e.getMessage().contains("template without an allocator"), e.getMessage());

    try (ParquetFileReader reader = ParquetFileReader.open(FILE, template.toBuilder().allocator(memory.allocator()).build())) {
      long rows = 0;
      for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
        try (VectorSchemaRoot b = next) {
          assertTrue(b.getRowCount() <= 1000, "the template's batch size");
          rows += b.getRowCount();
        }
      }
      assertEquals(5120, rows); // CATALOG.md
    }
  }

  @Test
  void toBuilderKeepsEverySetting() {
    Executor executor = Runnable::run;
    FetchOptions fetch = FetchOptions.builder().remoteGap(4096).build();
    ReadOptions o = ReadOptions.builder(memory.allocator()).batchSize(7).columns("a", "b").rowGroups(1, 0)
        .rowSelection(0, RowSelection.fromRanges(0, 3)).verifyChecksums(false).executor(executor)
        .maxBatchBytes(77).maxPageSize(777).int96TimestampUnit(TimeUnit.MICROSECOND).dictionaryColumns("b")
        .variantShredding(ReadOptions.VariantShredding.KEEP).fetchOptions(fetch).build();
    ReadOptions copy = o.toBuilder().build();
    assertSame(memory.allocator(), copy.allocator());
    assertEquals(7, copy.batchSize());
    assertEquals(List.of("a", "b"), copy.columns());
    assertArrayEquals(new int[] {1, 0}, copy.rowGroups());
    assertEquals(o.rowSelection(0), copy.rowSelection(0));
    assertEquals(false, copy.verifyChecksums());
    assertSame(executor, copy.executor());
    assertEquals(77, copy.maxBatchBytes());
    assertEquals(777, copy.maxPageSize());
    assertEquals(o.arrowOptions(), copy.arrowOptions());
    assertEquals(ReadOptions.VariantShredding.KEEP, copy.variantShredding());
    assertSame(fetch, copy.fetchOptions());
    assertEquals(List.of("columns", "rowGroups", "rowSelection", "dictionaryColumns"), copy.fileSpecificSettings());
    // the copy's builder is its own: changing it leaves the original alone
    assertEquals(8, o.toBuilder().batchSize(8).build().batchSize());
    assertEquals(7, o.batchSize());
  }
}
