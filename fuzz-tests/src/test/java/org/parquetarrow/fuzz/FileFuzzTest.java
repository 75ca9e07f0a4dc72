package org.parquetarrow.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.selection.RowSelection;

/**
 * Target (c): a whole file read through {@code ParquetFileReader}, once in full and once with a
 * {@link RowSelection} (its first row and a run from the middle), so that page skipping through
 * the offset index is fuzzed too. Seeds are the small files of the test corpus.
 */
class FileFuzzTest {
  @FuzzTest
  void wholeFile(byte[] file) {
    FuzzHarness.withAllocator(file, null, allocator ->
        FuzzHarness.readAll(file, FuzzHarness.options(allocator).build()));
    FuzzHarness.withAllocator(file, null, allocator -> {
      // the rows the row groups hold: a selection past them is the caller's error (a documented
      // IllegalArgumentException), whatever FileMetaData.num_rows claims
      long rows = 0;
      for (RowGroup g : ParquetFooter.read(new ByteBufferInputFile("fuzz.parquet", file)).metadata().rowGroups()) {
        rows += Math.max(0, g.numRows());
      }
      if (rows > 0) {
        long mid = rows / 2;
        RowSelection selection = mid == 0
            ? RowSelection.range(0, 1)
            : RowSelection.fromRanges(0, 1, mid, Math.min(rows, mid + 1 + rows / 4));
        FuzzHarness.readAll(file, FuzzHarness.options(allocator).rowSelection(selection).build());
      }
    });
  }
}
