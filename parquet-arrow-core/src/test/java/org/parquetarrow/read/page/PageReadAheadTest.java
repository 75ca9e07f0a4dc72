package org.parquetarrow.read.page;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.parquetarrow.ChecksumException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.DataPageHeader;
import org.parquetarrow.format.DataPageHeaderV2;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;

/**
 * Pages prepared on a helper thread ({@link PageReadAhead#SEVERAL_PAGES}, the default, and {@link
 * PageReadAhead#NEXT_PAGE}) must be invisible: same pages and bytes as reading in line, a page's
 * sections intact while the pages after it are decompressed, errors thrown by the call that asks
 * for the bad page, counters counting only pages handed out. Pages are made by hand (their values
 * worked out here, not read back).
 */
class PageReadAheadTest {
  private static final PageReadOptions AHEAD = PageReadOptions.DEFAULT;
  private static final PageReadOptions NEXT = PageReadOptions.DEFAULT.withReadAhead(PageReadAhead.NEXT_PAGE);
  private static final PageReadOptions IN_LINE = PageReadOptions.DEFAULT.withReadAhead(PageReadAhead.OFF);

  @Test
  void theDefaultPreparesSeveralPagesAhead() {
    assertEquals(PageReadAhead.SEVERAL_PAGES, PageReadOptions.DEFAULT.readAhead());
    assertEquals(PageReadOptions.DEFAULT_AHEAD_BYTES, PageReadOptions.DEFAULT.aheadBytes());
    assertEquals(PageReadAhead.SEVERAL_PAGES, new PageReadOptions(true, 1 << 20).readAhead());
    assertEquals(PageReadAhead.OFF, IN_LINE.readAhead());
    assertEquals(PageReadOptions.DEFAULT_AHEAD_BYTES, IN_LINE.aheadBytes(), "kept through withReadAhead");
    assertEquals(77, AHEAD.withAheadBytes(77).withReadAhead(PageReadAhead.NEXT_PAGE).aheadBytes());
    assertThrows(NullPointerException.class, () -> PageReadOptions.DEFAULT.withReadAhead(null));
    assertThrows(IllegalArgumentException.class, () -> PageReadOptions.DEFAULT.withAheadBytes(-1));
  }

  @Test
  void severalPagesWaitAheadAndEachPageKeepsItsBytesMeanwhile() throws Exception {
    for (CompressionCodec codec : List.of(CompressionCodec.SNAPPY, CompressionCodec.ZSTD, CompressionCodec.GZIP)) {
      for (boolean v2 : new boolean[] {false, true}) {
        Chunk c = chunk(codec, v2, 20, 1000, null);
        try (ColumnChunkPageReader r = reader(c, AHEAD)) {
          r.next();
          for (int page = 0; page < 20; page++) {
            DataPage p = assertInstanceOf(DataPage.class, r.next(), codec + " v2 " + v2);
            // the helper fills what may wait behind this page: eight pages (the cap; 4,000 bytes
            // each, far under the byte budget), fewer near the chunk's end (the end counts as one)
            int expected = Math.min(ColumnChunkPageReader.MAX_PAGES_AHEAD, 20 - page);
            awaitWaiting(r, expected);
            assertArrayEquals(ints(1000 * page, 1000), p.values().toByteArray(), codec + " v2 " + v2 + " page " + page);
            assertEquals(page + 1, p.ordinal());
          }
          assertNull(r.next());
          assertNull(r.next());
        }
      }
    }
  }

  @Test
  void theByteBudgetBoundsThePagesWaitingBeyondTheNextOne() throws Exception {
    Chunk c = chunk(CompressionCodec.SNAPPY, false, 12, 1000, null);
    // pages of 4,000 bytes: below 10,000 bytes waiting, a third page is still made, then none
    try (ColumnChunkPageReader r = reader(c, AHEAD.withAheadBytes(10_000))) {
      r.next();
      DataPage first = (DataPage) r.next();
      awaitWaiting(r, 3);
      Thread.sleep(50);
      assertEquals(3, r.pagesWaiting(), "no fourth page past the budget");
      assertArrayEquals(ints(0, 1000), first.values().toByteArray());
    }
    // no budget: only the next page, as NEXT_PAGE
    for (PageReadOptions onlyNext : List.of(AHEAD.withAheadBytes(0), NEXT)) {
      try (ColumnChunkPageReader r = reader(c, onlyNext)) {
        r.next();
        r.next();
        awaitWaiting(r, 1);
        Thread.sleep(50);
        assertEquals(1, r.pagesWaiting(), onlyNext.toString());
      }
    }
  }

  @Test
  void anUncompressedChunkHasOnlyTheNextPagePrepared() throws Exception {
    Chunk c = chunk(CompressionCodec.UNCOMPRESSED, false, 12, 1000, null);
    try (ColumnChunkPageReader r = reader(c, AHEAD)) {
      r.next();
      r.next();
      awaitWaiting(r, 1);
      Thread.sleep(50);
      assertEquals(1, r.pagesWaiting(), "nothing to decompress: no more than the next page");
    }
  }

  /** Waits (up to a minute: only a stalled helper takes long) until {@code n} pages wait. */
  private static void awaitWaiting(ColumnChunkPageReader r, int n) throws InterruptedException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (r.pagesWaiting() < n) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(r.pagesWaiting() + " pages made ahead, expected " + n);
      }
      Thread.sleep(1);
    }
    assertEquals(n, r.pagesWaiting());
  }

  @Test
  void aPageStaysIntactWhileTheNextIsDecompressedAhead() throws Exception {
    for (CompressionCodec codec : List.of(CompressionCodec.SNAPPY, CompressionCodec.ZSTD,
        CompressionCodec.GZIP, CompressionCodec.LZ4_RAW, CompressionCodec.UNCOMPRESSED)) {
      for (boolean v2 : new boolean[] {false, true}) {
        Chunk c = chunk(codec, v2, 12, 1000, null);
        try (ColumnChunkPageReader r = reader(c, AHEAD)) {
          DictionaryPage d = assertInstanceOf(DictionaryPage.class, r.next());
          assertArrayEquals(ints(-1, 50), d.data().toByteArray());
          for (int page = 0; page < 12; page++) {
            DataPage p = assertInstanceOf(DataPage.class, r.next(), codec + " v2 " + v2);
            // give the helper time to decompress the next page into the other buffer
            Thread.sleep(page < 3 ? 20 : 0);
            assertArrayEquals(ints(1000 * page, 1000), p.values().toByteArray(), codec + " page " + page);
            assertEquals(page + 1, p.ordinal());
            assertEquals(1000, p.numValues());
          }
          assertNull(r.next());
          assertNull(r.next());
        }
      }
    }
  }

  @Test
  void pagesAreTheSameWithAndWithoutReadAhead() {
    Chunk c = chunk(CompressionCodec.SNAPPY, false, 7, 333, null);
    List<byte[]> inLine = values(c, IN_LINE);
    assertEquals(8, inLine.size());
    for (PageReadOptions o : List.of(AHEAD, NEXT)) {
      List<byte[]> ahead = values(c, o);
      assertEquals(8, ahead.size());
      for (int i = 0; i < inLine.size(); i++) {
        assertArrayEquals(inLine.get(i), ahead.get(i), o + " page " + i);
      }
      assertArrayEquals(ints(333 * 6, 333), ahead.get(7));
    }
  }

  @Test
  void consecutivePagesAlternateBetweenTwoBuffersWithTheNextPageAhead() {
    Chunk c = chunk(CompressionCodec.SNAPPY, false, 4, 100, null);
    try (ColumnChunkPageReader r = reader(c, NEXT)) {
      r.next();
      byte[] a = ((DataPage) r.next()).values().array();
      byte[] b = ((DataPage) r.next()).values().array();
      byte[] a2 = ((DataPage) r.next()).values().array();
      assertNotSame(a, b);
      assertSame(a, a2);
    }
  }

  @Test
  void aBadPageFailsTheCallThatAsksForItNotTheOneBefore() throws Exception {
    Chunk c = chunk(CompressionCodec.SNAPPY, false, 5, 100, 3);
    try (ColumnChunkPageReader r = reader(c, AHEAD)) {
      r.next();
      for (int page = 0; page < 3; page++) {
        DataPage p = (DataPage) r.next();
        Thread.sleep(20); // page 3, prepared ahead meanwhile, is bad
        assertArrayEquals(ints(100 * page, 100), p.values().toByteArray());
      }
      ChecksumException e = assertThrows(ChecksumException.class, r::next);
      assertEquals(4, e.location().page());
      assertEquals(5, r.checksumsVerified(), "the dictionary's, three good pages' and the bad page's CRCs");
      IllegalStateException after = assertThrows(IllegalStateException.class, r::next);
      assertEquals("page reader failed on an earlier page", after.getMessage());
    }
  }

  @Test
  void countersCountOnlyThePagesHandedOut() throws Exception {
    Chunk c = chunk(CompressionCodec.SNAPPY, false, 6, 100, null);
    try (ColumnChunkPageReader r = reader(c, AHEAD)) {
      r.next();
      r.next();
      r.next();
      Thread.sleep(50); // the third data page is decompressed by now
      assertEquals(3, r.pagesRead());
      assertEquals(3, r.checksumsVerified());
      assertEquals(50 * 4 + 2 * 100 * 4, r.bytesDecompressed());
    }
  }

  @Test
  void closingWhileAPageIsPreparedAheadIsClean() {
    Chunk c = chunk(CompressionCodec.ZSTD, true, 20, 5000, null);
    for (int i = 0; i < 50; i++) {
      ColumnChunkPageReader r = reader(c, AHEAD);
      r.next();
      r.next(); // the next page is now being prepared
      r.close();
      r.close();
      assertThrows(IllegalStateException.class, r::next);
    }
  }

  @Test
  void readingOnlyTheDictionaryPagePreparesNothing() {
    Chunk c = chunk(CompressionCodec.SNAPPY, false, 3, 100, null);
    try (ColumnChunkPageReader r = reader(c, AHEAD)) {
      assertInstanceOf(DictionaryPage.class, r.next());
      assertEquals(50 * 4, r.bytesDecompressed());
    }
  }

  // ------------------------------------------------------------------ hand-made chunks

  private record Chunk(HandMadeChunk pages, CompressionCodec codec, long values) {}

  /** The values of every page: the dictionary's, then each data page's. */
  private static List<byte[]> values(Chunk c, PageReadOptions options) {
    List<byte[]> out = new ArrayList<>();
    try (ColumnChunkPageReader r = reader(c, options)) {
      for (Page p = r.next(); p != null; p = r.next()) {
        out.add(p instanceof DataPage d ? d.values().toByteArray() : ((DictionaryPage) p).data().toByteArray());
      }
    }
    return out;
  }

  private static ColumnChunkPageReader reader(Chunk c, PageReadOptions options) {
    return ColumnChunkPageReader.builder(
            c.pages().chunkBytes(), HandMadeChunk.chunk(c.codec(), c.values()), 0, 0)
        .location(ErrorLocation.ofFile("hand-made.parquet"))
        .options(options)
        .build();
  }

  /**
   * A required INT32 chunk: a dictionary page of 50 values (-1, 0, ...), then {@code pages} PLAIN
   * data pages of {@code perPage} values counting up from 0, each with its CRC; page {@code
   * badCrc} (or none) carries a wrong one.
   */
  private static Chunk chunk(CompressionCodec codec, boolean v2, int pages, int perPage, Integer badCrc) {
    HandMadeChunk c = new HandMadeChunk();
    byte[] dict = ints(-1, 50);
    byte[] packedDict = HandMadeChunkTest.compress(codec, dict);
    c.page(HandMadeChunk.dictionary(50, dict.length, packedDict.length, crc(packedDict)), packedDict);
    for (int i = 0; i < pages; i++) {
      byte[] values = ints(perPage * i, perPage);
      byte[] packed = HandMadeChunkTest.compress(codec, values);
      int crc = crc(packed) + (badCrc != null && badCrc == i ? 1 : 0);
      PageHeader h = v2
          ? new PageHeader(PageType.DATA_PAGE_V2, values.length, packed.length, crc, null, null, null,
              new DataPageHeaderV2(perPage, 0, perPage, Encoding.PLAIN, 0, 0,
                  codec != CompressionCodec.UNCOMPRESSED, null))
          : new PageHeader(PageType.DATA_PAGE, values.length, packed.length, crc,
              new DataPageHeader(perPage, Encoding.PLAIN, Encoding.RLE, Encoding.RLE, null), null, null, null);
      c.page(h, packed);
    }
    return new Chunk(c, codec, (long) pages * perPage);
  }

  private static int crc(byte[] b) {
    CRC32 c = new CRC32();
    c.update(b);
    return (int) c.getValue();
  }

  /** {@code count} little-endian INT32 values from {@code first} up. */
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
}
