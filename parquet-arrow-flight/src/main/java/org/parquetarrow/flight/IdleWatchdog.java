package org.parquetarrow.flight;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Ends an upload whose client sends nothing for too long, or has left. A server-side {@code
 * FlightStream} cannot be cancelled and blocks in {@code next()} until the client sends (a client
 * that disconnects does not wake it), so the watchdog interrupts the upload's thread while it waits
 * for the client; the upload then fails, its writer is aborted and its staging file removed. The
 * interrupt is cleared on {@link #close()}, before the thread goes back to its pool.
 */
final class IdleWatchdog implements AutoCloseable {
  private final Thread worker;
  private final long timeoutNanos;
  private final ScheduledFuture<?> check;
  private final BooleanSupplier clientLeft;
  private long lastActivity = System.nanoTime();
  private boolean waiting;
  private boolean fired;
  private boolean closed;

  /** Watches the calling thread; {@code clientLeft} tells whether the call was cancelled. */
  IdleWatchdog(ScheduledExecutorService timer, long timeoutMillis, BooleanSupplier clientLeft) {
    this.worker = Thread.currentThread();
    this.clientLeft = clientLeft;
    this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    // often enough to notice a client that left within a second
    long period = Math.max(10, Math.min(1000, timeoutMillis / 4));
    this.check = timer.scheduleAtFixedRate(this::checkIdle, period, period, TimeUnit.MILLISECONDS);
  }

  /** The worker is about to wait for the client. */
  synchronized void waiting() {
    waiting = true;
  }

  /** The client sent something; the worker is busy with it. */
  synchronized void working() {
    waiting = false;
    lastActivity = System.nanoTime();
  }

  /** Whether the upload was ended for idleness (or because its client left). */
  synchronized boolean fired() {
    return fired;
  }

  private synchronized void checkIdle() {
    if (!closed && !fired && waiting && (System.nanoTime() - lastActivity > timeoutNanos || clientLeft.getAsBoolean())) {
      fired = true;
      worker.interrupt();
    }
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
      check.cancel(false);
    }
    if (Thread.currentThread() == worker) {
      // an interrupt meant for the wait must not reach the pool's next task
      Thread.interrupted();
    }
  }
}
