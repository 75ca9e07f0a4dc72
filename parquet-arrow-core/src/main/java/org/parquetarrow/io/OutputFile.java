package org.parquetarrow.io;

import java.io.IOException;

/**
 * A destination a writer creates a file at, atomically: bytes go to a hidden temporary first and
 * appear at the destination only when {@link AtomicOutput#commit()} succeeds. Closing an output that
 * was not committed discards it, so a failed or abandoned write leaves nothing behind.
 *
 * <pre>{@code
 * OutputFile file = LocalOutputFile.of(Path.of("data.parquet"));
 * try (OutputFile.AtomicOutput out = file.create()) {
 *   out.write(bytes, 0, bytes.length);
 *   out.commit();                       // now data.parquet exists
 * }
 * }</pre>
 */
public interface OutputFile {

  /** How the file is named in error messages (usually its path). */
  String name();

  /** Starts writing a new file; the destination is untouched until the output is committed. */
  AtomicOutput create() throws IOException;

  /** A sequential output that knows its position and publishes its bytes only on commit. */
  interface AtomicOutput extends AutoCloseable {

    /** Appends {@code src[off, off + len)}. */
    void write(byte[] src, int off, int len) throws IOException;

    /** Bytes written so far: the file offset of the next byte. */
    long position();

    /**
     * Makes the written bytes durable and visible at the destination, replacing any file there.
     * After a commit, {@link #close()} does nothing more.
     */
    void commit() throws IOException;

    /** Discards everything written unless committed. Idempotent. */
    @Override
    void close() throws IOException;
  }
}
