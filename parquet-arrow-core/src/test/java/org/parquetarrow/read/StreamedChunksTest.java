package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.crypto.EncryptedWriteFixture;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.CorpusCatalog;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.RecordingInputFile;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.WriterProperties;

/**
 * Local chunks read as a stream of slices ({@link FetchOptions#localSlice()}), with slices made
 * tiny so that pages straddle slice boundaries all the time (1,000 bytes) or every page is larger
 * than a slice (7 bytes): the values are the generator's ({@link EncryptedWriteFixture#table}: a
 * dictionary-encoded string column, a list of strings, a struct, nulls) or Arrow C++'s goldens,
 * with v1 and v2 pages, plain and compressed chunks (whose pages point into the slices), page CRCs
 * verified, encrypted columns, the page read-ahead on and off, lanes, and row selections that skip
 * pages through the offset index; the reads really are sliced (more, smaller reads than fetching
 * whole chunks); a file cut short fails typed and located, and nothing leaks.
 */
class StreamedChunksTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static FetchOptions sliced(int bytes) {
    return FetchOptions.builder().localSlice(bytes).build();
  }

  private byte[] fixture(DataPageVersion version, CompressionCodec codec, boolean encrypted) throws Exception {
    WriterProperties.Builder props = EncryptedWriteFixture.writer(
        encrypted ? EncryptedWriteFixture.columnKeys().build() : null, version).codec(codec);
    return EncryptedWriteFixture.write(memory.allocator(), dir.resolve("fixture.parquet"), props.build());
  }

  /**
   * Reads {@code file} with {@code options} and checks every row of every column against the
   * generator's table, rows {@code expectedRows} in order; returns the rows read.
   */
  private long readAndCompare(InputFile file, ReadOptions options, long[] expectedRows) {
    long at = 0;
    try (VectorSchemaRoot expected = EncryptedWriteFixture.table(memory.allocator());
        ParquetFileReader reader = ParquetFileReader.open(file, options)) {
      for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          for (int r = 0; r < batch.getRowCount(); r++) {
            int row = (int) expectedRows[(int) (at + r)];
            for (FieldVector v : batch.getFieldVectors()) {
              assertEquals(expected.getVector(v.getName()).getObject(row), v.getObject(r),
                  v.getName() + " of file row " + row);
            }
          }
          at += batch.getRowCount();
        }
      }
    }
    assertEquals(expectedRows.length, at, "rows read");
    return at;
  }

  private static long[] allRows() {
    long[] rows = new long[EncryptedWriteFixture.ROWS];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = i;
    }
    return rows;
  }

  static Stream<Arguments> shapes() {
    List<Arguments> all = new ArrayList<>();
    for (DataPageVersion version : DataPageVersion.values()) {
      for (CompressionCodec codec : new CompressionCodec[] {CompressionCodec.UNCOMPRESSED, CompressionCodec.SNAPPY}) {
        for (boolean encrypted : new boolean[] {false, true}) {
          for (ReadOptions.PageReadAhead ahead : ReadOptions.PageReadAhead.values()) {
            for (int slice : new int[] {7, 1000}) {
              all.add(Arguments.of(version, codec, encrypted, ahead, slice));
            }
          }
        }
      }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0} {1} encrypted={2} read-ahead {3} slice {4}")
  @MethodSource("shapes")
  void everyRowAsWrittenThroughSmallSlices(DataPageVersion version, CompressionCodec codec, boolean encrypted,
      ReadOptions.PageReadAhead ahead, int slice) throws Exception {
    byte[] bytes = fixture(version, codec, encrypted);
    FileDecryptionProperties keys = encrypted ? EncryptedWriteFixture.readKeys().build() : null;
    for (int threads : new int[] {1, 3}) {
      ReadOptions.Builder b = ReadOptions.builder(memory.allocator()).batchSize(777).verifyChecksums(true)
          .pageReadAhead(ahead).parallelism(threads).decryption(keys);
      RecordingInputFile whole = new RecordingInputFile(new ByteBufferInputFile("f", bytes));
      readAndCompare(whole, b.fetchOptions(sliced(0)).build(), allRows());
      RecordingInputFile streamed = new RecordingInputFile(new ByteBufferInputFile("f", bytes));
      readAndCompare(streamed, b.fetchOptions(sliced(slice)).build(), allRows());
      // the chunks were read slice by slice, not fetched: more reads (lanes fetch a read per run of
      // their pages already), none as long as a chunk
      assertTrue(streamed.reads().size() > (threads == 1 ? 3 : 1) * whole.reads().size(),
          threads + " threads: " + streamed.reads().size() + " reads sliced, " + whole.reads().size() + " whole");
      long longestWhole = whole.reads().stream().mapToLong(r -> r.length()).max().orElseThrow();
      long longestSliced = streamed.reads().stream().filter(r -> r.offset() > 4 && r.end() < bytes.length - 8)
          .mapToLong(r -> r.length()).max().orElseThrow();
      assertTrue(longestSliced < longestWhole, longestSliced + " bytes in one sliced read, " + longestWhole + " whole");
    }
  }

  @Test
  void selectionsSkipPagesThroughTheOffsetIndexAndReadWholeRowGroupsSliced() throws Exception {
    byte[] bytes = fixture(DataPageVersion.V1, CompressionCodec.UNCOMPRESSED, false);
    RowSelection picked = RowSelection.fromRanges(5, 290, 1_200, 1_201, 2_650, 4_100);
    long[] pickedRows = rows(picked);
    long[] groups = new long[2 * EncryptedWriteFixture.ROW_GROUP_ROWS];
    for (int i = 0; i < groups.length; i++) {
      groups[i] = i < EncryptedWriteFixture.ROW_GROUP_ROWS ? 2L * EncryptedWriteFixture.ROW_GROUP_ROWS + i
          : i - EncryptedWriteFixture.ROW_GROUP_ROWS;
    }
    // the last row group has 1,000 rows
    long[] lastThenFirst = new long[EncryptedWriteFixture.ROWS - 2 * EncryptedWriteFixture.ROW_GROUP_ROWS
        + EncryptedWriteFixture.ROW_GROUP_ROWS];
    int k = 0;
    for (long r = 2L * EncryptedWriteFixture.ROW_GROUP_ROWS; r < EncryptedWriteFixture.ROWS; r++) {
      lastThenFirst[k++] = r;
    }
    for (long r = 0; r < EncryptedWriteFixture.ROW_GROUP_ROWS; r++) {
      lastThenFirst[k++] = r;
    }
    for (int threads : new int[] {1, 2}) {
      for (ReadOptions.PageReadAhead ahead : ReadOptions.PageReadAhead.values()) {
        ReadOptions.Builder b = ReadOptions.builder(memory.allocator()).batchSize(333).parallelism(threads)
            .pageReadAhead(ahead).rowSelection(picked);
        RecordingInputFile fetched = new RecordingInputFile(new ByteBufferInputFile("f", bytes));
        readAndCompare(fetched, b.fetchOptions(sliced(0)).build(), pickedRows);
        RecordingInputFile streamed = new RecordingInputFile(new ByteBufferInputFile("f", bytes));
        readAndCompare(streamed, b.fetchOptions(sliced(500)).build(), pickedRows);
        // the selected pages were read in slices, and no byte outside what the fetch would read
        assertTrue(streamed.reads().size() > fetched.reads().size(),
            streamed.reads().size() + " reads sliced, " + fetched.reads().size() + " fetched");
        for (org.parquetarrow.io.FileRange r : streamed.reads()) {
          assertTrue(fetched.reads().stream().anyMatch(f -> f.offset() <= r.offset() && r.end() <= f.end()),
              r + " lies inside what the fetch reads: " + fetched.reads());
        }
        readAndCompare(new ByteBufferInputFile("f", bytes),
            ReadOptions.builder(memory.allocator()).batchSize(333).parallelism(threads).pageReadAhead(ahead)
                .fetchOptions(sliced(500)).rowGroups(2, 0).build(), lastThenFirst);
      }
    }
  }

  private static long[] rows(RowSelection s) {
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < s.rangeCount(); i++) {
      for (long r = s.rangeStart(i); r < s.rangeEnd(i); r++) {
        out.add(r);
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  static Stream<CorpusCatalog.Entry> goldenFiles() {
    return CorpusGoldenTest.goldenFiles();
  }

  /** Arrow C++'s reading of every corpus file with a golden, read here through 64-byte slices. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenFiles")
  void corpusFilesReadLikeArrowCppThroughSlices(CorpusCatalog.Entry file) throws Exception {
    ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(1000).verifyChecksums(false)
        .fetchOptions(sliced(64)).build();
    try (ArrowReader actual = ParquetFileReader.open(file.path(), options).toArrowReader();
        ArrowFileReader golden = file.golden().open(memory.allocator())) {
      Comparison c = ArrowAssertions.compareData(Batches.of(golden), Batches.of(actual), CompareOptions.strict());
      assertTrue(c.same(), c::describe);
    }
  }

  @Test
  void aFileCutShortUnderTheReaderFailsTypedAndLocatedAndLeaksNothing() throws Exception {
    Path path = dir.resolve("cut.parquet");
    Files.write(path, fixture(DataPageVersion.V1, CompressionCodec.SNAPPY, false));
    FileMetaData footer;
    try (ParquetFileReader r = ParquetFileReader.open(path, ReadOptions.defaults(memory.allocator()))) {
      footer = r.metadata();
    }
    // cut inside the first row group's last chunk (the others lie whole before the cut), once the
    // reader has the footer
    List<org.parquetarrow.format.ColumnChunk> chunks = footer.rowGroups().get(0).columns();
    ColumnMetaData name = chunks.get(chunks.size() - 1).metaData();
    String column = String.join(".", name.pathInSchema());
    long start = name.dictionaryPageOffset() == null ? name.dataPageOffset()
        : Math.min(name.dictionaryPageOffset(), name.dataPageOffset());
    long cut = start + name.totalCompressedSize() / 2;
    for (ReadOptions.PageReadAhead ahead : ReadOptions.PageReadAhead.values()) {
      Path copy = dir.resolve("cut-" + ahead + ".parquet");
      Files.copy(path, copy);
      try (LocalInputFile in = LocalInputFile.open(copy)) {
        ParquetFooter whole = ParquetFooter.read(in);
        try (FileChannel ch = FileChannel.open(copy, StandardOpenOption.WRITE)) {
          ch.truncate(cut);
        }
        ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(100).pageReadAhead(ahead)
            .fetchOptions(sliced(256)).build();
        CorruptFileException e;
        try (ParquetFileReader reader = ParquetFileReader.open(in, whole, options)) {
          e = assertThrows(CorruptFileException.class, () -> {
            for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
              b.close();
            }
          });
        }
        assertNotNull(e.location(), e.getMessage());
        assertEquals(copy.toString(), e.location().file(), e.getMessage());
        assertEquals(column, e.location().column(), e.getMessage());
        assertEquals(0, e.location().rowGroup(), e.getMessage());
        assertTrue(e.location().offset() >= start && e.location().offset() < cut, e.getMessage());
        assertTrue(e.getMessage().contains("the file ends inside the column chunk"), e.getMessage());
      }
      assertEquals(0, memory.allocator().getAllocatedMemory(), ahead + ": nothing held after the failure");
    }
  }

  @Test
  void closingMidChunkFreesEverythingAndTheNextReaderReadsAll() throws Exception {
    byte[] bytes = fixture(DataPageVersion.V2, CompressionCodec.UNCOMPRESSED, false);
    for (ReadOptions.PageReadAhead ahead : ReadOptions.PageReadAhead.values()) {
      for (int threads : new int[] {1, 3}) {
        ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(150).parallelism(threads)
            .pageReadAhead(ahead).fetchOptions(sliced(300)).build();
        ParquetFileReader reader = ParquetFileReader.open(new ByteBufferInputFile("f", bytes), options);
        reader.readNextBatch().close();
        reader.readNextBatch().close();
        reader.close();
        assertEquals(0, memory.allocator().getAllocatedMemory(), ahead + ", " + threads + " threads: nothing held");
        readAndCompare(new ByteBufferInputFile("f", bytes), options, allRows());
      }
    }
  }

  @Test
  void theSliceOptionIsCheckedAndKept() {
    assertEquals(FetchOptions.DEFAULT_LOCAL_SLICE, FetchOptions.defaults().localSlice());
    assertEquals(4 << 20, FetchOptions.DEFAULT_LOCAL_SLICE);
    assertEquals(12_345, sliced(12_345).toBuilder().build().localSlice());
    assertThrows(IllegalArgumentException.class, () -> FetchOptions.builder().localSlice(-1));
    assertThrows(IllegalArgumentException.class, () -> FetchOptions.builder().localSlice(1L << 31));
  }
}
