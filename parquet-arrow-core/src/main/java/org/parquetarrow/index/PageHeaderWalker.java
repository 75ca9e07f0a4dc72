package org.parquetarrow.index;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;
import org.parquetarrow.io.ColumnChunkBytes;
import org.parquetarrow.io.ColumnChunkFetcher;
import org.parquetarrow.io.ColumnChunkRange;
import org.parquetarrow.io.InputFile;

/**
 * Lists the page headers of one column chunk without decompressing a page: each header is parsed
 * (decrypted first in an encrypted column, with the data page ordinal in its AAD), its CRC checked
 * against the stored page bytes, and the page stepped over. Stops after the chunk's values or at
 * the end of its bytes. For inspecting a file (the CLI's {@code pages}); reading values goes
 * through the page reader.
 *
 * <pre>{@code
 * ColumnChunkRange range = ColumnChunkRange.of(chunk.metaData(), file.length(), WriterVersion.parse(md.createdBy()));
 * for (StoredPageHeader page : PageHeaderWalker.walk(file, chunk, range, null)) {
 *   boolean damaged = Boolean.FALSE.equals(page.crcMatches());
 * }
 * }</pre>
 */
public final class PageHeaderWalker {
  private PageHeaderWalker() {}

  /**
   * The page headers of {@code chunk}, whose pages lie in {@code range}.
   *
   * @param decryptor the column's decryptor, {@code null} for a plaintext column
   * @throws CorruptFileException (located at the page and its offset) if the chunk has no metadata,
   *     a header does not parse or lacks the fields of its type, or a page runs past the chunk
   * @throws org.parquetarrow.ParquetCryptoException if a header does not authenticate
   * @throws org.parquetarrow.ParquetIOException if the file cannot be read
   */
  public static List<StoredPageHeader> walk(InputFile file, ColumnChunk chunk, ColumnChunkRange range,
      ColumnDecryptor decryptor) {
    ColumnMetaData meta = chunk.metaData();
    if (meta == null) {
      throw new CorruptFileException("column chunk has no metadata");
    }
    ColumnChunkBytes bytes = ColumnChunkFetcher.fetch(file, range);
    ByteBuffer in = ByteBuffer.wrap(bytes.array(), bytes.arrayOffset(), bytes.length()).slice();
    boolean hasDictionary = meta.dictionaryPageOffset() != null && meta.dictionaryPageOffset() > 0;
    List<StoredPageHeader> pages = new ArrayList<>();
    long values = 0;
    int dataPages = 0;
    CRC32 crc = new CRC32();
    while (in.hasRemaining() && values < meta.numValues()) {
      int start = in.position();
      long offset = range.offset() + start;
      ErrorLocation at = ErrorLocation.UNKNOWN.withPage(pages.size()).withOffset(offset);
      boolean dictionary = pages.isEmpty() && hasDictionary;
      PageHeader h;
      try {
        h = decryptor == null ? MetadataReader.readPageHeader(in) : MetadataReader.readPageHeader(decryptor.decrypt(
            dictionary ? ModuleType.DICTIONARY_PAGE_HEADER : ModuleType.DATA_PAGE_HEADER, in, dataPages));
      } catch (ParquetException e) {
        throw e.locate(at);
      }
      int headerBytes = in.position() - start;
      int size = h.compressedPageSize();
      if (size < 0 || size > in.remaining()) {
        throw new CorruptFileException("page of " + size + " bytes does not fit in the " + in.remaining()
            + " bytes left in the chunk", at, null);
      }
      Boolean crcMatches = null;
      if (h.crc() != null) {
        crc.reset();
        crc.update(in.duplicate().limit(in.position() + size));
        crcMatches = (int) crc.getValue() == h.crc();
      }
      in.position(in.position() + size);
      int pageValues = checkedValues(h, at);
      pages.add(new StoredPageHeader(pages.size(), offset, headerBytes, h, crcMatches));
      if (h.type() == PageType.DATA_PAGE || h.type() == PageType.DATA_PAGE_V2) {
        values += pageValues;
        dataPages++;
      }
    }
    return pages;
  }

  /** The header's value count, checked to be there (data and dictionary pages) and not negative. */
  private static int checkedValues(PageHeader h, ErrorLocation at) {
    if ((h.type() == PageType.DATA_PAGE && h.dataPageHeader() == null)
        || (h.type() == PageType.DATA_PAGE_V2 && h.dataPageHeaderV2() == null)
        || (h.type() == PageType.DICTIONARY_PAGE && h.dictionaryPageHeader() == null)) {
      throw new CorruptFileException(h.type() + " header without its " + h.type() + " fields", at, null);
    }
    int n = numValues(h);
    if (isValuePage(h.type()) && n < 0) {
      throw new CorruptFileException("negative value count " + n + " in a " + h.type() + " header", at, null);
    }
    return n;
  }

  private static boolean isValuePage(PageType type) {
    return type == PageType.DATA_PAGE || type == PageType.DATA_PAGE_V2 || type == PageType.DICTIONARY_PAGE;
  }

  static int numValues(PageHeader h) {
    if (h.type() == PageType.DATA_PAGE && h.dataPageHeader() != null) {
      return h.dataPageHeader().numValues();
    } else if (h.type() == PageType.DATA_PAGE_V2 && h.dataPageHeaderV2() != null) {
      return h.dataPageHeaderV2().numValues();
    } else if (h.type() == PageType.DICTIONARY_PAGE && h.dictionaryPageHeader() != null) {
      return h.dictionaryPageHeader().numValues();
    }
    return -1;
  }
}
