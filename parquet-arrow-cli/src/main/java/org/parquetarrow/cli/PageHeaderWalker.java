package org.parquetarrow.cli;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.io.ColumnChunkBytes;
import org.parquetarrow.io.ColumnChunkFetcher;
import org.parquetarrow.io.ColumnChunkRange;

/**
 * Lists the page headers of one column chunk without decompressing a page: each header is parsed
 * (decrypted first in encrypted columns), its CRC checked against the stored page bytes, and the
 * page stepped over. Stops after the chunk's values or at the end of its bytes.
 */
final class PageHeaderWalker {
  private PageHeaderWalker() {}

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
    if (meta == null) {
      throw new CorruptFileException("column chunk has no metadata");
    }
    ColumnChunkRange range = ColumnChunkRange.of(meta, p.length, WriterVersion.parse(p.metadata.createdBy()));
    ColumnChunkBytes bytes = ColumnChunkFetcher.fetch(p.file, range);
    ByteBuffer in = ByteBuffer.wrap(bytes.array(), bytes.arrayOffset(), bytes.length()).slice();
    boolean hasDictionary = meta.dictionaryPageOffset() != null && meta.dictionaryPageOffset() > 0;
    List<PageInfo> pages = new ArrayList<>();
    long values = 0;
    int dataPages = 0;
    CRC32 crc = new CRC32();
    while (in.hasRemaining() && values < meta.numValues()) {
      int start = in.position();
      long offset = range.offset() + start;
      boolean dictionary = pages.isEmpty() && hasDictionary;
      PageHeader h;
      try {
        h = cd == null ? MetadataReader.readPageHeader(in) : MetadataReader.readPageHeader(cd.decrypt(
            dictionary ? ModuleType.DICTIONARY_PAGE_HEADER : ModuleType.DATA_PAGE_HEADER, in, dataPages));
      } catch (ParquetException e) {
        throw e.locate(ErrorLocation.UNKNOWN.withPage(pages.size()).withOffset(offset));
      }
      int headerBytes = in.position() - start;
      int size = h.compressedPageSize();
      if (size < 0 || size > in.remaining()) {
        throw new CorruptFileException("page of " + size + " bytes does not fit in the " + in.remaining()
            + " bytes left in the chunk", ErrorLocation.UNKNOWN.withPage(pages.size()).withOffset(offset), null);
      }
      Boolean crcMatches = null;
      if (h.crc() != null) {
        crc.reset();
        crc.update(in.duplicate().limit(in.position() + size));
        crcMatches = (int) crc.getValue() == h.crc();
      }
      in.position(in.position() + size);
      pages.add(info(h, rowGroup, path, pages.size(), offset, headerBytes, crcMatches));
      if (h.type() == PageType.DATA_PAGE || h.type() == PageType.DATA_PAGE_V2) {
        values += pages.get(pages.size() - 1).numValues();
        dataPages++;
      }
    }
    return pages;
  }

  private static PageInfo info(PageHeader h, int rowGroup, String path, int ordinal, long offset,
      int headerBytes, Boolean crcMatches) {
    Encoding encoding = null;
    int values = -1;
    int nulls = -1;
    int rows = -1;
    Statistics stats = null;
    if (h.dataPageHeader() != null && h.type() == PageType.DATA_PAGE) {
      encoding = h.dataPageHeader().encoding();
      values = h.dataPageHeader().numValues();
      stats = h.dataPageHeader().statistics();
    } else if (h.dataPageHeaderV2() != null && h.type() == PageType.DATA_PAGE_V2) {
      encoding = h.dataPageHeaderV2().encoding();
      values = h.dataPageHeaderV2().numValues();
      nulls = h.dataPageHeaderV2().numNulls();
      rows = h.dataPageHeaderV2().numRows();
      stats = h.dataPageHeaderV2().statistics();
    } else if (h.dictionaryPageHeader() != null && h.type() == PageType.DICTIONARY_PAGE) {
      encoding = h.dictionaryPageHeader().encoding();
      values = h.dictionaryPageHeader().numValues();
    } else if (h.type() == PageType.DATA_PAGE || h.type() == PageType.DATA_PAGE_V2
        || h.type() == PageType.DICTIONARY_PAGE) {
      throw new CorruptFileException(h.type() + " header without its " + h.type() + " fields");
    }
    if (encoding != null && values < 0) {
      throw new CorruptFileException("negative value count " + values + " in a " + h.type() + " header");
    }
    return new PageInfo(rowGroup, path, ordinal, offset, headerBytes, h.type(), encoding,
        h.uncompressedPageSize(), h.compressedPageSize(), values, nulls, rows, h.crc(), crcMatches, stats);
  }
}
