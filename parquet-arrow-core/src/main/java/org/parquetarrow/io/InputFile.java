package org.parquetarrow.io;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A file read by position: no stream state, so one instance may serve concurrent readers.
 *
 * <pre>{@code
 * try (InputFile in = LocalInputFile.open(Path.of("data.parquet"))) {
 *   ByteBuffer tail = in.read(in.length() - 8, 8);
 * }
 * }</pre>
 */
public interface InputFile extends Closeable {

  /** Where a file's bytes come from, which decides how readers batch their reads. */
  enum Locality {
    /** A local disk or memory: a read costs little beyond its bytes. */
    LOCAL,
    /** A network store (HTTP, S3): every read is a request that costs a round trip. */
    REMOTE
  }

  /** How the file is named in error messages (usually its path). */
  String name();

  /** The file's length in bytes. */
  long length() throws IOException;

  /**
   * Fills {@code dst} from its position to its limit with the bytes starting at {@code position}.
   *
   * @throws EOFException if the file ends before {@code dst} is full
   */
  void readFully(long position, ByteBuffer dst) throws IOException;

  /** Reads {@code length} bytes at {@code position} into a new little-endian heap buffer. */
  default ByteBuffer read(long position, int length) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(length);
    readFully(position, buf);
    buf.flip();
    return buf.order(java.nio.ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Reads each of {@code ranges} into a new little-endian heap buffer, returned in the order of
   * {@code ranges}. This default reads them one after the other with {@link #read}; remote files
   * issue the requests concurrently (bounded by their options).
   *
   * <pre>{@code
   * List<ByteBuffer> parts = in.readRanges(List.of(FileRange.of(4, 1_024), FileRange.of(90_000, 512)));
   * }</pre>
   *
   * @throws EOFException if a range ends past the end of the file
   * @throws IllegalArgumentException if a range is over 2 GiB, which one buffer cannot hold
   */
  default List<ByteBuffer> readRanges(List<FileRange> ranges) throws IOException {
    List<ByteBuffer> out = new ArrayList<>(ranges.size());
    for (FileRange r : ranges) {
      out.add(read(r.offset(), bufferLength(r)));
    }
    return out;
  }

  /**
   * {@link #readRanges} that completes asynchronously, so requests overlap with decoding: the
   * future completes with the buffers in the order of {@code ranges}, or exceptionally with the
   * first failure ({@link IOException} or {@link org.parquetarrow.ParquetException}). This default
   * reads on the calling thread and returns a completed future; remote files return at once.
   *
   * <pre>{@code
   * CompletableFuture<List<ByteBuffer>> next = in.readRangesAsync(rangesOfNextRowGroup);
   * // ... decode the current row group ...
   * List<ByteBuffer> parts = next.join();
   * }</pre>
   */
  default CompletableFuture<List<ByteBuffer>> readRangesAsync(List<FileRange> ranges) {
    try {
      return CompletableFuture.completedFuture(readRanges(ranges));
    } catch (IOException | RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /** Where this file's bytes come from ({@link Locality#LOCAL} unless a remote file says otherwise). */
  default Locality locality() {
    return Locality.LOCAL;
  }

  /**
   * The length of {@code range} as a buffer length.
   *
   * @throws IllegalArgumentException if it is over 2 GiB
   */
  static int bufferLength(FileRange range) {
    if (range.length() > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("range " + range + " of " + range.length()
          + " bytes does not fit in one buffer (at most 2 GiB)");
    }
    return (int) range.length();
  }

  @Override
  default void close() throws IOException {}
}
