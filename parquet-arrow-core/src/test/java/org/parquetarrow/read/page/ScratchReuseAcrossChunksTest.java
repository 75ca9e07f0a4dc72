package org.parquetarrow.read.page;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.DataPageHeader;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;

/**
 * A chunk's decompression buffers serve the chunks read after it (issue 18), in every read-ahead
 * mode, and never while a page of the caller's may lie in them: a reader closed early keeps its
 * caller's page intact while other chunks are read. Pages are made by hand; their values are
 * worked out here.
 */
class ScratchReuseAcrossChunksTest {
  private static final List<PageReadOptions> MODES = List.of(
      PageReadOptions.DEFAULT,
      PageReadOptions.DEFAULT.withReadAhead(PageReadAhead.NEXT_PAGE),
      PageReadOptions.DEFAULT.withReadAhead(PageReadAhead.OFF));

  @Test
  void theNextChunkDecompressesIntoTheBuffersOfTheChunkBefore() {
    for (PageReadOptions mode : MODES) {
      RetainedScratch kept = new RetainedScratch(1 << 20, 32);
      Set<byte[]> first = identities();
      try (ColumnChunkPageReader r = reader(chunk(10, 1000, 0), mode, kept)) {
        readAll(r, 0, 10, 1000, first);
      }
      assertTrue(kept.retainedBuffers() > 0, mode.readAhead() + ": the buffers were kept");
      List<byte[]> second = new java.util.ArrayList<>();
      try (ColumnChunkPageReader r = reader(chunk(10, 1000, 50_000), mode, kept)) {
        Set<byte[]> seen = identities();
        readAll(r, 50_000, 10, 1000, seen, second);
      }
      // the second chunk's first page lies in a buffer of the first chunk (before issue 18 every
      // chunk allocated its own); later pages may need one more when more pages happen to be
      // made ahead at once than in the first chunk
      assertTrue(first.contains(second.get(0)), mode.readAhead() + ": the first page's buffer is new");
      if (mode.readAhead() == PageReadAhead.OFF) {
        assertTrue(first.containsAll(second), "in line: the one buffer serves both chunks");
      }
    }
  }

  @Test
  void aReaderClosedMidChunkKeepsItsCallersPageOutOfReuse() {
    for (PageReadOptions mode : MODES) {
      RetainedScratch kept = new RetainedScratch(1 << 20, 32);
      DataPage held;
      ColumnChunkPageReader early = reader(chunk(10, 1000, 0), mode, kept);
      assertInstanceOf(DictionaryPage.class, early.next());
      early.next();
      held = (DataPage) early.next(); // the caller still looks at this one after the close
      early.close();
      byte[] heldArray = held.values().array();
      // other chunks take every kept buffer and write their pages over them
      for (int c = 0; c < 3; c++) {
        try (ColumnChunkPageReader r = reader(chunk(10, 1000, 100_000 * (c + 1)), mode, kept)) {
          Set<byte[]> used = identities();
          readAll(r, 100_000 * (c + 1), 10, 1000, used);
          assertFalse(used.contains(heldArray), mode.readAhead() + ": the held page's buffer was reused");
        }
      }
      assertArrayEquals(PageReadAheadTest.ints(1000, 1000), held.values().toByteArray(),
          mode.readAhead() + ": the page held at close was overwritten");
    }
  }

  @Test
  void chunksReadInTurnShareTheKeptBuffersWithoutMixingPages() {
    for (PageReadOptions mode : MODES) {
      RetainedScratch kept = new RetainedScratch(1 << 20, 4);
      for (int round = 0; round < 5; round++) {
        ColumnChunkPageReader a = reader(chunk(8, 700 + round, 0), mode, kept);
        ColumnChunkPageReader b = reader(chunk(8, 900 - round, 1_000_000), mode, kept);
        try (a; b) {
          a.next();
          b.next();
          for (int page = 0; page < 8; page++) {
            DataPage pa = (DataPage) a.next();
            DataPage pb = (DataPage) b.next();
            assertArrayEquals(PageReadAheadTest.ints((700 + round) * page, 700 + round), pa.values().toByteArray());
            assertArrayEquals(PageReadAheadTest.ints(1_000_000 + (900 - round) * page, 900 - round),
                pb.values().toByteArray());
          }
          assertNull(a.next());
          assertNull(b.next());
        }
      }
    }
  }

  private static Set<byte[]> identities() {
    return Collections.newSetFromMap(new IdentityHashMap<>());
  }

  private static void readAll(ColumnChunkPageReader r, int first, int pages, int perPage, Set<byte[]> arrays) {
    readAll(r, first, pages, perPage, arrays, new java.util.ArrayList<>());
  }

  private static void readAll(ColumnChunkPageReader r, int first, int pages, int perPage, Set<byte[]> arrays,
      List<byte[]> inOrder) {
    assertInstanceOf(DictionaryPage.class, r.next());
    for (int page = 0; page < pages; page++) {
      DataPage p = assertInstanceOf(DataPage.class, r.next());
      assertArrayEquals(PageReadAheadTest.ints(first + perPage * page, perPage), p.values().toByteArray());
      arrays.add(p.values().array());
      inOrder.add(p.values().array());
    }
    assertNull(r.next());
    assertEquals(pages, r.pagesRead() - 1);
  }

  private static ColumnChunkPageReader reader(Chunk c, PageReadOptions options, RetainedScratch kept) {
    return ColumnChunkPageReader.builder(c.pages().chunkBytes(), HandMadeChunk.chunk(CompressionCodec.SNAPPY, c.values()), 0, 0)
        .location(ErrorLocation.ofFile("hand-made.parquet"))
        .options(options)
        .retained(kept)
        .build();
  }

  /** A SNAPPY INT32 chunk: a dictionary page, then {@code pages} PLAIN v1 pages counting up from {@code first}. */
  private static Chunk chunk(int pages, int perPage, int first) {
    HandMadeChunk c = new HandMadeChunk();
    byte[] dict = PageReadAheadTest.ints(-1, 50);
    byte[] packedDict = HandMadeChunkTest.compress(CompressionCodec.SNAPPY, dict);
    c.page(HandMadeChunk.dictionary(50, dict.length, packedDict.length, null), packedDict);
    for (int i = 0; i < pages; i++) {
      byte[] values = PageReadAheadTest.ints(first + perPage * i, perPage);
      byte[] packed = HandMadeChunkTest.compress(CompressionCodec.SNAPPY, values);
      c.page(new PageHeader(PageType.DATA_PAGE, values.length, packed.length, null,
          new DataPageHeader(perPage, Encoding.PLAIN, Encoding.RLE, Encoding.RLE, null), null, null, null), packed);
    }
    return new Chunk(c, (long) pages * perPage);
  }

  private record Chunk(HandMadeChunk pages, long values) {}
}
