package org.parquetarrow.read.page;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.function.Supplier;
import org.parquetarrow.concurrent.HelperThreads;

/**
 * One page being prepared ahead of its turn on the shared helper threads. The caller either finds
 * it done, waits for it while a helper runs it, or, when no helper has started it yet, runs it
 * itself ({@link #take}): a busy or starved pool never makes the reader slower than preparing the
 * page in line, and no task ever waits on another, so the pool cannot deadlock.
 */
final class PageAhead implements Runnable {
  private static final int QUEUED = 0;
  private static final int RUNNING = 1;
  private static final int DONE = 2;
  private static final int DROPPED = 3;

  /**
   * Helpers shared by every page reader of the JVM: daemon threads, one fewer than the cores (at
   * least one), gone after ten idle seconds.
   */
  private static final ThreadPoolExecutor POOL = HelperThreads.besideTheCaller("parquet-arrow-page-read-ahead-");

  private final Supplier<Page> work;
  private int state = QUEUED;
  private Page page;
  private Throwable thrown;

  private PageAhead(Supplier<Page> work) {
    this.work = work;
  }

  /** Queues {@code work} (which must not block on other page tasks) on the helper threads. */
  static PageAhead start(Supplier<Page> work) {
    PageAhead a = new PageAhead(work);
    try {
      POOL.execute(a);
    } catch (RejectedExecutionException e) {
      // never expected (the queue is unbounded): the caller then runs it in take()
    }
    return a;
  }

  @Override
  public void run() {
    synchronized (this) {
      if (state != QUEUED) {
        return;
      }
      state = RUNNING;
    }
    Page p = null;
    Throwable t = null;
    try {
      p = work.get();
    } catch (Throwable e) { // handed to the caller, who would have seen it without read-ahead
      t = e;
    }
    synchronized (this) {
      page = p;
      thrown = t;
      state = DONE;
      notifyAll();
    }
  }

  /** The page (or {@code null} at the chunk's end); rethrows what preparing it threw. */
  Page take() {
    run();
    awaitDone();
    if (thrown instanceof RuntimeException r) {
      throw r;
    }
    if (thrown instanceof Error e) {
      throw e;
    }
    return page;
  }

  /** Gives the page up: a queued task never runs, a running one is waited for. */
  void abandon() {
    synchronized (this) {
      if (state == QUEUED) {
        state = DROPPED;
        return;
      }
    }
    awaitDone();
  }

  /**
   * Waits while a helper runs the task: it uses the reader's buffers and decompressor, so the
   * caller may go on only once it is done (an interrupt is kept for later, not acted on).
   */
  private synchronized void awaitDone() {
    boolean interrupted = false;
    while (state == RUNNING) {
      try {
        wait();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
