package org.parquetarrow.read.page;

import org.parquetarrow.index.OffsetIndexReader;
import org.parquetarrow.io.RangeCoalescer;
import org.parquetarrow.io.ColumnChunkRange;
import org.parquetarrow.io.ColumnChunkFetcher;
import org.parquetarrow.io.ColumnChunkBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.ChecksumException;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageLocation;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/** Corpus files with one point each: checksums, skipping, writer workarounds, limits. */
class CorpusCasesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  // ------------------------------------------------------------------ checksums

  /** Both dictionary pages carry a wrong CRC (CATALOG: "reads; CRC check must fail"). */
  @Test
  void corruptDictionaryChecksumsAreReported() throws IOException {
    try (Opened f = Opened.of(data("rle-dict-uncompressed-corrupt-checksum.parquet"))) {
      for (int column = 0; column < 2; column++) {
        ColumnChunkPageReader r = f.reader(0, column, PageReadOptions.DEFAULT, null, null);
        ChecksumException e = assertThrows(ChecksumException.class, r::next);
        assertEquals(f.path.toString(), e.location().file());
        assertEquals(0, e.location().rowGroup());
        assertEquals(column == 0 ? "long_field" : "binary_field", e.location().column());
        assertEquals(0, e.location().page());
        assertTrue(e.getMessage().contains("CRC-32 mismatch"), e::getMessage);
      }
      // verification off: both chunks read
      for (int column = 0; column < 2; column++) {
        try (ColumnChunkPageReader r =
            f.reader(0, column, PageReadOptions.DEFAULT.withVerifyChecksums(false), null, null)) {
          assertInstanceOf(DictionaryPage.class, r.next());
          assertInstanceOf(DataPage.class, r.next());
          assertNull(r.next());
        }
      }
    }
  }

  /** Page 0 of {@code a} and page 1 of {@code b} each have one altered byte (CATALOG). */
  @Test
  void corruptDataPageChecksumsNameColumnAndPage() throws IOException {
    try (Opened f = Opened.of(data("datapage_v1-corrupt-checksum.parquet"))) {
      ChecksumException a =
          assertThrows(
              ChecksumException.class,
              () -> drain(f.reader(0, 0, PageReadOptions.DEFAULT, null, null)));
      assertEquals("a", a.location().column());
      assertEquals(0, a.location().page());
      assertEquals(
          f.md.rowGroups().get(0).columns().get(0).metaData().dataPageOffset(),
          a.location().offset());

      ColumnChunkPageReader rb = f.reader(0, 1, PageReadOptions.DEFAULT, null, null);
      assertInstanceOf(DataPage.class, rb.next());
      ChecksumException b = assertThrows(ChecksumException.class, rb::next);
      assertEquals("b", b.location().column());
      assertEquals(1, b.location().page());
    }
  }

  /** With the offset index, a selection that avoids the damaged pages never checks them. */
  @Test
  void skippedDamagedPagesAreNeverChecked() throws IOException {
    try (Opened f = Opened.of(data("datapage_v1-corrupt-checksum.parquet"))) {
      long rows = f.md.rowGroups().get(0).numRows();
      // column a: page 0 is damaged, so read only the rows of page 1
      OffsetIndex ia = f.offsetIndex(0, 0);
      assertEquals(2, ia.pageLocations().size());
      long secondA = ia.pageLocations().get(1).firstRowIndex();
      try (ColumnChunkPageReader r =
          f.reader(0, 0, PageReadOptions.DEFAULT, ia, RowSelection.range(secondA, rows))) {
        DataPage p = (DataPage) r.next();
        assertEquals(1, p.ordinal());
        assertEquals(secondA, p.firstRowIndex());
        assertNull(r.next());
        assertEquals(1, r.checksumsVerified());
        assertEquals(1, r.pagesSkipped());
      }
      // column b: page 1 is damaged, so read only the rows of page 0
      OffsetIndex ib = f.offsetIndex(0, 1);
      long secondB = ib.pageLocations().get(1).firstRowIndex();
      try (ColumnChunkPageReader r =
          f.reader(0, 1, PageReadOptions.DEFAULT, ib, RowSelection.range(0, secondB))) {
        assertEquals(0, ((DataPage) r.next()).ordinal());
        assertNull(r.next());
      }
    }
  }

  // ------------------------------------------------------------------ many pages, skipping

  @Test
  void fortyThousandPagesInOneChunk() throws IOException {
    try (Opened f = Opened.of(data("overflow_i16_page_cnt.parquet"));
        ColumnChunkPageReader r = f.reader(0, 0, PageReadOptions.DEFAULT, null, null)) {
      int pages = 0;
      long values = 0;
      for (Page p = r.next(); p != null; p = r.next()) {
        DataPage d = (DataPage) p;
        assertEquals(pages, d.ordinal());
        assertEquals(-1, d.firstRowIndex());
        values += d.numValues();
        pages++;
      }
      assertEquals(40_000, pages);
      assertEquals(40_000, values); // one BOOLEAN value per row (CATALOG: 40,000 rows)
    }
  }

  /**
   * {@code alltypes_tiny_pages}: pages of column {@code id} (PLAIN INT32, no nulls) holding no
   * selected row are skipped, and every page read starts at the row the offset index says: its
   * values are the ids Arrow C++ read at those rows.
   */
  @Test
  void tinyPagesSelectionReadsOnlyOverlappingPagesAtTheRightRows() throws IOException {
    int[] goldenIds = goldenInts("data__alltypes_tiny_pages.parquet.arrow", "id");
    assertEquals(7_300, goldenIds.length);
    RowSelection selection = RowSelection.fromRanges(1_000, 1_100, 5_000, 5_001, 7_290, 7_300);
    try (Opened f = Opened.of(data("alltypes_tiny_pages.parquet"))) {
      OffsetIndex index = f.offsetIndex(0, 0);
      List<PageLocation> locations = index.pageLocations();
      List<Long> expectedFirstRows = new ArrayList<>();
      for (int i = 0; i < locations.size(); i++) {
        long from = locations.get(i).firstRowIndex();
        long to = i + 1 < locations.size() ? locations.get(i + 1).firstRowIndex() : 7_300;
        if (overlaps(from, to, 1_000, 1_100)
            || overlaps(from, to, 5_000, 5_001)
            || overlaps(from, to, 7_290, 7_300)) {
          expectedFirstRows.add(from);
        }
      }
      List<Long> firstRows = new ArrayList<>();
      try (ColumnChunkPageReader r = f.reader(0, 0, PageReadOptions.DEFAULT, index, selection)) {
        for (Page p = r.next(); p != null; p = r.next()) {
          DataPage d = (DataPage) p;
          firstRows.add(d.firstRowIndex());
          assertEquals(d.numRows(), d.numValues()); // flat column: one value per row
          ByteBuffer values = d.values().toByteBuffer();
          assertEquals(4 * d.numRows(), values.remaining()); // no nulls: every row has an id
          for (int row = 0; row < d.numRows(); row++) {
            assertEquals(
                goldenIds[(int) d.firstRowIndex() + row],
                values.getInt(),
                "row " + (d.firstRowIndex() + row));
          }
        }
        assertEquals(expectedFirstRows, firstRows);
        assertEquals(locations.size() - expectedFirstRows.size(), r.pagesSkipped());
        assertTrue(firstRows.size() < locations.size() / 10, firstRows::toString);
      }
    }
  }

  /**
   * A dictionary-encoded column of the same file: the dictionary page is read, then selected pages.
   */
  @Test
  void tinyPagesSelectionStillReadsTheDictionary() throws IOException {
    try (Opened f = Opened.of(data("alltypes_tiny_pages.parquet"))) {
      int intCol = 4;
      assertEquals(
          "int_col",
          f.md.rowGroups().get(0).columns().get(intCol).metaData().pathInSchema().get(0));
      OffsetIndex index = f.offsetIndex(0, intCol);
      try (ColumnChunkPageReader r =
          f.reader(0, intCol, PageReadOptions.DEFAULT, index, RowSelection.range(3_000, 3_001))) {
        DictionaryPage dict = (DictionaryPage) r.next();
        assertEquals(0, dict.ordinal());
        DataPage page = (DataPage) r.next();
        assertTrue(page.firstRowIndex() <= 3_000 && 3_000 < page.firstRowIndex() + page.numRows());
        assertNull(r.next());
        assertEquals(index.pageLocations().size() - 1, r.pagesSkipped());
      }
    }
  }

  // ------------------------------------------------------------------ writer workarounds

  /**
   * ARROW-17100: pyarrow 2.0 (parquet-cpp 1.5.1) flagged SNAPPY-compressed v2 pages {@code
   * is_compressed = false}. Decompressed anyway, the PLAIN values are those Arrow C++ read.
   */
  @Test
  void mislabelledV2PagesOfOldParquetCppAreDecompressed() throws IOException {
    Path path = TestData.arrowTesting().resolve("data/parquet/ARROW-17100.parquet");
    try (Opened f = Opened.of(path);
        ArrowFileReader golden =
            goldenReader(
                TestData.arrowTesting()
                    .resolve("expected/data__parquet__ARROW-17100.parquet.arrow"))) {
      assertTrue(golden.loadNextBatch());
      VectorSchemaRoot root = golden.getVectorSchemaRoot();
      TinyIntVector col1 = (TinyIntVector) root.getVector("col1");
      VarCharVector col2 = (VarCharVector) root.getVector("col2");
      Float8Vector col3 = (Float8Vector) root.getVector("col3");

      ByteBuffer ints =
          onlyPage(f.reader(0, 0, PageReadOptions.DEFAULT, null, null)).values().toByteBuffer();
      ByteBuffer strings =
          onlyPage(f.reader(0, 1, PageReadOptions.DEFAULT, null, null)).values().toByteBuffer();
      ByteBuffer doubles =
          onlyPage(f.reader(0, 2, PageReadOptions.DEFAULT, null, null)).values().toByteBuffer();
      for (int row = 0; row < 5; row++) {
        assertEquals(col1.get(row), ints.getInt()); // INT8 stored as PLAIN INT32
        byte[] s = new byte[strings.getInt()];
        strings.get(s);
        assertEquals(
            new String(col2.get(row), StandardCharsets.UTF_8),
            new String(s, StandardCharsets.UTF_8));
        assertEquals(col3.get(row), doubles.getDouble());
      }
      assertEquals(0, ints.remaining() + strings.remaining() + doubles.remaining());

      // believing the flag, as for a fixed writer, the page cannot be read
      ColumnChunkPageReader believer =
          ColumnChunkPageReader.builder(f.fetch(0, 2), f.chunk(0, 2), 1, 0)
              .writerVersion(WriterVersion.parse("parquet-cpp-arrow version 3.0.0"))
              .build();
      CorruptFileException e = assertThrows(CorruptFileException.class, believer::next);
      assertTrue(e.problem().contains("flagged uncompressed"), e::getMessage);
    }
  }

  /**
   * {@code nation.dict-malformed}: {@code created_by} is "parquet-mr" without a version, so the
   * PARQUET-816 padding applies, and the 15 bytes a chunk's last page overruns its declared size
   * are within reach. Without the padding that page runs past the chunk.
   */
  @Test
  void pagesOverrunningTheDeclaredChunkAreReadWithinThePadding() throws IOException {
    try (Opened f = Opened.of(data("nation.dict-malformed.parquet"))) {
      int name = 1;
      ColumnChunkBytes bytes = f.fetch(0, name);
      assertEquals(322, bytes.range().declaredLength());
      assertEquals(422, bytes.range().length());
      long lastPageEnd = 0;
      try (ColumnChunkPageReader r = f.reader(0, name, PageReadOptions.DEFAULT, null, null)) {
        for (Page p = r.next(); p != null; p = r.next()) {
          IndependentHeader h = IndependentHeader.at(f.file, p.fileOffset());
          lastPageEnd = p.fileOffset() + h.headerLength() + h.compressed();
        }
      }
      assertEquals(bytes.range().declaredEnd() + 15, lastPageEnd);

      ColumnChunk chunk = f.chunk(0, name);
      ColumnChunkRange unpadded =
          ColumnChunkRange.of(
              chunk.metaData(), f.file.length, WriterVersion.parse("parquet-mr version 1.2.9"));
      assertEquals(unpadded.declaredLength(), unpadded.length());
      ColumnChunkPageReader strict =
          ColumnChunkPageReader.builder(ColumnChunkFetcher.fetch(f.in, unpadded), chunk, 0, 0)
              .build();
      CorruptFileException e = assertThrows(CorruptFileException.class, () -> drain(strict));
      assertTrue(e.problem().contains("runs past the end of the column chunk"), e::getMessage);
    }
  }

  // ------------------------------------------------------------------ limits and refusals

  /**
   * Its key dictionary page decompresses to 2^30 + 4 bytes: over a caller's smaller limit, refused
   * at once, before anything is decompressed.
   */
  @Test
  void aGigabytePageIsRefusedUnderASmallerLimit() throws IOException {
    try (Opened f = Opened.of(data("large_string_map.brotli.parquet"))) {
      ColumnChunkPageReader r = f.reader(0, 0, PageReadOptions.DEFAULT.withMaxPageSize(64 << 20), null, null);
      UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class, r::next);
      assertTrue(e.problem().contains("1073741828 bytes"), e::getMessage);
      assertEquals(0, e.location().page());
      assertEquals("arr.key_value.key", e.location().column());
      assertEquals(0, r.bytesDecompressed());
    }
  }

  @Test
  void encryptedColumnsAreRefusedAndPlaintextOnesRead() throws IOException {
    try (Opened f = Opened.of(data("encrypt_columns_plaintext_footer.parquet.encrypted"))) {
      try (ColumnChunkPageReader r = f.reader(0, 0, PageReadOptions.DEFAULT, null, null)) {
        assertInstanceOf(DataPage.class, r.next()); // boolean_field is stored in plaintext
      }
      // the bytes of an encrypted chunk are fetched; reading its pages needs its decryptor
      ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
          () -> f.reader(0, 5, PageReadOptions.DEFAULT, null, null));
      assertEquals("double_field", e.location().column());
      assertEquals(0, e.location().rowGroup());
    }
  }

  // ------------------------------------------------------------------ helpers

  private static Path data(String name) {
    return TestData.parquetTesting().resolve("data").resolve(name);
  }

  private static boolean overlaps(long from, long to, long selFrom, long selTo) {
    return from < selTo && selFrom < to;
  }

  private static DataPage onlyPage(ColumnChunkPageReader r) {
    DataPage p = (DataPage) r.next();
    assertNull(r.next());
    return p;
  }

  private static void drain(ColumnChunkPageReader r) {
    for (Page p = r.next(); p != null; p = r.next()) {
      // every page
    }
  }

  private ArrowFileReader goldenReader(Path arrow) throws IOException {
    return new ArrowFileReader(Files.newByteChannel(arrow), memory.allocator());
  }

  private int[] goldenInts(String name, String column) throws IOException {
    try (ArrowFileReader r =
        goldenReader(TestData.parquetTesting().resolve("expected").resolve(name))) {
      List<Integer> out = new ArrayList<>();
      while (r.loadNextBatch()) {
        IntVector v = (IntVector) r.getVectorSchemaRoot().getVector(column);
        for (int i = 0; i < v.getValueCount(); i++) {
          out.add(v.get(i));
        }
      }
      return out.stream().mapToInt(Integer::intValue).toArray();
    }
  }

  /** An open corpus file with its footer. */
  private record Opened(Path path, LocalInputFile in, byte[] file, FileMetaData md)
      implements AutoCloseable {
    static Opened of(Path path) throws IOException {
      LocalInputFile in = LocalInputFile.open(path);
      return new Opened(path, in, Files.readAllBytes(path), ParquetFooter.read(in).metadata());
    }

    ColumnChunk chunk(int g, int c) {
      return md.rowGroups().get(g).columns().get(c);
    }

    ColumnChunkBytes fetch(int g, int c) {
      return ColumnChunkFetcher.fetchRowGroup(in, md, g, new int[] {c}, RangeCoalescer.DEFAULT)
          .get(0);
    }

    OffsetIndex offsetIndex(int g, int c) {
      return OffsetIndexReader.read(in, chunk(g, c));
    }

    ColumnChunkPageReader reader(
        int g, int c, PageReadOptions options, OffsetIndex index, RowSelection selection) {
      int[] levels = LeafLevels.of(md.schema(), md.rowGroups().get(g).columns().size())[c];
      return ColumnChunkPageReader.builder(fetch(g, c), chunk(g, c), levels[0], levels[1])
          .location(ErrorLocation.ofFile(in.name()).withRowGroup(g))
          .writerVersion(WriterVersion.parse(md.createdBy()))
          .options(options)
          .offsetIndex(index, md.rowGroups().get(g).numRows())
          .selection(selection)
          .build();
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
