package org.parquetarrow.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import org.parquetarrow.ParquetIOException;

/**
 * An {@link OutputFile} on the local file system. Bytes are written to a hidden temporary file in
 * the destination's directory (so that the final rename stays on one file system) and renamed onto
 * the destination on commit.
 *
 * <pre>{@code
 * ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(Path.of("out.parquet")), schema,
 *     WriterProperties.defaults());
 * }</pre>
 */
public final class LocalOutputFile implements OutputFile {
  private static final int BUFFER_SIZE = 256 * 1024;

  private final Path path;

  private LocalOutputFile(Path path) {
    this.path = Objects.requireNonNull(path, "path").toAbsolutePath();
  }

  public static LocalOutputFile of(Path path) {
    return new LocalOutputFile(path);
  }

  public Path path() {
    return path;
  }

  @Override
  public String name() {
    return path.toString();
  }

  @Override
  public AtomicOutput create() throws IOException {
    // a bare file name has no parent: its directory is the working directory
    Path dir = path.toAbsolutePath().getParent();
    Path temp = dir.resolve("." + path.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong())
        + ".tmp");
    FileChannel channel;
    try {
      channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    } catch (IOException e) {
      // the temporary name is ours, not the user's: name the destination and why in plain words
      throw ParquetIOException.opening("cannot create the output", path, e);
    }
    return new Output(temp, channel);
  }

  private final class Output implements AtomicOutput {
    private final Path temp;
    private final FileChannel channel;
    // writes are buffered here: the writer hands over many small pieces (page headers)
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_SIZE);
    private long position;
    private boolean done;

    Output(Path temp, FileChannel channel) {
      this.temp = temp;
      this.channel = channel;
    }

    @Override
    public void write(byte[] src, int off, int len) throws IOException {
      Objects.checkFromIndexSize(off, len, src.length);
      if (done) {
        throw new IOException("output to " + path + " is closed");
      }
      if (len >= buffer.capacity()) {
        flushBuffer();
        writeFully(ByteBuffer.wrap(src, off, len));
      } else {
        if (len > buffer.remaining()) {
          flushBuffer();
        }
        buffer.put(src, off, len);
      }
      position += len;
    }

    private void flushBuffer() throws IOException {
      buffer.flip();
      writeFully(buffer);
      buffer.clear();
    }

    private void writeFully(ByteBuffer b) throws IOException {
      while (b.hasRemaining()) {
        channel.write(b);
      }
    }

    @Override
    public long position() {
      return position;
    }

    @Override
    public void commit() throws IOException {
      if (done) {
        throw new IOException("output to " + path + " is closed");
      }
      try {
        flushBuffer();
        channel.force(true);
        channel.close();
        try {
          Files.move(temp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING);
        }
        done = true;
      } finally {
        if (!done) {
          discard();
        }
      }
    }

    @Override
    public void close() throws IOException {
      if (!done) {
        discard();
      }
    }

    private void discard() throws IOException {
      done = true;
      try {
        channel.close();
      } finally {
        Files.deleteIfExists(temp);
      }
    }
  }
}
