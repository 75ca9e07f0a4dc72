package org.parquetarrow.stats;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.PageEncodingStats;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;
import org.parquetarrow.index.ModuleReader;
import org.parquetarrow.io.ColumnChunkBytes;
import org.parquetarrow.io.ColumnChunkRange;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.read.page.ColumnChunkPageReader;
import org.parquetarrow.read.page.DictionaryPage;
import org.parquetarrow.read.page.Page;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * Reads a column chunk's dictionary page alone, without its data pages: the header first, then
 * the page, decrypted, checked and decompressed by the page reader, its PLAIN values split apart.
 * When every data page of the chunk is dictionary-encoded ({@link #onlyDictionaryEncoded}), no
 * row holds a value outside these.
 *
 * <pre>{@code
 * ColumnChunk chunk = metadata.rowGroups().get(0).columns().get(column.ordinal());
 * if (DictionaryPageReader.onlyDictionaryEncoded(chunk.metaData())) {
 *   ChunkDictionary d = DictionaryPageReader.read(file, chunk, column, WriterVersion.parse(metadata.createdBy()),
 *       null, 8 << 20, ErrorLocation.ofFile(file.name()));
 *   int distinct = d.values().map(List::size).orElse(-1);
 * }
 * }</pre>
 */
public final class DictionaryPageReader {
  /** Room for a dictionary page header (which holds no statistics) at the start of a plaintext chunk. */
  private static final int HEADER_READ = 256;

  private static final Set<Encoding> DICTIONARY = EnumSet.of(Encoding.PLAIN_DICTIONARY, Encoding.RLE_DICTIONARY);
  private static final Set<Encoding> LEVELS = EnumSet.of(Encoding.RLE, Encoding.BIT_PACKED);

  private DictionaryPageReader() {}

  /**
   * Whether every data page of the chunk is dictionary-encoded, as parquet-java decides it: from
   * the page encoding stats when the chunk has them, else from its encodings list (where PLAIN
   * beside RLE_DICTIONARY may be a fallback page, so only the older PLAIN_DICTIONARY counts).
   */
  public static boolean onlyDictionaryEncoded(ColumnMetaData meta) {
    List<PageEncodingStats> stats = meta.encodingStats();
    if (stats != null && !stats.isEmpty()) {
      boolean any = false;
      for (PageEncodingStats s : stats) {
        if ((s.pageType() == PageType.DATA_PAGE || s.pageType() == PageType.DATA_PAGE_V2) && s.count() > 0) {
          if (!DICTIONARY.contains(s.encoding())) {
            return false;
          }
          any = true;
        }
      }
      return any;
    }
    List<Encoding> encodings = meta.encodings();
    if (encodings == null || !encodings.contains(Encoding.PLAIN_DICTIONARY)) {
      return false; // PLAIN beside RLE_DICTIONARY may be the dictionary page or a fallback page
    }
    for (Encoding e : encodings) {
      if (!DICTIONARY.contains(e) && !LEVELS.contains(e)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The dictionary page of {@code chunk} (a chunk of {@code column}), if it has one no larger than
   * {@code maxPageBytes} (header included; a larger one is not read). The chunk starts where the
   * page reader starts it ({@link ColumnChunkRange}); in an encrypted chunk ({@code decryptor} not
   * {@code null}) only a dictionary page the metadata locates is read, since guessing would fail
   * authentication rather than answer "no dictionary".
   *
   * @param writer the file's writer, for the page reader's writer-bug workarounds
   * @param where the file, row group and column to name in errors (the chunk's offset is added)
   * @throws CorruptFileException if the chunk, its dictionary page offset or its page does not lie in
   *     the file, or the header or the values do not parse
   * @throws org.parquetarrow.ParquetCryptoException if a module does not authenticate
   * @throws ParquetException if the file cannot be read
   */
  public static ChunkDictionary read(InputFile file, ColumnChunk chunk, ColumnDescriptor column, WriterVersion writer,
      ColumnDecryptor decryptor, long maxPageBytes, ErrorLocation where) {
    ColumnMetaData meta = chunk.metaData();
    if (meta == null) {
      return new ChunkDictionary(null, 0);
    }
    Long dictOffset = meta.dictionaryPageOffset();
    long start = -1;
    try {
      long fileLength = file.length();
      if (dictOffset != null && dictOffset >= fileLength) {
        // the page reader ignores an offset after data_page_offset, but one past the file is no offset
        throw new CorruptFileException("dictionary page offset " + dictOffset + " lies outside the file ("
            + fileLength + " bytes)", where.withOffset(dictOffset), null);
      }
      ColumnChunkRange range;
      try {
        range = ColumnChunkRange.of(meta, fileLength, writer);
      } catch (CorruptFileException e) {
        throw e.locate(where);
      }
      start = range.offset();
      if (range.isEmpty()) {
        return new ChunkDictionary(null, 0);
      }
      long chunkEnd = range.end();
      ByteBuffer head;
      long headerBytes = -1;
      long bytesRead;
      if (decryptor == null) {
        head = file.read(start, (int) Math.min(HEADER_READ, chunkEnd - start));
        bytesRead = head.remaining();
      } else {
        if (dictOffset == null || dictOffset != start) {
          return new ChunkDictionary(null, 0);
        }
        ModuleReader.Module module =
            ModuleReader.readFramed(file, start, chunkEnd, ModuleType.DICTIONARY_PAGE_HEADER, decryptor, where);
        bytesRead = module.bytesRead();
        head = module.plaintext();
        headerBytes = module.stored();
      }
      PageHeader header;
      try {
        header = MetadataReader.readPageHeader(head);
      } catch (ParquetException e) {
        throw new CorruptFileException("page header at the start of the chunk does not parse", where.withOffset(start), e);
      }
      if (header.type() != PageType.DICTIONARY_PAGE) {
        return new ChunkDictionary(null, bytesRead);
      }
      if (decryptor == null) {
        headerBytes = head.position();
      }
      long pageBytes = headerBytes + header.compressedPageSize();
      if (header.compressedPageSize() < 0 || pageBytes > chunkEnd - start) {
        throw new CorruptFileException("dictionary page of " + header.compressedPageSize() + " bytes overruns its chunk",
            where.withOffset(start), null);
      }
      if (pageBytes > maxPageBytes) {
        return new ChunkDictionary(null, bytesRead);
      }
      byte[] bytes = new byte[(int) pageBytes];
      file.readFully(start, ByteBuffer.wrap(bytes));
      bytesRead += bytes.length;
      try (ColumnChunkPageReader pages = ColumnChunkPageReader
          .builder(ColumnChunkBytes.wrap(start, bytes), chunk, column.maxDefinitionLevel(), column.maxRepetitionLevel())
          .location(where)
          .writerVersion(writer)
          .decryptor(decryptor)
          .build()) {
        Page page = pages.next();
        List<byte[]> values = page instanceof DictionaryPage d ? split(d, column, where) : null;
        return new ChunkDictionary(values, bytesRead);
      }
    } catch (IOException e) {
      throw new ParquetException("cannot read dictionary page", where.withOffset(start), e);
    }
  }

  /** The PLAIN values of the page, one array each; {@code null} for a type without PLAIN bytes of fixed layout. */
  private static List<byte[]> split(DictionaryPage d, ColumnDescriptor column, ErrorLocation where) {
    ByteBuffer buf = d.data().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    int width = switch (column.physicalType()) {
      case INT32, FLOAT -> 4;
      case INT64, DOUBLE -> 8;
      case FIXED_LEN_BYTE_ARRAY -> column.node().typeLength() == null ? -1 : column.node().typeLength();
      case BYTE_ARRAY -> 0;
      default -> -1;
    };
    if (width < 0) {
      return null;
    }
    int n = d.numValues();
    if (width > 0 && (long) n * width > buf.remaining()) {
      throw new CorruptFileException(n + " dictionary values of " + width + " bytes need more than the page's "
          + buf.remaining(), where, null);
    }
    if (width == 0 && (long) n * 4 > buf.remaining()) {
      throw new CorruptFileException(n + " dictionary strings cannot fit in " + buf.remaining() + " bytes", where, null);
    }
    List<byte[]> values = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int len = width;
      if (width == 0) {
        if (buf.remaining() < 4) {
          throw new CorruptFileException("dictionary string " + i + " has no length", where, null);
        }
        len = buf.getInt();
        if (len < 0 || len > buf.remaining()) {
          throw new CorruptFileException("dictionary string " + i + " of " + len + " bytes overruns the page", where, null);
        }
      }
      byte[] v = new byte[len];
      buf.get(v);
      values.add(v);
    }
    return values;
  }
}
