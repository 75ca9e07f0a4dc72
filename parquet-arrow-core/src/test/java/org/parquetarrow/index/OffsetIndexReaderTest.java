package org.parquetarrow.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageLocation;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.TestData;

class OffsetIndexReaderTest {

  @Test
  void chunksWithoutAnIndexGiveNull() throws IOException {
    try (LocalInputFile in = open("alltypes_plain.parquet")) {
      for (ColumnChunk c : ParquetFooter.read(in).metadata().rowGroups().get(0).columns()) {
        assertNull(OffsetIndexReader.read(in, c));
      }
    }
  }

  /** The catalog counts 5,794 v1 data pages in alltypes_tiny_pages and 5,713 in its PLAIN twin. */
  @Test
  void tinyPagesIndexesListEveryDataPage() throws IOException {
    assertEquals(5_794, listedPages("alltypes_tiny_pages.parquet"));
    assertEquals(5_713, listedPages("alltypes_tiny_pages_plain.parquet"));
  }

  private static int listedPages(String name) throws IOException {
    try (LocalInputFile in = open(name)) {
      FileMetaData md = ParquetFooter.read(in).metadata();
      int pages = 0;
      for (ColumnChunk c : md.rowGroups().get(0).columns()) {
        OffsetIndex index = OffsetIndexReader.read(in, c);
        PageLocation first = index.pageLocations().get(0);
        PageLocation last = index.pageLocations().get(index.pageLocations().size() - 1);
        assertEquals(0, first.firstRowIndex());
        assertTrue(last.firstRowIndex() < 7_300);
        long chunkEnd = c.metaData().dataPageOffset() + c.metaData().totalCompressedSize();
        assertTrue(last.offset() + last.compressedPageSize() <= chunkEnd);
        pages += index.pageLocations().size();
      }
      return pages;
    }
  }

  @Test
  void indexesOutsideTheFileOrGarbledAreCorrupt() throws IOException {
    try (LocalInputFile in = open("alltypes_tiny_pages.parquet")) {
      ColumnChunk real = ParquetFooter.read(in).metadata().rowGroups().get(0).columns().get(0);
      long length = in.length();
      assertCorrupt(in, relocated(real, length - 5, 10), "does not fit");
      assertCorrupt(in, relocated(real, -1L, 10), "does not fit");
      assertCorrupt(in, relocated(real, 100L, 0), "does not fit");
      assertCorrupt(in, relocated(real, 100L, -7), "does not fit");
      // the head of the file is no offset index
      CorruptFileException e =
          assertThrows(
              CorruptFileException.class,
              () -> OffsetIndexReader.read(in, relocated(real, 0L, 40)));
      assertEquals(in.name(), e.location().file());
      // half of it present: offset but no length
      assertNull(OffsetIndexReader.read(in, relocated(real, real.offsetIndexOffset(), null)));
    }
  }

  private static void assertCorrupt(LocalInputFile in, ColumnChunk chunk, String message) {
    CorruptFileException e =
        assertThrows(CorruptFileException.class, () -> OffsetIndexReader.read(in, chunk));
    assertTrue(e.problem().contains(message), e::getMessage);
    assertEquals(in.name(), e.location().file());
    assertEquals("id", e.location().column());
  }

  private static ColumnChunk relocated(ColumnChunk c, Long offset, Integer length) {
    return new ColumnChunk(
        c.filePath(),
        c.fileOffset(),
        c.metaData(),
        offset,
        length,
        c.columnIndexOffset(),
        c.columnIndexLength(),
        c.cryptoMetadata(),
        c.encryptedColumnMetadata());
  }

  private static LocalInputFile open(String name) throws IOException {
    Path p = TestData.parquetTesting().resolve("data").resolve(name);
    return LocalInputFile.open(p);
  }
}
