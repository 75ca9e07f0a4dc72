package org.parquetarrow.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HelperThreadsTest {

  @Test
  void threadsAreNamedDaemonsCountingFromOne() {
    var factory = HelperThreads.daemons("x-");
    Thread first = factory.newThread(() -> {});
    Thread second = factory.newThread(() -> {});
    assertEquals("x-1", first.getName());
    assertEquals("x-2", second.getName());
    assertTrue(first.isDaemon() && second.isDaemon());
  }

  @Test
  void poolThreadsEndWhenIdleAndAreDaemons() throws Exception {
    ThreadPoolExecutor pool = HelperThreads.idleEndingPool(2, "idle-");
    try {
      assertTrue(pool.allowsCoreThreadTimeOut());
      assertEquals(2, pool.getMaximumPoolSize());
      Future<Boolean> daemon = pool.submit(() -> Thread.currentThread().isDaemon());
      assertTrue(daemon.get(10, TimeUnit.SECONDS));
      Future<String> name = pool.submit(() -> Thread.currentThread().getName());
      assertTrue(name.get(10, TimeUnit.SECONDS).startsWith("idle-"));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void besideTheCallerLeavesTheCallerACore() {
    ThreadPoolExecutor pool = HelperThreads.besideTheCaller("b-");
    try {
      assertEquals(Math.max(1, Runtime.getRuntime().availableProcessors() - 1), pool.getMaximumPoolSize());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void awaitQuietlyWaitsForAFailedTaskAndKeepsTheInterrupt() throws Exception {
    ThreadPoolExecutor pool = HelperThreads.idleEndingPool(1, "q-");
    try {
      CountDownLatch release = new CountDownLatch(1);
      Future<?> failing = pool.submit(() -> {
        release.await();
        throw new IllegalStateException("boom");
      });
      Thread.currentThread().interrupt(); // an interrupt already pending must not end the wait early
      Thread releaser = new Thread(() -> {
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        release.countDown();
      });
      releaser.start();
      HelperThreads.awaitQuietly(failing);
      assertTrue(failing.isDone());
      assertTrue(Thread.interrupted(), "the interrupt is kept for the caller (and cleared here)");
      releaser.join();
      assertFalse(Thread.currentThread().isInterrupted());
    } finally {
      Thread.interrupted();
      pool.shutdownNow();
    }
  }
}
