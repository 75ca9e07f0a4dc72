package org.parquetarrow.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.parquetarrow.ParquetIOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link OutputFile} on the local file system. Bytes are written to a hidden temporary file in
 * the destination's directory (so that the final rename stays on one file system) and renamed onto
 * the destination on commit.
 *
 * <p>The temporary is named {@code .<destination name>.<hex>.tmp} and locked while it is written.
 * One left behind by a writer that died ({@code kill -9}, a crash) is removed by the next write to
 * the same destination: a temporary of exactly that naming, that no process holds locked and that
 * has not been modified for {@link #STALE_AFTER}. Nothing else is touched.
 *
 * <pre>{@code
 * ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(Path.of("out.parquet")), schema,
 *     WriterProperties.defaults());
 * }</pre>
 */
public final class LocalOutputFile implements OutputFile {
  private static final Logger LOG = LoggerFactory.getLogger(LocalOutputFile.class);
  private static final int BUFFER_SIZE = 256 * 1024;
  /** A temporary unmodified this long and unlocked is a dead writer's. */
  public static final Duration STALE_AFTER = Duration.ofMinutes(1);
  /** {@code .<destination>.<hex>.tmp}, the names {@link #create()} gives its temporaries. */
  private static final Pattern TEMPORARY = Pattern.compile("\\.(.+)\\.[0-9a-f]{1,16}\\.tmp");

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
    deleteStaleTemporaries(dir, path.getFileName().toString());
    Path temp = dir.resolve("." + path.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong())
        + ".tmp");
    FileChannel channel;
    try {
      channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    } catch (IOException e) {
      // the temporary name is ours, not the user's: name the destination and why in plain words
      throw ParquetIOException.opening("cannot create the output", path, e);
    }
    lockWhileWriting(channel);
    return new Output(temp, channel);
  }

  /** Locks the temporary (released when the channel closes) so no cleanup takes it for a dead writer's. */
  private static void lockWhileWriting(FileChannel channel) {
    try {
      channel.tryLock();
    } catch (IOException | OverlappingFileLockException e) {
      // a file system without locks: the age check alone protects this temporary
    }
  }

  /**
   * The destination name a temporary of {@link #create()}'s naming was written for, or {@code
   * null} when {@code fileName} is not such a temporary.
   */
  public static String temporaryDestination(String fileName) {
    Matcher m = TEMPORARY.matcher(fileName);
    return m.matches() ? m.group(1) : null;
  }

  /**
   * Deletes {@code temporary} if it is a dead writer's: no process holds it locked and it has not
   * been modified for {@link #STALE_AFTER}. The caller checks the name ({@link #temporaryDestination}).
   *
   * @return whether it was deleted
   */
  public static boolean deleteIfStale(Path temporary) {
    try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException inThisProcess) {
        return false;
      }
      if (lock == null) {
        return false;
      }
      Instant modified = Files.getLastModifiedTime(temporary).toInstant();
      if (modified.isAfter(Instant.now().minus(STALE_AFTER))) {
        return false;
      }
      Files.delete(temporary);
      LOG.info("removed {}, the temporary of a writer that did not finish (last written {})", temporary, modified);
      return true;
    } catch (IOException e) {
      // gone already, not ours to open, or locks unsupported: leave it
      return false;
    }
  }

  /** Deletes the stale temporaries of {@code destination} in {@code dir} (see {@link #deleteIfStale}). */
  private static void deleteStaleTemporaries(Path dir, String destination) {
    DirectoryStream.Filter<Path> mine = p -> destination.equals(temporaryDestination(p.getFileName().toString()));
    try (DirectoryStream<Path> found = Files.newDirectoryStream(dir, mine)) {
      for (Path p : found) {
        deleteIfStale(p);
      }
    } catch (IOException | java.nio.file.DirectoryIteratorException e) {
      // cleanup is a courtesy: a directory that cannot be listed fails the create itself if it matters
    }
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
