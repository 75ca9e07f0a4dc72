package org.parquetarrow.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.parquetarrow.io.FileRange;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.IoStatistics;

/**
 * The files of one scan opened once for planning and reading: pruning opens a file (on its first
 * read) and, when row groups are left to read, the scan's readers read through the same open file.
 * A remote file then costs one footer-suffix request per scan instead of two, and the page index
 * pruning read from that suffix is not fetched again. At most {@code maxKept} files are held
 * between planning and reading (each remote one holds its footer suffix in memory); the others are
 * closed after pruning and opened again by their reader.
 *
 * <pre>{@code
 * try (OpenFiles files = new OpenFiles(io, OpenFiles.DEFAULT_MAX_KEPT)) {
 *   List<FileScan> plan = dataset.plan(filter, PruningOptions.ALL, metrics, files);
 *   for (FileScan f : plan) {
 *     files.share(f.file(), 1);
 *     try (InputFile in = files.open(f.file())) { ... }
 *   }
 * }
 * }</pre>
 */
public final class OpenFiles implements AutoCloseable {
  /** Files kept open between planning and reading by default. */
  public static final int DEFAULT_MAX_KEPT = 16;

  private final IoStatistics statistics;
  private final int maxKept;
  private final Map<DatasetFile, Kept> kept = new HashMap<>();
  /** Readers each file will have, as {@link #share} declared. */
  private final Map<DatasetFile, Integer> readersOf = new HashMap<>();
  /** Opens started ahead by {@link #prefetch}, not yet taken by a reader. */
  private final Map<DatasetFile, CompletableFuture<InputFile>> prefetched = new HashMap<>();
  private ExecutorService opener;
  private boolean closed;

  /**
   * @param statistics where the requests and bytes of remote files are counted
   * @param maxKept how many files may be held open between planning and reading (0: none)
   */
  public OpenFiles(IoStatistics statistics, int maxKept) {
    if (maxKept < 0) {
      throw new IllegalArgumentException("maxKept must be >= 0: " + maxKept);
    }
    this.statistics = statistics;
    this.maxKept = maxKept;
  }

  /** Where remote requests and bytes are counted. */
  public IoStatistics statistics() {
    return statistics;
  }

  /** The file opened at its first read, for pruning. */
  InputFile forPruning(DatasetFile file) {
    return new LazyInputFile(file, statistics);
  }

  /**
   * After pruning: keeps {@code in} for the readers of {@code file} if pruning opened it, it will
   * be read and there is room, else closes it. A file pruning did not open is left for its reader
   * to open (as costly either way), so that opening errors (a file deleted since discovery) meet
   * the reader where it opens the file.
   */
  synchronized void afterPruning(DatasetFile file, InputFile in, boolean willRead) throws IOException {
    boolean opened = !(in instanceof LazyInputFile lazy) || lazy.isOpened();
    if (willRead && opened && !closed && kept.size() < maxKept && !kept.containsKey(file)) {
      kept.put(file, new Kept(in));
    } else {
      in.close();
    }
  }

  /**
   * Declares that {@code readers} readers will each {@link #open} {@code file} once (a file split
   * across threads has several); the kept file is closed when the last one closes its view. A file
   * not kept is unaffected.
   */
  public synchronized void share(DatasetFile file, int readers) {
    readersOf.put(file, readers);
    Kept k = kept.get(file);
    if (k != null) {
      k.readers = readers;
    }
  }

  /**
   * Starts opening {@code file} in the background, so that its first request (the footer's
   * suffix) is in flight while the files before it are read: for a remote file with one reader
   * that discovery kept no tail for (a footer from a {@link FooterCache}, or a dataset past the
   * tails' bound) and that is not open already. Its reader's {@link #open} then takes it; a
   * failure meets the reader there. Each file opened ahead holds its footer suffix ({@link
   * org.parquetarrow.io.RemoteReadOptions#footerSuffixSize()}) until it is read.
   *
   * <pre>{@code
   * files.prefetch(nextFile);   // while the current file is read
   * }</pre>
   */
  public synchronized void prefetch(DatasetFile file) {
    if (closed || file.isLocal() || file.tail() != null || readersOf.getOrDefault(file, 1) != 1
        || kept.containsKey(file) || prefetched.containsKey(file)) {
      return;
    }
    prefetched.put(file, CompletableFuture.supplyAsync(() -> {
      try {
        return file.open(statistics);
      } catch (IOException e) {
        throw new CompletionException(e);
      }
    }, opener()));
  }

  private ExecutorService opener() {
    if (opener == null) {
      opener = Executors.newSingleThreadExecutor(task -> {
        Thread t = new Thread(task, "parquet-arrow-open-ahead");
        t.setDaemon(true);
        return t;
      });
    }
    return opener;
  }

  /**
   * The file for one reader: the one pruning opened, if kept (closing the view releases this
   * reader's share), else the one {@link #prefetch} opened, else a file opened now from its
   * storage (closing either closes it).
   */
  public InputFile open(DatasetFile file) throws IOException {
    CompletableFuture<InputFile> ahead;
    synchronized (this) {
      Kept k = kept.get(file);
      if (k != null && k.readers > 0) {
        return new View(file, k);
      }
      ahead = prefetched.remove(file);
    }
    return ahead == null ? file.open(statistics) : await(ahead);
  }

  /** The file opened ahead, or the failure of opening it, as opening it now would have thrown it. */
  private static InputFile await(CompletableFuture<InputFile> ahead) throws IOException {
    try {
      return ahead.join();
    } catch (CompletionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }

  private synchronized void release(DatasetFile file, Kept k) throws IOException {
    if (--k.readers == 0 && kept.remove(file) == k) {
      k.in.close();
    }
  }

  /** Closes every file still kept (a scan stopped before reading them). */
  @Override
  public void close() {
    List<InputFile> open;
    synchronized (this) {
      closed = true;
      open = new ArrayList<>();
      kept.values().forEach(k -> open.add(k.in));
      kept.clear();
      // files opened ahead that no reader took (a scan stopped early) are closed once open
      prefetched.values().forEach(f -> f.thenAccept(OpenFiles::closeQuietly));
      prefetched.clear();
      if (opener != null) {
        opener.shutdown();
      }
    }
    IOException first = null;
    for (InputFile in : open) {
      try {
        in.close();
      } catch (IOException e) {
        if (first == null) {
          first = e;
        }
      }
    }
    if (first != null) {
      throw new UncheckedIOException(first);
    }
  }

  private static void closeQuietly(InputFile in) {
    try {
      in.close();
    } catch (IOException e) {
      // nothing was read from it; the scan is over
    }
  }

  private static final class Kept {
    final InputFile in;
    int readers = 1;

    Kept(InputFile in) {
      this.in = in;
    }
  }

  /** One reader's view of a kept file: reads go through, closing releases the reader's share. */
  private final class View implements InputFile {
    private final DatasetFile file;
    private final Kept k;
    private boolean released;

    View(DatasetFile file, Kept k) {
      this.file = file;
      this.k = k;
    }

    @Override
    public String name() {
      return k.in.name();
    }

    @Override
    public long length() throws IOException {
      return k.in.length();
    }

    @Override
    public void readFully(long position, ByteBuffer dst) throws IOException {
      k.in.readFully(position, dst);
    }

    @Override
    public ByteBuffer read(long position, int length) throws IOException {
      return k.in.read(position, length);
    }

    @Override
    public List<ByteBuffer> readRanges(List<FileRange> ranges) throws IOException {
      return k.in.readRanges(ranges);
    }

    @Override
    public CompletableFuture<List<ByteBuffer>> readRangesAsync(List<FileRange> ranges) {
      return k.in.readRangesAsync(ranges);
    }

    @Override
    public Locality locality() {
      return k.in.locality();
    }

    @Override
    public void close() throws IOException {
      if (!released) {
        released = true;
        release(file, k);
      }
    }
  }
}
