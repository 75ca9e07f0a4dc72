package org.parquetarrow.io;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A local file read with positional {@link FileChannel} reads, safe for concurrent use.
 *
 * <pre>{@code
 * try (InputFile in = LocalInputFile.open(Path.of("data.parquet"))) { ... }
 * }</pre>
 */
public final class LocalInputFile implements InputFile {
  /**
   * Most bytes one positional read puts into a heap buffer. The JDK reads into a heap buffer
   * through a temporary direct buffer as large as the read, kept per thread: a fetch of many MiB
   * would take (and zero) that many fresh MiB outside the heap per thread, where reads of this size
   * reuse one small buffer that stays in the cache between the two copies.
   */
  static final int MOST_HEAP_READ = 256 * 1024;

  private final Path path;
  private final FileChannel channel;
  private final long length;

  private LocalInputFile(Path path, FileChannel channel, long length) {
    this.path = path;
    this.channel = channel;
    this.length = length;
  }

  /**
   * Opens {@code path} for reading.
   *
   * @throws java.nio.file.NoSuchFileException if there is no file at {@code path}
   * @throws FileSystemException if {@code path} is a directory
   * @throws IOException if the file cannot be opened
   */
  public static LocalInputFile open(Path path) throws IOException {
    if (Files.isDirectory(path)) {
      // a channel opens on a directory and fails at the first read, far from the mistake
      throw new FileSystemException(path.toString(), null, "it is a directory, not a file");
    }
    FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
    try {
      return new LocalInputFile(path, ch, ch.size());
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
  }

  @Override
  public String name() {
    return path.toString();
  }

  public Path path() {
    return path;
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public void readFully(long position, ByteBuffer dst) throws IOException {
    if (position < 0) {
      throw new EOFException("negative position " + position + " in " + path);
    }
    long pos = position;
    int end = dst.limit();
    try {
      while (dst.hasRemaining()) {
        if (!dst.isDirect()) {
          dst.limit((int) Math.min(end, (long) dst.position() + MOST_HEAP_READ));
        }
        int n = channel.read(dst, pos);
        if (n < 0) {
          throw new EOFException("end of file " + path + " at " + pos + " with "
              + (end - dst.position()) + " bytes still to read");
        }
        pos += n;
        dst.limit(end);
      }
    } finally {
      dst.limit(end);
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
