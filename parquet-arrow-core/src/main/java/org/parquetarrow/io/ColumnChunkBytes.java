package org.parquetarrow.io;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The fetched bytes of one column chunk: either the whole chunk ({@linkplain #isDense() dense}),
 * or, when a row selection and the chunk's offset index leave pages out, only some spans of it
 * (sparse: the dictionary page and the pages holding selected rows). Each span is a view of an
 * array that several chunks fetched in one coalesced read may share. A third kind holds no bytes
 * yet: a {@linkplain #isStreamed() streamed} chunk names the file its reader reads it from, a
 * slice at a time, into buffers the reader reuses (large chunks of local files, so that a scan
 * does not take a fresh array as large as each chunk).
 *
 * <pre>{@code
 * ColumnChunkBytes whole = ColumnChunkFetcher.fetch(file, range);
 * ColumnChunkBytes.Piece page = sparse.pieceHolding(pageOffset, pageLength); // null: not fetched
 * ColumnChunkBytes later = ColumnChunkBytes.streamed(range, file);         // read by the page reader
 * }</pre>
 */
public final class ColumnChunkBytes {

  /**
   * Bytes {@code [fileOffset, fileOffset + length)} of the file, held in {@code array} from
   * {@code arrayOffset} (shared, not copied).
   */
  public record Piece(long fileOffset, byte[] array, int arrayOffset, int length) {
    public Piece {
      Objects.requireNonNull(array, "array");
      Objects.checkFromIndexSize(arrayOffset, length, array.length);
      if (fileOffset < 0) {
        throw new IllegalArgumentException("negative file offset " + fileOffset);
      }
    }

    /** The first file byte after the piece. */
    public long fileEnd() {
      return fileOffset + length;
    }

    /** Whether the piece holds every byte of {@code [offset, offset + bytes)}. */
    public boolean holds(long offset, long bytes) {
      return offset >= fileOffset && bytes >= 0 && offset + bytes <= fileEnd();
    }
  }

  private final ColumnChunkRange range;
  private final List<Piece> pieces;
  private final boolean dense;
  private final int length;
  /** Where a streamed chunk is read from; {@code null} for fetched bytes. */
  private final InputFile source;
  /** The spans of a streamed chunk its reader may read, in file order. */
  private final List<FileRange> streamedSpans;

  /**
   * The whole chunk: {@code range.length()} bytes of {@code array} from {@code arrayOffset}.
   *
   * @param range where the bytes come from
   * @param array holds the bytes (shared, not copied)
   * @param arrayOffset where the chunk's first byte is in {@code array}
   */
  public ColumnChunkBytes(ColumnChunkRange range, byte[] array, int arrayOffset) {
    Objects.requireNonNull(range, "range");
    Objects.requireNonNull(array, "array");
    if (range.length() > array.length) {
      throw new IllegalArgumentException(
          "chunk of " + range.length() + " bytes does not fit an array of " + array.length);
    }
    this.range = range;
    this.pieces = List.of(new Piece(range.offset(), array, arrayOffset, (int) range.length()));
    this.dense = true;
    this.length = (int) range.length();
    this.source = null;
    this.streamedSpans = List.of();
  }

  private ColumnChunkBytes(ColumnChunkRange range, List<Piece> pieces) {
    this.range = range;
    this.pieces = pieces;
    this.dense = false;
    long n = 0;
    for (Piece p : pieces) {
      n += p.length();
    }
    this.length = (int) Math.min(Integer.MAX_VALUE, n);
    this.source = null;
    this.streamedSpans = List.of();
  }

  private ColumnChunkBytes(ColumnChunkRange range, InputFile source, List<FileRange> spans) {
    this.range = range;
    this.pieces = List.of();
    this.dense = false;
    this.length = 0;
    this.source = source;
    this.streamedSpans = spans;
  }

  /**
   * The chunk at {@code range} of {@code file}, not read yet: its page reader reads it in order,
   * a slice at a time.
   */
  public static ColumnChunkBytes streamed(ColumnChunkRange range, InputFile file) {
    Objects.requireNonNull(range, "range");
    return streamed(ChunkRequest.whole(range), file);
  }

  /**
   * The bytes {@code request} asks for of {@code file}, not read yet: its page reader reads them
   * a slice at a time, never past the end of a span of the request (for a request of some pages:
   * the pages through the chunk's offset index).
   *
   * <pre>{@code
   * ColumnChunkBytes pages = ColumnChunkBytes.streamed(
   *     ChunkRequest.selectedPages(range, offsetIndex, selection, rowGroupRows), file);
   * }</pre>
   */
  public static ColumnChunkBytes streamed(ChunkRequest request, InputFile file) {
    Objects.requireNonNull(file, "file");
    return new ColumnChunkBytes(request.range(), file, request.fileRanges());
  }

  /** The spans a streamed chunk's reader may read, in file order (empty for fetched chunks). */
  public List<FileRange> streamedSpans() {
    return streamedSpans;
  }

  /**
   * Some spans of the chunk at {@code range}: {@code pieces} in file order, not overlapping, each
   * inside the range.
   *
   * @throws IllegalArgumentException if a piece lies outside the range or overlaps the one before
   */
  public static ColumnChunkBytes sparse(ColumnChunkRange range, List<Piece> pieces) {
    Objects.requireNonNull(range, "range");
    List<Piece> copy = List.copyOf(pieces);
    long previousEnd = range.offset();
    for (Piece p : copy) {
      if (p.fileOffset() < previousEnd || p.fileEnd() > range.end()) {
        throw new IllegalArgumentException("piece [" + p.fileOffset() + ", " + p.fileEnd()
            + ") lies outside the chunk [" + range.offset() + ", " + range.end()
            + ") or overlaps the piece before it");
      }
      previousEnd = p.fileEnd();
    }
    return new ColumnChunkBytes(range, copy);
  }

  /** Wraps bytes already in memory, e.g. hand-made pages in tests: the whole array is the chunk. */
  public static ColumnChunkBytes wrap(long fileOffset, byte[] chunk) {
    return new ColumnChunkBytes(
        new ColumnChunkRange(fileOffset, chunk.length, chunk.length), chunk, 0);
  }

  /** Where the chunk is in the file. */
  public ColumnChunkRange range() {
    return range;
  }

  /** Whether every byte of the chunk was fetched. */
  public boolean isDense() {
    return dense;
  }

  /** Whether the chunk is read by its page reader as it goes ({@link #streamed}): no bytes are held. */
  public boolean isStreamed() {
    return source != null;
  }

  /** The file a {@linkplain #isStreamed() streamed} chunk is read from, else {@code null}. */
  public InputFile source() {
    return source;
  }

  /** The spans fetched, in file order (one covering the whole chunk when dense; none when streamed). */
  public List<Piece> pieces() {
    return pieces;
  }

  /**
   * The piece holding all of {@code [fileOffset, fileOffset + bytes)}, or {@code null} when those
   * bytes were not fetched (in one piece).
   */
  public Piece pieceHolding(long fileOffset, long bytes) {
    for (Piece p : pieces) { // a handful of pieces per chunk: a scan is as fast as a search
      if (p.holds(fileOffset, bytes)) {
        return p;
      }
    }
    return null;
  }

  /** The array of a dense chunk. */
  public byte[] array() {
    return denseOnly().array();
  }

  /** Where a dense chunk's first byte is in {@link #array()}. */
  public int arrayOffset() {
    return denseOnly().arrayOffset();
  }

  /** Number of bytes fetched (none for a streamed chunk: its reader reads them). */
  public int length() {
    return length;
  }

  /** The file offset of {@code array()[index]} (dense chunks). */
  public long fileOffsetOf(int index) {
    return range.offset() + (index - arrayOffset());
  }

  /** The file spans fetched, in file order. */
  public List<FileRange> fetchedRanges() {
    List<FileRange> out = new ArrayList<>(pieces.size());
    for (Piece p : pieces) {
      out.add(FileRange.of(p.fileOffset(), p.length()));
    }
    return out;
  }

  private Piece denseOnly() {
    if (!dense) {
      throw new IllegalStateException("chunk " + range + " is sparse: read it piece by piece");
    }
    return pieces.get(0);
  }

  @Override
  public String toString() {
    return "ColumnChunkBytes[" + range + (dense ? ", dense" : source != null ? ", streamed" : ", " + pieces.size() + " pieces")
        + ", " + length + " bytes]";
  }
}
