package org.parquetarrow.cli;

import java.util.ArrayList;
import java.util.List;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.index.PageHeaderWalker;
import org.parquetarrow.index.StoredPageHeader;
import org.parquetarrow.io.ColumnChunkRange;
import org.parquetarrow.format.WriterVersion;

/**
 * The page headers of one column chunk for {@code pages}, walked by the core's {@link
 * PageHeaderWalker} (no page decompressed, CRCs checked), with the
 * command-line hint for an encrypted column given without its key.
 */
final class ChunkPages {
  private ChunkPages() {}

  static List<PageInfo> walk(OpenedParquet p, int rowGroup, int column) {
    ColumnChunk chunk = p.chunk(rowGroup, column);
    String path = p.schema.column(column).dottedPath();
    ErrorLocation where = ErrorLocation.ofFile(p.file.name()).withRowGroup(rowGroup).withColumn(path);
    try {
      return walk(p, chunk, rowGroup, column, path);
    } catch (ParquetException e) {
      throw e.locate(where);
    }
  }

  private static List<PageInfo> walk(OpenedParquet p, ColumnChunk chunk, int rowGroup, int column, String path) {
    ColumnMetaData meta = chunk.metaData();
    ColumnDecryptor cd = null;
    if (chunk.cryptoMetadata() != null) {
      if (p.footer.decryptor() == null || meta == null) {
        throw new ParquetCryptoException("column " + path + " is encrypted; give its key with --column-key"
            + " (or --footer-key if it uses the footer key)");
      }
      cd = p.footer.decryptor().columnDecryptor(p.metadata, rowGroup, column);
    }
    ColumnChunkRange range = meta == null ? null
        : ColumnChunkRange.of(meta, p.length, WriterVersion.parse(p.metadata.createdBy()));
    List<PageInfo> pages = new ArrayList<>();
    for (StoredPageHeader h : PageHeaderWalker.walk(p.file, chunk, range, cd)) {
      pages.add(info(h, rowGroup, path));
    }
    return pages;
  }

  private static PageInfo info(StoredPageHeader stored, int rowGroup, String path) {
    PageHeader h = stored.header();
    Encoding encoding = null;
    int nulls = -1;
    int rows = -1;
    Statistics stats = null;
    if (h.type() == PageType.DATA_PAGE) {
      encoding = h.dataPageHeader().encoding();
      stats = h.dataPageHeader().statistics();
    } else if (h.type() == PageType.DATA_PAGE_V2) {
      encoding = h.dataPageHeaderV2().encoding();
      nulls = h.dataPageHeaderV2().numNulls();
      rows = h.dataPageHeaderV2().numRows();
      stats = h.dataPageHeaderV2().statistics();
    } else if (h.type() == PageType.DICTIONARY_PAGE) {
      encoding = h.dictionaryPageHeader().encoding();
    }
    return new PageInfo(rowGroup, path, stored.ordinal(), stored.offset(), stored.headerBytes(), h.type(), encoding,
        h.uncompressedPageSize(), h.compressedPageSize(), stored.numValues(), nulls, rows, h.crc(),
        stored.crcMatches(), stats);
  }
}
