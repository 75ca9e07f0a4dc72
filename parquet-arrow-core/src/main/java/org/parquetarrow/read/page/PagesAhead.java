package org.parquetarrow.read.page;

import java.util.ArrayDeque;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.function.Supplier;
import org.parquetarrow.concurrent.HelperThreads;

/**
 * The pages of one column chunk prepared ahead of the caller on the shared helper threads, in
 * order, one task at a time. A task makes one page and queues itself again while more may be made,
 * so that the columns of a read take turns on the helpers. The caller takes the oldest page made;
 * when none is ready it waits only if a helper is making one, and otherwise makes it itself: a busy
 * or starved pool never makes the reader slower than preparing pages in line, and no task ever
 * waits on another, so the pool cannot deadlock.
 *
 * <p>How far ahead: always the one page after the page the caller holds (as far as the page
 * layer's buffer rule lets any page be made ahead); beyond it, while fewer than {@code depth}
 * pages and fewer than {@code budget} bytes are waiting, and only while neither the caller's page
 * nor a waiting one lies in the chunk's own reused buffers (those are refilled as pages are read).
 * One page is made at a time, by a helper or by the caller, never both.
 */
final class PagesAhead implements Runnable {
  /**
   * Helpers shared by every page reader of the JVM: daemon threads, one fewer than the cores (at
   * least one), gone after ten idle seconds.
   */
  static final ThreadPoolExecutor POOL = HelperThreads.besideTheCaller("parquet-arrow-page-read-ahead-");

  /**
   * A page made (or the end, {@code page == null}, or a failure) with the reader's counters as they
   * stood right after it, so that the counters a caller sees cover only the pages handed out.
   *
   * @param detached whether the page's sections lie outside the chunk's reused buffers
   * @param bytes the page's decoded bytes, counted against the budget while it waits
   * @param scratch the reusable buffer the page was decompressed into, or {@code null}
   */
  record Made(Page page, Throwable thrown, boolean detached, int bytes, byte[] scratch,
      long skipped, long checksums, long decompressed) {}

  private final Supplier<Made> maker;
  private final ScratchPool scratch;
  private final int depth;
  private final long budget;
  private final ArrayDeque<Made> ready = new ArrayDeque<>();
  private long readyBytes;
  private int readyAttached;
  /** The page the caller holds: what it may still be reading. */
  private Made held;
  private boolean started;
  private boolean making;
  private boolean queued;
  private boolean ended;
  private boolean closed;
  /** Whether the caller was interrupted while waiting (only the caller waits). */
  private boolean interrupted;

  /**
   * @param maker makes the next page (never throws: a failure is in its result)
   * @param scratch where {@code maker} takes its reusable buffers; the one of the page the caller
   *     gives up goes back to it
   * @param depth the most pages waiting (at least 1)
   * @param budget the most decoded bytes waiting beyond the first page
   */
  PagesAhead(Supplier<Made> maker, ScratchPool scratch, int depth, long budget) {
    if (depth < 1) {
      throw new IllegalArgumentException("depth " + depth);
    }
    this.maker = maker;
    this.scratch = scratch;
    this.depth = depth;
    this.budget = budget;
  }

  /**
   * The next page made, in order; rethrows what making it threw. Making ahead starts after the
   * first data page is handed out (a caller reading only the dictionary page starts nothing).
   */
  Made take() {
    Made m = null;
    boolean inLine = false;
    synchronized (this) {
      while (m == null && !inLine) {
        if (!ready.isEmpty()) {
          m = ready.poll();
          readyBytes -= m.bytes();
          if (!m.detached()) {
            readyAttached--;
          }
        } else if (making) {
          waitQuietly();
        } else {
          making = true;
          inLine = true;
        }
      }
    }
    restoreInterrupt();
    if (inLine) {
      m = maker.get();
    }
    boolean queue;
    synchronized (this) {
      if (inLine) {
        making = false;
        notifyAll();
      }
      Made given = held;
      held = m;
      if (given != null && given.scratch() != null) {
        scratch.give(given.scratch());
      }
      if (m.thrown() != null || m.page() == null) {
        ended = true;
      }
      if (m.page() instanceof DataPage) {
        started = true;
      }
      queue = mayQueue();
    }
    if (queue) {
      execute();
    }
    return m;
  }

  @Override
  public void run() {
    synchronized (this) {
      queued = false;
      if (!mayMake()) {
        return;
      }
      making = true;
    }
    Made m = maker.get();
    boolean queue;
    synchronized (this) {
      making = false;
      notifyAll();
      if (closed) {
        if (m.scratch() != null) {
          scratch.give(m.scratch());
        }
        return;
      }
      ready.add(m);
      readyBytes += m.bytes();
      if (!m.detached()) {
        readyAttached++;
      }
      if (m.thrown() != null || m.page() == null) {
        ended = true;
      }
      queue = mayQueue();
    }
    if (queue) {
      execute();
    }
  }

  /**
   * Stops making pages: a queued task makes none, a running one is waited for (it uses the
   * reader's buffers and decompressor, which the caller is about to release). The buffers of the
   * pages waiting go back to the pool; the one of the page the caller holds does not (the caller
   * may still be reading it).
   */
  synchronized void close() {
    closed = true;
    while (making) {
      waitQuietly();
    }
    for (Made m : ready) {
      if (m.scratch() != null) {
        scratch.give(m.scratch()); // never handed out: no page of the caller's lies in it
      }
    }
    ready.clear();
    restoreInterrupt();
  }

  /** Pages made and not yet taken (for tests). */
  synchronized int waiting() {
    return ready.size();
  }

  private boolean mayQueue() {
    if (queued || !mayMake()) {
      return false;
    }
    queued = true;
    return true;
  }

  private boolean mayMake() {
    if (closed || ended || making || !started) {
      return false;
    }
    if (ready.isEmpty()) {
      return true; // the page after the caller's: the buffer rule allows one whatever it holds
    }
    return ready.size() < depth && readyBytes < budget && readyAttached == 0
        && (held == null || held.detached());
  }

  private void execute() {
    try {
      POOL.execute(this);
    } catch (RejectedExecutionException e) {
      // never expected (the queue is unbounded): the caller then makes its pages itself
      synchronized (this) {
        queued = false;
      }
    }
  }

  /**
   * Waits for a helper's page; an interrupt is kept for the caller ({@link #interrupted}), not
   * acted on: the page is needed all the same.
   */
  private void waitQuietly() {
    try {
      wait();
    } catch (InterruptedException e) {
      interrupted = true;
    }
  }

  /** Sets the caller's interrupt flag again if an interrupt came while it waited. */
  private void restoreInterrupt() {
    if (interrupted) {
      interrupted = false;
      Thread.currentThread().interrupt();
    }
  }
}
