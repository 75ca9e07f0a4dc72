package org.parquetarrow.read;

import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.format.FileMetaData;

/**
 * Batches decoded ahead by windows in parallel: the rows a reader reads are cut into windows of
 * whole batches ({@link RowPlan#windows}); each window is decoded by a {@link BatchReader} of its
 * own (its own leaf readers, page readers and fetched pages) as one task, and the caller takes the
 * batches window after window, in file order. At most {@code threads} windows are decoded at once
 * and at most {@code threads + 1} are decoded or held, so memory stays bounded whatever the
 * caller's pace.
 *
 * <p>A window's failure is kept with it and thrown to the caller when the caller reaches that
 * window (after the batches before it), as one reader would. Closing cancels the windows not yet
 * started, stops the ones being decoded at their next batch, waits for them, and releases every
 * batch decoded and not handed out.
 */
final class ParallelBatchReader implements BatchSource {
  /** Most batches in one window: with threads + 1 windows, what bounds the memory held. */
  static final int MOST_WINDOW_BATCHES = 8;
  /**
   * Fewest batches in one window, so that a window's first page of each column, which the window
   * before also reads in part, stays a small share of its work.
   */
  private static final int FEWEST_WINDOW_BATCHES = 2;
  /** Windows per thread aimed at, so that windows of unequal cost still even out over the threads. */
  private static final int WINDOWS_PER_THREAD = 4;

  private final Schema schema;
  private final BufferAllocator allocator;
  private final List<RowPlan> windows;
  private final Function<RowPlan, BatchReader> readers;
  private final int threads;
  private final Executor executor;
  /** The reader's own threads when the caller gave no executor; shut down on close. */
  private final ExecutorService ownThreads;
  private final Window[] state;

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  /** Guarded by {@link #lock}: the window the caller reads from now. */
  private int consuming;
  /** Guarded by {@link #lock}: windows handed to the executor so far (a prefix of them all). */
  private int submitted;
  /** Guarded by {@link #lock}: windows handed to the executor and not finished. */
  private int running;
  /** Guarded by {@link #lock}: windows whose task has started and not finished. */
  private int decoding;
  /** Guarded by {@link #lock}. */
  private boolean closed;

  private Map<Long, Dictionary> dictionaries = Map.of();
  private boolean failed;
  private final AtomicLong pagesSkipped = new AtomicLong();
  private final AtomicLong bytesFetched = new AtomicLong();
  private final AtomicLong bytesRequested = new AtomicLong();

  private ParallelBatchReader(Schema schema, BufferAllocator allocator, List<RowPlan> windows,
      Function<RowPlan, BatchReader> readers, int threads, Executor executor, String fileName) {
    this.schema = schema;
    this.allocator = allocator;
    this.windows = windows;
    this.readers = readers;
    this.threads = threads;
    this.state = new Window[windows.size()];
    for (int i = 0; i < state.length; i++) {
      state[i] = new Window();
    }
    if (executor != null) {
      this.executor = executor;
      this.ownThreads = null;
    } else {
      AtomicInteger count = new AtomicInteger();
      this.ownThreads = Executors.newFixedThreadPool(threads, r -> {
        Thread t = new Thread(r, "parquet-arrow-decode-" + count.incrementAndGet() + " " + fileName);
        t.setDaemon(true);
        return t;
      });
      this.executor = ownThreads;
    }
  }

  /**
   * The batches of {@code whole}'s rows decoded by windows on {@code options.parallelism()}
   * threads, or {@code whole} itself when its rows make fewer than two windows. {@code
   * windowReaders} makes the reader of one window's plan.
   */
  static BatchSource over(BatchReader whole, RowPlan plan, FileMetaData metadata, ReadOptions options,
      String fileName, Function<RowPlan, BatchReader> windowReaders) {
    int threads = options.parallelism();
    if (threads < 2) {
      return whole;
    }
    List<RowPlan> windows = plan.windows(metadata, windowRows(whole.totalRows(), options.batchSize(), threads),
        options.batchSize());
    if (windows.size() < 2) {
      return whole;
    }
    Schema schema = whole.schema();
    whole.close();
    return new ParallelBatchReader(schema, options.allocator(), windows, windowReaders, threads,
        options.executor(), fileName);
  }

  /**
   * Rows per window: a whole number of batches, enough windows for every thread to take several
   * (so that uneven ones even out), within {@link #FEWEST_WINDOW_BATCHES} and {@link
   * #MOST_WINDOW_BATCHES} batches.
   */
  static long windowRows(long totalRows, int batchSize, int threads) {
    long batches = (totalRows + batchSize - 1) / batchSize;
    long perWindow = (batches + (long) WINDOWS_PER_THREAD * threads - 1) / ((long) WINDOWS_PER_THREAD * threads);
    perWindow = Math.max(FEWEST_WINDOW_BATCHES, Math.min(MOST_WINDOW_BATCHES, perWindow));
    return perWindow * batchSize;
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public Map<Long, Dictionary> dictionaries() {
    return dictionaries;
  }

  @Override
  public BufferAllocator allocator() {
    return allocator;
  }

  /** Over the windows finished so far: each window counts the pages it skipped to reach its first row. */
  @Override
  public long pagesSkipped() {
    return pagesSkipped.get();
  }

  /** Over the windows finished so far. */
  @Override
  public long bytesFetched() {
    return bytesFetched.get();
  }

  /** Over the windows finished so far. */
  @Override
  public long bytesRequested() {
    return bytesRequested.get();
  }

  @Override
  public VectorSchemaRoot next() {
    if (failed) {
      throw new IllegalStateException("reader failed on an earlier batch");
    }
    releaseDictionaries();
    Throwable failure = null;
    while (failure == null) {
      submit(scheduled());
      lock.lock();
      try {
        if (closed) {
          throw new IllegalStateException("reader is closed");
        }
        if (consuming >= state.length) {
          return null;
        }
        Window w = state[consuming];
        Decoded batch = w.ready.poll();
        if (batch != null) {
          dictionaries = batch.dictionaries;
          return batch.root;
        }
        if (w.failure != null) {
          failure = w.failure;
        } else if (w.finished) {
          consuming++;
        } else if (consuming < submitted) {
          changed.await();
        } // else: not yet submitted, which the next round does
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        InterruptedIOException cause = new InterruptedIOException("interrupted while waiting for a decoded batch");
        cause.initCause(e);
        failure = new ParquetIOException("interrupted while waiting for a decoded batch", cause);
      } finally {
        lock.unlock();
      }
    }
    failed = true;
    stopAndRelease();
    if (failure instanceof RuntimeException r) {
      throw r;
    }
    if (failure instanceof Error e) {
      throw e;
    }
    throw new IllegalStateException("decoding a window failed", failure);
  }

  /** The windows to start now, taken off the pending ones (the caller submits them unlocked). */
  private List<Integer> scheduled() {
    lock.lock();
    try {
      List<Integer> start = new ArrayList<>();
      while (!closed && running < threads && submitted < state.length && submitted <= consuming + threads) {
        start.add(submitted++);
        running++;
      }
      return start;
    } finally {
      lock.unlock();
    }
  }

  /** Hands windows to the executor outside the lock: a same-thread executor runs them right here. */
  private void submit(List<Integer> toStart) {
    for (int i : toStart) {
      try {
        executor.execute(() -> decode(i));
      } catch (RejectedExecutionException e) {
        finish(state[i], e, false);
      }
    }
  }

  /** The task of window {@code i}: its batches, one by one, into its queue. */
  private void decode(int i) {
    Window w = state[i];
    lock.lock();
    try {
      if (closed) {
        // cancelled before it started: nothing was allocated
        running--;
        w.finished = true;
        changed.signalAll();
        return;
      }
      decoding++;
    } finally {
      lock.unlock();
    }
    Throwable failure = null;
    BatchReader reader = null;
    try {
      reader = readers.apply(windows.get(i));
      while (!isClosed()) {
        VectorSchemaRoot root = reader.next();
        if (root == null) {
          break;
        }
        Decoded batch = new Decoded(root, reader.takeDictionaries());
        if (!offer(w, batch)) {
          break;
        }
      }
    } catch (RuntimeException | Error e) {
      failure = e;
    } finally {
      if (reader != null) {
        pagesSkipped.addAndGet(reader.pagesSkipped());
        bytesFetched.addAndGet(reader.bytesFetched());
        bytesRequested.addAndGet(reader.bytesRequested());
        reader.close();
      }
      finish(w, failure, true);
      submit(scheduled());
    }
  }

  private boolean isClosed() {
    lock.lock();
    try {
      return closed;
    } finally {
      lock.unlock();
    }
  }

  /** Queues {@code batch} for the caller; {@code false} (and the batch released) once closed. */
  private boolean offer(Window w, Decoded batch) {
    lock.lock();
    try {
      if (!closed) {
        w.ready.add(batch);
        changed.signalAll();
        return true;
      }
    } finally {
      lock.unlock();
    }
    batch.close();
    return false;
  }

  private void finish(Window w, Throwable failure, boolean started) {
    lock.lock();
    try {
      w.finished = true;
      w.failure = failure;
      running--;
      if (started) {
        decoding--;
      }
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Stops every window: those not started never will, those decoding stop at their next batch and
   * are waited for; then every batch decoded and not handed out is released.
   */
  private void stopAndRelease() {
    List<Decoded> left = new ArrayList<>();
    lock.lock();
    try {
      closed = true;
      changed.signalAll();
      boolean interrupted = false;
      while (decoding > 0) {
        try {
          changed.await();
        } catch (InterruptedException e) {
          // the windows still write into batches: wait for them, and keep the interrupt
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      for (Window w : state) {
        left.addAll(w.ready);
        w.ready.clear();
      }
    } finally {
      lock.unlock();
    }
    left.forEach(Decoded::close);
    releaseDictionaries();
    if (ownThreads != null) {
      // no interrupt: a window's file reads must not be cut off halfway; queued tasks see closed
      ownThreads.shutdown();
    }
  }

  private void releaseDictionaries() {
    for (Dictionary d : dictionaries.values()) {
      d.getVector().close();
    }
    dictionaries = Map.of();
  }

  /** Stops and releases everything (again harmlessly after a failure or an earlier close). */
  @Override
  public void close() {
    stopAndRelease();
  }

  /** One window's progress: batches decoded and not yet taken, and how it ended. Guarded by the lock. */
  private static final class Window {
    final ArrayDeque<Decoded> ready = new ArrayDeque<>();
    boolean finished;
    Throwable failure;
  }

  /** A batch with the dictionaries of its dictionary vectors, which travel with it. */
  private record Decoded(VectorSchemaRoot root, Map<Long, Dictionary> dictionaries) {
    void close() {
      root.close();
      for (Dictionary d : dictionaries.values()) {
        d.getVector().close();
      }
    }
  }
}
