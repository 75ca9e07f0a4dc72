package org.parquetarrow.read.page;

import org.parquetarrow.io.ColumnChunkRange;
import org.parquetarrow.io.ColumnChunkBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.parquetarrow.read.page.HandMadeChunk.FILE_OFFSET;
import static org.parquetarrow.read.page.HandMadeChunk.bytes;
import static org.parquetarrow.read.page.HandMadeChunk.chunk;
import static org.parquetarrow.read.page.HandMadeChunk.concat;
import static org.parquetarrow.read.page.HandMadeChunk.dictionary;
import static org.parquetarrow.read.page.HandMadeChunk.index;
import static org.parquetarrow.read.page.HandMadeChunk.v1;
import static org.parquetarrow.read.page.HandMadeChunk.v2;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.parquetarrow.ChecksumException;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.compress.Codecs;
import org.parquetarrow.compress.Compressor;
import org.parquetarrow.compress.Decompressor;
import org.parquetarrow.compress.GrowableByteArray;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnCryptoMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.MetadataWriter;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageLocation;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.selection.RowSelection;

/**
 * Chunks assembled by hand: level sections, value sections, sizes and locations are worked out from
 * the bytes written, and every damage case must end in a located, typed exception.
 */
class HandMadeChunkTest {
  private static final ErrorLocation FILE = ErrorLocation.ofFile("hand.parquet").withRowGroup(3);
  private static final byte[] INTS_1_2_3 = bytes(1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0);

  // ------------------------------------------------------------------ v1 sections

  @Test
  void v1RleLevelsLoseTheirLengthPrefix() {
    byte[] rep = bytes(2, 0, 0, 0, 0x06, 0x00); // 4-byte length 2, then RLE: 3 x level 0
    byte[] def = bytes(2, 0, 0, 0, 0x06, 0x02); // 4-byte length 2, then RLE: 3 x level 2
    byte[] body = concat(rep, def, INTS_1_2_3);
    HandMadeChunk c = new HandMadeChunk().page(v1(3, body.length), body);
    byte[] all = c.bytes();
    int bodyStart = all.length - body.length;

    DataPage page = onlyDataPage(reader(c, CompressionCodec.UNCOMPRESSED, 3, 2, 1).build());
    assertEquals(PageType.DATA_PAGE, page.type());
    assertEquals(3, page.numValues());
    assertEquals(-1, page.numNulls());
    assertEquals(-1, page.numRows());
    assertEquals(-1, page.firstRowIndex());
    assertSlice(page.repetitionLevels(), bodyStart + 4, bytes(0x06, 0x00));
    assertSlice(page.definitionLevels(), bodyStart + 10, bytes(0x06, 0x02));
    assertSlice(page.values(), bodyStart + 12, INTS_1_2_3);
    assertEquals(Encoding.RLE, page.repetitionLevelEncoding());
    assertEquals(Encoding.RLE, page.definitionLevelEncoding());
    assertEquals(Encoding.PLAIN, page.encoding());
    assertEquals(FILE_OFFSET, page.fileOffset());
  }

  @Test
  void v1LevelsAreAbsentWhenTheMaxLevelIsZero() {
    HandMadeChunk c = new HandMadeChunk().page(v1(3, 12), INTS_1_2_3);
    DataPage page = onlyDataPage(reader(c, CompressionCodec.UNCOMPRESSED, 3, 0, 0).build());
    assertEquals(0, page.repetitionLevels().length());
    assertEquals(0, page.definitionLevels().length());
    assertArrayEquals(INTS_1_2_3, page.values().toByteArray());
  }

  @Test
  void v1BitPackedLevelsTakeCeilOfValuesTimesWidth() {
    // max rep 1 -> 1 bit x 10 values = 2 bytes; max def 3 -> 2 bits x 10 values = 3 bytes
    byte[] rep = bytes(0x11, 0x22);
    byte[] def = bytes(0x33, 0x44, 0x55);
    byte[] values = bytes(9, 9, 9, 9);
    byte[] body = concat(rep, def, values);
    HandMadeChunk c =
        new HandMadeChunk()
            .page(
                v1(10, body.length, body.length, null, Encoding.BIT_PACKED, Encoding.BIT_PACKED),
                body);
    DataPage page = onlyDataPage(reader(c, CompressionCodec.UNCOMPRESSED, 10, 3, 1).build());
    assertArrayEquals(rep, page.repetitionLevels().toByteArray());
    assertArrayEquals(def, page.definitionLevels().toByteArray());
    assertArrayEquals(values, page.values().toByteArray());
    assertEquals(Encoding.BIT_PACKED, page.definitionLevelEncoding());
  }

  @Test
  void v1LevelSectionsThatDoNotFitAreCorrupt() {
    // RLE length says 100 bytes, 2 are left
    byte[] tooLong = concat(bytes(100, 0, 0, 0), bytes(1, 2));
    assertCorrupt(new HandMadeChunk().page(v1(3, tooLong.length), tooLong), 3, 1, 0, "do not fit");
    // the page ends inside the 4-byte length
    byte[] cut = bytes(2, 0);
    assertCorrupt(new HandMadeChunk().page(v1(3, cut.length), cut), 3, 1, 0, "inside the length");
    // negative RLE length
    byte[] negative = concat(bytes(0xff, 0xff, 0xff, 0xff), bytes(1, 2));
    assertCorrupt(
        new HandMadeChunk().page(v1(3, negative.length), negative), 3, 1, 0, "do not fit");
    // bit-packed: 1000 values of 2 bits need 250 bytes
    byte[] few = new byte[10];
    assertCorrupt(
        new HandMadeChunk().page(v1(1000, 10, 10, null, Encoding.RLE, Encoding.BIT_PACKED), few),
        1000,
        3,
        0,
        "need 250 bytes");
    // PLAIN is no level encoding
    assertCorrupt(
        new HandMadeChunk().page(v1(3, 12, 12, null, Encoding.RLE, Encoding.PLAIN), INTS_1_2_3),
        3,
        1,
        0,
        "only RLE and BIT_PACKED");
  }

  // ------------------------------------------------------------------ v2 sections

  @Test
  void v2LevelsComeUncompressedFromTheFront() {
    byte[] rep = bytes(0x0a, 0x0b, 0x0c);
    byte[] def = bytes(0x0d, 0x0e);
    byte[] values = bytes(1, 2, 3, 4, 5);
    byte[] body = concat(rep, def, values);
    HandMadeChunk c = new HandMadeChunk().page(v2(7, 2, 4, 3, 2, false, 10, 10), body);
    int bodyStart = c.bytes().length - body.length;
    // SNAPPY chunk, but this page's values are flagged uncompressed: they are used as stored
    DataPage page = onlyDataPage(reader(c, CompressionCodec.SNAPPY, 7, 1, 1).build());
    assertEquals(PageType.DATA_PAGE_V2, page.type());
    assertTrue(page.isV2());
    assertEquals(7, page.numValues());
    assertEquals(2, page.numNulls());
    assertEquals(4, page.numRows());
    assertSlice(page.repetitionLevels(), bodyStart, rep);
    assertSlice(page.definitionLevels(), bodyStart + 3, def);
    assertSlice(page.values(), bodyStart + 5, values);
    assertEquals(Encoding.RLE_DICTIONARY, page.encoding());
  }

  @Test
  void v2CompressedValuesAreDecompressedAfterTheLevels() {
    byte[] def = bytes(0x0d, 0x0e);
    byte[] values = ints(0, 100);
    byte[] packed = compress(CompressionCodec.SNAPPY, values);
    byte[] body = concat(def, packed);
    HandMadeChunk c =
        new HandMadeChunk().page(v2(100, 0, 100, 0, 2, true, 2 + values.length, body.length), body);
    try (ColumnChunkPageReader r = reader(c, CompressionCodec.SNAPPY, 100, 1, 0).build()) {
      DataPage page = (DataPage) r.next();
      assertArrayEquals(def, page.definitionLevels().toByteArray());
      assertArrayEquals(values, page.values().toByteArray());
      assertEquals(values.length, r.bytesDecompressed());
    }
  }

  @Test
  void v2HeaderContradictionsAreCorrupt() {
    byte[] body = new byte[10];
    assertCorrupt(
        new HandMadeChunk().page(v2(3, 4, 3, 0, 0, false, 10, 10), body), 3, 1, 0, "4 nulls");
    assertCorrupt(
        new HandMadeChunk().page(v2(3, 0, -1, 0, 0, false, 10, 10), body), 3, 1, 0, "-1 rows");
    assertCorrupt(
        new HandMadeChunk().page(v2(3, 0, 3, 6, 6, false, 10, 10), body), 3, 1, 1, "do not fit");
    assertCorrupt(
        new HandMadeChunk().page(v2(3, 0, 3, -1, 2, false, 10, 10), body), 3, 1, 1, "do not fit");
    // flagged uncompressed, yet stored and uncompressed sizes differ
    assertCorrupt(
        new HandMadeChunk().page(v2(3, 0, 3, 0, 2, false, 20, 10), body),
        CompressionCodec.SNAPPY,
        3,
        1,
        0,
        "flagged uncompressed");
  }

  /** ARROW-10353: parquet-cpp before Arrow 3.0 compressed v2 values but said they were not. */
  @Test
  void v2ValuesOfOldParquetCppAreAlwaysDecompressed() {
    byte[] def = bytes(0x14, 0x01);
    byte[] values = ints(7, 20);
    byte[] packed = compress(CompressionCodec.SNAPPY, values);
    byte[] body = concat(def, packed);
    HandMadeChunk c =
        new HandMadeChunk().page(v2(20, 0, 20, 0, 2, false, 2 + values.length, body.length), body);

    WriterVersion buggy = WriterVersion.parse("parquet-cpp version 1.5.1-SNAPSHOT");
    DataPage page =
        onlyDataPage(reader(c, CompressionCodec.SNAPPY, 20, 1, 0).writerVersion(buggy).build());
    assertArrayEquals(values, page.values().toByteArray());

    // a fixed writer is believed: the stored bytes cannot be 80 plain bytes
    WriterVersion fixed = WriterVersion.parse("parquet-cpp-arrow version 3.0.0");
    CorruptFileException e =
        assertThrows(
            CorruptFileException.class,
            () ->
                onlyDataPage(
                    reader(c, CompressionCodec.SNAPPY, 20, 1, 0).writerVersion(fixed).build()));
    assertTrue(e.getMessage().contains("flagged uncompressed"), e::getMessage);
  }

  // ------------------------------------------------------------------ dictionary and order

  @Test
  void dictionaryThenDataPagesWithOrdinalsAndOffsets() {
    byte[] dict = bytes(10, 0, 0, 0, 20, 0, 0, 0);
    HandMadeChunk c = new HandMadeChunk().page(dictionary(2, 8, 8, null), dict);
    long dataOffset = c.nextOffset();
    c.page(v1(3, 12), INTS_1_2_3);
    try (ColumnChunkPageReader r = reader(c, CompressionCodec.UNCOMPRESSED, 3, 0, 0).build()) {
      DictionaryPage d = (DictionaryPage) r.next();
      assertEquals(0, d.ordinal());
      assertEquals(FILE_OFFSET, d.fileOffset());
      assertEquals(2, d.numValues());
      assertEquals(Encoding.PLAIN, d.encoding());
      assertTrue(d.sorted());
      assertArrayEquals(dict, d.data().toByteArray());
      DataPage p = (DataPage) r.next();
      assertEquals(1, p.ordinal());
      assertEquals(dataOffset, p.fileOffset());
      assertNull(r.next());
      assertNull(r.next());
      assertEquals(2, r.pagesRead());
      assertFalse(r.knowsFirstRows());
    }
  }

  @Test
  void aSecondDictionaryPageIsCorrupt() {
    HandMadeChunk c =
        new HandMadeChunk()
            .page(dictionary(1, 4, 4, null), bytes(1, 0, 0, 0))
            .page(dictionary(1, 4, 4, null), bytes(2, 0, 0, 0))
            .page(v1(3, 12), INTS_1_2_3);
    ColumnChunkPageReader r = reader(c, CompressionCodec.UNCOMPRESSED, 3, 0, 0).build();
    assertInstanceOf(DictionaryPage.class, r.next());
    CorruptFileException e = assertThrows(CorruptFileException.class, r::next);
    assertTrue(e.problem().contains("second dictionary page"), e::getMessage);
    assertEquals(1, e.location().page());
    assertEquals(FILE_OFFSET + 4 + headerLength(dictionary(1, 4, 4, null)), e.location().offset());
    assertLocated(e);
  }

  @Test
  void aDictionaryPageAfterDataIsCorrupt() {
    HandMadeChunk c =
        new HandMadeChunk()
            .page(v1(3, 12), INTS_1_2_3)
            .page(dictionary(1, 4, 4, null), bytes(2, 0, 0, 0))
            .page(v1(3, 12), INTS_1_2_3);
    ColumnChunkPageReader r = reader(c, CompressionCodec.UNCOMPRESSED, 6, 0, 0).build();
    r.next();
    CorruptFileException e = assertThrows(CorruptFileException.class, r::next);
    assertTrue(e.problem().contains("after a data page"), e::getMessage);
    assertEquals(1, e.location().page());
  }

  @Test
  void indexPagesAreSkipped() {
    HandMadeChunk c =
        new HandMadeChunk()
            .page(dictionary(1, 4, 4, null), bytes(1, 0, 0, 0))
            .page(index(3), bytes(7, 7, 7))
            .page(v1(3, 12), INTS_1_2_3);
    try (ColumnChunkPageReader r = reader(c, CompressionCodec.UNCOMPRESSED, 3, 0, 0).build()) {
      assertInstanceOf(DictionaryPage.class, r.next());
      DataPage p = (DataPage) r.next();
      assertEquals(2, p.ordinal()); // the index page counts as page 1
      assertNull(r.next());
      assertEquals(1, r.pagesSkipped());
    }
  }

  @Test
  void theChunksValueCountEndsTheWalk() {
    // declared 3 values: the second page (garbage after it, too) is never touched, as in Arrow C++
    HandMadeChunk c =
        new HandMadeChunk()
            .page(v1(3, 12), INTS_1_2_3)
            .page(v1(3, 12), INTS_1_2_3)
            .raw(bytes(0xff, 0xff, 0xff));
    try (ColumnChunkPageReader r = reader(c, CompressionCodec.UNCOMPRESSED, 3, 0, 0).build()) {
      assertInstanceOf(DataPage.class, r.next());
      assertNull(r.next());
    }
  }

  @Test
  void aChunkWithFewerValuesThanDeclaredIsCorrupt() {
    HandMadeChunk c = new HandMadeChunk().page(v1(3, 12), INTS_1_2_3);
    ColumnChunkPageReader r = reader(c, CompressionCodec.UNCOMPRESSED, 5, 0, 0).build();
    r.next();
    CorruptFileException e = assertThrows(CorruptFileException.class, r::next);
    assertTrue(e.problem().contains("after 3 of its 5 values"), e::getMessage);
    assertEquals(1, e.location().page());
    assertEquals(FILE_OFFSET + c.bytes().length, e.location().offset());
  }

  @Test
  void anEmptyChunkHasNoPages() {
    ColumnChunkBytes empty = new ColumnChunkBytes(new ColumnChunkRange(0, 0, 0), new byte[0], 0);
    try (ColumnChunkPageReader r =
        ColumnChunkPageReader.builder(empty, chunk(CompressionCodec.SNAPPY, 0), 1, 0).build()) {
      assertNull(r.next());
    }
  }

  // ------------------------------------------------------------------ damage

  @Test
  void truncatedHeadersAreCorrupt() {
    byte[] header = MetadataWriter.toBytes(v1(3, 12));
    for (int cut = 1; cut < header.length; cut++) {
      HandMadeChunk c = new HandMadeChunk().raw(Arrays.copyOf(header, cut));
      CorruptFileException e = assertCorrupt(c, 3, 0, 0, "");
      assertEquals(0, e.location().page());
      assertEquals(FILE_OFFSET, e.location().offset());
    }
  }

  @Test
  void pagesRunningPastTheChunkAreCorrupt() {
    HandMadeChunk c = new HandMadeChunk().page(v1(3, 100), INTS_1_2_3);
    assertCorrupt(c, 3, 0, 0, "runs past the end of the column chunk (12 bytes left)");
    // the same with a page size near the int limit
    HandMadeChunk huge = new HandMadeChunk().page(v1(3, Integer.MAX_VALUE), INTS_1_2_3);
    assertCorrupt(huge, 3, 0, 0, "runs past the end");
  }

  @Test
  void negativeSizesAndCountsAreCorrupt() {
    assertCorrupt(
        new HandMadeChunk().page(v1(3, 12, -1, null, Encoding.RLE, Encoding.RLE), INTS_1_2_3),
        3,
        0,
        0,
        "negative page size");
    assertCorrupt(
        new HandMadeChunk().page(v1(3, -5, 12, null, Encoding.RLE, Encoding.RLE), INTS_1_2_3),
        3,
        0,
        0,
        "negative page size");
    assertCorrupt(new HandMadeChunk().page(v1(-3, 12), INTS_1_2_3), 3, 0, 0, "-3 values");
    assertCorrupt(
        new HandMadeChunk().page(dictionary(-26, 4, 4, null), bytes(1, 2, 3, 4)),
        3,
        0,
        0,
        "-26 values");
  }

  @Test
  void uncompressedPagesMustAgreeOnTheirSize() {
    assertCorrupt(
        new HandMadeChunk().page(v1(3, 16, 12, null, Encoding.RLE, Encoding.RLE), INTS_1_2_3),
        3,
        0,
        0,
        "stores 12 bytes but its header says 16");
  }

  @Test
  void anImpossibleExpansionIsRefusedBeforeAllocating() {
    CountingDecompressor counting = new CountingDecompressor(CompressionCodec.SNAPPY);
    // 10 stored SNAPPY bytes cannot become 1 MB
    HandMadeChunk c =
        new HandMadeChunk()
            .page(v1(3, 1_000_000, 10, null, Encoding.RLE, Encoding.RLE), new byte[10]);
    ColumnChunkPageReader r =
        reader(c, CompressionCodec.SNAPPY, 3, 0, 0).decompressor(counting).build();
    CorruptFileException e = assertThrows(CorruptFileException.class, r::next);
    assertTrue(e.problem().contains("more than SNAPPY can produce"), e::getMessage);
    assertEquals(0, counting.calls.size());
  }

  @Test
  void pagesOverTheSizeLimitAreRefusedBeforeAllocating() {
    CountingDecompressor counting = new CountingDecompressor(CompressionCodec.ZSTD);
    HandMadeChunk c =
        new HandMadeChunk()
            .page(v1(3, 2_000_000, 10, null, Encoding.RLE, Encoding.RLE), new byte[10]);
    ColumnChunkPageReader r =
        reader(c, CompressionCodec.ZSTD, 3, 0, 0)
            .decompressor(counting)
            .options(PageReadOptions.DEFAULT.withMaxPageSize(1_000_000))
            .build();
    UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class, r::next);
    assertTrue(
        e.problem().contains("2000000 bytes, more than the limit of 1000000"), e::getMessage);
    assertEquals(0, counting.calls.size());
    assertEquals(0, e.location().page());
  }

  @Test
  void badCompressedDataIsCorrupt() {
    HandMadeChunk c =
        new HandMadeChunk()
            .page(v1(3, 12, 5, null, Encoding.RLE, Encoding.RLE), bytes(1, 2, 3, 4, 5));
    CorruptFileException e = assertCorrupt(c, CompressionCodec.ZSTD, 3, 0, 0, "");
    assertEquals(0, e.location().page());
  }

  // ------------------------------------------------------------------ checksums

  /** "123456789" is the standard CRC-32 check string: its CRC-32 is 0xCBF43926. */
  @Test
  void checksumsAreVerifiedOverTheStoredBytes() {
    byte[] check = "123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    HandMadeChunk good =
        new HandMadeChunk()
            .page(dictionary(1, 9, 9, 0xCBF43926), check)
            .page(v1(3, 12), INTS_1_2_3);
    try (ColumnChunkPageReader r = reader(good, CompressionCodec.UNCOMPRESSED, 3, 0, 0).build()) {
      assertInstanceOf(DictionaryPage.class, r.next());
      assertInstanceOf(DataPage.class, r.next());
      assertEquals(1, r.checksumsVerified());
    }

    HandMadeChunk bad =
        new HandMadeChunk()
            .page(dictionary(1, 9, 9, 0xCBF43927), check)
            .page(v1(3, 12), INTS_1_2_3);
    ColumnChunkPageReader r = reader(bad, CompressionCodec.UNCOMPRESSED, 3, 0, 0).build();
    ChecksumException e = assertThrows(ChecksumException.class, r::next);
    assertEquals(0xCBF43927, e.expectedCrc());
    assertEquals(0xCBF43926, e.actualCrc());
    assertEquals(0, e.location().page());
    assertEquals("a.b", e.location().column());
    assertLocated(e);
    assertThrows(IllegalStateException.class, r::next);

    try (ColumnChunkPageReader off =
        reader(bad, CompressionCodec.UNCOMPRESSED, 3, 0, 0)
            .options(PageReadOptions.DEFAULT.withVerifyChecksums(false))
            .build()) {
      assertInstanceOf(DictionaryPage.class, off.next());
      assertInstanceOf(DataPage.class, off.next());
      assertEquals(0, off.checksumsVerified());
    }
  }

  // ------------------------------------------------------------------ offset index and skipping

  /**
   * Five SNAPPY pages of 10 rows: only the pages holding selected rows are checked and
   * decompressed.
   */
  @Test
  void pagesOutsideTheSelectionAreNeitherCheckedNorDecompressed() {
    Paged p = fivePagesOfTenRows();
    CountingDecompressor counting = new CountingDecompressor(CompressionCodec.SNAPPY);
    try (ColumnChunkPageReader r =
        reader(p.chunk, CompressionCodec.SNAPPY, 50, 0, 0)
            .offsetIndex(p.chunk.offsetIndex(), 50)
            .selection(RowSelection.range(12, 25))
            .decompressor(counting)
            .build()) {
      assertTrue(r.knowsFirstRows());
      DictionaryPage d = (DictionaryPage) r.next();
      assertArrayEquals(p.dictionary, d.data().toByteArray());
      List<DataPage> pages = new ArrayList<>();
      List<byte[]> values = new ArrayList<>();
      for (Page page = r.next(); page != null; page = r.next()) {
        pages.add((DataPage) page);
        values.add(((DataPage) page).values().toByteArray());
      }
      assertEquals(List.of(2, 3), pages.stream().map(DataPage::ordinal).toList());
      assertEquals(List.of(10L, 20L), pages.stream().map(DataPage::firstRowIndex).toList());
      assertEquals(List.of(10, 10), pages.stream().map(DataPage::numRows).toList());
      assertArrayEquals(ints(10, 10), values.get(0));
      assertArrayEquals(ints(20, 10), values.get(1));
      assertEquals(List.of(p.bodies[0], p.bodies[2], p.bodies[3]), counting.calls);
      assertEquals(3, r.pagesSkipped());
      assertEquals(0, r.checksumsVerified()); // page 5 (bad CRC) was never looked at
    }
  }

  @Test
  void withoutASelectionTheOffsetIndexStillNamesRows() {
    Paged p = fivePagesOfTenRows();
    ColumnChunkPageReader r =
        reader(p.chunk, CompressionCodec.SNAPPY, 50, 0, 0)
            .offsetIndex(p.chunk.offsetIndex(), 50)
            .build();
    assertInstanceOf(DictionaryPage.class, r.next());
    for (int i = 0; i < 4; i++) {
      DataPage d = (DataPage) r.next();
      assertEquals(10L * i, d.firstRowIndex());
      assertArrayEquals(ints(10 * i, 10), d.values().toByteArray());
    }
    // the fifth page's CRC is wrong: read, it is checked
    ChecksumException e = assertThrows(ChecksumException.class, r::next);
    assertEquals(5, e.location().page());
  }

  @Test
  void anOffsetIndexSelectionThatSkipsEverythingStillReadsTheDictionary() {
    Paged p = fivePagesOfTenRows();
    try (ColumnChunkPageReader r =
        reader(p.chunk, CompressionCodec.SNAPPY, 50, 0, 0)
            .offsetIndex(p.chunk.offsetIndex(), 50)
            .selection(RowSelection.none())
            .build()) {
      assertInstanceOf(DictionaryPage.class, r.next());
      assertNull(r.next());
      assertEquals(5, r.pagesSkipped());
    }
  }

  @Test
  void withoutAnOffsetIndexEveryPageIsReturnedAndRowsAreUnknown() {
    Paged p = fivePagesOfTenRows();
    ColumnChunkPageReader r =
        reader(p.chunk, CompressionCodec.SNAPPY, 50, 0, 0)
            .selection(RowSelection.range(12, 25))
            .build();
    assertFalse(r.knowsFirstRows());
    assertInstanceOf(DictionaryPage.class, r.next());
    for (int i = 0; i < 4; i++) {
      assertEquals(-1, ((DataPage) r.next()).firstRowIndex());
    }
    assertThrows(ChecksumException.class, r::next);
  }

  @Test
  void dataPageSectionsShareTheReusableBufferButDictionariesDoNot() {
    Paged p = fivePagesOfTenRows();
    try (ColumnChunkPageReader r =
        reader(p.chunk, CompressionCodec.SNAPPY, 50, 0, 0)
            .options(PageReadOptions.DEFAULT.withVerifyChecksums(false).withReadAhead(PageReadAhead.OFF))
            .build()) {
      DictionaryPage d = (DictionaryPage) r.next();
      DataPage first = (DataPage) r.next();
      byte[] shared = first.values().array();
      DataPage second = (DataPage) r.next();
      assertSame(shared, second.values().array());
      assertNotSame(shared, d.data().array());
      assertArrayEquals(p.dictionary, d.data().toByteArray()); // still intact
    }
  }

  @Test
  void offsetIndexesThatDoNotFitTheChunkAreRefused() {
    Paged p = fivePagesOfTenRows();
    List<PageLocation> good = p.chunk.offsetIndex().pageLocations();
    PageLocation first = good.get(0);
    assertBadIndex(
        p,
        with(good, 0, new PageLocation(first.offset(), first.compressedPageSize(), 1)),
        "must start at 0");
    assertBadIndex(
        p,
        with(good, 2, new PageLocation(good.get(2).offset(), good.get(2).compressedPageSize(), 10)),
        "increase");
    assertBadIndex(
        p, with(good, 4, new PageLocation(good.get(4).offset(), 1 << 20, 40)), "does not lie");
    assertBadIndex(
        p,
        with(good, 1, new PageLocation(first.offset(), first.compressedPageSize(), 10)),
        "does not lie");
    assertBadIndex(p, with(good, 3, new PageLocation(good.get(3).offset(), 0, 30)), "does not lie");
    // rows beyond the row group
    ParquetException e =
        assertThrows(
            CorruptFileException.class,
            () ->
                reader(p.chunk, CompressionCodec.SNAPPY, 50, 0, 0)
                    .offsetIndex(p.chunk.offsetIndex(), 40)
                    .build());
    assertEquals("a.b", e.location().column());
    // no page at all for a chunk with values
    assertBadIndex(p, List.of(), "lists no page");
  }

  @Test
  void anOffsetIndexDisagreeingWithTheHeadersIsCorrupt() {
    Paged p = fivePagesOfTenRows();
    List<PageLocation> good = p.chunk.offsetIndex().pageLocations();
    PageLocation second = good.get(1);
    // one byte shorter than header + body, still inside the chunk
    OffsetIndex shifted =
        new OffsetIndex(
            with(good, 1, new PageLocation(second.offset(), second.compressedPageSize() - 1, 10)),
            null);
    ColumnChunkPageReader r =
        reader(p.chunk, CompressionCodec.SNAPPY, 50, 0, 0)
            .offsetIndex(shifted, 50)
            .selection(RowSelection.range(10, 11))
            .build();
    assertInstanceOf(DictionaryPage.class, r.next());
    CorruptFileException e = assertThrows(CorruptFileException.class, r::next);
    assertTrue(e.problem().contains("offset index says"), e::getMessage);
    assertEquals(2, e.location().page());
  }

  @Test
  void aDataPageMissingFromTheOffsetIndexIsCorrupt() {
    Paged p = fivePagesOfTenRows();
    List<PageLocation> good = p.chunk.offsetIndex().pageLocations();
    // an index listing only pages 2..5, renumbered from row 0: page 1 lies before the first entry
    List<PageLocation> partial = new ArrayList<>();
    for (int i = 1; i < 5; i++) {
      PageLocation l = good.get(i);
      partial.add(new PageLocation(l.offset(), l.compressedPageSize(), 10L * (i - 1)));
    }
    ColumnChunkPageReader r =
        reader(p.chunk, CompressionCodec.SNAPPY, 50, 0, 0)
            .offsetIndex(new OffsetIndex(partial, null), 40)
            .build();
    assertInstanceOf(DictionaryPage.class, r.next());
    CorruptFileException e = assertThrows(CorruptFileException.class, r::next);
    assertTrue(e.problem().contains("missing from the offset index"), e::getMessage);
    assertEquals(1, e.location().page());
    assertEquals(good.get(0).offset(), e.location().offset());
  }

  // ------------------------------------------------------------------ lifecycle and refusals

  @Test
  void encryptedAndExternalChunksAreRefused() {
    HandMadeChunk c = new HandMadeChunk().page(v1(3, 12), INTS_1_2_3);
    ColumnChunk plain = chunk(CompressionCodec.UNCOMPRESSED, 3);
    ColumnChunk encrypted =
        new ColumnChunk(
            null,
            0,
            plain.metaData(),
            null,
            null,
            null,
            null,
            new ColumnCryptoMetaData.EncryptionWithFooterKey(),
            null);
    ParquetCryptoException e =
        assertThrows(
            ParquetCryptoException.class,
            () ->
                ColumnChunkPageReader.builder(c.chunkBytes(), encrypted, 0, 0)
                    .location(FILE)
                    .build());
    assertEquals("hand.parquet", e.location().file());
    ColumnChunk external =
        new ColumnChunk("other.parquet", 0, plain.metaData(), null, null, null, null, null, null);
    assertThrows(
        UnsupportedFeatureException.class,
        () -> ColumnChunkPageReader.builder(c.chunkBytes(), external, 0, 0).build());
  }

  @Test
  void closingReleasesOnlyOwnDecompressors() {
    Paged p = fivePagesOfTenRows();
    CountingDecompressor counting = new CountingDecompressor(CompressionCodec.SNAPPY);
    ColumnChunkPageReader r =
        reader(p.chunk, CompressionCodec.SNAPPY, 50, 0, 0).decompressor(counting).build();
    r.next();
    r.close();
    r.close();
    assertThrows(IllegalStateException.class, r::next);
    assertFalse(counting.closed);
    counting.close();
  }

  @Test
  void aDecompressorForAnotherCodecIsRefused() {
    HandMadeChunk c = new HandMadeChunk().page(v1(3, 12), INTS_1_2_3);
    try (Decompressor gzip = Codecs.decompressor(CompressionCodec.GZIP)) {
      assertThrows(
          IllegalArgumentException.class,
          () -> reader(c, CompressionCodec.SNAPPY, 3, 0, 0).decompressor(gzip).build());
    }
    assertThrows(
        IllegalArgumentException.class,
        () ->
            ColumnChunkPageReader.builder(
                c.chunkBytes(), chunk(CompressionCodec.SNAPPY, 3), -1, 0));
  }

  // ------------------------------------------------------------------ helpers

  /** A dictionary page and five SNAPPY v1 pages of 10 INT32 rows each; page 5 has a wrong CRC. */
  private static Paged fivePagesOfTenRows() {
    HandMadeChunk c = new HandMadeChunk();
    List<Integer> bodies = new ArrayList<>();
    byte[] dictionary = ints(1000, 4);
    byte[] packedDictionary = compress(CompressionCodec.SNAPPY, dictionary);
    bodies.add(bodyStart(c, dictionary(4, dictionary.length, packedDictionary.length, null)));
    c.page(dictionary(4, dictionary.length, packedDictionary.length, null), packedDictionary);
    for (int i = 0; i < 5; i++) {
      byte[] values = ints(10 * i, 10);
      byte[] packed = compress(CompressionCodec.SNAPPY, values);
      Integer crc = i == 4 ? 0x1234 : null;
      org.parquetarrow.format.PageHeader h =
          v1(10, values.length, packed.length, crc, Encoding.RLE, Encoding.RLE);
      bodies.add(bodyStart(c, h));
      c.page(h, packed, 10L * i);
    }
    return new Paged(c, dictionary, bodies.toArray(new Integer[0]));
  }

  /** Where, in the chunk bytes, the body of a page with header {@code h} appended now starts. */
  private static int bodyStart(HandMadeChunk c, org.parquetarrow.format.PageHeader h) {
    return (int) (c.nextOffset() - FILE_OFFSET) + headerLength(h);
  }

  private record Paged(HandMadeChunk chunk, byte[] dictionary, Integer[] bodies) {}

  private static List<PageLocation> with(List<PageLocation> list, int i, PageLocation replacement) {
    List<PageLocation> copy = new ArrayList<>(list);
    copy.set(i, replacement);
    return copy;
  }

  private static void assertBadIndex(Paged p, List<PageLocation> locations, String message) {
    CorruptFileException e =
        assertThrows(
            CorruptFileException.class,
            () ->
                reader(p.chunk, CompressionCodec.SNAPPY, 50, 0, 0)
                    .offsetIndex(new OffsetIndex(locations, null), 50)
                    .build());
    assertTrue(e.problem().contains(message), e::getMessage);
    assertEquals("hand.parquet", e.location().file());
    assertEquals("a.b", e.location().column());
  }

  private static PageReaderBuilder reader(
      HandMadeChunk c, CompressionCodec codec, long numValues, int maxDef, int maxRep) {
    return ColumnChunkPageReader.builder(c.chunkBytes(), chunk(codec, numValues), maxDef, maxRep)
        .location(FILE);
  }

  private static DataPage onlyDataPage(ColumnChunkPageReader r) {
    try (r) {
      DataPage page = (DataPage) r.next();
      assertNull(r.next());
      return page;
    }
  }

  private static CorruptFileException assertCorrupt(
      HandMadeChunk c, long numValues, int maxDef, int maxRep, String message) {
    return assertCorrupt(c, CompressionCodec.UNCOMPRESSED, numValues, maxDef, maxRep, message);
  }

  private static CorruptFileException assertCorrupt(
      HandMadeChunk c,
      CompressionCodec codec,
      long numValues,
      int maxDef,
      int maxRep,
      String message) {
    ColumnChunkPageReader r = reader(c, codec, numValues, maxDef, maxRep).build();
    CorruptFileException e =
        assertThrows(
            CorruptFileException.class,
            () -> {
              for (Page p = r.next(); p != null; p = r.next()) {
                // drain
              }
            });
    assertTrue(e.getMessage().contains(message), e::getMessage);
    assertLocated(e);
    return e;
  }

  private static void assertLocated(ParquetException e) {
    assertEquals("hand.parquet", e.location().file(), e::getMessage);
    assertEquals(3, e.location().rowGroup(), e::getMessage);
    assertEquals("a.b", e.location().column(), e::getMessage);
    assertTrue(e.location().page() >= 0, e::getMessage);
    assertTrue(e.location().offset() >= FILE_OFFSET, e::getMessage);
  }

  private static void assertSlice(ByteSlice s, int offset, byte[] expected) {
    assertEquals(offset, s.offset());
    assertArrayEquals(expected, s.toByteArray());
  }

  private static int headerLength(org.parquetarrow.format.PageHeader h) {
    return MetadataWriter.toBytes(h).length;
  }

  /** {@code count} little-endian INT32 values starting at {@code first}. */
  static byte[] ints(int first, int count) {
    byte[] b = new byte[4 * count];
    for (int i = 0; i < count; i++) {
      int v = first + i;
      b[4 * i] = (byte) v;
      b[4 * i + 1] = (byte) (v >>> 8);
      b[4 * i + 2] = (byte) (v >>> 16);
      b[4 * i + 3] = (byte) (v >>> 24);
    }
    return b;
  }

  static byte[] compress(CompressionCodec codec, byte[] plain) {
    try (Compressor c = Codecs.compressor(codec)) {
      GrowableByteArray out = new GrowableByteArray();
      c.compress(plain, 0, plain.length, out);
      return out.toByteArray();
    }
  }

  /** Records the source offset (within the chunk) of every page it is asked to decompress. */
  static final class CountingDecompressor implements Decompressor {
    final List<Integer> calls = new ArrayList<>();
    private final Decompressor real;
    boolean closed;

    CountingDecompressor(CompressionCodec codec) {
      this.real = Codecs.decompressor(codec);
    }

    @Override
    public CompressionCodec codec() {
      return real.codec();
    }

    @Override
    public int decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int len) {
      calls.add(srcOff);
      return real.decompress(src, srcOff, srcLen, dst, dstOff, len);
    }

    @Override
    public void close() {
      closed = true;
      real.close();
    }
  }
}
