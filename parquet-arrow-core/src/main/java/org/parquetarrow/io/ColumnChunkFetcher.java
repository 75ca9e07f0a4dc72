package org.parquetarrow.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.parquetarrow.io.ColumnChunkBytes.Piece;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.MissingKeyException;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnCryptoMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.WriterVersion;

/**
 * Fetches column chunks, whole or only the spans a row selection needs, into heap arrays: the
 * spans of all the chunks asked for are coalesced ({@link RangeCoalescer}) and read with {@link
 * InputFile#readRangesAsync}, so a local file reads each coalesced range with one positional read
 * and a remote one issues the requests concurrently. The arrays are plain heap memory, not counted
 * by an Arrow allocator: they live until the row group's pages are decoded.
 *
 * <pre>{@code
 * ParquetFooter footer = ParquetFooter.read(file);
 * List<ColumnChunkBytes> chunks = ColumnChunkFetcher.fetchRowGroup(
 *     file, footer.metadata(), 0, new int[] {0, 3, 4}, RangeCoalescer.DEFAULT);
 * }</pre>
 */
public final class ColumnChunkFetcher {
  private static final byte[] NO_BYTES = new byte[0];

  /** The largest array every JVM hands out. */
  static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

  private ColumnChunkFetcher() {}

  /** What one coalesced read of a local file does with the holes between the spans it covers. */
  public enum LocalHoles {
    /** Reads from its first span's start to its last span's end, holes included: one positional read. */
    READ_THROUGH,
    /**
     * Reads each span on its own into one array the read's spans share, packed one after the other:
     * as few arrays as {@link #READ_THROUGH} (few large arrays, rather than many small ones that
     * live for a row group, keep a garbage collector from copying them), without reading or holding
     * the holes' bytes. For readers whose spans come in runs with others' pages between, such as
     * the lanes of a parallel read. Remote files always read through: a request costs a round trip.
     */
    SKIP
  }

  /**
   * The chunks {@code columns} (leaf column ordinals) of row group {@code rowGroup}, in the order
   * asked, fetched with as few reads as {@code coalescer} allows.
   *
   * @throws CorruptFileException if a chunk's metadata is missing or its range is invalid
   * @throws ParquetCryptoException if a chunk is encrypted and its metadata could not be decrypted
   * @throws ParquetIOException if the file cannot be read
   */
  public static List<ColumnChunkBytes> fetchRowGroup(
      InputFile file,
      FileMetaData metadata,
      int rowGroup,
      int[] columns,
      RangeCoalescer coalescer) {
    ErrorLocation where = ErrorLocation.ofFile(file.name()).withRowGroup(rowGroup);
    if (rowGroup < 0 || rowGroup >= metadata.rowGroups().size()) {
      throw new IllegalArgumentException(
          "row group " + rowGroup + " of " + metadata.rowGroups().size());
    }
    try {
      return fetch(file, chunkRanges(file, metadata, rowGroup, columns), coalescer);
    } catch (ParquetException e) {
      throw e.locate(where);
    }
  }

  /**
   * Where the chunks {@code columns} (leaf column ordinals) of row group {@code rowGroup} are, in
   * the order asked.
   *
   * @throws CorruptFileException if a chunk's metadata is missing or its range is invalid
   * @throws ParquetCryptoException if a chunk is encrypted and its metadata could not be decrypted
   */
  public static List<ColumnChunkRange> chunkRanges(
      InputFile file, FileMetaData metadata, int rowGroup, int[] columns) {
    return chunkRanges(file, metadata, WriterVersion.parse(metadata.createdBy()), rowGroup, columns);
  }

  /**
   * As {@link #chunkRanges(InputFile, FileMetaData, int, int[])}, with the file's writer already
   * parsed ({@link org.parquetarrow.metadata.ParquetFooter#writerVersion()}), for readers that
   * plan row group after row group.
   */
  public static List<ColumnChunkRange> chunkRanges(
      InputFile file, FileMetaData metadata, WriterVersion writer, int rowGroup, int[] columns) {
    ErrorLocation where = ErrorLocation.ofFile(file.name()).withRowGroup(rowGroup);
    if (rowGroup < 0 || rowGroup >= metadata.rowGroups().size()) {
      throw new IllegalArgumentException(
          "row group " + rowGroup + " of " + metadata.rowGroups().size());
    }
    RowGroup group = metadata.rowGroups().get(rowGroup);
    long fileLength = length(file, where);
    List<ColumnChunkRange> ranges = new ArrayList<>(columns.length);
    for (int c : columns) {
      if (c < 0 || c >= group.columns().size()) {
        throw new IllegalArgumentException("column " + c + " of " + group.columns().size());
      }
      ColumnChunk chunk = group.columns().get(c);
      ErrorLocation at = where.withColumn(columnName(chunk, c));
      checkReadable(chunk, at, true);
      try {
        ranges.add(ColumnChunkRange.of(chunk.metaData(), fileLength, writer));
      } catch (ParquetException e) {
        throw e.locate(at);
      }
    }
    return ranges;
  }

  /**
   * Fetches every range whole, one read per group {@code coalescer} forms; the result is in the
   * order of {@code ranges}, and chunks fetched by one read share its array.
   *
   * @throws UnsupportedFeatureException if a chunk alone is larger than a Java array can hold
   */
  public static List<ColumnChunkBytes> fetch(
      InputFile file, List<ColumnChunkRange> ranges, RangeCoalescer coalescer) {
    List<ChunkRequest> requests = new ArrayList<>(ranges.size());
    for (ColumnChunkRange r : ranges) {
      requests.add(ChunkRequest.whole(r));
    }
    return fetchRequests(file, requests, coalescer);
  }

  /**
   * Fetches what each request asks for (whole chunks, or spans of them), the spans of all
   * requests coalesced together by {@code coalescer}; the result is in the order of {@code
   * requests}: dense chunks for whole requests, sparse ones for the others.
   *
   * @throws CorruptFileException if a span lies past the end of the file
   * @throws ParquetIOException if the file cannot be read
   * @throws UnsupportedFeatureException if a span alone is larger than a Java array can hold
   */
  public static List<ColumnChunkBytes> fetchRequests(
      InputFile file, List<ChunkRequest> requests, RangeCoalescer coalescer) {
    try {
      return fetchAsync(file, requests, coalescer).join();
    } catch (CompletionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }

  /**
   * As {@link #fetchRequests}, completing when the bytes are in: the reads are issued through
   * {@link InputFile#readRangesAsync}, so a remote file runs them concurrently and the caller may
   * decode meanwhile. The future fails with the same typed exceptions.
   */
  public static CompletableFuture<List<ColumnChunkBytes>> fetchAsync(
      InputFile file, List<ChunkRequest> requests, RangeCoalescer coalescer) {
    return fetchAsync(file, requests, coalescer, LocalHoles.READ_THROUGH);
  }

  /**
   * As {@link #fetchAsync(InputFile, List, RangeCoalescer)}, with the holes of a local file's
   * coalesced reads read through or skipped ({@code holes}).
   *
   * <pre>{@code
   * List<ColumnChunkBytes> mine = ColumnChunkFetcher.fetchAsync(
   *     file, requests, new RangeCoalescer(1 << 20, 32 << 20), ColumnChunkFetcher.LocalHoles.SKIP).join();
   * }</pre>
   */
  public static CompletableFuture<List<ColumnChunkBytes>> fetchAsync(
      InputFile file, List<ChunkRequest> requests, RangeCoalescer coalescer, LocalHoles holes) {
    ErrorLocation where = ErrorLocation.ofFile(file.name());
    List<FileRange> spans = new ArrayList<>();
    List<int[]> owners = new ArrayList<>(); // {request, span within the request}
    for (int i = 0; i < requests.size(); i++) {
      List<FileRange> parts = requests.get(i).fileRanges();
      for (int j = 0; j < parts.size(); j++) {
        spans.add(parts.get(j));
        owners.add(new int[] {i, j});
      }
    }
    List<FileRange> reads = new ArrayList<>();
    List<List<Integer>> members = new ArrayList<>();
    try {
      long fileLength = length(file, where);
      for (RangeCoalescer.Read read : coalescer.coalesce(spans)) {
        if (read.range().length() > MAX_ARRAY_LENGTH && read.members().size() > 1) {
          // merging made it too long: fall back to one read per span
          for (int m : read.members()) {
            reads.add(checked(spans.get(m), fileLength, where));
            members.add(List.of(m));
          }
        } else {
          reads.add(checked(read.range(), fileLength, where));
          members.add(read.members());
        }
      }
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    Piece[][] pieces = new Piece[requests.size()][];
    for (int i = 0; i < requests.size(); i++) {
      pieces[i] = new Piece[requests.get(i).fileRanges().size()];
    }
    if (holes == LocalHoles.SKIP && file.locality() == InputFile.Locality.LOCAL) {
      try {
        readPacked(file, reads, members, spans, owners, pieces);
      } catch (IOException | RuntimeException e) {
        return CompletableFuture.failedFuture(readFailure(e, reads, where));
      }
      return CompletableFuture.completedFuture(chunks(requests, pieces));
    }
    return file.readRangesAsync(reads).handle((buffers, failure) -> {
      if (failure != null) {
        throw new CompletionException(readFailure(failure, reads, where));
      }
      for (int k = 0; k < reads.size(); k++) {
        FileRange read = reads.get(k);
        byte[] array = arrayOf(buffers.get(k), read, where);
        for (int m : members.get(k)) {
          FileRange span = spans.get(m);
          int[] owner = owners.get(m);
          pieces[owner[0]][owner[1]] =
              new Piece(span.offset(), array, (int) (span.offset() - read.offset()), (int) span.length());
        }
      }
      return chunks(requests, pieces);
    });
  }

  /**
   * Reads each span of every coalesced read into one array per read, the spans packed one after
   * the other (a new array where a read's spans together would pass the largest array).
   */
  private static void readPacked(InputFile file, List<FileRange> reads, List<List<Integer>> members,
      List<FileRange> spans, List<int[]> owners, Piece[][] pieces) throws IOException {
    for (int k = 0; k < reads.size(); k++) {
      List<Integer> group = members.get(k);
      int first = 0;
      while (first < group.size()) {
        long packed = 0;
        int last = first;
        while (last < group.size() && packed + spans.get(group.get(last)).length() <= MAX_ARRAY_LENGTH) {
          packed += spans.get(group.get(last)).length();
          last++;
        }
        if (last == first) {
          throw new IllegalStateException("span " + spans.get(group.get(first)) + " passes the largest array");
        }
        byte[] array = new byte[(int) packed];
        int at = 0;
        for (int g = first; g < last; g++) {
          int m = group.get(g);
          FileRange span = spans.get(m);
          int length = (int) span.length();
          file.readFully(span.offset(), ByteBuffer.wrap(array, at, length));
          int[] owner = owners.get(m);
          pieces[owner[0]][owner[1]] = new Piece(span.offset(), array, at, length);
          at += length;
        }
        first = last;
      }
    }
  }

  /** The chunks of {@code requests} from their pieces: dense for whole requests, sparse for the others. */
  private static List<ColumnChunkBytes> chunks(List<ChunkRequest> requests, Piece[][] pieces) {
    List<ColumnChunkBytes> out = new ArrayList<>(requests.size());
    for (int i = 0; i < requests.size(); i++) {
      ChunkRequest request = requests.get(i);
      if (request.isWhole()) {
        Piece p = pieces[i][0];
        out.add(p == null // empty chunk: nothing read
            ? new ColumnChunkBytes(request.range(), NO_BYTES, 0)
            : new ColumnChunkBytes(request.range(), p.array(), p.arrayOffset()));
      } else {
        out.add(ColumnChunkBytes.sparse(request.range(), Arrays.asList(pieces[i])));
      }
    }
    return out;
  }

  /** Fetches one chunk with one positional read. */
  public static ColumnChunkBytes fetch(InputFile file, ColumnChunkRange range) {
    return fetch(file, List.of(range), RangeCoalescer.NONE).get(0);
  }

  /**
   * Refuses chunks whose pages cannot be read: external ones, ones without metadata, and
   * encrypted ones unless {@code decrypting}.
   *
   * @throws ParquetCryptoException for an encrypted chunk that cannot be decrypted
   * @throws CorruptFileException for a chunk without metadata
   */
  public static void checkReadable(ColumnChunk chunk, ErrorLocation at, boolean decrypting) {
    boolean encrypted = chunk.cryptoMetadata() != null || chunk.encryptedColumnMetadata() != null;
    if (encrypted && (!decrypting || chunk.metaData() == null)) {
      throw (ParquetCryptoException)
          new MissingKeyException("column chunk is encrypted and its key was not given"
                  + " (ReadOptions.Builder.decryption)")
              .locate(at);
    }
    if (chunk.filePath() != null) {
      throw (UnsupportedFeatureException)
          new UnsupportedFeatureException(
                  "external column chunk",
                  "column chunk lives in another file (" + chunk.filePath() + ")")
              .locate(at);
    }
    if (chunk.metaData() == null) {
      throw new CorruptFileException("column chunk has no metadata", at, null);
    }
  }

  public static String columnName(ColumnChunk chunk, int ordinal) {
    if (chunk.metaData() != null && chunk.metaData().pathInSchema() != null) {
      return String.join(".", chunk.metaData().pathInSchema());
    }
    if (chunk.cryptoMetadata() instanceof ColumnCryptoMetaData.EncryptionWithColumnKey k) {
      return String.join(".", k.pathInSchema());
    }
    return "#" + ordinal;
  }

  private static FileRange checked(FileRange span, long fileLength, ErrorLocation where) {
    if (span.end() > fileLength) {
      throw new CorruptFileException(
          "bytes " + span + " lie past the end of the file (" + fileLength + " bytes)",
          where.withOffset(span.offset()),
          null);
    }
    if (span.length() > MAX_ARRAY_LENGTH) {
      throw tooLarge(span, where);
    }
    return span;
  }

  /**
   * The bytes of a read as an array: the buffer's own when it is a whole heap array (what {@link
   * InputFile#read} and remote files return, so local reads stay one positional read and no copy),
   * else a copy.
   */
  private static byte[] arrayOf(ByteBuffer buf, FileRange read, ErrorLocation where) {
    if (buf.remaining() != read.length()) {
      String problem = "read of " + read + " returned " + buf.remaining() + " bytes";
      throw new ParquetIOException(problem, new java.io.EOFException(problem))
          .locate(where.withOffset(read.offset()));
    }
    if (buf.hasArray() && buf.arrayOffset() == 0 && buf.position() == 0
        && buf.array().length == buf.remaining()) {
      return buf.array();
    }
    byte[] copy = new byte[buf.remaining()];
    buf.duplicate().get(copy);
    return copy;
  }

  private static RuntimeException readFailure(
      Throwable failure, List<FileRange> reads, ErrorLocation where) {
    Throwable cause = failure instanceof CompletionException && failure.getCause() != null
        ? failure.getCause() : failure;
    if (cause instanceof ParquetException p) {
      return p.locate(where);
    }
    if (cause instanceof IOException e) {
      long at = reads.isEmpty() ? -1 : reads.get(0).offset();
      return new ParquetIOException("cannot read " + describe(reads) + ": " + e.getMessage(), e)
          .locate(at >= 0 ? where.withOffset(at) : where);
    }
    if (cause instanceof RuntimeException r) {
      return r;
    }
    return new ParquetIOException("cannot read " + describe(reads) + ": " + cause,
        new IOException(cause)).locate(where);
  }

  private static String describe(List<FileRange> reads) {
    if (reads.size() == 1) {
      FileRange r = reads.get(0);
      return r.length() + " bytes at " + r.offset();
    }
    return reads.size() + " ranges " + reads;
  }

  private static long length(InputFile file, ErrorLocation where) {
    try {
      return file.length();
    } catch (IOException e) {
      throw new ParquetIOException("cannot get the file length: " + e.getMessage(), e)
          .locate(where);
    }
  }

  private static UnsupportedFeatureException tooLarge(FileRange span, ErrorLocation where) {
    return (UnsupportedFeatureException)
        new UnsupportedFeatureException(
                "column chunk over 2 GiB",
                "column chunk of " + span.length() + " bytes is larger than a Java array can hold")
            .locate(where.withOffset(span.offset()));
  }
}
