package org.parquetarrow.io;

import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * The pacing of one {@link RemoteInputFile} request's retries: before each further attempt a
 * sleep with full jitter over an exponentially growing ceiling (at least the wait a throttling
 * server asked for), within {@link RemoteReadOptions#maxAttempts()} and, counted from this
 * object's creation, {@link RemoteReadOptions#requestDeadline()}.
 *
 * <pre>{@code
 * RetryBackoff backoff = new RetryBackoff(options);
 * for (int attempt = 1; ; attempt++) {
 *   try { return send(); } catch (IOException e) { backoff.pause(attempt, e); }   // or GaveUp
 * }
 * }</pre>
 */
final class RetryBackoff {
  private final RemoteReadOptions options;
  private final long started;
  private final long deadline;

  /** Starts the request's clock: its first attempt is about to be sent. */
  RetryBackoff(RemoteReadOptions options) {
    this.options = options;
    this.started = System.nanoTime();
    this.deadline = started + options.requestDeadline().toNanos();
  }

  /**
   * Sleeps before the attempt after {@code attempt} (1-based), which failed with {@code cause}.
   *
   * @throws GaveUp when no attempt or no time is left, or the sleep was interrupted (the thread's
   *     interrupt flag is set again); its message says which
   */
  void pause(int attempt, IOException cause) throws GaveUp {
    long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    if (attempt >= options.maxAttempts()) {
      throw new GaveUp("gave up after " + attempt + " attempts in " + elapsedMs + " ms: " + describe(cause));
    }
    long ceiling = Math.min(options.maxBackoff().toNanos(),
        options.initialBackoff().toNanos() << Math.min(attempt - 1, 30));
    long pause = ceiling / 2 + ThreadLocalRandom.current().nextLong(ceiling / 2 + 1);
    if (cause instanceof RemoteInputFile.ThrottledException t && t.retryAfter() != null) {
      pause = Math.max(pause, Math.min(options.maxBackoff().toNanos(), t.retryAfter().toNanos()));
    }
    if (System.nanoTime() + pause >= deadline) {
      throw new GaveUp("gave up after " + attempt + " attempts in " + elapsedMs + " ms, the request deadline of "
          + options.requestDeadline().toMillis() + " ms leaving no time for another: " + describe(cause));
    }
    try {
      TimeUnit.NANOSECONDS.sleep(pause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GaveUp("interrupted while waiting to retry: " + describe(cause));
    }
  }

  private static String describe(Throwable e) {
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
  }

  /** No further attempt: the message says why; the caller turns it into its own typed failure. */
  static final class GaveUp extends Exception {
    private static final long serialVersionUID = 1L;

    GaveUp(String message) {
      // only the message is used, so no stack trace is taken
      super(message, null, false, false);
    }
  }
}
