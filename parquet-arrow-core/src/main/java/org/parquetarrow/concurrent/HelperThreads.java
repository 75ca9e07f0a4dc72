package org.parquetarrow.concurrent;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The library's own background threads: daemon threads (a reader or writer left open must never
 * keep a JVM from exiting), named so that a thread dump says whose they are, and pools that give
 * their threads back when idle. Internal: not exported by the module.
 */
public final class HelperThreads {
  private static final long IDLE_SECONDS = 10;

  private HelperThreads() {}

  /** Daemon threads named {@code prefix + n}, n counting from 1. */
  public static ThreadFactory daemons(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + count.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  /**
   * A pool of {@code threads} daemon threads with an unbounded queue, whose threads end after
   * {@value #IDLE_SECONDS} s without work (a shared pool costs nothing while nobody uses it).
   */
  public static ThreadPoolExecutor idleEndingPool(int threads, String prefix) {
    ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, IDLE_SECONDS, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(), daemons(prefix));
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  /**
   * A pool that starts a daemon thread whenever a task finds none idle and ends a thread after
   * {@value #IDLE_SECONDS} s without work: for tasks that never wait for each other, whose number
   * in flight their submitters bound. An idle thread is handed the next task most-recently-idle
   * first (a {@link SynchronousQueue} matches the last thread to wait), so the same few threads
   * take the work of reader after reader and their per-thread state stays warm: the memory
   * allocator's thread arena and caches, the JDK's temporary direct buffers of file reads, stacks.
   */
  public static ThreadPoolExecutor growingPool(String prefix) {
    return new ThreadPoolExecutor(0, Integer.MAX_VALUE, IDLE_SECONDS, TimeUnit.SECONDS,
        new SynchronousQueue<>(), daemons(prefix));
  }

  /** {@link #idleEndingPool} with one thread per core but the caller's, at least one. */
  public static ThreadPoolExecutor besideTheCaller(String prefix) {
    return idleEndingPool(Math.max(1, Runtime.getRuntime().availableProcessors() - 1), prefix);
  }

  /**
   * Waits for {@code task} to end however it ends, for when what it uses is about to be freed and
   * its outcome no longer matters; an interrupt while waiting is kept for the caller.
   */
  public static void awaitQuietly(Future<?> task) {
    boolean interrupted = false;
    while (true) {
      try {
        task.get();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      } catch (ExecutionException | CancellationException e) {
        break;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
