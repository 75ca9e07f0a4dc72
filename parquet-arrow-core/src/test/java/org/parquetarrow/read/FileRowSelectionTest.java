package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.FileRange;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.RecordingInputFile;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * A row selection by row number in the file (arrow-rs's {@code with_row_selection}): exactly the
 * chosen rows across row-group boundaries, row groups without a chosen row never read, and a
 * selection past the end refused.
 */
class FileRowSelectionTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int GROUPS = 10;
  private static final int GROUP_ROWS = 1000;
  private static final long ROWS = (long) GROUPS * GROUP_ROWS;
  private static final Schema SCHEMA = new Schema(List.of(
      new Field("n", FieldType.notNullable(new ArrowType.Int(64, true)), null),
      new Field("s", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));

  /** The generator: row {@code r} holds {@code n = 3r + 1} and {@code s = "row-r"}, null every 7th. */
  private static long n(long row) {
    return 3 * row + 1;
  }

  private static String s(long row) {
    return row % 7 == 0 ? null : "row-" + row;
  }

  /** Ten row groups of 1000 rows, pages of 100 rows, with a page index. */
  private Path written() {
    Path file = dir.resolve("rows.parquet");
    WriterProperties props = WriterProperties.builder()
        .rowGroupRows(GROUP_ROWS).dataPageRowLimit(100).pageIndex(true).dictionary(false).build();
    try (ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, props);
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      BigIntVector nv = (BigIntVector) root.getVector("n");
      VarCharVector sv = (VarCharVector) root.getVector("s");
      for (int g = 0; g < GROUPS; g++) {
        root.allocateNew();
        for (int i = 0; i < GROUP_ROWS; i++) {
          long row = (long) g * GROUP_ROWS + i;
          nv.set(i, n(row));
          if (s(row) == null) {
            sv.setNull(i);
          } else {
            sv.setSafe(i, s(row).getBytes(java.nio.charset.StandardCharsets.UTF_8));
          }
        }
        root.setRowCount(GROUP_ROWS);
        w.write(root);
      }
    }
    return file;
  }

  private record Rows(List<Long> n, List<String> s, long pagesSkipped, List<FileRange> reads, FileMetaData footer) {}

  private Rows read(Path file, ReadOptions options) throws IOException {
    List<Long> ns = new ArrayList<>();
    List<String> ss = new ArrayList<>();
    ParquetFooter footer;
    try (InputFile plain = LocalInputFile.open(file)) {
      footer = ParquetFooter.read(plain);
    }
    // the footer is parsed apart, so that its speculative read of the tail is not counted
    try (RecordingInputFile in = new RecordingInputFile(LocalInputFile.open(file));
        ParquetFileReader reader = ParquetFileReader.open(in, footer, options)) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = b) {
          assertTrue(batch.getRowCount() <= options.batchSize());
          BigIntVector nv = (BigIntVector) batch.getVector("n");
          VarCharVector sv = (VarCharVector) batch.getVector("s");
          for (int i = 0; i < batch.getRowCount(); i++) {
            ns.add(nv.get(i));
            ss.add(sv.isNull(i) ? null : new String(sv.get(i), java.nio.charset.StandardCharsets.UTF_8));
          }
        }
      }
      return new Rows(ns, ss, reader.pagesSkipped(), in.reads(), reader.metadata());
    }
  }

  /** The byte span of row group {@code g}'s column chunks. */
  private static long[] span(RowGroup g) {
    long from = Long.MAX_VALUE;
    long to = 0;
    for (ColumnChunk c : g.columns()) {
      ColumnMetaData m = c.metaData();
      long start = m.dictionaryPageOffset() != null ? Math.min(m.dictionaryPageOffset(), m.dataPageOffset())
          : m.dataPageOffset();
      from = Math.min(from, start);
      to = Math.max(to, start + m.totalCompressedSize());
    }
    return new long[] {from, to};
  }

  private static boolean overlaps(FileRange a, long[] b) {
    return a.offset() < b[1] && b[0] < a.end();
  }

  @ParameterizedTest(name = "rows {0} in batches of {1}")
  @CsvSource(delimiter = ';', value = {
      "950 1050 4990 5010 9999 10000; 64",
      "0 1; 1000",
      "999 1001; 1",
      "2500 7500; 4096",
      "1234 1300 1250 1400 3000 3000 6001 6002; 7"})
  void readsExactlyTheSelectedRowsAcrossRowGroups(String bounds, int batchSize) throws IOException {
    Path file = written();
    String[] parts = bounds.split(" ");
    long[] pairs = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      pairs[i] = Long.parseLong(parts[i]);
    }
    RowSelection selection = RowSelection.fromRanges(pairs);
    // expected straight from the generator and the ranges, whatever the reader does
    List<Long> expectedN = new ArrayList<>();
    List<String> expectedS = new ArrayList<>();
    boolean[] groupSelected = new boolean[GROUPS];
    for (long row = 0; row < ROWS; row++) {
      boolean chosen = false;
      for (int i = 0; i < pairs.length; i += 2) {
        chosen |= pairs[i] <= row && row < pairs[i + 1];
      }
      if (chosen) {
        expectedN.add(n(row));
        expectedS.add(s(row));
        groupSelected[(int) (row / GROUP_ROWS)] = true;
      }
    }

    Rows got = read(file, ReadOptions.builder(memory.allocator()).batchSize(batchSize).rowSelection(selection).build());

    assertEquals(expectedN, got.n());
    assertEquals(expectedS, got.s());
    assertEquals(GROUPS, got.footer().rowGroups().size());
    for (int g = 0; g < GROUPS; g++) {
      long[] span = span(got.footer().rowGroups().get(g));
      boolean touched = got.reads().stream().anyMatch(r -> overlaps(r, span));
      assertEquals(groupSelected[g], touched, "row group " + g + " read: " + touched);
    }
  }

  @Test
  void pagesWithoutSelectedRowsAreSkippedInPartlySelectedGroups() throws IOException {
    Rows got = read(written(), ReadOptions.builder(memory.allocator())
        .rowSelection(RowSelection.fromRanges(1_950, 2_050)).build());
    assertEquals(100, got.n().size());
    // rows 1950..2049: of row group 1 the 9 pages before the last are passed over undecompressed
    // (2 columns); of row group 2 the first page is read and reading stops before the rest
    assertEquals(2 * 9, got.pagesSkipped());
  }

  @Test
  void anEmptySelectionReadsNoRowGroup() throws IOException {
    Rows got = read(written(), ReadOptions.builder(memory.allocator()).rowSelection(RowSelection.none()).build());
    assertEquals(List.of(), got.n());
    for (RowGroup g : got.footer().rowGroups()) {
      assertFalse(got.reads().stream().anyMatch(r -> overlaps(r, span(g))));
    }
  }

  @Test
  void aSelectionPastTheLastRowIsRefusedNamingTheRowCount() {
    Path file = written();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ParquetFileReader.open(file,
        ReadOptions.builder(memory.allocator()).rowSelection(RowSelection.fromRanges(9_990, 10_001)).build()).close());
    assertTrue(e.getMessage().contains("10000 rows"), e.getMessage());
    assertTrue(e.getMessage().contains("row 10000"), e.getMessage());
  }

  @Test
  void aFileWideSelectionDoesNotCombineWithRowGroupsOrPerGroupSelections() {
    ReadOptions.Builder withGroups = ReadOptions.builder(memory.allocator())
        .rowSelection(RowSelection.range(0, 10)).rowGroups(1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, withGroups::build);
    assertTrue(e.getMessage().contains("rowGroups([1])"), e.getMessage());
    ReadOptions.Builder withPerGroup = ReadOptions.builder(memory.allocator())
        .rowSelection(2, RowSelection.range(0, 10)).rowSelection(RowSelection.range(0, 10));
    e = assertThrows(IllegalArgumentException.class, withPerGroup::build);
    assertTrue(e.getMessage().contains("row groups [2]"), e.getMessage());
  }
}
