package org.parquetarrow.read.page;

import org.parquetarrow.index.OffsetIndexReader;
import org.parquetarrow.io.RangeCoalescer;
import org.parquetarrow.io.ColumnChunkFetcher;
import org.parquetarrow.io.ColumnChunkBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.testing.TestData;

/**
 * The 137 reproducers of Arrow C++'s fuzzer (each once a crash, hang or memory blow-up there):
 * every page of every chunk is read with offset indexes where present. Only {@link
 * ParquetException}s may come out — anything else fails the test — each within seconds, and those
 * raised by the page layer must be located at file, row group, column and (while walking pages)
 * page.
 *
 * <p>The footer is parsed from the file's tail alone: Arrow C++ does not check the head magic, so
 * many reproducers have a broken one yet were meant to reach the pages.
 */
class FuzzCorpusTest {
  private static final Duration PER_FILE = Duration.ofSeconds(10);

  private int filesWithFooter;
  private int chunksWalked;
  private long pagesRead;

  @Test
  void everyReproducerReadsOrFailsTyped() throws IOException {
    List<Path> files = TestData.filesUnder(TestData.arrowTesting().resolve("data/parquet/fuzzing"));
    assertEquals(137, files.size());
    for (Path file : files) {
      byte[] bytes = Files.readAllBytes(file);
      assertTimeoutPreemptively(PER_FILE, () -> walk(file.toString(), bytes), file::toString);
    }
    // not expectations about the files, only proof that the walk got past the footers
    assertTrue(filesWithFooter >= 40, "footers parsed: " + filesWithFooter);
    assertTrue(chunksWalked >= 100, "chunks walked: " + chunksWalked);
    assertTrue(pagesRead >= 200, "pages read: " + pagesRead);
  }

  private void walk(String name, byte[] bytes) {
    FileMetaData md;
    try {
      md = tailFooter(bytes);
    } catch (ParquetException e) {
      return; // the footer layer's business
    }
    if (md == null) {
      return;
    }
    filesWithFooter++;
    InputFile in = new ByteBufferInputFile(name, bytes);
    WriterVersion writer = WriterVersion.parse(md.createdBy());
    for (int g = 0; g < md.rowGroups().size(); g++) {
      RowGroup group = md.rowGroups().get(g);
      int[][] levels = LeafLevels.of(md.schema(), group.columns().size());
      for (int c = 0; c < group.columns().size(); c++) {
        walkChunk(in, md, writer, g, c, levels[c]);
      }
    }
  }

  private void walkChunk(
      InputFile in, FileMetaData md, WriterVersion writer, int g, int c, int[] levels) {
    ColumnChunk chunk = md.rowGroups().get(g).columns().get(c);
    ColumnChunkBytes bytes;
    try {
      bytes =
          ColumnChunkFetcher.fetchRowGroup(in, md, g, new int[] {c}, RangeCoalescer.DEFAULT).get(0);
    } catch (ParquetException e) {
      assertLocated(e, in.name(), g, false);
      return;
    }
    OffsetIndex index;
    try {
      index = OffsetIndexReader.read(in, chunk);
    } catch (ParquetException e) {
      assertEquals(in.name(), e.location().file(), e::getMessage);
      assertNotNull(e.location().column(), e::getMessage);
      index = null;
    }
    ColumnChunkPageReader pages;
    try {
      pages =
          ColumnChunkPageReader.builder(bytes, chunk, levels[0], levels[1])
              .location(ErrorLocation.ofFile(in.name()).withRowGroup(g))
              .writerVersion(writer)
              .offsetIndex(index, Math.max(0, md.rowGroups().get(g).numRows()))
              .build();
    } catch (ParquetException e) {
      assertLocated(e, in.name(), g, false);
      return;
    }
    chunksWalked++;
    try (pages) {
      for (Page p = pages.next(); p != null; p = pages.next()) {
        pagesRead++;
      }
    } catch (ParquetException e) {
      assertLocated(e, in.name(), g, true);
    }
  }

  private static void assertLocated(ParquetException e, String file, int rowGroup, boolean page) {
    ErrorLocation at = e.location();
    assertEquals(file, at.file(), e::getMessage);
    assertEquals(rowGroup, at.rowGroup(), e::getMessage);
    assertNotNull(at.column(), e::getMessage);
    if (page) {
      assertTrue(at.page() >= 0, e::getMessage);
      assertTrue(at.offset() >= 0, e::getMessage);
    }
  }

  /** The footer found from the tail alone, or {@code null} when there is no plaintext footer. */
  private static FileMetaData tailFooter(byte[] bytes) {
    int n = bytes.length;
    if (n < 12
        || bytes[n - 4] != 'P'
        || bytes[n - 3] != 'A'
        || bytes[n - 2] != 'R'
        || bytes[n - 1] != '1') {
      return null;
    }
    int length = ByteBuffer.wrap(bytes, n - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    if (length <= 0 || length > n - 8) {
      return null;
    }
    return MetadataReader.readFileMetaData(ByteBuffer.wrap(bytes, n - 8 - length, length));
  }
}
