package org.parquetarrow.read.page;

import org.parquetarrow.index.OffsetIndexReader;
import org.parquetarrow.io.RangeCoalescer;
import org.parquetarrow.io.ColumnChunkFetcher;
import org.parquetarrow.io.ColumnChunkBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;

/**
 * Test-only: reads every page of every column chunk of a corpus file, each chunk on its own (a
 * failing chunk does not hide the others), and checks every page against its header as libthrift
 * reads it: same type, and sections that add up to exactly the header's uncompressed size.
 */
final class ChunkWalker {

  /** What one walk saw. */
  static final class Tally {
    int v1;
    int v2;
    int dictionary;
    long skipped;
    long checksums;
    final List<ParquetException> failures = new ArrayList<>();

    @Override
    public String toString() {
      return v1
          + " v1 + "
          + v2
          + " v2 + "
          + dictionary
          + " dict, "
          + skipped
          + " skipped, "
          + checksums
          + " CRCs, failures "
          + failures;
    }
  }

  private ChunkWalker() {}

  static Tally walk(Path path, PageReadOptions options, boolean useOffsetIndex) {
    try (LocalInputFile in = LocalInputFile.open(path)) {
      byte[] file = Files.readAllBytes(path);
      FileMetaData md = ParquetFooter.read(in).metadata();
      WriterVersion writer = WriterVersion.parse(md.createdBy());
      Tally tally = new Tally();
      for (int g = 0; g < md.rowGroups().size(); g++) {
        RowGroup group = md.rowGroups().get(g);
        int[][] levels = LeafLevels.of(md.schema(), group.columns().size());
        for (int c = 0; c < group.columns().size(); c++) {
          try {
            walkChunk(in, file, md, writer, g, c, levels[c], options, useOffsetIndex, tally);
          } catch (ParquetException e) {
            tally.failures.add(e);
          }
        }
      }
      return tally;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void walkChunk(
      LocalInputFile in,
      byte[] file,
      FileMetaData md,
      WriterVersion writer,
      int g,
      int c,
      int[] levels,
      PageReadOptions options,
      boolean useOffsetIndex,
      Tally tally) {
    RowGroup group = md.rowGroups().get(g);
    ColumnChunk chunk = group.columns().get(c);
    ColumnChunkBytes bytes =
        ColumnChunkFetcher.fetchRowGroup(in, md, g, new int[] {c}, RangeCoalescer.DEFAULT).get(0);
    OffsetIndex index = useOffsetIndex ? OffsetIndexReader.read(in, chunk) : null;
    try (ColumnChunkPageReader pages =
        ColumnChunkPageReader.builder(bytes, chunk, levels[0], levels[1])
            .location(ErrorLocation.ofFile(in.name()).withRowGroup(g))
            .writerVersion(writer)
            .options(options)
            .offsetIndex(index, group.numRows())
            .build()) {
      int lastOrdinal = -1;
      try {
        for (Page page = pages.next(); page != null; page = pages.next()) {
          assertTrue(page.ordinal() > lastOrdinal, "ordinals increase");
          lastOrdinal = page.ordinal();
          check(page, IndependentHeader.at(file, page.fileOffset()), levels, path(in, g, c));
          if (page instanceof DictionaryPage) {
            tally.dictionary++;
          } else if (((DataPage) page).isV2()) {
            tally.v2++;
          } else {
            tally.v1++;
          }
        }
      } finally {
        tally.skipped += pages.pagesSkipped();
        tally.checksums += pages.checksumsVerified();
      }
    }
  }

  private static void check(Page page, IndependentHeader h, int[] levels, String where) {
    if (page instanceof DictionaryPage d) {
      assertEquals(2, h.type(), where);
      assertEquals(h.uncompressed(), d.data().length(), where);
      return;
    }
    DataPage d = (DataPage) page;
    assertEquals(d.isV2() ? 3 : 0, h.type(), where);
    long total =
        d.repetitionLevels().length() + d.definitionLevels().length() + d.values().length();
    if (!d.isV2()) {
      // v1 RLE level sections lose their 4-byte length prefix on the way out
      total +=
          prefix(levels[1], d.repetitionLevelEncoding())
              + prefix(levels[0], d.definitionLevelEncoding());
    }
    assertEquals(h.uncompressed(), total, () -> where + " page " + d.ordinal() + ": " + d);
  }

  private static int prefix(int maxLevel, Encoding encoding) {
    return maxLevel > 0 && encoding == Encoding.RLE ? 4 : 0;
  }

  private static String path(LocalInputFile in, int g, int c) {
    return in.name() + " row group " + g + " column " + c;
  }
}
