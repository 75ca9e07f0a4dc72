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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.parquetarrow.ParquetIOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.parquetarrow.concurrent.HelperThreads;

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
 * <p>The file is synced to disk in full before the rename publishes it; by default ({@link
 * SyncPolicy#EARLY}) also in the background as it grows, so that the last sync has little left.
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

  /** Bytes written between the early syncs of {@link SyncPolicy#EARLY}. */
  public static final long EARLY_SYNC_BYTES = 16L * 1024 * 1024;
  /** Daemon threads for early syncs, shared by every output; idle ones end after a while. */
  private static final ThreadPoolExecutor SYNCS = HelperThreads.idleEndingPool(2, "parquet-arrow-early-sync-");

  private final Path path;
  private final SyncPolicy sync;

  private LocalOutputFile(Path path, SyncPolicy sync) {
    this.path = Objects.requireNonNull(path, "path").toAbsolutePath();
    this.sync = Objects.requireNonNull(sync, "sync");
  }

  /** The file at {@code path}, synced as it grows and at commit ({@link SyncPolicy#EARLY}). */
  public static LocalOutputFile of(Path path) {
    return new LocalOutputFile(path, SyncPolicy.EARLY);
  }

  /** The file at {@code path}, synced to disk as {@code sync} says (always in full before it is published). */
  public static LocalOutputFile of(Path path, SyncPolicy sync) {
    return new LocalOutputFile(path, sync);
  }

  /** When the file's bytes are synced to disk. */
  public SyncPolicy syncPolicy() {
    return sync;
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
    if (Files.isDirectory(path)) {
      // the rename at close could never replace a directory: say so now, before any work is done
      throw ParquetIOException.opening("cannot create the output", path,
          new java.nio.file.FileSystemException(path.toString(), null, "Is a directory"));
    }
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
    /** Bytes handed to the channel, and where the last early sync was started. */
    private long written;
    private long syncStarted;
    /** The early sync running or queued, or {@code null}. */
    private FutureTask<Void> earlySync;

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
      int n = b.remaining();
      while (b.hasRemaining()) {
        channel.write(b);
      }
      written += n;
      if (sync == SyncPolicy.EARLY && written - syncStarted >= EARLY_SYNC_BYTES) {
        startEarlySync();
      }
    }

    /**
     * Syncs what is written so far on a helper, unless the last early sync is still running (the
     * next write past the interval tries again). A failed one fails this write: after a failed
     * {@code fsync} the kernel may not report the lost pages again, so the file cannot be trusted.
     */
    private void startEarlySync() throws IOException {
      if (earlySync != null) {
        if (!earlySync.isDone()) {
          return;
        }
        awaitEarlySync();
      }
      syncStarted = written;
      FutureTask<Void> task = new FutureTask<>(() -> {
        channel.force(false);
        return null;
      });
      earlySync = task;
      SYNCS.execute(task);
    }

    /** Waits for the early sync, if any (running it here when no helper has started it); throws its failure. */
    private void awaitEarlySync() throws IOException {
      FutureTask<Void> task = earlySync;
      if (task == null) {
        return;
      }
      earlySync = null;
      task.run();
      boolean interrupted = false;
      try {
        while (true) {
          try {
            task.get();
            return;
          } catch (InterruptedException e) {
            interrupted = true; // the sync uses the channel, which is closed next: wait for it
          }
        }
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof IOException io) {
          throw new IOException("cannot sync " + path + " to disk", io);
        }
        if (cause instanceof RuntimeException r) {
          throw r;
        }
        if (cause instanceof Error err) {
          throw err;
        }
        throw new IOException("cannot sync " + path + " to disk", cause);
      } finally {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
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
        awaitEarlySync(); // its failure fails the commit; the full sync below covers its bytes again
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
        FutureTask<Void> task = earlySync;
        earlySync = null;
        if (task != null && !task.cancel(false)) {
          HelperThreads.awaitQuietly(task); // a running sync is let finish before its channel closes
        }
        channel.close();
      } finally {
        Files.deleteIfExists(temp);
      }
    }
  }
}
