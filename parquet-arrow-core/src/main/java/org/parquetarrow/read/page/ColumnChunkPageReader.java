package org.parquetarrow.read.page;

import org.parquetarrow.io.ColumnChunkBytes;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.parquetarrow.ChecksumException;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.UnsupportedFeatureException;
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
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.io.InputFile;
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
 * <p><b>Streamed chunks.</b> A {@linkplain ColumnChunkBytes#isStreamed() streamed} chunk is read
 * from its file in order, a slice at a time ({@link PageReaderBuilder#slices}), into two buffers
 * used in turn: a page whose bytes run past the current slice is read into the other buffer, its
 * bytes present so far carried over, so that every page lies whole in one buffer, and a page
 * larger than a slice gets a buffer as large as it. The lifetime rule is the one above: a data
 * page's bytes stay valid until the call to {@link #next()} after the one that returned it has
 * handed out the next data page (a refill never writes into the buffer holding the last data page
 * handed out, so the page read ahead on a helper thread never overwrites the page the caller is
 * decoding); a dictionary page's bytes are copied out of the slice. Pages the offset index skips
 * are never read.
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
 * <p><b>Read-ahead.</b> With {@link PageReadAhead#NEXT_PAGE} (the default) the page after each
 * data page is parsed, checked and decompressed on a shared helper thread while the caller decodes
 * the data page; {@link #next()} then hands it over. Pages, errors (thrown by the call that asks
 * for the failing page) and counters (pages handed out only) are the same as without it.
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
   * Bytes a streamed chunk's page header is first looked for in (more when it is longer): page
   * headers are tens of bytes, a few KiB with large statistics.
   */
  private static final int HEADER_PROBE = 64 * 1024;

  private final ColumnChunkBytes chunk;
  /** The fetched piece holding the page being read (the whole chunk when it is dense). */
  private byte[] buf;
  /** The end of the bytes present in {@link #buf}. */
  private int end;
  /** The file offset of {@code buf[0]}: a position in {@code buf} plus this is a file offset. */
  private long base;
  private final long numValues;
  private final int maxDefinitionLevel;
  private final int maxRepetitionLevel;
  private final boolean v2AlwaysCompressed;
  private final ErrorLocation location;
  private final OffsetIndexPlan plan;
  private final RowSelection selection;
  private final PageChecksums checksums;
  private final PageDecompression decompression;
  /** The chunk's page decryption; {@code null} for a plaintext chunk. */
  private final PageDecryption decryption;
  /** Where a streamed chunk is read from; {@code null} when its bytes were fetched. */
  private final InputFile stream;
  /** The first file byte after the chunk. */
  private final long chunkEnd;
  /** The spans of a streamed chunk that may be read, as start/end pairs in file order. */
  private final long[] spans;
  /** Where a streamed chunk's buffers come from and go back to at {@link #close()}. */
  private final ChunkSlices slices;
  private boolean slicesTaken;
  /** A streamed chunk's other buffer: the one the next refill goes to, unless {@link #held}. */
  private byte[] spare = NO_BYTES;
  /**
   * The buffer of the last data page produced (a streamed chunk): the caller may still be decoding
   * it, so no refill writes into it.
   */
  private byte[] held;
  /** Where the header of the page being read starts in {@link #buf} (it moves with a refill). */
  private int pageStart;
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
  /** Whether {@link #next()} returned the chunk's end: the caller holds none of its pages. */
  private boolean endHandedOut;

  /**
   * The most pages of a compressed chunk made ahead with {@link PageReadAhead#SEVERAL_PAGES}; the
   * byte budget ({@link PageReadOptions#aheadBytes()}) usually binds first.
   */
  static final int MAX_PAGES_AHEAD = 8;

  /** The pages made ahead on helper threads; {@code null} when pages are made in line. */
  private final PagesAhead ahead;
  /**
   * The counters as of the last page handed out, for the getters: while a page is prepared ahead
   * the fields above belong to the helper thread.
   */
  private long shownSkipped;
  private long shownChecksums;
  private long shownDecompressed;

  ColumnChunkPageReader(
      PageReaderBuilder b, ColumnMetaData meta, OffsetIndexPlan plan, ErrorLocation location) {
    this.chunk = b.bytes;
    this.stream = chunk.source();
    this.chunkEnd = chunk.range().end();
    this.spans = new long[2 * chunk.streamedSpans().size()];
    for (int i = 0; i < chunk.streamedSpans().size(); i++) {
      spans[2 * i] = chunk.streamedSpans().get(i).offset();
      spans[2 * i + 1] = chunk.streamedSpans().get(i).end();
    }
    this.slices = stream == null ? null : b.slices != null ? b.slices : new ChunkSlices(FetchOptions.DEFAULT_LOCAL_SLICE);
    ColumnChunkBytes.Piece first = chunk.pieces().isEmpty() ? null : chunk.pieces().get(0);
    this.buf = first == null ? NO_BYTES : first.array();
    this.pos = first == null ? 0 : first.arrayOffset();
    this.end = first == null ? 0 : first.arrayOffset() + first.length();
    this.base = first == null ? chunk.range().offset() : first.fileOffset() - first.arrayOffset();
    this.numValues = meta.numValues();
    this.maxDefinitionLevel = b.maxDefinitionLevel;
    this.maxRepetitionLevel = b.maxRepetitionLevel;
    this.v2AlwaysCompressed = b.writer.isBefore("parquet-cpp", 2, 0, 0);
    this.location = location;
    this.plan = plan;
    this.selection = b.selection;
    this.checksums = new PageChecksums(b.options.verifyChecksums());
    this.decryption = b.decryptor == null
        ? null
        : new PageDecryption(b.decryptor, meta.dictionaryPageOffset() != null);
    // decryption reuses its buffers from page to page, so encrypted chunks are read in line, and
    // so are chunks given a caller's decompressor, which the caller may use meanwhile
    boolean readAhead = b.options.readAhead() != PageReadAhead.OFF && decryption == null
        && b.decompressor == null;
    ScratchPool pool = readAhead ? new ScratchPool(b.options.maxPageSize(), b.retained) : null;
    this.decompression = new PageDecompression(meta.codec(), b.options.maxPageSize(), b.decompressor, pool,
        b.retained);
    // beyond the next page only where there is decompression to move off the caller's thread
    boolean several = b.options.readAhead() == PageReadAhead.SEVERAL_PAGES
        && meta.codec() != CompressionCodec.UNCOMPRESSED && b.options.aheadBytes() > 0;
    this.ahead = !readAhead ? null
        : several ? new PagesAhead(this::make, pool, MAX_PAGES_AHEAD, b.options.aheadBytes())
        : new PagesAhead(this::make, pool, 1, 0);
  }

  /**
   * Starts a reader over {@code bytes}, the fetched bytes of {@code chunk}, for a leaf column with
   * the given max levels (from the schema: they decide which level sections v1 pages hold).
   */
  public static PageReaderBuilder builder(
      ColumnChunkBytes bytes, ColumnChunk chunk, int maxDefinitionLevel, int maxRepetitionLevel) {
    return new PageReaderBuilder(bytes, chunk, maxDefinitionLevel, maxRepetitionLevel);
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
    Page page;
    if (ahead == null) {
      try {
        page = produce();
      } finally {
        // the page (or its failure) is complete: the counters may show it
        shownSkipped = pagesSkipped;
        shownChecksums = checksums.verified();
        shownDecompressed = decompression.bytesDecompressed();
      }
    } else {
      PagesAhead.Made m = ahead.take();
      // the counters as they stood right after this page, not after the pages made since
      shownSkipped = m.skipped();
      shownChecksums = m.checksums();
      shownDecompressed = m.decompressed();
      if (m.thrown() instanceof RuntimeException r) {
        throw r;
      }
      if (m.thrown() instanceof Error e) {
        throw e;
      }
      page = m.page();
    }
    if (page != null) {
      pagesRead++;
    } else {
      endHandedOut = true;
    }
    return page;
  }

  /**
   * The next page made for {@link PagesAhead}, on a helper's thread or the caller's (never both at
   * once), with what it holds and the counters right after it; a failure is in the result.
   */
  private PagesAhead.Made make() {
    Page page = null;
    Throwable thrown = null;
    try {
      page = produce();
    } catch (Throwable t) { // handed to the caller, who would have seen it without read-ahead
      thrown = t;
    }
    boolean detached = true;
    int bytes = 0;
    if (page instanceof DataPage d) {
      // a streamed chunk's buffers are refilled as pages are read: a page whose sections lie in
      // them must not have pages after it made ahead past the next one
      detached = stream == null || !(inChunkBuffers(d.values()) || inChunkBuffers(d.definitionLevels())
          || inChunkBuffers(d.repetitionLevels()));
      bytes = d.values().length() + d.definitionLevels().length() + d.repetitionLevels().length();
    }
    return new PagesAhead.Made(page, thrown, detached, bytes, decompression.takeLastScratch(),
        pagesSkipped, checksums.verified(), decompression.bytesDecompressed());
  }

  private boolean inChunkBuffers(ByteSlice s) {
    return s.array() == buf || s.array() == spare;
  }

  /** The next page, made on the caller's thread or, through {@link #make()}, a helper's. */
  private Page produce() {
    if (failed) {
      throw new IllegalStateException("page reader failed on an earlier page");
    }
    try {
      return plan == null ? nextInSequence() : nextFromOffsetIndex();
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

  /** Pages made ahead and waiting to be handed out (the chunk's end counts as one); for tests. */
  int pagesWaiting() {
    return ahead == null ? 0 : ahead.waiting();
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
    return shownSkipped;
  }

  /** Page CRCs checked so far. */
  public long checksumsVerified() {
    return shownChecksums;
  }

  /**
   * Bytes produced by the decompressor so far (zero for uncompressed chunks, which are not copied).
   */
  public long bytesDecompressed() {
    return shownDecompressed;
  }

  /** Releases the decompressor, unless the caller supplied it. Idempotent. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (ahead != null) {
      // a helper may be using the buffers and the decompressor released below
      ahead.close();
    }
    if (decryption != null) {
      decryption.close();
    }
    decompression.close(endHandedOut);
    if (slicesTaken) {
      slices.giveBack(buf, spare);
      buf = NO_BYTES;
      spare = NO_BYTES;
      held = null;
    }
  }

  // ------------------------------------------------------------------ walking the chunk

  private Page nextInSequence() {
    while (!finished) {
      // stopping at the chunk's value count keeps the PARQUET-816 padding from yielding pages of
      // the next chunk, as Arrow C++ does
      if (atChunkEnd() || valuesSeen >= numValues) {
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
        while (fileOffset(pos) < firstAt) {
          Page page = readPage(pos, nextOrdinal++, -1);
          if (page instanceof DataPage) {
            throw new CorruptFileException("data page is missing from the offset index");
          }
          if (page != null) {
            return page;
          }
        }
        if (fileOffset(pos) != firstAt) {
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
      Page page = readPage(pos, prefixPages + i, i);
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
    if (stream != null) {
      // only the listed pages are read: a page away from the bytes present starts a new slice
      pos = ensure(offset, length);
      return;
    }
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

  private boolean atChunkEnd() {
    return stream == null ? pos >= end : fileOffset(pos) >= chunkEnd;
  }

  /**
   * Parses the header of the page at {@code buf[headerStart]}: leaves {@link #pageStart} at the
   * header (moved when a streamed chunk's slice was refilled) and {@link #pos} at the body.
   */
  private PageHeader header(int headerStart, int listed) {
    if (stream == null) {
      ByteBuffer view = ByteBuffer.wrap(buf, headerStart, end - headerStart);
      PageHeader header = decryption == null
          ? MetadataReader.readPageHeader(view)
          : decryption.header(view, listed, !dictionarySeen && !dataSeen);
      pageStart = headerStart;
      pos = view.position();
      return header;
    }
    long at = fileOffset(headerStart);
    long rest = limit(at) - at;
    if (decryption != null) {
      // a header module says its length up front; decrypting twice would count its ordinal twice
      int from = ensure(at, Math.min(rest, 4));
      long module = end - from < 4 ? 0 : (buf[from] & 0xffL) | (buf[from + 1] & 0xffL) << 8
          | (buf[from + 2] & 0xffL) << 16 | (buf[from + 3] & 0xffL) << 24;
      from = ensure(at, Math.min(rest, 4 + module));
      ByteBuffer view = ByteBuffer.wrap(buf, from, end - from);
      PageHeader header = decryption.header(view, listed, !dictionarySeen && !dataSeen);
      pageStart = from;
      pos = view.position();
      return header;
    }
    long probe = Math.min(rest, Math.min(HEADER_PROBE, slices.sliceSize()));
    while (true) {
      int from = ensure(at, probe);
      ByteBuffer view = ByteBuffer.wrap(buf, from, end - from);
      try {
        PageHeader header = MetadataReader.readPageHeader(view);
        pageStart = from;
        pos = view.position();
        return header;
      } catch (CorruptFileException e) {
        if (end - from >= rest) {
          throw e; // the whole rest of the chunk is present: the header is broken, not cut
        }
        probe = Math.min(rest, 2L * (end - from));
      }
    }
  }

  /**
   * Makes file bytes {@code [at, at + length)} of a streamed chunk present in {@link #buf},
   * reading further into it when it has room past the bytes present, else into the spare buffer
   * (the bytes present from {@code at} carried over), which must not be {@link #held}; returns
   * the index of {@code at} in {@link #buf}. {@code length} must not pass the chunk's end.
   */
  private int ensure(long at, long length) {
    long present = fileOffset(end) - at;
    if (at >= base && present >= length) {
      return (int) (at - base);
    }
    long rest = limit(at) - at;
    if (length > rest) {
      throw new CorruptFileException("bytes [" + at + ", " + (at + length) + ") run past the part of the column"
          + " chunk that is read (" + rest + " bytes left)");
    }
    if (!slicesTaken) {
      byte[][] taken = slices.take();
      slicesTaken = true;
      buf = taken[0];
      spare = taken[1];
      base = at;
      end = 0;
      pos = 0;
      present = 0;
    }
    if (at >= base && present >= 0 && at - base + length <= buf.length) {
      // the bytes after those present are left over from pages long handed out
      int fill = (int) Math.min(buf.length - end, limit(at) - fileOffset(end));
      read(fileOffset(end), buf, end, fill);
      end += fill;
      return (int) (at - base);
    }
    int carry = at >= base && present > 0 ? (int) present : 0;
    int from = (int) (at - base);
    int size = (int) Math.max(length, Math.min(slices.sliceSize(), rest));
    byte[] target;
    if (spare != held && spare.length >= size) {
      target = spare;
    } else if (buf != held && buf.length >= size) {
      target = buf; // no data page of this buffer is in use: the carried bytes move to its start
    } else {
      target = PageDecompression.allocate(size);
    }
    if (carry > 0) {
      System.arraycopy(buf, from, target, 0, carry);
    }
    int fill = (int) Math.min(target.length, rest);
    read(at + carry, target, carry, fill - carry);
    if (target != buf) {
      // keep two buffers: the new one, and the one the last data page may still be using
      byte[] other = target == spare ? buf : held == spare ? spare : buf;
      spare = other;
      buf = target;
    }
    base = at;
    end = fill;
    return 0;
  }

  /**
   * The end of the span of a streamed chunk holding file byte {@code at} (the chunk's end when it
   * is read whole); {@code at} itself when no span holds it, so nothing there is read.
   */
  private long limit(long at) {
    for (int i = 0; i < spans.length; i += 2) { // a handful of spans: a scan is as fast as a search
      if (at >= spans[i] && at < spans[i + 1]) {
        return spans[i + 1];
      }
    }
    return at;
  }

  /** Reads {@code length} file bytes at {@code at} into {@code into[offset]}. */
  private void read(long at, byte[] into, int offset, int length) {
    if (length <= 0) {
      return;
    }
    try {
      stream.readFully(at, ByteBuffer.wrap(into, offset, length));
    } catch (EOFException e) {
      throw new CorruptFileException("the file ends inside the column chunk [" + chunk.range().offset()
          + ", " + chunkEnd + "): " + length + " bytes at " + at + " could not be read (" + e.getMessage() + ")");
    } catch (IOException e) {
      throw new ParquetIOException("cannot read " + length + " bytes at " + at + " of the column chunk: "
          + e.getMessage(), e);
    }
  }

  /**
   * Reads the page whose header starts at {@code headerStart}; {@code null} for a skipped page
   * type. {@code listed} is the page's offset index entry, or -1.
   */
  private Page readPage(int headerStart, int ordinal, int listed) {
    currentOrdinal = ordinal;
    currentOffset = fileOffset(headerStart);
    PageHeader header = header(headerStart, listed);
    headerStart = pageStart;
    int body = pos;
    int compressed = header.compressedPageSize();
    int uncompressed = header.uncompressedPageSize();
    if (compressed < 0 || uncompressed < 0) {
      throw new CorruptFileException(
          "negative page size: " + compressed + " stored, " + uncompressed + " uncompressed");
    }
    long left = stream == null ? end - body : limit(fileOffset(body)) - fileOffset(body);
    if (compressed > left) {
      throw new CorruptFileException(
          "page of "
              + compressed
              + " bytes runs past the end of the column chunk ("
              + left
              + " bytes left)");
    }
    if (stream != null) {
      int headerLength = body - headerStart;
      headerStart = ensure(fileOffset(headerStart), (long) headerLength + compressed);
      body = headerStart + headerLength;
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
    if (type == PageType.DATA_PAGE || type == PageType.DATA_PAGE_V2) {
      held = buf; // its sections may point into it
      return type == PageType.DATA_PAGE
          ? dataPageV1(header, ordinal, body, firstRow, rows)
          : dataPageV2(header, ordinal, body, firstRow, rows);
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
    checksums.verify(header.crc(), buf, body, header.compressedPageSize());
    ByteSlice stored = storedBody(ModuleType.DICTIONARY_PAGE, body, header.compressedPageSize(), true);
    ByteSlice data = decompression.decompress(
        stored.array(), stored.offset(), stored.length(), header.uncompressedPageSize(), true);
    if (stream != null && data.array() == buf) {
      data = new ByteSlice(data.toByteArray(), 0, data.length()); // the slice will be refilled
    }
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
    checksums.verify(header.crc(), buf, body, header.compressedPageSize());
    dataSeen = true;
    valuesSeen += n;
    ByteSlice stored = storedBody(ModuleType.DATA_PAGE, body, header.compressedPageSize(), false);
    ByteSlice page = decompression.decompress(
        stored.array(), stored.offset(), stored.length(), header.uncompressedPageSize(), false);
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
    checksums.verify(header.crc(), buf, body, compressed);
    dataSeen = true;
    valuesSeen += n;
    byte[] levelArray = buf;
    int levelStart = body;
    byte[] valueArray = buf;
    int valuesStart = body + (int) levels;
    int storedValues = compressed - (int) levels;
    if (decryption != null) {
      if (PageDecryption.v2Layout(buf, body, end, compressed, (int) levels)
          == PageDecryption.V2Layout.WHOLE_BODY) {
        ByteSlice plain = decryption.body(ModuleType.DATA_PAGE, buf, body, compressed, false);
        if (plain.length() < levels) {
          throw new CorruptFileException("decrypted v2 page of " + plain.length()
              + " bytes is shorter than its level sections (" + levels + " bytes)");
        }
        levelArray = plain.array();
        levelStart = plain.offset();
        valueArray = plain.array();
        valuesStart = plain.offset() + (int) levels;
        storedValues = plain.length() - (int) levels;
      } else {
        ByteSlice plain = decryption.body(ModuleType.DATA_PAGE, buf, valuesStart, storedValues, false);
        valueArray = plain.array();
        valuesStart = plain.offset();
        storedValues = plain.length();
      }
    }
    ByteSlice rep = new ByteSlice(levelArray, levelStart, repLength);
    ByteSlice def = new ByteSlice(levelArray, levelStart + repLength, defLength);
    int plainValues = uncompressed - (int) levels;
    ByteSlice values;
    if (d.compressed() || v2AlwaysCompressed) {
      values = decompression.decompress(valueArray, valuesStart, storedValues, plainValues, false);
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

  /** The page body as the codec stored it: the bytes themselves, or their decryption. */
  private ByteSlice storedBody(ModuleType type, int body, int length, boolean own) {
    return decryption == null
        ? new ByteSlice(buf, body, length)
        : decryption.body(type, buf, body, length, own);
  }

  private ErrorLocation here() {
    ErrorLocation at = currentOffset >= 0 ? location.withOffset(currentOffset) : location;
    return currentOrdinal >= 0 ? at.withPage(currentOrdinal) : at;
  }
}
