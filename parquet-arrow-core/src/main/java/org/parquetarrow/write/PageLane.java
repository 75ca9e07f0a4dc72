package org.parquetarrow.write;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.parquetarrow.encoding.ByteSink;
import org.parquetarrow.concurrent.HelperThreads;

/**
 * The way a file's data pages go from encoded body to stored page ({@link PageWriter}): in line, or
 * on a helper thread while the writer's thread encodes the next page ({@link
 * PageCompression#HELPER_THREAD}). One per file, shared by its columns, which encode one at a
 * time.
 *
 * <p>At most one page is in flight: {@link #submit} first waits for the one before, so a column's
 * {@link PageWriter} (its compressor, CRC, encryptor, counters) is never used by two threads at
 * once, and the finished pages reach their columns in the order they were submitted. The page in
 * flight reads one of two body buffers while the writer encodes into the other ({@link
 * #freeBody}). Whoever needs a column's page writer or its finished pages calls {@link #await}
 * first. A page no helper has started yet is run by the thread that waits for it, so a full pool
 * (writers called from pool threads, many writers at once) delays pages but never deadlocks.
 *
 * <pre>{@code
 * PageLane lane = new PageLane(PageCompression.HELPER_THREAD);
 * ByteSink body = lane.freeBody();          // encode the page into it
 * lane.submit(true, () -> pages.dataPageV1(body, ...), page -> chunkPages.add(page));
 * lane.await();                             // the page is stored, or its failure thrown here
 * }</pre>
 */
final class PageLane {
  /** Daemon threads shared by every writer; idle ones end after a while. */
  private static final ThreadPoolExecutor POOL = HelperThreads.besideTheCaller("parquet-arrow-page-compression-");

  private final boolean helper;
  private final ByteSink[] bodies;
  /** Index in {@link #bodies} of the buffer the next page is encoded into. */
  private int free;
  private FutureTask<PageWriter.StoredPage> pending;
  private Consumer<PageWriter.StoredPage> pendingDone;

  PageLane(PageCompression where) {
    this.helper = where == PageCompression.HELPER_THREAD;
    this.bodies = helper ? new ByteSink[] {new ByteSink(), new ByteSink()} : new ByteSink[] {new ByteSink()};
  }

  /** Threads of the shared helper pool. */
  static int helperThreads() {
    return POOL.getCorePoolSize();
  }

  /** The body buffer the next page may be encoded into: never the one a page in flight reads. */
  ByteSink freeBody() {
    return bodies[free];
  }

  /**
   * Runs {@code store} (which makes a stored page of a body, reading {@link #freeBody()} or a
   * buffer of its own) and hands its page to {@code done} on the writer's thread, at once or at
   * the next {@link #await}. {@code worthAHelper} false (nothing to compress, checksum or encrypt)
   * keeps it in line. Waits for the page before first, throwing its failure.
   */
  void submit(boolean worthAHelper, Supplier<PageWriter.StoredPage> store, Consumer<PageWriter.StoredPage> done) {
    await();
    if (!helper || !worthAHelper) {
      done.accept(store.get());
      return;
    }
    FutureTask<PageWriter.StoredPage> task = new FutureTask<>(store::get);
    pending = task;
    pendingDone = done;
    free = 1 - free;
    POOL.execute(task);
  }

  /**
   * Waits for the page in flight, if any, and hands it to its column; its failure (what the
   * compressor, the CRC or the encryptor threw) is thrown here as it was thrown.
   */
  void await() {
    FutureTask<PageWriter.StoredPage> task = pending;
    if (task == null) {
      return;
    }
    Consumer<PageWriter.StoredPage> done = pendingDone;
    pending = null;
    pendingDone = null;
    task.run(); // no helper has started it: this thread does (does nothing if one has)
    done.accept(resultOf(task));
  }

  /**
   * Makes sure no helper still uses a column's page writer (before its compressor is closed): a
   * page not started yet never runs, one running is waited for, and its result or failure is
   * dropped (the writer is closing, or failed already).
   */
  void quiesce() {
    FutureTask<PageWriter.StoredPage> task = pending;
    if (task == null) {
      return;
    }
    pending = null;
    pendingDone = null;
    if (!task.cancel(false)) {
      HelperThreads.awaitQuietly(task);
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
