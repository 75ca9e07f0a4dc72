package org.parquetarrow.dataset.prune;

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
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.PageEncodingStats;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.ColumnChunkBytes;
import org.parquetarrow.read.page.ColumnChunkPageReader;
import org.parquetarrow.read.page.DictionaryPage;
import org.parquetarrow.read.page.Page;
import org.parquetarrow.schema.ColumnDescriptor;

/**
 * The distinct values of a column chunk whose every data page is dictionary-encoded, read from
 * its dictionary page alone (decompressed by the page reader, PLAIN values decoded here): then no
 * row holds a value outside them. Chunks that may have fallen back to plain pages (as
 * parquet-java decides: from the page encoding stats, else from the encodings list) have none.
 */
final class DictionaryValues {
  /** Dictionaries larger than this are not read for pruning: the read would cost more than it saves. */
  static final int MAX_DICTIONARY_BYTES = 8 << 20;

  /** Room for a page header at the start of a chunk. */
  private static final int HEADER_READ = 256;

  private static final Set<Encoding> DICTIONARY = EnumSet.of(Encoding.PLAIN_DICTIONARY, Encoding.RLE_DICTIONARY);
  private static final Set<Encoding> LEVELS = EnumSet.of(Encoding.RLE, Encoding.BIT_PACKED);

  private DictionaryValues() {}

  /** Whether every data page of the chunk is dictionary-encoded. */
  static boolean onlyDictionaryPages(ColumnMetaData meta) {
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
   * The decoded dictionary of {@code chunk} (values in the decoder's domain, {@code null} for a
   * value without a bound such as NaN), or {@code null} when the chunk has no usable dictionary.
   * {@code bytesRead[0]} grows by the bytes read.
   */
  static List<Object> read(
      InputFile file, ColumnChunk chunk, ColumnDescriptor column, StatisticsDecoder decoder,
      WriterVersion writer, ErrorLocation where, long[] bytesRead) {
    return read(file, chunk, column, decoder, writer, where, ChunkAccess.PLAINTEXT, bytesRead);
  }

  /**
   * As {@link #read(InputFile, ColumnChunk, ColumnDescriptor, StatisticsDecoder, WriterVersion,
   * ErrorLocation, long[])}, decrypting the dictionary page header and page through {@code
   * access} when the chunk is encrypted (then only a dictionary page the metadata locates is read:
   * guessing would fail authentication rather than answer "no dictionary").
   */
  static List<Object> read(
      InputFile file, ColumnChunk chunk, ColumnDescriptor column, StatisticsDecoder decoder,
      WriterVersion writer, ErrorLocation where, ChunkAccess access, long[] bytesRead) {
    ColumnMetaData meta = chunk.metaData();
    if (meta == null || !onlyDictionaryPages(meta)) {
      return null;
    }
    // Some parquet-mr versions leave dictionary_page_offset unset with the dictionary page
    // first in the chunk; the chunk then starts at data_page_offset (as parquet-java reads it).
    Long dictOffset = meta.dictionaryPageOffset();
    long start = dictOffset != null && dictOffset > 0 ? dictOffset : meta.dataPageOffset();
    try {
      long fileLength = file.length();
      long chunkEnd = Math.min(fileLength, start + meta.totalCompressedSize());
      if (start < 0 || start >= chunkEnd) {
        throw new CorruptFileException("column chunk at " + start + " lies outside the file (" + fileLength + " bytes)", where.withOffset(start), null);
      }
      ByteBuffer head;
      long headerBytes = -1;
      if (access.decryptor() == null) {
        head = file.read(start, (int) Math.min(HEADER_READ, chunkEnd - start));
        bytesRead[0] += head.remaining();
      } else {
        if (dictOffset == null || dictOffset <= 0) {
          return null;
        }
        ChunkAccess.Module module = access.readModule(file, ModuleType.DICTIONARY_PAGE_HEADER, start, chunkEnd, where);
        bytesRead[0] += module.bytesRead();
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
        return null;
      }
      if (access.decryptor() == null) {
        headerBytes = head.position();
      }
      long pageBytes = headerBytes + header.compressedPageSize();
      if (header.compressedPageSize() < 0 || pageBytes > chunkEnd - start) {
        throw new CorruptFileException("dictionary page of " + header.compressedPageSize() + " bytes overruns its chunk", where.withOffset(start), null);
      }
      if (pageBytes > MAX_DICTIONARY_BYTES) {
        return null;
      }
      byte[] bytes = new byte[(int) pageBytes];
      file.readFully(start, ByteBuffer.wrap(bytes));
      bytesRead[0] += bytes.length;
      try (ColumnChunkPageReader pages = ColumnChunkPageReader
          .builder(ColumnChunkBytes.wrap(start, bytes), chunk, column.maxDefinitionLevel(), column.maxRepetitionLevel())
          .location(where)
          .writerVersion(writer)
          .decryptor(access.decryptor())
          .build()) {
        Page page = pages.next();
        if (!(page instanceof DictionaryPage d)) {
          return null;
        }
        return decode(d, column, decoder, where);
      }
    } catch (IOException e) {
      throw new ParquetException("cannot read dictionary page", where.withOffset(start), e);
    }
  }

  private static List<Object> decode(DictionaryPage d, ColumnDescriptor column, StatisticsDecoder decoder, ErrorLocation where) {
    ByteBuffer buf = d.data().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    PhysicalType type = column.physicalType();
    int width = switch (type) {
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
      throw new CorruptFileException(n + " dictionary values of " + width + " bytes need more than the page's " + buf.remaining(), where, null);
    }
    if (width == 0 && (long) n * 4 > buf.remaining()) {
      throw new CorruptFileException(n + " dictionary strings cannot fit in " + buf.remaining() + " bytes", where, null);
    }
    List<Object> values = new ArrayList<>(n);
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
      values.add(decoder.decode(v));
    }
    return values;
  }
}
