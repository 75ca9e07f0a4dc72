package org.parquetarrow.read.page;

import org.parquetarrow.io.ColumnChunkFetcher;
import org.parquetarrow.io.ColumnChunkBytes;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.zip.CRC32;
import org.parquetarrow.ChecksumException;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.compress.Codecs;
import org.parquetarrow.compress.DecompressedSize;
import org.parquetarrow.compress.Decompressor;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.DataPageHeader;
import org.parquetarrow.format.DataPageHeaderV2;
import org.parquetarrow.format.DictionaryPageHeader;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.selection.RowSelection;

/**
 * Walks the pages of one fetched column chunk: parses each header, checks its sizes against the
 * bytes present and the configured limit before allocating, verifies the CRC-32 when the header has
 * one (and {@link PageReadOptions#verifyChecksums()}), decompresses, and splits data pages into
 * repetition levels, definition levels and values. Index pages and unknown page types are skipped.
 *
 * <p><b>Buffer contract.</b> Data page sections may point into a buffer the reader reuses for the
 * next page: use a {@link DataPage} before calling {@link #next()} again. {@link DictionaryPage}
 * bytes are never reused. Pages of uncompressed chunks point straight into the chunk bytes.
 *
 * <p><b>Encryption.</b> Given the chunk's {@link ColumnDecryptor}, every page header and page is
 * an encrypted module: the dictionary page's first, then the data pages' with page ordinals 0, 1,
 * 2, … (the dictionary page not counted; with an offset index, a page's ordinal is its entry's). A
 * header's {@code compressed_page_size} is then the size of the encrypted page module, which the
 * CRC covers as stored. Page header plaintext is parsed from its start, ignoring any padding after
 * the header (parquet-java pads it). v2 data pages come in two layouts: the whole body as one
 * module (Arrow C++, Rust, the spec), or the level sections in plaintext followed by a module of
 * the values (parquet-java). The reader takes the whole-body layout when the module length stored
 * at the start of the body spans the body exactly, else the parquet-java layout when the one after
 * the level sections does, and calls the page corrupt when neither fits.
 *
 * <p><b>Skipping.</b> Given the chunk's offset index, the reader finds data pages through it and
 * reports each page's first row index and row count; with a {@link RowSelection} as well, pages
 * holding no selected row are skipped without being parsed, checked or decompressed. The dictionary
 * page is always read. Without an offset index, pages are read in sequence, every one is returned,
 * and first row indices are unknown ({@code -1}: v1 pages may span rows).
 *
 * <p><b>Workaround.</b> parquet-cpp before Arrow 3.0 flagged compressed v2 pages {@code
 * is_compressed = false} (ARROW-10353); as in Arrow C++, v2 values of files whose writer is {@code
 * parquet-cpp} below 2.0.0 are always decompressed.
 *
 * <p>Every error is a {@link ParquetException} located at the column, page ordinal and header
 * offset (plus the file and row group given to the builder). After an error the reader is unusable.
 * Not thread-safe.
 *
 * <pre>{@code
 * try (ColumnChunkPageReader pages =
 *     ColumnChunkPageReader.builder(bytes, chunk, maxDefinitionLevel, maxRepetitionLevel)
 *         .location(ErrorLocation.ofFile(file.name()).withRowGroup(rowGroup))
 *         .writerVersion(WriterVersion.parse(metadata.createdBy()))
 *         .offsetIndex(OffsetIndexReader.read(file, chunk), rowGroupRows)
 *         .selection(selection)
 *         .build()) {
 *   for (Page page = pages.next(); page != null; page = pages.next()) {
 *     switch (page) {
 *       case DictionaryPage d -> dictionary.load(d);
 *       case DataPage d -> decodeRows(d);   // before the next call to next()
 *     }
 *   }
 * }
 * }</pre>
 */
public final class ColumnChunkPageReader implements AutoCloseable {
  private static final byte[] NO_BYTES = new byte[0];
  /**
   * Pages up to this size are allocated as their header says. Beyond it, a codec without an
   * expansion bound (ZSTD, BROTLI) must first be seen to decode to the claimed size.
   */
  private static final int UNVERIFIED_PAGE_SIZE = 1 << 30;

  private final ColumnChunkBytes chunk;
  /** The fetched piece holding the page being read (the whole chunk when it is dense). */
  private byte[] buf;
  /** The end of the bytes present in {@link #buf}. */
  private int end;
  /** The file offset of {@code buf[0]}: a position in {@code buf} plus this is a file offset. */
  private long base;
  private final long numValues;
  private final CompressionCodec codec;
  private final int maxDefinitionLevel;
  private final int maxRepetitionLevel;
  private final boolean v2AlwaysCompressed;
  private final PageReadOptions options;
  private final ErrorLocation location;
  private final OffsetIndexPlan plan;
  private final RowSelection selection;
  private final boolean ownsDecompressor;
  private final ColumnDecryptor decryptor;
  private final boolean expectDictionary;
  private final CRC32 crc = new CRC32();

  private Decompressor decompressor;
  private byte[] scratch = NO_BYTES;
  /** Decrypted data page bodies, reused from page to page. */
  private byte[] plainScratch = NO_BYTES;
  /** Data page headers decrypted so far (the page ordinal of the AADs when reading in sequence). */
  private int dataPages;
  /** The page ordinal of the modules of the page being read. */
  private int modulePage;
  private int pos;
  private int nextOrdinal;
  private long valuesSeen;
  private boolean dictionarySeen;
  private boolean dataSeen;
  private boolean prefixDone;
  private boolean prefixEntered;
  private int prefixPages;
  private int nextLocation;
  private boolean finished;
  private boolean failed;
  private boolean closed;
  private int currentOrdinal = -1;
  private long currentOffset = -1;

  private long pagesRead;
  private long pagesSkipped;
  private long checksumsVerified;
  private long bytesDecompressed;

  private ColumnChunkPageReader(
      Builder b, ColumnMetaData meta, OffsetIndexPlan plan, ErrorLocation location) {
    this.chunk = b.bytes;
    ColumnChunkBytes.Piece first = chunk.pieces().isEmpty() ? null : chunk.pieces().get(0);
    this.buf = first == null ? NO_BYTES : first.array();
    this.pos = first == null ? 0 : first.arrayOffset();
    this.end = first == null ? 0 : first.arrayOffset() + first.length();
    this.base = first == null ? chunk.range().offset() : first.fileOffset() - first.arrayOffset();
    this.numValues = meta.numValues();
    this.codec = meta.codec();
    this.maxDefinitionLevel = b.maxDefinitionLevel;
    this.maxRepetitionLevel = b.maxRepetitionLevel;
    this.v2AlwaysCompressed = b.writer.isBefore("parquet-cpp", 2, 0, 0);
    this.options = b.options;
    this.location = location;
    this.plan = plan;
    this.selection = b.selection;
    this.decompressor = b.decompressor;
    this.ownsDecompressor = b.decompressor == null;
    this.decryptor = b.decryptor;
    this.expectDictionary = meta.dictionaryPageOffset() != null;
  }

  /**
   * Starts a reader over {@code bytes}, the fetched bytes of {@code chunk}, for a leaf column with
   * the given max levels (from the schema: they decide which level sections v1 pages hold).
   */
  public static Builder builder(
      ColumnChunkBytes bytes, ColumnChunk chunk, int maxDefinitionLevel, int maxRepetitionLevel) {
    return new Builder(bytes, chunk, maxDefinitionLevel, maxRepetitionLevel);
  }

  /**
   * The next page, or {@code null} after the last one. The previous data page's sections may be
   * overwritten.
   *
   * @throws ChecksumException if a verified page's CRC-32 does not match
   * @throws CorruptFileException if a header or page is malformed or does not fit the chunk
   * @throws UnsupportedFeatureException for an unknown codec or a page over the size limit
   * @throws IllegalStateException if the reader was closed or an earlier call failed
   */
  public Page next() {
    if (closed) {
      throw new IllegalStateException("page reader is closed");
    }
    if (failed) {
      throw new IllegalStateException("page reader failed on an earlier page");
    }
    try {
      Page page = plan == null ? nextInSequence() : nextFromOffsetIndex();
      if (page != null) {
        pagesRead++;
      }
      return page;
    } catch (ParquetException e) {
      failed = true;
      throw e.locate(here());
    }
  }

  /**
   * Whether data pages report their first row index (the chunk was opened with an offset index).
   */
  public boolean knowsFirstRows() {
    return plan != null;
  }

  /** Pages returned so far. */
  public long pagesRead() {
    return pagesRead;
  }

  /**
   * Pages passed over so far: data pages outside the row selection (never parsed) and index or
   * unknown pages.
   */
  public long pagesSkipped() {
    return pagesSkipped;
  }

  /** Page CRCs checked so far. */
  public long checksumsVerified() {
    return checksumsVerified;
  }

  /**
   * Bytes produced by the decompressor so far (zero for uncompressed chunks, which are not copied).
   */
  public long bytesDecompressed() {
    return bytesDecompressed;
  }

  /** Releases the decompressor, unless the caller supplied it. Idempotent. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    scratch = NO_BYTES;
    plainScratch = NO_BYTES;
    if (ownsDecompressor && decompressor != null) {
      decompressor.close();
    }
  }

  // ------------------------------------------------------------------ walking the chunk

  private Page nextInSequence() {
    while (!finished) {
      // stopping at the chunk's value count keeps the PARQUET-816 padding from yielding pages of
      // the next chunk, as Arrow C++ does
      if (pos >= end || valuesSeen >= numValues) {
        finished = true;
        if (valuesSeen < numValues) {
          // name the page that should have come next
          currentOrdinal = nextOrdinal;
          currentOffset = fileOffset(pos);
          throw new CorruptFileException(
              "column chunk ends after " + valuesSeen + " of its " + numValues + " values");
        }
        return null;
      }
      Page page = readPage(pos, nextOrdinal++, -1);
      if (page != null) {
        return page;
      }
    }
    return null;
  }

  private Page nextFromOffsetIndex() {
    if (!prefixDone) {
      // before the first listed data page: the dictionary page, perhaps index pages
      long firstAt = plan.offset(0);
      long chunkStart = chunk.range().offset();
      if (firstAt > chunkStart) {
        if (!prefixEntered) {
          enter(chunkStart, firstAt - chunkStart, "the dictionary page");
          prefixEntered = true;
        }
        int firstListed = (int) (firstAt - base);
        while (pos < firstListed) {
          Page page = readPage(pos, nextOrdinal++, -1);
          if (page instanceof DataPage) {
            throw new CorruptFileException("data page is missing from the offset index");
          }
          if (page != null) {
            return page;
          }
        }
        if (pos != firstListed) {
          throw new CorruptFileException(
              "page runs into the first page of the offset index, at " + firstAt);
        }
      }
      prefixDone = true;
      prefixPages = nextOrdinal;
    }
    while (nextLocation < plan.pageCount()) {
      int i = nextLocation++;
      if (selection != null && !selection.selects(plan.firstRow(i), plan.endRow(i))) {
        pagesSkipped++;
        continue;
      }
      enter(plan.offset(i), plan.length(i), "page " + i + " of the offset index");
      Page page = readPage((int) (plan.offset(i) - base), prefixPages + i, i);
      if (!(page instanceof DataPage)) {
        throw new CorruptFileException("offset index points at a page that is not a data page");
      }
      return page;
    }
    finished = true;
    return null;
  }

  /**
   * Points {@link #buf} at the fetched piece holding file bytes {@code [offset, offset + length)}
   * and {@link #pos} at {@code offset}.
   *
   * @throws IllegalStateException if those bytes were not fetched (the chunk was fetched for
   *     another selection than the reader's)
   */
  private void enter(long offset, long length, String what) {
    ColumnChunkBytes.Piece piece = chunk.pieceHolding(offset, length);
    if (piece == null) {
      throw new IllegalStateException("the bytes of " + what + " ([" + offset + ", "
          + (offset + length) + ")) were not fetched: " + chunk);
    }
    buf = piece.array();
    base = piece.fileOffset() - piece.arrayOffset();
    end = piece.arrayOffset() + piece.length();
    pos = (int) (offset - base);
  }

  private long fileOffset(int index) {
    return base + index;
  }

  /**
   * Reads the page whose header starts at {@code headerStart}; {@code null} for a skipped page
   * type. {@code listed} is the page's offset index entry, or -1.
   */
  private Page readPage(int headerStart, int ordinal, int listed) {
    currentOrdinal = ordinal;
    currentOffset = fileOffset(headerStart);
    ByteBuffer view = ByteBuffer.wrap(buf, headerStart, end - headerStart);
    PageHeader header =
        decryptor == null ? MetadataReader.readPageHeader(view) : decryptHeader(view, listed);
    int body = view.position();
    int compressed = header.compressedPageSize();
    int uncompressed = header.uncompressedPageSize();
    if (compressed < 0 || uncompressed < 0) {
      throw new CorruptFileException(
          "negative page size: " + compressed + " stored, " + uncompressed + " uncompressed");
    }
    if (compressed > end - body) {
      throw new CorruptFileException(
          "page of "
              + compressed
              + " bytes runs past the end of the column chunk ("
              + (end - body)
              + " bytes left)");
    }
    pos = body + compressed;
    if (listed >= 0 && pos - headerStart != plan.length(listed)) {
      throw new CorruptFileException(
          "offset index says the page takes "
              + plan.length(listed)
              + " bytes, its header says "
              + (pos - headerStart));
    }
    PageType type = header.type();
    if (type == PageType.DICTIONARY_PAGE) {
      return dictionaryPage(header, ordinal, body);
    }
    long firstRow = listed >= 0 ? plan.firstRow(listed) : -1;
    int rows = listed >= 0 ? (int) Math.min(Integer.MAX_VALUE, plan.endRow(listed) - firstRow) : -1;
    if (type == PageType.DATA_PAGE) {
      return dataPageV1(header, ordinal, body, firstRow, rows);
    }
    if (type == PageType.DATA_PAGE_V2) {
      return dataPageV2(header, ordinal, body, firstRow, rows);
    }
    pagesSkipped++; // INDEX_PAGE or a type from a newer writer
    return null;
  }

  // ------------------------------------------------------------------ page kinds

  private DictionaryPage dictionaryPage(PageHeader header, int ordinal, int body) {
    DictionaryPageHeader d = header.dictionaryPageHeader();
    if (d == null) {
      throw new CorruptFileException("dictionary page without a dictionary page header");
    }
    if (dictionarySeen) {
      throw new CorruptFileException("second dictionary page in the column chunk");
    }
    if (dataSeen) {
      throw new CorruptFileException("dictionary page after a data page");
    }
    if (d.numValues() < 0) {
      throw new CorruptFileException("dictionary page with " + d.numValues() + " values");
    }
    verifyChecksum(header, body);
    ByteSlice stored = storedBody(ModuleType.DICTIONARY_PAGE, body, header.compressedPageSize(), true);
    ByteSlice data =
        decompress(stored.array(), stored.offset(), stored.length(), header.uncompressedPageSize(), true);
    dictionarySeen = true;
    return new DictionaryPage(
        ordinal,
        currentOffset,
        data,
        d.numValues(),
        d.encoding(),
        Boolean.TRUE.equals(d.isSorted()));
  }

  private DataPage dataPageV1(PageHeader header, int ordinal, int body, long firstRow, int rows) {
    DataPageHeader d = header.dataPageHeader();
    if (d == null) {
      throw new CorruptFileException("data page without a data page header");
    }
    int n = d.numValues();
    if (n < 0) {
      throw new CorruptFileException("data page with " + n + " values");
    }
    verifyChecksum(header, body);
    dataSeen = true;
    valuesSeen += n;
    ByteSlice stored = storedBody(ModuleType.DATA_PAGE, body, header.compressedPageSize(), false);
    ByteSlice page =
        decompress(stored.array(), stored.offset(), stored.length(), header.uncompressedPageSize(), false);
    byte[] a = page.array();
    int limit = page.offset() + page.length();
    ByteSlice rep =
        V1LevelSections.read(
            a,
            page.offset(),
            limit,
            d.repetitionLevelEncoding(),
            maxRepetitionLevel,
            n,
            "repetition");
    ByteSlice def =
        V1LevelSections.read(
            a,
            rep.offset() + rep.length(),
            limit,
            d.definitionLevelEncoding(),
            maxDefinitionLevel,
            n,
            "definition");
    int valuesStart = def.offset() + def.length();
    ByteSlice values = new ByteSlice(a, valuesStart, limit - valuesStart);
    return new DataPage(
        ordinal,
        currentOffset,
        PageType.DATA_PAGE,
        n,
        -1,
        rows,
        firstRow,
        rep,
        d.repetitionLevelEncoding(),
        def,
        d.definitionLevelEncoding(),
        values,
        d.encoding(),
        d.statistics());
  }

  private DataPage dataPageV2(PageHeader header, int ordinal, int body, long firstRow, int rows) {
    DataPageHeaderV2 d = header.dataPageHeaderV2();
    if (d == null) {
      throw new CorruptFileException("v2 data page without a v2 data page header");
    }
    int n = d.numValues();
    if (n < 0 || d.numNulls() < 0 || d.numNulls() > n || d.numRows() < 0) {
      throw new CorruptFileException(
          "v2 data page with "
              + n
              + " values, "
              + d.numNulls()
              + " nulls, "
              + d.numRows()
              + " rows");
    }
    int repLength = d.repetitionLevelsByteLength();
    int defLength = d.definitionLevelsByteLength();
    long levels = (long) repLength + defLength;
    int compressed = header.compressedPageSize();
    int uncompressed = header.uncompressedPageSize();
    if (repLength < 0 || defLength < 0 || levels > compressed || levels > uncompressed) {
      throw new CorruptFileException(
          "v2 level sections of "
              + repLength
              + " + "
              + defLength
              + " bytes do not fit a page of "
              + compressed
              + " bytes ("
              + uncompressed
              + " uncompressed)");
    }
    verifyChecksum(header, body);
    dataSeen = true;
    valuesSeen += n;
    byte[] levelArray = buf;
    int levelStart = body;
    byte[] valueArray = buf;
    int valuesStart = body + (int) levels;
    int storedValues = compressed - (int) levels;
    if (decryptor != null) {
      if (levels == 0 || storedModuleLength(body) == compressed) {
        ByteSlice plain = decryptBody(ModuleType.DATA_PAGE, body, compressed, false);
        if (plain.length() < levels) {
          throw new CorruptFileException("decrypted v2 page of " + plain.length()
              + " bytes is shorter than its level sections (" + levels + " bytes)");
        }
        levelArray = plain.array();
        levelStart = plain.offset();
        valueArray = plain.array();
        valuesStart = plain.offset() + (int) levels;
        storedValues = plain.length() - (int) levels;
      } else if (storedModuleLength(valuesStart) == storedValues) {
        ByteSlice plain = decryptBody(ModuleType.DATA_PAGE, valuesStart, storedValues, false);
        valueArray = plain.array();
        valuesStart = plain.offset();
        storedValues = plain.length();
      } else {
        throw new CorruptFileException("encrypted v2 page of " + compressed
            + " bytes holds neither one module nor " + levels + " level bytes and a module of the values");
      }
    }
    ByteSlice rep = new ByteSlice(levelArray, levelStart, repLength);
    ByteSlice def = new ByteSlice(levelArray, levelStart + repLength, defLength);
    int plainValues = uncompressed - (int) levels;
    ByteSlice values;
    if (d.compressed() || v2AlwaysCompressed) {
      values = decompress(valueArray, valuesStart, storedValues, plainValues, false);
    } else if (storedValues != plainValues) {
      throw new CorruptFileException(
          "v2 values are flagged uncompressed but take "
              + storedValues
              + " bytes stored and "
              + plainValues
              + " uncompressed");
    } else {
      values = new ByteSlice(valueArray, valuesStart, storedValues);
    }
    return new DataPage(
        ordinal,
        currentOffset,
        PageType.DATA_PAGE_V2,
        n,
        d.numNulls(),
        rows >= 0 ? rows : d.numRows(),
        firstRow,
        rep,
        Encoding.RLE,
        def,
        Encoding.RLE,
        values,
        d.encoding(),
        d.statistics());
  }

  // ------------------------------------------------------------------ bytes

  private void verifyChecksum(PageHeader header, int body) {
    Integer expected = header.crc();
    if (expected == null || !options.verifyChecksums()) {
      return;
    }
    crc.reset();
    crc.update(buf, body, header.compressedPageSize());
    int actual = (int) crc.getValue();
    checksumsVerified++;
    if (actual != expected) {
      throw new ChecksumException(
          String.format(
              "page CRC-32 mismatch: the header says %08x, the %d page bytes give %08x",
              expected, header.compressedPageSize(), actual),
          here(),
          expected,
          actual);
    }
  }

  /**
   * The {@code plainLength} bytes that {@code buf[src, src + storedLength)} decompress to. Without
   * compression that is the stored bytes themselves; otherwise a fresh array when {@code own}, or
   * the reusable scratch buffer.
   */
  private ByteSlice decompress(byte[] from, int src, int storedLength, int plainLength, boolean own) {
    if (codec == CompressionCodec.UNCOMPRESSED) {
      if (storedLength != plainLength) {
        throw new CorruptFileException(
            "uncompressed page stores "
                + storedLength
                + " bytes but its header says "
                + plainLength);
      }
      return new ByteSlice(from, src, storedLength);
    }
    if (plainLength > options.maxPageSize()) {
      throw new UnsupportedFeatureException(
          "page over maxPageSize",
          "page decompresses to "
              + plainLength
              + " bytes, more than the limit of "
              + options.maxPageSize()
              + " (PageReadOptions.maxPageSize)");
    }
    if (plainLength > DecompressedSizeBound.of(codec, storedLength)) {
      throw new CorruptFileException(
          "page claims "
              + plainLength
              + " bytes decompressed from "
              + storedLength
              + " bytes of "
              + codec
              + ", more than "
              + codec
              + " can produce");
    }
    if (plainLength > UNVERIFIED_PAGE_SIZE && DecompressedSizeBound.of(codec, storedLength) == Long.MAX_VALUE) {
      // a codec without an expansion bound claims a huge page: believe it only once the data
      // really decodes to that many bytes, before allocating them
      if (!DecompressedSize.isCountable(codec)) {
        throw new UnsupportedFeatureException("page over 1 GiB",
            "a " + codec + " page decompressing to " + plainLength + " bytes (over 1 GiB) is not supported");
      }
      if (DecompressedSize.count(codec, from, src, storedLength, plainLength) != plainLength) {
        throw new CorruptFileException("page claims " + plainLength + " bytes decompressed from " + storedLength
            + " bytes of " + codec + ", which do not decode to that many");
      }
    }
    return decompressInto(from, src, storedLength, plainLength, own);
  }

  private ByteSlice decompressInto(byte[] from, int src, int storedLength, int plainLength, boolean own) {
    byte[] target = own ? allocate(plainLength) : scratch(plainLength);
    decompressor().decompress(from, src, storedLength, target, 0, plainLength);
    bytesDecompressed += plainLength;
    return new ByteSlice(target, 0, plainLength);
  }

  // ------------------------------------------------------------------ decryption

  /**
   * Decrypts the page header module at {@code view}'s position and moves past it. The module type
   * is chosen before the header is known: the chunk's first page is its dictionary page when the
   * metadata names one; a wrong guess fails authentication rather than giving garbage.
   */
  private PageHeader decryptHeader(ByteBuffer view, int listed) {
    boolean dictionary = listed < 0 && expectDictionary && !dictionarySeen && !dataSeen;
    ModuleType type = dictionary ? ModuleType.DICTIONARY_PAGE_HEADER : ModuleType.DATA_PAGE_HEADER;
    modulePage = dictionary ? -1 : listed >= 0 ? listed : dataPages++;
    ByteBuffer plain = decryptor.decrypt(type, view, modulePage);
    PageHeader header = MetadataReader.readPageHeader(plain);
    if (dictionary != (header.type() == PageType.DICTIONARY_PAGE)) {
      throw new CorruptFileException("a " + type.label() + " module holds a " + header.type() + " header");
    }
    return header;
  }

  /** The page body as the codec stored it: the bytes themselves, or their decryption. */
  private ByteSlice storedBody(ModuleType type, int body, int length, boolean own) {
    return decryptor == null ? new ByteSlice(buf, body, length) : decryptBody(type, body, length, own);
  }

  /**
   * Decrypts the module of exactly {@code length} bytes at {@code at}, into a fresh array when
   * {@code own}, else into the reused plaintext buffer.
   */
  private ByteSlice decryptBody(ModuleType type, int at, int length, boolean own) {
    ByteBuffer src = ByteBuffer.wrap(buf, at, length);
    int module = decryptor.moduleLength(type, src);
    if (module != length) {
      throw new CorruptFileException("encrypted " + type.label() + " module takes " + module
          + " bytes, its page header says " + length);
    }
    byte[] target = own ? new byte[length] : plainBuffer(length);
    int plain = decryptor.decrypt(type, src, modulePage, ByteBuffer.wrap(target));
    return new ByteSlice(target, 0, plain);
  }

  /** The module length stored at {@code at} plus its length field, or -1 if it does not fit. */
  private int storedModuleLength(int at) {
    if (end - at < 4) {
      return -1;
    }
    long length = (buf[at] & 0xffL) | (buf[at + 1] & 0xffL) << 8 | (buf[at + 2] & 0xffL) << 16
        | (buf[at + 3] & 0xffL) << 24;
    return length > end - at - 4 ? -1 : (int) length + 4;
  }

  private byte[] plainBuffer(int length) {
    if (plainScratch.length < length) {
      plainScratch = new byte[(int) Math.max(length, Math.min(Integer.MAX_VALUE - 8, plainScratch.length * 3L / 2))];
    }
    return plainScratch;
  }

  /** A fresh array for a page; a page the heap cannot hold is an error, not a crash. */
  private static byte[] allocate(int length) {
    try {
      return new byte[length];
    } catch (OutOfMemoryError e) {
      throw new UnsupportedFeatureException("page larger than the free heap",
          "a page of " + length + " bytes does not fit in the Java heap (-Xmx)");
    }
  }

  private byte[] scratch(int length) {
    if (scratch.length < length) {
      // grow geometrically so that a chunk's slowly growing pages do not reallocate every time
      long grown = Math.max(length, Math.min(options.maxPageSize(), scratch.length * 3L / 2));
      scratch = allocate((int) grown);
    }
    return scratch;
  }

  private Decompressor decompressor() {
    if (decompressor == null) {
      decompressor = Codecs.decompressor(codec);
    }
    return decompressor;
  }

  private ErrorLocation here() {
    ErrorLocation at = currentOffset >= 0 ? location.withOffset(currentOffset) : location;
    return currentOrdinal >= 0 ? at.withPage(currentOrdinal) : at;
  }

  /**
   * Configures a {@link ColumnChunkPageReader}. Only the chunk, its bytes and the column's max
   * levels are required.
   */
  public static final class Builder {
    private final ColumnChunkBytes bytes;
    private final ColumnChunk chunk;
    private final int maxDefinitionLevel;
    private final int maxRepetitionLevel;
    private ErrorLocation location = ErrorLocation.UNKNOWN;
    private WriterVersion writer = WriterVersion.UNKNOWN;
    private PageReadOptions options = PageReadOptions.DEFAULT;
    private OffsetIndex offsetIndex;
    private long rowGroupRows = -1;
    private RowSelection selection;
    private Decompressor decompressor;
    private ColumnDecryptor decryptor;

    private Builder(ColumnChunkBytes bytes, ColumnChunk chunk, int maxDef, int maxRep) {
      this.bytes = Objects.requireNonNull(bytes, "bytes");
      this.chunk = Objects.requireNonNull(chunk, "chunk");
      if (maxDef < 0 || maxRep < 0) {
        throw new IllegalArgumentException("negative max level: " + maxDef + ", " + maxRep);
      }
      this.maxDefinitionLevel = maxDef;
      this.maxRepetitionLevel = maxRep;
    }

    /** Where errors say they happened (file, row group); the column is filled in from the chunk. */
    public Builder location(ErrorLocation location) {
      this.location = Objects.requireNonNull(location, "location");
      return this;
    }

    /** The file's writer, for workarounds of known writer bugs. Default: unknown. */
    public Builder writerVersion(WriterVersion writer) {
      this.writer = Objects.requireNonNull(writer, "writer");
      return this;
    }

    public Builder options(PageReadOptions options) {
      this.options = Objects.requireNonNull(options, "options");
      return this;
    }

    /**
     * The chunk's offset index ({@code null}: none) and the number of rows of its row group, which
     * bounds the last page's rows.
     */
    public Builder offsetIndex(OffsetIndex index, long rowGroupRows) {
      if (index != null && rowGroupRows < 0) {
        throw new IllegalArgumentException("negative row count " + rowGroupRows);
      }
      this.offsetIndex = index;
      this.rowGroupRows = rowGroupRows;
      return this;
    }

    /**
     * The rows wanted ({@code null}: all). Pages holding none of them are skipped when an offset
     * index is given; without one, every page is returned.
     */
    public Builder selection(RowSelection selection) {
      this.selection = selection;
      return this;
    }

    /**
     * A decompressor for the chunk's codec, owned by the caller and not closed by the reader (to
     * share one across chunks). Default: the reader makes one when the first compressed page needs
     * it, and closes it.
     */
    public Builder decompressor(Decompressor decompressor) {
      this.decompressor = decompressor;
      return this;
    }

    /**
     * The decryptor of the chunk's modules, required for an encrypted chunk ({@code null}: the
     * chunk is in plaintext).
     */
    public Builder decryptor(ColumnDecryptor decryptor) {
      this.decryptor = decryptor;
      return this;
    }

    /**
     * The reader.
     *
     * @throws org.parquetarrow.ParquetCryptoException if the chunk is encrypted and no decryptor
     *     was given
     * @throws CorruptFileException if the chunk has no metadata or the offset index does not fit
     *     the chunk
     * @throws IllegalArgumentException if a supplied decompressor is for another codec
     */
    public ColumnChunkPageReader build() {
      ErrorLocation where =
          location.fillFrom(ErrorLocation.UNKNOWN.withColumn(ColumnChunkFetcher.columnName(chunk, -1)));
      ColumnChunkFetcher.checkReadable(chunk, where, decryptor != null);
      ColumnMetaData meta = chunk.metaData();
      if (decompressor != null && decompressor.codec() != meta.codec()) {
        throw new IllegalArgumentException(
            "decompressor for " + decompressor.codec() + " given for a " + meta.codec() + " chunk");
      }
      OffsetIndexPlan plan = null;
      if (!bytes.isDense() && (offsetIndex == null || meta.numValues() == 0)) {
        throw new IllegalArgumentException(
            "a sparse chunk is read through its offset index, and none was given: " + bytes);
      }
      if (offsetIndex != null && meta.numValues() > 0) {
        try {
          plan = OffsetIndexPlan.of(offsetIndex, bytes, rowGroupRows);
          if (plan.pageCount() == 0) {
            throw new CorruptFileException("offset index lists no page for a chunk with values");
          }
        } catch (ParquetException e) {
          throw e.locate(where);
        }
      }
      return new ColumnChunkPageReader(this, meta, plan, where);
    }
  }
}
