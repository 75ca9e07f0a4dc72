package org.parquetarrow.io;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;

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

  @Override
  default void close() throws IOException {}
}
