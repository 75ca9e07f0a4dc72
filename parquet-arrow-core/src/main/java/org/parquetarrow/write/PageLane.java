package org.parquetarrow.write;

import java.util.ArrayDeque;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.parquetarrow.concurrent.HelperThreads;
import org.parquetarrow.encoding.ByteSink;

/**
 * The way a file's data pages go from encoded body to stored page ({@link PageWriter}): in line, or
 * on a helper thread while the writer's thread encodes the next pages ({@link
 * PageCompression#HELPER_THREAD}). One per file, shared by its columns, which encode one at a
 * time.
 *
 * <p>Up to {@link #PAGES_IN_FLIGHT} pages are in flight. They are stored one at a time, in the
 * order they were submitted (whoever stores one holds the lane's store lock and takes the oldest
 * first), so a column's {@link PageWriter} (its compressor, CRC, encryptor, counters) is never
 * used by two threads at once; their pages reach their columns in that order too, on the writer's
 * thread. Each page in flight reads its own body buffer while the writer encodes into another
 * ({@link #freeBody}). Whoever needs a column's page writer or its finished pages calls {@link
 * #await} first. Pages no helper has started yet are run by the thread that waits for them, so a
 * full pool (writers called from pool threads, many writers at once) delays pages but never
 * deadlocks.
 *
 * <p>Why more than one: a column of long strings cuts a page (about 1 MiB) faster than snappy
 * compresses it, and the next column of the piece (dictionary ids) cuts pages the helper stores
 * at once; with one page in flight the writer waited at each page cut of the first, with a few it
 * goes on to the second while the helper catches up.
 *
 * <p>A page that fails is thrown, as it was thrown, by the writer's next {@link #submit} or
 * {@link #await} that finds it done, at the latest by the {@link #await} that waits for it (every
 * chunk's end and every close awaits); the pages submitted after it are dropped, never stored.
 *
 * <pre>{@code
 * PageLane lane = new PageLane(PageCompression.HELPER_THREAD);
 * ByteSink body = lane.freeBody();          // encode the page into it
 * lane.submit(true, () -> pages.dataPageV1(body, ...), page -> chunkPages.add(page));
 * lane.await();                             // every page is stored, or the first failure thrown here
 * }</pre>
 */
final class PageLane {
  /** Daemon threads shared by every writer; idle ones end after a while. */
  private static final ThreadPoolExecutor POOL = HelperThreads.besideTheCaller("parquet-arrow-page-compression-");
  /**
   * Pages one writer may have in flight: a piece of 64Ki rows cuts about three pages of 20,000 rows
   * per column. Each takes a body buffer of up to about a page.
   */
  static final int PAGES_IN_FLIGHT = 3;

  private final boolean helper;
  private final ByteSink[] bodies;
  /** Index in {@link #bodies} of the buffer the next page is encoded into. */
  private int free;
  /** The writer's view: pages submitted and not yet handed to their columns, oldest first. */
  private final ArrayDeque<Pending> pending = new ArrayDeque<>();
  /** Pages to store, oldest first; taken from only under {@link #storing}. */
  private final ConcurrentLinkedQueue<FutureTask<PageWriter.StoredPage>> queue = new ConcurrentLinkedQueue<>();
  /** Held while a page is stored, by a helper or by a waiting writer: one page at a time, in order. */
  private final ReentrantLock storing = new ReentrantLock();
  /** A page failed and the writer has not been told yet: the pages after it are dropped. Under {@link #storing}. */
  private boolean failed;

  private record Pending(FutureTask<PageWriter.StoredPage> task, Consumer<PageWriter.StoredPage> done) {}

  PageLane(PageCompression where) {
    this.helper = where == PageCompression.HELPER_THREAD;
    this.bodies = new ByteSink[helper ? PAGES_IN_FLIGHT + 1 : 1];
    for (int i = 0; i < bodies.length; i++) {
      bodies[i] = new ByteSink();
    }
  }

  /** Threads of the shared helper pool. */
  static int helperThreads() {
    return POOL.getCorePoolSize();
  }

  /** The body buffer the next page may be encoded into: never one a page in flight reads. */
  ByteSink freeBody() {
    return bodies[free];
  }

  /**
   * Runs {@code store} (which makes a stored page of a body, reading {@link #freeBody()} or a
   * buffer of its own) and hands its page to {@code done} on the writer's thread, at once or at a
   * later {@link #submit} or {@link #await}. {@code worthAHelper} false (nothing to compress,
   * checksum or encrypt) keeps it in line, after every page in flight. Hands over the pages in
   * flight that are done first, and waits for the oldest while {@link #PAGES_IN_FLIGHT} are,
   * throwing a failure met on the way.
   */
  void submit(boolean worthAHelper, Supplier<PageWriter.StoredPage> store, Consumer<PageWriter.StoredPage> done) {
    if (!helper || !worthAHelper) {
      await();
      done.accept(store.get());
      return;
    }
    while (!pending.isEmpty() && (pending.size() >= PAGES_IN_FLIGHT || pending.peekFirst().task().isDone())) {
      handOverOldest();
    }
    FutureTask<PageWriter.StoredPage> task = new FutureTask<>(store::get);
    pending.addLast(new Pending(task, done));
    queue.add(task);
    free = (free + 1) % bodies.length;
    POOL.execute(this::storeQueued);
  }

  /**
   * Waits for every page in flight and hands each to its column, oldest first; the first failure
   * (what the compressor, the CRC or the encryptor threw) is thrown here as it was thrown.
   */
  void await() {
    while (!pending.isEmpty()) {
      handOverOldest();
    }
  }

  /** Stores the queued pages in order (a helper's task; a waiting writer may have stored them already). */
  private void storeQueued() {
    storing.lock();
    try {
      storeUpTo(null);
    } finally {
      storing.unlock();
    }
  }

  /** Under {@link #storing}: stores queued pages, oldest first, until {@code last} is done (all: {@code null}). */
  private void storeUpTo(FutureTask<PageWriter.StoredPage> last) {
    FutureTask<PageWriter.StoredPage> t;
    while ((last == null || !last.isDone()) && (t = queue.poll()) != null) {
      if (failed) {
        t.cancel(false);
        continue;
      }
      t.run();
      if (!t.isCancelled() && failedTask(t)) {
        failed = true;
      }
    }
  }

  private static boolean failedTask(FutureTask<PageWriter.StoredPage> t) {
    try {
      t.get();
      return false;
    } catch (ExecutionException e) {
      return true;
    } catch (InterruptedException | CancellationException e) {
      return false; // done: neither happens
    }
  }

  /** Waits for the oldest page in flight (storing it, and those before it, if no helper has) and hands it over. */
  private void handOverOldest() {
    Pending p = pending.peekFirst();
    if (!p.task().isDone()) {
      storing.lock();
      try {
        storeUpTo(p.task());
      } finally {
        storing.unlock();
      }
    }
    pending.removeFirst();
    PageWriter.StoredPage page;
    try {
      page = resultOf(p.task());
    } catch (RuntimeException | Error e) {
      dropPending();
      throw e;
    }
    p.done().accept(page);
  }

  /** After a failure is thrown: the pages after it are dropped, and the lane takes new ones again. */
  private void dropPending() {
    storing.lock();
    try {
      for (Pending p : pending) {
        p.task().cancel(false);
      }
      pending.clear();
      queue.clear();
      failed = false;
    } finally {
      storing.unlock();
    }
  }

  /**
   * Makes sure no helper still uses a column's page writer (before its compressor is closed): pages
   * not started yet never run, one being stored is waited for, and their results or failures are
   * dropped (the writer is closing, or failed already).
   */
  void quiesce() {
    for (Pending p : pending) {
      p.task().cancel(false);
    }
    pending.clear();
    // whoever stores a page holds the lock: once it is ours, none is being stored, and the
    // cancelled ones never will be
    storing.lock();
    try {
      queue.clear();
      failed = false;
    } finally {
      storing.unlock();
    }
  }

  private static PageWriter.StoredPage resultOf(FutureTask<PageWriter.StoredPage> task) {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return task.get();
        } catch (InterruptedException e) {
          interrupted = true; // the page uses this writer's buffers: wait for it, keep the interrupt
        }
      }
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException("storing a page failed", cause);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
