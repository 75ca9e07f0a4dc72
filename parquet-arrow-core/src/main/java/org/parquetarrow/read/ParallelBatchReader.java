package org.parquetarrow.read;

import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.concurrent.HelperThreads;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.RangeCoalescer;

/**
 * Batches decoded ahead in parallel by <em>lanes</em>: the rows a reader reads are cut into windows
 * of a few whole batches ({@link RowPlan#windows}), and lane {@code j} of {@code t} takes windows
 * {@code j, j + t, j + 2t, ...} with one {@link BatchReader} over all of them ({@link
 * RowPlan#joined}). That reader carries on from one of its windows to the next: it opens each row
 * group once (dictionary pages decompressed once per lane), skips the other lanes' pages through the
 * offset index without fetching or decompressing them (a local file's spans closer than {@link
 * #LANE_LOCAL_GAP} share one array, packed, the holes between them not read). Only the page that
 * straddles a window boundary is decompressed by two lanes. The caller takes the batches window
 * after window, in file order.
 *
 * <p>Who decodes: {@code t - 1} <em>helpers</em> on the executor and the caller itself. A batch is
 * decoded by whichever of them is free, one batch at a time, the batch needed soonest first (the
 * lanes in the order of their next windows from the caller's). The caller decodes the batch it asks
 * for when nobody else is decoding it, and while a helper decodes that one it decodes another
 * lane's next batch rather than wait. So a read with {@code t} threads keeps exactly {@code t}
 * threads busy, the thread that takes the batches among them: a batch it decodes is allocated and
 * freed by one thread and still in its cache when taken (much of a parallel read's extra CPU went
 * to batches decoded on one thread and freed on another: BENCHMARKS.md, session 12). And no
 * executor can stall the read: with one that never runs a task, the caller decodes every batch.
 *
 * <p>Memory is bounded in batches, not windows: nobody decodes for a lane that holds {@link #ahead}
 * batches not taken, and a helper that finds no lane wanting a batch returns (it is handed to the
 * executor again when the caller takes a batch). So at most {@code t * (ahead + 1) + 1} batches
 * exist at once (waiting, being decoded, and the one the caller holds) whatever the caller's pace.
 * A helper never waits, so any executor (one thread, not first-in-first-out, the caller's own
 * thread) works.
 *
 * <p>A lane's failure is kept with it and thrown to the caller when the caller reaches the batch
 * that failed (after every batch before it), as one reader would. Closing stops the lanes at their
 * next batch, waits for those running, closes their readers, and releases every batch decoded and
 * not handed out.
 */
final class ParallelBatchReader implements BatchSource {
  /**
   * Most batches in one window. Lanes carry on across windows, so small windows cost only the page
   * at each boundary that two lanes both decompress (pages of 20,000 rows against windows of 4
   * batches of 64Ki rows: one page in thirteen); larger ones need more batches held ahead for the
   * lanes to stay busy (see {@link #aheadFor}).
   */
  static final int MOST_WINDOW_BATCHES = 4;
  /** Windows per thread aimed at, so that windows of unequal cost still even out over the lanes. */
  private static final int WINDOWS_PER_THREAD = 4;

  private final Schema schema;
  private final BufferAllocator allocator;
  /**
   * The helpers' threads when the caller gives no executor, shared by every reader: a helper never
   * waits, and a reader has at most one helper fewer than lanes in flight, so a reader never uses
   * more threads than lanes, its caller's included. Threads that outlive one reader matter on a
   * machine where fresh memory is dear: a pool per reader started new threads for every scan, each of which took a new allocator
   * thread arena and cache and a new temporary direct buffer for its file reads, and freed them at
   * its end (LINEITEM at two lanes: 50,000-100,000 minor page faults per scan against 3,000-13,000
   * on threads kept, see BENCHMARKS.md, session 11).
   */
  private static final ThreadPoolExecutor SHARED_THREADS = HelperThreads.growingPool("parquet-arrow-decode-");

  /**
   * The helpers of reads decoded by columns when the caller gives no executor: one thread per core
   * but the caller's, with a queue. A read by columns hands a helper over for every batch, often
   * before the last batch's helper is back waiting for work, which in {@link #SHARED_THREADS} would
   * start a new thread each time (new threads take new allocator arenas and caches: page faults);
   * here it waits in the queue for a thread kept warm, while the caller decodes.
   */
  private static final ThreadPoolExecutor COLUMN_THREADS = HelperThreads.idleEndingPool(
      Math.max(1, Runtime.getRuntime().availableProcessors() - 1), "parquet-arrow-decode-columns-");

  /** The helpers of reads decoded by columns when the caller gives no executor. */
  static Executor columnThreads() {
    return COLUMN_THREADS;
  }

  private final Executor executor;
  private final Lane[] lanes;
  /** Rows of each window, by window: which lane gives the caller's next batch. */
  private final long[] windowRows;
  /** Batches a lane may hold decoded and not taken before it stops. */
  private final int ahead;

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  /** Guarded by {@link #lock}: the window the caller reads from now. */
  private int consuming;
  /** Guarded by {@link #lock}: rows of window {@link #consuming} already handed out. */
  private long taken;
  /** Guarded by {@link #lock}: batches being decoded (by helpers or the caller). */
  private int decoding;
  /** Most helpers on the executor at once: one thread fewer than lanes, the caller being the other. */
  private final int helpers;
  /** Guarded by {@link #lock}: helpers handed to the executor and not returned. */
  private int helpersOut;
  /** Guarded by {@link #lock}. */
  private boolean closed;
  private boolean started;

  private Map<Long, Dictionary> dictionaries = Map.of();
  private boolean failed;
  private final AtomicLong pagesSkipped = new AtomicLong();
  private final AtomicLong bytesFetched = new AtomicLong();
  private final AtomicLong bytesRequested = new AtomicLong();

  private ParallelBatchReader(Schema schema, BufferAllocator allocator, List<RowPlan> lanePlans,
      List<long[]> laneStops, long[] windowRows, int ahead, Function<RowPlan, BatchReader> readers, Executor executor) {
    this.schema = schema;
    this.allocator = allocator;
    this.windowRows = windowRows;
    this.ahead = ahead;
    this.lanes = new Lane[lanePlans.size()];
    for (int i = 0; i < lanes.length; i++) {
      lanes[i] = new Lane(lanePlans.get(i), laneStops.get(i), readers);
    }
    this.executor = executor != null ? executor : SHARED_THREADS;
    this.helpers = lanes.length - 1;
  }

  /**
   * The batches of {@code whole}'s rows decoded by lanes on {@code options.parallelism()} threads,
   * or {@code whole} itself when its rows make fewer than two windows. {@code laneReaders} makes the
   * reader of one lane's plan.
   */
  static BatchSource over(BatchReader whole, RowPlan plan, FileMetaData metadata, ReadOptions options,
      Function<RowPlan, BatchReader> laneReaders) {
    int threads = options.parallelism();
    if (threads < 2) {
      return whole;
    }
    int batchSize = options.batchSize();
    long windowRows = windowRows(whole.totalRows(), batchSize, threads);
    List<RowPlan> windows = plan.windows(metadata, windowRows, batchSize);
    if (windows.size() < 2) {
      return whole;
    }
    int laneCount = Math.min(threads, windows.size());
    List<List<RowPlan>> byLane = new ArrayList<>();
    for (int j = 0; j < laneCount; j++) {
      byLane.add(new ArrayList<>());
    }
    long[] rows = new long[windows.size()];
    for (int w = 0; w < windows.size(); w++) {
      byLane.get(w % laneCount).add(windows.get(w));
      rows[w] = windows.get(w).rowCount(metadata);
    }
    List<RowPlan> lanePlans = new ArrayList<>();
    List<long[]> laneStops = new ArrayList<>();
    for (List<RowPlan> mine : byLane) {
      lanePlans.add(RowPlan.joined(metadata, mine));
      long[] ends = new long[mine.size()];
      long end = 0;
      for (int k = 0; k < ends.length; k++) {
        end += mine.get(k).rowCount(metadata);
        ends[k] = end;
      }
      laneStops.add(ends);
    }
    Schema schema = whole.schema();
    whole.close();
    return new ParallelBatchReader(schema, options.allocator(), lanePlans, laneStops, rows,
        aheadFor(windowRows / batchSize), laneReaders, options.executor());
  }

  /**
   * Rows per window: a whole number of batches (so that every lane cuts the batches one reader of
   * the whole plan cuts), enough windows for every lane to take several, at most {@link
   * #MOST_WINDOW_BATCHES} batches.
   */
  static long windowRows(long totalRows, int batchSize, int threads) {
    long batches = (totalRows + batchSize - 1) / batchSize;
    long perWindow = (batches + (long) WINDOWS_PER_THREAD * threads - 1) / ((long) WINDOWS_PER_THREAD * threads);
    perWindow = Math.max(1, Math.min(MOST_WINDOW_BATCHES, perWindow));
    return perWindow * batchSize;
  }

  /**
   * Batches a lane may hold ahead for windows of {@code windowBatches}: half a window. While the
   * caller drains one lane's window, which that lane decodes no faster than one thread, the next
   * lane decodes its own; holding half a window ahead lets two lanes each decode half of every
   * window's batches, and more would only hold memory.
   */
  static int aheadFor(long windowBatches) {
    return (int) Math.max(1, (windowBatches + 1) / 2);
  }

  /**
   * Holes a lane's reads of a local file bridge, at least: a lane's pages of a column chunk come in
   * runs (its windows) with the other lanes' pages between. Read one by one, runs of small pages
   * make many heap arrays below G1's humongous size that live for the whole row group, so every
   * young collection copies them (a scan of LINEITEM at two lanes: a fifth of its page faults in
   * G1's evacuation, a quarter in zeroing those arrays). Spans this close share one array, packed
   * ({@link BatchReader#skipLocalHoles}): a chunk of small pages is one array, as it is for one
   * thread, and runs of large pages are arrays of more than a MiB each, while the holes themselves
   * are neither read nor held (read through, they were 30% more bytes than the lanes' own on
   * LINEITEM at two lanes: 268 MB fetched per scan against 208 MB of pages).
   */
  static final long LANE_LOCAL_GAP = 1L << 20;

  /** {@code given} with a local gap of at least {@link #LANE_LOCAL_GAP}. */
  static FetchOptions laneFetch(FetchOptions given) {
    RangeCoalescer local = given.coalescerFor(InputFile.Locality.LOCAL);
    if (local.maxGap() >= LANE_LOCAL_GAP) {
      return given;
    }
    return given.toBuilder().localGap(LANE_LOCAL_GAP).build();
  }

  /** The most batches that exist at once for {@code lanes} lanes holding {@code ahead} each. */
  static int mostBatchesHeld(int lanes, int ahead) {
    return lanes * (ahead + 1) + 1;
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

  /** Over the lanes finished so far: each counts the pages it skipped, its own windows' and the others'. */
  @Override
  public long pagesSkipped() {
    return pagesSkipped.get();
  }

  /** Over the lanes finished so far. */
  @Override
  public long bytesFetched() {
    return bytesFetched.get();
  }

  /** Over the lanes finished so far. */
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
    if (!started) {
      started = true;
      startHelpers();
    }
    Throwable failure = null;
    while (failure == null) {
      Lane step = null;
      Decoded batch = null;
      lock.lock();
      try {
        if (closed) {
          throw new IllegalStateException("reader is closed");
        }
        if (consuming < windowRows.length && taken >= windowRows[consuming]) {
          consuming++;
          taken = 0;
          continue;
        }
        if (consuming >= windowRows.length) {
          // the end, once every lane has ended (so that the metrics count every lane)
          Lane open = null;
          for (Lane lane : lanes) {
            if (lane.failure != null) {
              failure = lane.failure;
            } else if (!lane.ready.isEmpty()) {
              failure = new IllegalStateException("a decoding lane gave more batches than its windows hold");
            } else if (!lane.finished) {
              open = lane;
            }
          }
          if (failure == null && open == null) {
            return null;
          }
          if (failure == null) {
            if (!open.busy) {
              step = open;
            } else {
              changed.await();
            }
          }
        } else {
          Lane lane = lanes[consuming % lanes.length];
          batch = lane.ready.poll();
          if (batch != null) {
            taken += batch.root.getRowCount();
          } else if (lane.failure != null) {
            failure = lane.failure;
          } else if (lane.finished) {
            failure = new IllegalStateException("a decoding lane ended before window " + consuming
                + " had its " + windowRows[consuming] + " rows");
          } else if (!lane.busy) {
            // nobody decodes the batch asked for: decode it here rather than wait for a thread
            step = lane;
          } else {
            // a helper decodes it: decode another lane's next batch meanwhile, or wait
            step = wanting();
            if (step == null) {
              changed.await();
            }
          }
        }
        if (step != null) {
          step.busy = true;
          decoding++;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        InterruptedIOException cause = new InterruptedIOException("interrupted while waiting for a decoded batch");
        cause.initCause(e);
        failure = new ParquetIOException("interrupted while waiting for a decoded batch", cause);
      } finally {
        lock.unlock();
      }
      if (step != null) {
        decodeOne(step);
      } else if (batch != null) {
        // a lane has room again: a helper that ran out of work may take it
        startHelpers();
        dictionaries = batch.dictionaries;
        return batch.root;
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

  /**
   * Guarded by {@link #lock}: the lane whose next batch is needed soonest among those nobody is
   * decoding, that have room for one more and rows left; {@code null} if none. Lanes are taken in
   * the order of their windows from the caller's, so the batch the caller waits for comes first.
   */
  private Lane wanting() {
    for (int d = 0; d < lanes.length; d++) {
      Lane lane = lanes[(consuming + d) % lanes.length];
      if (!lane.busy && !lane.finished && lane.ready.size() < ahead) {
        return lane;
      }
    }
    return null;
  }

  /**
   * Hands helpers to the executor while fewer than {@link #helpers} are out and a lane wants a
   * batch. A helper that the executor refuses is simply not started: the caller decodes whatever
   * no helper does, so the read goes on (on one thread at worst).
   */
  private void startHelpers() {
    int more;
    lock.lock();
    try {
      if (closed) {
        return;
      }
      int want = 0;
      for (Lane lane : lanes) {
        if (!lane.busy && !lane.finished && lane.ready.size() < ahead) {
          want++;
        }
      }
      more = Math.max(0, Math.min(helpers - helpersOut, want));
      helpersOut += more;
    } finally {
      lock.unlock();
    }
    for (int i = 0; i < more; i++) {
      try {
        executor.execute(this::help);
      } catch (RejectedExecutionException e) {
        lock.lock();
        try {
          helpersOut--;
          changed.signalAll();
        } finally {
          lock.unlock();
        }
      }
    }
  }

  /**
   * One helper on the executor: decodes the batch wanted soonest (see {@link #wanting}), one batch
   * at a time, until no lane wants one or the reader is closed. Never waits for the caller.
   */
  private void help() {
    while (true) {
      Lane lane;
      lock.lock();
      try {
        lane = closed ? null : wanting();
        if (lane == null) {
          helpersOut--;
          changed.signalAll();
          return;
        }
        lane.busy = true;
        decoding++;
      } finally {
        lock.unlock();
      }
      decodeOne(lane);
    }
  }

  /**
   * The next batch of {@code lane} (marked busy by the caller of this method, which counted it in
   * {@link #decoding}) into its queue, or its end, or its failure, kept for the caller to meet at
   * the batch where it happened. Run by a helper or by the caller itself; one at a time per lane.
   */
  private void decodeOne(Lane lane) {
    Throwable failure = null;
    boolean ended = false;
    Decoded batch = null;
    try {
      if (lane.reader == null) {
        lane.reader = lane.readers.apply(lane.plan);
        lane.reader.stopBatchesAt(lane.stops);
        lane.reader.skipLocalHoles();
      }
      VectorSchemaRoot root = lane.reader.next();
      if (root == null) {
        ended = true;
      } else {
        batch = new Decoded(root, lane.reader.takeDictionaries());
      }
    } catch (RuntimeException | Error e) {
      failure = e;
    }
    if (ended || failure != null) {
      retire(lane);
    }
    lock.lock();
    try {
      lane.busy = false;
      if (ended || failure != null) {
        lane.finished = true;
        lane.failure = failure;
      } else if (!closed) {
        lane.ready.add(batch);
      } else {
        // closed while decoding it: close() no longer looks at the queues, and returns once
        // decoding is 0, so the batch is released before that
        batch.close();
      }
    } finally {
      decoding--;
      changed.signalAll();
      lock.unlock();
    }
  }

  /** Counts a lane's metrics and closes its reader (also after its failure). */
  private void retire(Lane lane) {
    BatchReader reader = lane.reader;
    lane.reader = null;
    if (reader != null) {
      pagesSkipped.addAndGet(reader.pagesSkipped());
      bytesFetched.addAndGet(reader.bytesFetched());
      bytesRequested.addAndGet(reader.bytesRequested());
      reader.close();
    }
  }

  /**
   * Stops every lane: a helper not started yet never decodes, batches being decoded are waited
   * for; then every lane's reader is closed and every batch decoded and not handed out is released.
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
          // the lanes still write into batches: wait for them, and keep the interrupt
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      for (Lane lane : lanes) {
        left.addAll(lane.ready);
        lane.ready.clear();
      }
    } finally {
      lock.unlock();
    }
    // nobody decodes now, and nobody will touch a reader again: they are ours to close
    for (Lane lane : lanes) {
      retire(lane);
    }
    left.forEach(Decoded::close);
    releaseDictionaries();
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

  /**
   * One lane: its plan, its reader (made by its first batch, kept between batches), the batches
   * decoded and not yet taken, and how it ended. All but the reader are guarded by the lock; the
   * reader is used by one thread at a time (the one that marked the lane busy), then by close.
   */
  private static final class Lane {
    final RowPlan plan;
    /** Where the lane's windows end, in rows of its plan: its batches end there too. */
    final long[] stops;
    final Function<RowPlan, BatchReader> readers;
    BatchReader reader;
    final ArrayDeque<Decoded> ready = new ArrayDeque<>();
    /** A thread (a helper or the caller) decodes the lane's next batch. */
    boolean busy;
    boolean finished;
    Throwable failure;

    Lane(RowPlan plan, long[] stops, Function<RowPlan, BatchReader> readers) {
      this.plan = plan;
      this.stops = stops;
      this.readers = readers;
    }
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
