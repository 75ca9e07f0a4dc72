package org.parquetarrow.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.PageType;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.io.ColumnChunkRange;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.testing.TestData;

/**
 * Page headers of corpus files, against what parquet-testing's CATALOG states of them:
 * {@code int32_with_null_pages} holds 1000 values in 10 v1 pages, each with a CRC.
 */
class PageHeaderWalkerTest {
  @Test
  void everyPageOfAChunkIsListedWithItsCrcChecked() throws IOException {
    try (LocalInputFile in = LocalInputFile.open(TestData.parquetTesting().resolve("data/int32_with_null_pages.parquet"))) {
      FileMetaData md = ParquetFooter.read(in).metadata();
      ColumnChunk chunk = md.rowGroups().get(0).columns().get(0);
      ColumnChunkRange range = ColumnChunkRange.of(chunk.metaData(), in.length(), WriterVersion.parse(md.createdBy()));
      List<StoredPageHeader> pages = PageHeaderWalker.walk(in, chunk, range, null);
      assertEquals(10, pages.size());
      long values = 0;
      for (int i = 0; i < pages.size(); i++) {
        StoredPageHeader p = pages.get(i);
        assertEquals(i, p.ordinal());
        assertEquals(PageType.DATA_PAGE, p.header().type());
        assertEquals(Boolean.TRUE, p.crcMatches(), "page " + i);
        values += p.numValues();
      }
      assertEquals(1000, values);
      assertEquals(range.offset(), pages.get(0).offset());
    }
  }
}
